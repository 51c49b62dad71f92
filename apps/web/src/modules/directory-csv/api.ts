import { CsvImportReport, type DirectoryCsvKind, type Specialty } from '@crm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { saveBlob } from '@/lib/save-blob';
import { uploadFile } from '@/lib/upload';
import { doctorKeys } from '@/modules/doctors/query-keys';
import { officeKeys } from '@/modules/offices/query-keys';

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

/**
 * POST /api/{kind}/import/preview, then POST /api/{kind}/import with the same file once the administrator
 * confirms: the server keeps nothing between the two, so what is written is what the file says then.
 */
export function useCsvImportMutation(kind: DirectoryCsvKind, mode: 'preview' | 'import') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      CsvImportReport.parse(
        await uploadFile(mode === 'preview' ? `/${kind}/import/preview` : `/${kind}/import`, file, {
          contentType: 'text/csv',
        }),
      ),
    // Written doctors or offices change every list of them (a doctor's specialties, the offices' filter too).
    onSuccess: async (report) => {
      if (!report.written) return;
      await queryClient.invalidateQueries({ queryKey: officeKeys.all });
      if (kind === 'doctors') await queryClient.invalidateQueries({ queryKey: doctorKeys.all });
    },
  });
}
