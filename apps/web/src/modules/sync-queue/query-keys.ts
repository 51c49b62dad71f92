export const syncQueueKeys = {
  all: ['sync-queue'] as const,
  /** The changes of one user still waiting on this device. */
  waiting: (owner: string | undefined) => [...syncQueueKeys.all, 'waiting', owner] as const,
};
