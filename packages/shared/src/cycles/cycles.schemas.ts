import { z } from 'zod';
import { listParam, requiredString, uuidField } from '../common/fields.ts';
import {
  CYCLE_PACES,
  CYCLE_STATUSES,
  cycleDays,
  DEFAULT_GRACE_PERIOD_DAYS,
  DEFAULT_THRESHOLD_PERCENT,
  IMPORT_REPORT_LINES,
  MAX_CHANNEL_WEIGHT,
  MAX_COUNT_DOCTORS,
  MAX_CYCLE_DAYS,
  MAX_GOAL,
  MAX_GRACE_PERIOD_DAYS,
  MAX_IMPORT_CHARS,
  MAX_TARGETS_PER_REQUEST,
  MAX_THRESHOLD_PERCENT,
} from './cycles.rules.ts';

/*
 * The contract of /api/cycles (issue 33, decision 0058). Dates are Paris calendar days, YYYY-MM-DD, first and
 * last included; counts are whole numbers; attainments are whole percentages.
 */

export const CycleStatus = z.enum(CYCLE_STATUSES);
export type CycleStatus = z.infer<typeof CycleStatus>;
export const CyclePace = z.enum(CYCLE_PACES);
export type CyclePace = z.infer<typeof CyclePace>;

/** A calendar day, YYYY-MM-DD, that exists. */
const cycleDate = () =>
  z
    .string({ error: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'cycles.invalidDate' })
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: 'cycles.invalidDate',
    });

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'validation.invalid' })
    .int({ error: 'cycles.wholeNumber' })
    .min(min, { error: 'cycles.outOfRange' })
    .max(max, { error: 'cycles.outOfRange' });

/** A channel the cycle counts, and its weight in the attainment. */
export const CycleChannelInput = z.object({
  channelId: uuidField(),
  weight: wholeNumber(1, MAX_CHANNEL_WEIGHT).default(1),
});

const cycleFields = {
  name: requiredString(120),
  startDate: cycleDate(),
  endDate: cycleDate(),
  /** Days after the end during which activities of the cycle reported late still count. */
  gracePeriodDays: wholeNumber(0, MAX_GRACE_PERIOD_DAYS).default(DEFAULT_GRACE_PERIOD_DAYS),
  /** Percent of the expected attainment above which a plan is ahead (orange). */
  overThresholdPercent: wholeNumber(0, MAX_THRESHOLD_PERCENT).default(DEFAULT_THRESHOLD_PERCENT),
  /** Percent of the expected attainment below which a plan is behind (red). */
  underThresholdPercent: wholeNumber(0, MAX_THRESHOLD_PERCENT).default(DEFAULT_THRESHOLD_PERCENT),
  /** Whether reps may adjust the goals of their own targets. */
  repsMayEditGoals: z.boolean().default(false),
  channels: z
    .array(CycleChannelInput)
    .min(1, { error: 'cycles.channelsRequired' })
    .max(20, { error: 'validation.tooLong' })
    .refine((channels) => new Set(channels.map((channel) => channel.channelId)).size === channels.length, {
      error: 'cycles.channelTwice',
    }),
};

type Dated = { startDate?: string | undefined; endDate?: string | undefined };
/** Checks the span when both days are given (an update may give one: the service checks the merged cycle). */
const datesInOrder = <T extends z.ZodType<Dated>>(schema: T) =>
  schema.superRefine((value, context) => {
    const message = cycleSpanError(value);
    if (message) context.addIssue({ code: 'custom', path: ['endDate'], message });
  });

/** The span's fault, or null: the end before the start, or a cycle longer than MAX_CYCLE_DAYS. */
export function cycleSpanError(dates: Dated): string | null {
  if (dates.startDate === undefined || dates.endDate === undefined) return null;
  if (dates.endDate < dates.startDate) return 'validation.dateRange';
  if (cycleDays({ startDate: dates.startDate, endDate: dates.endDate }) > MAX_CYCLE_DAYS) return 'cycles.tooLong';
  return null;
}

