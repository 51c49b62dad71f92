import type { DirectoryCsvKind } from '@crm/shared';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { saveBlob } from '@/lib/save-blob';
import type { CsvExportFilter } from '@/modules/directory-csv/export';

/** The file's name on the device: the list's kind and today's date, as the server names it too. */
export const csvExportFileName = (kind: DirectoryCsvKind, today = new Date()) =>
  `${kind}-${today.toISOString().slice(0, 10)}.csv`;

/** GET /api/{doctors,offices}/export.csv: the list as filtered, saved to the device. */
export async function downloadExport(kind: DirectoryCsvKind, filter: CsvExportFilter): Promise<void> {
  const query = queryString({ search: filter.search, specialty: filter.specialty });
  saveBlob(await apiClient.blob(`/${kind}/export.csv${query}`), csvExportFileName(kind));
}
