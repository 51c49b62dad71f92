import { Random } from '#server/demo/random.ts';
import {
  type ActivityBatch,
  ActivityWriter,
  type ChannelRef,
  type DoctorRef,
  emptyActivityBatch,
  type ProductRef,
  type Profile,
  QUARTER_MS,
  WORKDAY_MINUTES,
} from './activity-rows.ts';
import { type PlanningDay, planningDays } from './calendar.ts';
import { TIME_OFF_TITLES } from './catalogue.ts';
import { byTerritory, territory } from './portfolios.ts';

const TIER_PROFILE: Profile = {
  doneShare: 0.85,
  pastRejectedShare: 0.1,
  soonWaitingShare: 0.5,
  laterWaitingShare: 0.1,
  futureRejectedShare: 0.05,
  dayOffShare: 0.02,
  withProducts: true,
};
/** The tier spans the past twelve months and the next six. */
export const TIER_DAYS = { past: 365, future: 183 } as const;
const TIER_EVENT_SHARE = 0.015;
const TIER_PORTFOLIO = { min: 150, spread: 150 } as const;

/**
 * How many activities each representative gets: skewed, so that benchmarks meet heavy users. The first
 * representative is the heaviest (4× the base weight), the second exactly the base weight (a typical one),
 * then about 2 % heavy ones (3–3.5×), 10 % busy ones (1.5–2.5×) and the rest between 0.4× and 1.2×. The
 * counts add up to `total` exactly.
 */
export function activitiesPerRep(reps: number, total: number, seed = 1): number[] {
  if (reps <= 0) return [];
  const random = new Random(seed ^ 0x5eed);
  const heavy = Math.ceil(reps * 0.02);
  const busy = Math.ceil(reps * 0.1);
  const weights = Array.from({ length: reps }, (_, index) => {
    if (index === 0) return 4;
    if (index === 1) return 1;
    if (index < 2 + heavy) return 3 + random.next() * 0.5;
    if (index < 2 + heavy + busy) return 1.5 + random.next();
    return 0.4 + random.next() * 0.8;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; missing > 0; index = (index + 1) % reps, missing -= 1) counts[index] = (counts[index] ?? 0) + 1;
  return counts;
}

export type TierOwner = { id: string; approverId: string | null; products: readonly ProductRef[] };

export type TierActivityOptions = {
  owners: readonly TierOwner[];
  /** Activities per owner (activitiesPerRep). */
  counts: readonly number[];
  channels: readonly ChannelRef[];
  /** Doctors the representatives visit; each gets a window of 150–300 of them. */
  doctors: readonly DoctorRef[];
  seed?: number;
  now?: Date;
  /** Activities per batch (one transaction). */
  batchSize?: number;
  withProducts?: boolean;
};

/**
 * A benchmark tier's activities, owner after owner in start order (each owner's index entries are written
 * together), in batches. Each owner's count is spread evenly over the working days of the past twelve
 * months and the next six, at random quarter hours between 08:00 and 19:00 (a heavy representative's day
 * overlaps); about 2 % of working days are a day off, whose share moves to the next day.
 */
export function* generateTierActivities(options: TierActivityOptions): Generator<ActivityBatch> {
  const random = new Random(options.seed ?? 1);
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const profile: Profile = { ...TIER_PROFILE, withProducts: options.withProducts ?? true };
  const batchSize = options.batchSize ?? 20_000;
  const workingDays = planningDays(now, -TIER_DAYS.past, TIER_DAYS.future).filter((day) => day.isWorkingDay);
  const lastDay = workingDays.length - 1;
  const doctors = byTerritory(options.doctors);
  let batch = emptyActivityBatch();
  for (let ownerIndex = 0; ownerIndex < options.owners.length; ownerIndex += 1) {
    const owner = options.owners[ownerIndex] as TierOwner;
    const count = options.counts[ownerIndex] ?? 0;
    const portfolio = tierPortfolio(random, doctors, ownerIndex, options.owners.length);
    const writer = new ActivityWriter(
      random,
      { ...owner, portfolio, eventShare: TIER_EVENT_SHARE },
      options.channels,
      nowMs,
      profile,
      batch,
    );
    let carried = 0;
    for (let index = 0; index <= lastDay; index += 1) {
      const day = workingDays[index] as PlanningDay;
      let share =
        Math.floor(((index + 1) * count) / workingDays.length) -
        Math.floor((index * count) / workingDays.length) +
        carried;
      carried = 0;
      if (share > 0 && index < lastDay && day.offset !== 0 && random.chance(profile.dayOffShare)) {
        writer.addTimeOff(day, day, random.pick(TIME_OFF_TITLES.single));
        carried = share - 1;
        share = 0;
      }
      for (let placed = 0; placed < share; placed += 1) {
        const choice = writer.channel();
        const minutes = writer.duration(choice.kind);
        const slots = (WORKDAY_MINUTES - minutes) / 15 + 1;
        writer.add(choice, day.eightAm + random.int(slots) * QUARTER_MS, minutes);
      }
      if (batch.activities.length >= batchSize) {
        yield batch;
        batch = emptyActivityBatch();
        writer.batch = batch;
      }
    }
  }
  if (batch.activities.length > 0) yield batch;
}

/** Representatives side by side cover neighbouring territories, and may share a few doctors. */
function tierPortfolio(random: Random, doctors: readonly DoctorRef[], ownerIndex: number, owners: number): DoctorRef[] {
  const size = TIER_PORTFOLIO.min + random.int(TIER_PORTFOLIO.spread);
  return territory(doctors, Math.floor((ownerIndex * doctors.length) / Math.max(1, owners)), size);
}
