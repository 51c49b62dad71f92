import { DEFAULT_GRACE_PERIOD_DAYS, DEFAULT_THRESHOLD_PERCENT, type Cycle, type CycleInputForm } from '@crm/shared';
import { dayjs, type Dayjs } from '@/lib/dayjs';

/** One channel the cycle counts, as the form holds it. */
export type CycleChannelValues = { channelId?: string; weight?: number | null };

/** A cycle as its form holds it: days as dayjs, numbers as the fields give them (null when emptied). */
export type CycleFormValues = {
  name?: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  gracePeriodDays?: number | null;
  overThresholdPercent?: number | null;
  underThresholdPercent?: number | null;
  repsMayEditGoals?: boolean;
  channels?: CycleChannelValues[];
};

/** What a new cycle's form starts with: the shared defaults, and one channel to choose. */
export const NEW_CYCLE_VALUES: CycleFormValues = {
  name: '',
  startDate: null,
  endDate: null,
  gracePeriodDays: DEFAULT_GRACE_PERIOD_DAYS,
  overThresholdPercent: DEFAULT_THRESHOLD_PERCENT,
  underThresholdPercent: DEFAULT_THRESHOLD_PERCENT,
  repsMayEditGoals: false,
  channels: [{ weight: 1 }],
};

/** A cycle as its form edits it. */
export function cycleFormValues(cycle: Cycle): CycleFormValues {
  return {
    name: cycle.name,
    startDate: dayjs(cycle.startDate),
    endDate: dayjs(cycle.endDate),
    gracePeriodDays: cycle.gracePeriodDays,
    overThresholdPercent: cycle.overThresholdPercent,
    underThresholdPercent: cycle.underThresholdPercent,
    repsMayEditGoals: cycle.repsMayEditGoals,
    channels: cycle.channels.map(({ channelId, weight }) => ({ channelId, weight })),
  };
}

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : '');
/** An emptied number field: left to the schema, which says it is invalid (NaN is not a number it takes). */
const number = (value: number | null | undefined) => value ?? Number.NaN;

/** What the form says, as POST /api/cycles (and PUT, whole) take it. */
export function cycleInputOf(values: CycleFormValues): CycleInputForm {
  return {
    name: values.name ?? '',
    startDate: day(values.startDate),
    endDate: day(values.endDate),
    gracePeriodDays: number(values.gracePeriodDays),
    overThresholdPercent: number(values.overThresholdPercent),
    underThresholdPercent: number(values.underThresholdPercent),
    repsMayEditGoals: values.repsMayEditGoals ?? false,
    channels: (values.channels ?? []).map((channel) => ({
      channelId: channel.channelId ?? '',
      weight: number(channel.weight),
    })),
  };
}

/**
 * The form's field a path of the API names (the shared schema's issues, the server's `fields` keys such as
 * `channels.0.channelId`): the same path, its list indexes as numbers.
 */
export function formFieldPath(path: readonly PropertyKey[] | string): (string | number)[] {
  const parts = typeof path === 'string' ? path.split('.') : path;
  return parts.map((part) => (typeof part === 'number' || /^\d+$/.test(String(part)) ? Number(part) : String(part)));
}
