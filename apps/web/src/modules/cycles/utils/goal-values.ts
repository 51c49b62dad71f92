import type { CycleChannel, PlanGoalInput, TargetCounts } from '@crm/shared';

/** One channel's goal and cap as the form holds them, in the cycle's channel order; null when left empty. */
export type GoalValues = { goal?: number | null; cap?: number | null };

/** A target's goals as the form edits them, one entry per channel of the cycle. */
export function goalValuesOf(channels: readonly CycleChannel[], target: TargetCounts | null): GoalValues[] {
  return channels.map((channel) => {
    const counts = target?.channels.find((each) => each.channelId === channel.channelId);
    return { goal: counts?.goal ?? null, cap: counts?.cap ?? null };
  });
}

/**
 * The goals to send: the channels given a goal, each with its position among the form's channels (to put a
 * fault of the n-th goal sent under its field).
 */
export function goalsToSend(
  channels: readonly CycleChannel[],
  values: readonly GoalValues[] | undefined,
): { goals: PlanGoalInput[]; fieldIndex: number[] } {
  const goals: PlanGoalInput[] = [];
  const fieldIndex: number[] = [];
  channels.forEach((channel, index) => {
    const value = values?.[index];
    if (value?.goal === null || value?.goal === undefined) return;
    goals.push({ channelId: channel.channelId, goal: value.goal, cap: value.cap ?? null });
    fieldIndex.push(index);
  });
  return { goals, fieldIndex };
}
