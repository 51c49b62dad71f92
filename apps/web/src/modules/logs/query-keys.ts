/** The log page's filters and page, as the address keeps them. */
export type LogListParams = {
  page: number;
  limit: number;
  action: string | null;
  entityType: string | null;
  userId: string | null;
  startDate: string | null;
  endDate: string | null;
};

export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  list: (params: LogListParams) => [...logKeys.lists(), params] as const,
  filters: () => [...logKeys.all, 'filters'] as const,
};
