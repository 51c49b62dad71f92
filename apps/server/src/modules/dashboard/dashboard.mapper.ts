import { activityStatus, type DashboardActivity } from '@crm/shared';
import type { DashboardActivityRow } from './dashboard.repository.ts';

export function toDashboardActivity(row: DashboardActivityRow, now: Date): DashboardActivity {
  const done = row.done === 1;
  return {
    id: row.id,
    title: row.title,
    start: row.start_at,
    end: row.end_at,
    allDay: row.all_day === 1,
    type: row.channel_name,
    color: row.channel_color,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    done,
    status: activityStatus({ start: row.start_at, done, isTimeOff: row.channel_is_time_off === 1 }, now),
  };
}
