import { CsvImportReport, type DirectoryCsvKind } from '@crm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '@/lib/upload';
import { doctorKeys } from '@/modules/doctors/query-keys';
import { officeKeys } from '@/modules/offices/query-keys';

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
