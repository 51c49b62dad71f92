import { newId } from '#server/db/ids.ts';
import type { ProductsTable } from '#server/db/schema.ts';
import { Random } from '#server/demo/random.ts';
import {
  type ActivityBatch,
  ActivityWriter,
  type ChannelRef,
  emptyActivityBatch,
  MINUTE_MS,
  type OwnerPlan,
  type Profile,
  QUARTER_MS,
  WORKDAY_MINUTES,
} from './activity-rows.ts';
import { type PlanningDay, planningDays } from './calendar.ts';
import { DEMO_PRODUCTS, TIME_OFF_TITLES } from './catalogue.ts';

/** Minutes between two activities of a demo day: travel, a break. */
const GAPS = [0, 15, 15, 30, 30, 45, 60] as const;
/** Activities on a demo working day: about six. */
const DEMO_DAY_COUNTS = [4, 5, 6, 6, 6, 7, 7, 8] as const;

const DEMO_PROFILE: Profile = {
  doneShare: 0.85,
  pastRejectedShare: 0.1,
  soonWaitingShare: 0.6,
  laterWaitingShare: 0.25,
  futureRejectedShare: 0.05,
  dayOffShare: 0.02,
  withProducts: true,
};

export type DemoActivityOptions = {
  seed: number;
  now?: Date;
  /** Days on each side of today. */
  days: number;
  channels: readonly ChannelRef[];
  owners: readonly OwnerPlan[];
};

/**
 * The demo accounts' calendars: about six activities per working day and per owner over the past and next
 * `days` days, laid end to end between 08:00 and 19:00 with travel gaps; a week of holidays on each side of
 * today and a few single days off; today is always a working day, so the dashboard has something to show.
 */
export function generateDemoActivities(options: DemoActivityOptions): ActivityBatch {
  const random = new Random(options.seed);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const days = planningDays(now, -options.days, options.days);
  const batch = emptyActivityBatch();
  for (const owner of options.owners) {
    const writer = new ActivityWriter(random, owner, options.channels, nowMs, DEMO_PROFILE, batch);
    const holidayWeeks = [holidayWeek(random, days, -120, -30), holidayWeek(random, days, 40, 150)];
    for (let index = 0; index < days.length; index += 1) {
      const day = days[index] as PlanningDay;
      const isToday = day.offset === 0;
      const week = holidayWeeks.find((range) => range !== null && index >= range[0] && index <= range[1]);
      if (week) {
        if (index === week[0]) writer.addTimeOff(day, days[week[1]] as PlanningDay, TIME_OFF_TITLES.holiday);
        continue;
      }
      if (!day.isWorkingDay && !isToday) continue;
      if (!isToday && random.chance(DEMO_PROFILE.dayOffShare)) {
        writer.addTimeOff(day, day, random.pick(TIME_OFF_TITLES.single));
        continue;
      }
      planDemoDay(random, writer, day);
    }
  }
  return batch;
}

/** Activities laid end to end from 08:00–09:30, stopping before one would end after 19:00. */
function planDemoDay(random: Random, writer: ActivityWriter, day: PlanningDay): void {
  const count = random.pick(DEMO_DAY_COUNTS);
  const closing = day.eightAm + WORKDAY_MINUTES * MINUTE_MS;
  let start = day.eightAm + random.int(7) * QUARTER_MS;
  for (let placed = 0; placed < count; placed += 1) {
    const choice = writer.channel();
    const minutes = writer.duration(choice.kind);
    if (start + minutes * MINUTE_MS > closing) break;
    writer.add(choice, start, minutes);
    start += (minutes + random.pick(GAPS)) * MINUTE_MS;
  }
}

/** Indexes in `days` of a Monday-to-Friday week starting between the two offsets, or null if none fits. */
function holidayWeek(random: Random, days: readonly PlanningDay[], from: number, to: number): [number, number] | null {
  const wanted = from + random.int(Math.max(1, to - from));
  const start = days.findIndex((day) => day.offset >= wanted && new Date(`${day.date}T12:00:00Z`).getUTCDay() === 1);
  if (start < 0 || start + 4 >= days.length) return null;
  return [start, start + 4];
}

/** The demo products, all active. */
export function demoProducts(now: string): ProductsTable[] {
  return DEMO_PRODUCTS.map((product) => ({
    id: newId(),
    name: product.name,
    description: product.description,
    active: 1,
    created_at: now,
    updated_at: now,
  }));
}
