import type { DirectoryCsvKind } from '@crm/shared';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { type CsvExportFilter, useExportCsvMutation } from '@/modules/directory-csv/export';

export type ExportCsvButtonProps = { kind: DirectoryCsvKind; filter: CsvExportFilter };

/**
 * The list as filtered, as a CSV file (decision 0057): the search's matches, or with nothing typed the whole
 * directory, which the label says. Shown to writers only, as the server allows. No icon: the lists' pages
 * would load one for this button alone.
 */
export function ExportCsvButton({ kind, filter }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const exportCsv = useExportCsvMutation(kind);
  const isFiltered = filter.search.trim() !== '' || (filter.specialty?.length ?? 0) > 0;

  const handleExport = async () => {
    try {
      await exportCsv.mutateAsync(filter);
    } catch (error) {
      void message.error(t('directoryCsv.export.failed', { message: serverMessage(error) }));
    }
  };

  return (
    <Button loading={exportCsv.isPending} data-testid={`export-${kind}-csv`} onClick={() => void handleExport()}>
      {isFiltered ? t('directoryCsv.export.filtered') : t(`directoryCsv.export.all.${kind}`)}
    </Button>
  );
}
