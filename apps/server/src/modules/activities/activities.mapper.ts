import {
  type Activity,
  type ActivityStats,
  type ApprovalStatus,
  type CalendarActivity,
  activityStatus,
  centsToEuros,
  type PendingApproval,
} from '@crm/shared';
import type { ActivityRow, CalendarRow, PendingRow } from './activities.repository.ts';
import type { ActivityExtras } from './activity-extras.repository.ts';
import type { ActivityStatsRow } from './activity-stats.repository.ts';

/** The channel as an activity carries it, from the channel columns every activity query joins. */
function activityChannel(row: CalendarRow): Activity['channel'] {
  return {
    id: row.channel_id,
    name: row.channel_name,
    color: row.channel_color,
    isTimeOff: row.channel_is_time_off === 1,
    needsBudgetApproval: row.channel_needs_budget_approval === 1,
  };
}

export function toActivity(row: ActivityRow, extras: ActivityExtras, now: Date): Activity {
  return {
    id: row.id,
    title: row.title,
    start: row.start_at,
    end: row.end_at,
    allDay: row.all_day === 1,
    type: row.channel_name,
    channelId: row.channel_id,
    channel: activityChannel(row),
    duration: row.duration,
    description: row.description,
    location: row.location,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    officePhone: row.office_phone,
    officeEmail: row.office_email,
    officeId: row.office_id,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    attendees: extras.attendees.get(row.id) ?? [],
    productIds: extras.productIds.get(row.id) ?? [],
    precallObjectives: row.precall_objectives,
    callNotes: row.call_notes,
    nextCallObjectives: row.next_call_objectives,
    budgetEstimate: row.budget_cents === null ? null : centsToEuros(row.budget_cents),
    approvalStatus: row.approval_status as ApprovalStatus,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    approvalNotes: row.approval_notes,
    // The channel asks for a manager's approval before the activity can be marked done.
    needsApproval: row.channel_needs_budget_approval === 1,
    acknowledgeRules: row.acknowledge_rules === 1,
    done: row.done === 1,
    doneAt: row.done_at,
    status: activityStatus(
      { start: row.start_at, done: row.done === 1, isTimeOff: row.channel_is_time_off === 1 },
      now,
    ),
    ownerId: row.owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCalendarActivity(row: CalendarRow, now: Date): CalendarActivity {
  const isTimeOff = row.channel_is_time_off === 1;
  return {
    id: row.id,
    title: row.title,
    start: row.start_at,
    end: row.end_at,
    allDay: row.all_day === 1,
    type: row.channel_name,
    channelId: row.channel_id,
    channel: activityChannel(row),
    duration: row.duration,
    location: row.location,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    budgetEstimate: row.budget_cents === null ? null : centsToEuros(row.budget_cents),
    approvalStatus: row.approval_status as ApprovalStatus,
    done: row.done === 1,
    status: activityStatus({ start: row.start_at, done: row.done === 1, isTimeOff }, now),
    ownerId: row.owner_id,
    updatedAt: row.updated_at,
  };
}

export function toPendingApproval(row: PendingRow, extras: ActivityExtras, now: Date): PendingApproval {
  // Not `{ ...toActivity(), firstName }`: V8 takes a slow path for keys added after a spread (decision 0010).
  return Object.assign(toActivity(row, extras, now), {
    firstName: row.owner_first_name,
    lastName: row.owner_last_name,
    email: row.owner_email,
  });
}

export function toActivityStats(row: ActivityStatsRow | undefined): ActivityStats {
  return {
    upcomingCount: row?.upcomingCount ?? 0,
    incompleteCount: row?.incompleteCount ?? 0,
    doneCount: row?.doneCount ?? 0,
    waitingApprovalCount: row?.waitingApprovalCount ?? 0,
    needApprovalCount: row?.needApprovalCount ?? 0,
  };
}
