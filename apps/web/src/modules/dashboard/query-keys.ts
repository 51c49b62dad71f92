export const dashboardKeys = {
  /** Every activity write invalidates this prefix. */
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};