/** POST /api/cycles (administrators). */
export const CycleInput = datesInOrder(z.object(cycleFields));
export type CycleInput = z.infer<typeof CycleInput>;
export type CycleInputForm = z.input<typeof CycleInput>;

/** PUT /api/cycles/{id} (administrators): the fields that change; `channels` replaces the list. */
export const CycleUpdate = datesInOrder(
  z
    .object({
      name: cycleFields.name,
      startDate: cycleFields.startDate,
      endDate: cycleFields.endDate,
      gracePeriodDays: wholeNumber(0, MAX_GRACE_PERIOD_DAYS),
      overThresholdPercent: wholeNumber(0, MAX_THRESHOLD_PERCENT),
      underThresholdPercent: wholeNumber(0, MAX_THRESHOLD_PERCENT),
      repsMayEditGoals: z.boolean(),
      channels: cycleFields.channels,
    })
    .partial()
    .refine((update) => Object.keys(update).length > 0, { error: 'validation.nothingToUpdate' }),
);
export type CycleUpdate = z.infer<typeof CycleUpdate>;

export const CycleChannel = z.object({
  channelId: z.string(),
  name: z.string(),
  color: z.string(),
  weight: z.number(),
});
export type CycleChannel = z.infer<typeof CycleChannel>;

export const Cycle = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  gracePeriodDays: z.number(),
  overThresholdPercent: z.number(),
  underThresholdPercent: z.number(),
  repsMayEditGoals: z.boolean(),
  channels: z.array(CycleChannel),
  /** Derived from the dates at the time of the answer. */
  status: CycleStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cycle = z.infer<typeof Cycle>;

/** A cycle in the list, with how many plans it has (reps with at least one target). */
export const CycleSummary = Cycle.extend({ plans: z.number() });
export type CycleSummary = z.infer<typeof CycleSummary>;

/** GET /api/cycles: every cycle, latest start first. */
export const CycleList = z.object({ cycles: z.array(CycleSummary) });
export type CycleList = z.infer<typeof CycleList>;

export const CycleParams = z.object({ id: uuidField() });
export const PlanParams = z.object({ id: uuidField(), userId: uuidField() });

