export const offlineKeys = {
  all: ['offline'] as const,
  /** The unsynced queue items of one user. */
  pendingCount: (owner: string | undefined) => [...offlineKeys.all, 'pending-count', owner] as const,
};
