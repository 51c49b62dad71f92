import type { DirectoryCsvKind, Specialty } from '@crm/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { saveBlob } from '@/lib/save-blob';

// Apart from the imports' calls (api.ts): the lists' pages carry this, not the report's schema or the uploads.

/** What a list is filtered by: the export sends the same (decision 0057). */
export type CsvExportFilter = { search: string; specialty?: readonly Specialty[] };

/** The file's name on the device: the list's kind and today's date, as the server names it too. */
export const csvExportFileName = (kind: DirectoryCsvKind, today = new Date()) =>
  `${kind}-${today.toISOString().slice(0, 10)}.csv`;

/** GET /api/{doctors,offices}/export.csv: the list as filtered, saved to the device. */
export function useExportCsvMutation(kind: DirectoryCsvKind) {
  return useMutation({
    mutationFn: async (filter: CsvExportFilter) => {
      const query = queryString({ search: filter.search, specialty: filter.specialty });
      saveBlob(await apiClient.blob(`/${kind}/export.csv${query}`), csvExportFileName(kind));
    },
  });
}