/** One channel's goal for a target; beyond the cap, more activity earns nothing. */
export const PlanGoalInput = z
  .object({
    channelId: uuidField(),
    goal: wholeNumber(0, MAX_GOAL),
    cap: wholeNumber(0, MAX_GOAL)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((goal) => goal.cap === null || goal.cap >= goal.goal, { error: 'cycles.capBelowGoal', path: ['cap'] });
export type PlanGoalInput = z.infer<typeof PlanGoalInput>;

const goalList = z
  .array(PlanGoalInput)
  .min(1, { error: 'cycles.goalsRequired' })
  .max(20, { error: 'validation.tooLong' })
  .refine((goals) => new Set(goals.map((goal) => goal.channelId)).size === goals.length, {
    error: 'cycles.channelTwice',
  });

/** A target doctor and their goals; the channels given replace those of the target, the others stay. */
export const PlanTargetInput = z.object({ doctorId: uuidField(), goals: goalList });
export type PlanTargetInput = z.infer<typeof PlanTargetInput>;

/**
 * PUT /api/cycles/{id}/plans/{userId}/targets: sets the goals of the targets given (adding the doctors not yet
 * in the plan) and removes the doctors of `removeDoctorIds` from it.
 */
export const PlanTargetsUpdate = z
  .object({
    targets: z.array(PlanTargetInput).max(MAX_TARGETS_PER_REQUEST, { error: 'cycles.tooManyTargets' }).default([]),
    removeDoctorIds: z.array(uuidField()).max(MAX_TARGETS_PER_REQUEST, { error: 'cycles.tooManyTargets' }).default([]),
  })
  .refine((update) => update.targets.length + update.removeDoctorIds.length > 0, {
    error: 'validation.nothingToUpdate',
  })
  .refine(
    (update) => new Set(update.targets.map((target) => target.doctorId.toLowerCase())).size === update.targets.length,
    { error: 'cycles.doctorTwice', path: ['targets'] },
  );
export type PlanTargetsUpdate = z.infer<typeof PlanTargetsUpdate>;
export type PlanTargetsUpdateForm = z.input<typeof PlanTargetsUpdate>;

/**
 * POST /api/cycles/{id}/plans/segment (administrators): for each rep, every doctor they gave one of these
 * targets (their per-user target, or potential target too) gets these goals.
 */
export const SegmentGoalsInput = z.object({
  userIds: z.array(uuidField()).min(1, { error: 'validation.required' }).max(MAX_TARGETS_PER_REQUEST),
  targets: z.array(requiredString(255)).min(1, { error: 'validation.required' }).max(50),
  includePotential: z.boolean().default(false),
  goals: goalList,
});
export type SegmentGoalsInput = z.infer<typeof SegmentGoalsInput>;
export type SegmentGoalsInputForm = z.input<typeof SegmentGoalsInput>;

export const SegmentGoalsResult = z.object({
  /** Per rep, the doctors of the segment whose goals were set. */
  plans: z.array(z.object({ userId: z.string(), doctors: z.number() })),
  doctors: z.number(),
});
export type SegmentGoalsResult = z.infer<typeof SegmentGoalsResult>;

/**
 * POST /api/cycles/{id}/plans/import (administrators): a CSV of goals, one line per rep, doctor and channel,
 * with a header naming its columns `email`, `rpps`, `channel`, `goal` and, optionally, `cap`, separated by `;`
 * or `,`. Without `confirm` nothing is written: the answer is the report of what would be. With it, the valid
 * lines are written and the same report is answered.
 */
export const PlanImportInput = z.object({
  csv: z.string().min(1, { error: 'validation.required' }).max(MAX_IMPORT_CHARS, { error: 'cycles.importTooLarge' }),
  confirm: z.boolean().default(false),
});
export type PlanImportInput = z.infer<typeof PlanImportInput>;

export const PlanImportRejection = z.object({
  /** 1-based, the header being line 1 */
  line: z.number(),
  text: z.string(),
  /** the catalogue key of the fault (cycles.import.*) and its message in the request's language */
  error: z.string(),
  message: z.string(),
});
export type PlanImportRejection = z.infer<typeof PlanImportRejection>;

export const PlanImportResult = z.object({
  confirmed: z.boolean(),
  /** lines read (without the header and blank lines) */
  lines: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  /** the first IMPORT_REPORT_LINES rejected lines, in file order */
  rejections: z.array(PlanImportRejection).max(IMPORT_REPORT_LINES),
  /** the reps whose plans the accepted lines set (or would set) */
  plans: z.number(),
  targets: z.number(),
});
export type PlanImportResult = z.infer<typeof PlanImportResult>;

export const ChannelCounts = z.object({
  channelId: z.string(),
  goal: z.number(),
  cap: z.number().nullable(),
  actual: z.number(),
  credited: z.number(),
  scheduled: z.number(),
  remaining: z.number(),
  toSchedule: z.number(),
  expected: z.number(),
});
/** One channel of a target: `actual` done, `credited` of it (capped), `remaining` and `toSchedule` to reach the goal. */
export type ChannelCounts = z.infer<typeof ChannelCounts>;

export const TargetCounts = z.object({
  doctorId: z.string(),
  doctorName: z.string().nullable(),
  channels: z.array(ChannelCounts),
  attainment: z.number().nullable(),
  pace: CyclePace,
});
export type TargetCounts = z.infer<typeof TargetCounts>;

export const ChannelTotals = ChannelCounts.omit({ cap: true }).extend({ weight: z.number() });
export type ChannelTotals = z.infer<typeof ChannelTotals>;

/** A rep's plan in a cycle with its counts at the time of the answer. */
export const PlanView = z.object({
  cycle: Cycle,
  user: z.object({ id: z.string(), name: z.string() }),
  /** Whether the caller may change these goals now (PlanTargetsUpdate). */
  canEditGoals: z.boolean(),
  elapsedShare: z.number(),
  expectedAttainment: z.number(),
  attainment: z.number().nullable(),
  pace: CyclePace,
  totals: z.array(ChannelTotals),
  /** doctor name order */
  targets: z.array(TargetCounts),
  computedAt: z.string(),
});
export type PlanView = z.infer<typeof PlanView>;

/** GET /api/cycles/current/plan: the caller's plan in the current cycle, or null when they have none. */
export const CurrentPlanResult = z.object({ plan: PlanView.nullable() });
export type CurrentPlanResult = z.infer<typeof CurrentPlanResult>;

/** GET /api/cycles/current/plan/targets?doctorIds=a,b: the counts of those doctors that are targets. */
export const PlanTargetCountsQuery = z.object({
  doctorIds: listParam().pipe(
    z
      .array(uuidField())
      .min(1, { error: 'validation.required' })
      .max(MAX_COUNT_DOCTORS, { error: 'validation.tooLong' }),
  ),
});
export type PlanTargetCountsQuery = z.infer<typeof PlanTargetCountsQuery>;

export const PlanTargetCountsResult = z.object({
  /** null when the caller has no plan in a current cycle */
  cycle: Cycle.nullable(),
  elapsedShare: z.number(),
  targets: z.array(TargetCounts),
});
export type PlanTargetCountsResult = z.infer<typeof PlanTargetCountsResult>;

/** GET /api/cycles/{id}/team: an administrator may name the manager whose team it is. */
export const TeamQuery = z.object({ managerId: uuidField().optional() });
export type TeamQuery = z.infer<typeof TeamQuery>;

export const TeamMember = z.object({
  userId: z.string(),
  name: z.string(),
  /** false when the rep has no plan in the cycle */
  hasPlan: z.boolean(),
  targets: z.number(),
  attainment: z.number().nullable(),
  pace: CyclePace,
  totals: z.array(ChannelTotals),
  behindCount: z.number(),
  /** the targets falling behind, least attained first, TEAM_BEHIND_SHOWN at most */
  behind: z.array(TargetCounts),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamResult = z.object({
  cycle: Cycle,
  elapsedShare: z.number(),
  expectedAttainment: z.number(),
  /** name order */
  members: z.array(TeamMember),
  computedAt: z.string(),
});
export type TeamResult = z.infer<typeof TeamResult>;

export const TallyAnswer = z.object({
  doctorId: z.string(),
  channelId: z.string(),
  done: z.number(),
  scheduled: z.number(),
});

export const PlanGoal = z.object({ channelId: z.string(), goal: z.number(), cap: z.number().nullable() });
export type PlanGoal = z.infer<typeof PlanGoal>;
export const PlanTarget = z.object({
  doctorId: z.string(),
  doctorName: z.string().nullable(),
  goals: z.array(PlanGoal),
});

/**
 * GET /api/sync/plans: the caller's plans in cycles in progress, whole at each pull, for the device to count
 * with `slicePlanCounts`: the goals, and the tallies of the activities that started before `before.until` (the
 * start of the calendar window the device keeps), which it may not hold.
 */
export const SyncPlansResult = z.object({
  plans: z.array(
    z.object({
      cycle: Cycle,
      targets: z.array(PlanTarget),
      before: z.object({ until: z.string(), tallies: z.array(TallyAnswer) }),
    }),
  ),
});
export type SyncPlansResult = z.infer<typeof SyncPlansResult>;
