import type { DirectoryCsvKind, Specialty } from '@crm/shared';
import { useMutation } from '@tanstack/react-query';

// Apart from the imports' calls (api.ts): the lists' pages carry this, not the report's schema or the uploads.
// The download itself loads on the first click: a list is opened far more often than it is exported.

/** What a list is filtered by: the export sends the same (decision 0057). */
export type CsvExportFilter = { search: string; specialty?: readonly Specialty[] };

/** GET /api/{doctors,offices}/export.csv: the list as filtered, saved to the device. */
export function useExportCsvMutation(kind: DirectoryCsvKind) {
  return useMutation({
    mutationFn: async (filter: CsvExportFilter) => {
      const { downloadExport } = await import('@/modules/directory-csv/download-export');
      await downloadExport(kind, filter);
    },
  });
}
