/** The national directory imports: the list of past ones and each one's progress. */
export const directoryImportKeys = {
  all: ['directory-imports'] as const,
  list: () => [...directoryImportKeys.all, 'list'] as const,
  detail: (id: string) => [...directoryImportKeys.all, 'detail', id] as const,
};
