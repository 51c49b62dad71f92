/**
 * Every key starts with 'cycles': an activity write or a goal change invalidates the prefix, so the plan, the
 * team and the doctors' "2 of 4" follow at once (the server counts on every read, decision 0058).
 */
export const cycleKeys = {
  all: ['cycles'] as const,
  list: () => [...cycleKeys.all, 'list'] as const,
  currentPlan: () => [...cycleKeys.all, 'current-plan'] as const,
  /** The current plan's counts of one page of doctors, keyed by their ids in page order. */
  targetCounts: (doctorIds: readonly string[]) => [...cycleKeys.all, 'target-counts', ...doctorIds] as const,
  plan: (cycleId: string, userId: string) => [...cycleKeys.all, 'plan', cycleId, userId] as const,
  team: (cycleId: string) => [...cycleKeys.all, 'team', cycleId] as const,
};
