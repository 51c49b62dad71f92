import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { CsvImportCard } from '@/modules/directory-csv/components/CsvImportCard';
import { directoryImportQueries } from '@/modules/directory-import/api';
import { ImportProgress } from '@/modules/directory-import/components/ImportProgress';
import { NationalImportCard } from '@/modules/directory-import/components/NationalImportCard';
import { PastImportsTable } from '@/modules/directory-import/components/PastImportsTable';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/directory-import/directory-import.css';
import '@/ui/list-rows.css';

/**
 * /directory-import, for administrators (issue 32): the national directory's files sent and imported, the
 * running import followed every second, the past ones with their rejected lines; and the import of doctors or
 * offices from a CSV file, previewed before anything is written.
 */
export function DirectoryImportPage() {
  const { t } = useTranslation();
  const [startedId, setStartedId] = useState<string | null>(null);
  const list = useQuery(directoryImportQueries.list());
  // The import to follow: the one started here, or one already running when the page opened.
  const currentId = startedId ?? list.data?.items.find((item) => item.status === 'running')?.id ?? null;
  const current = useQuery({ ...directoryImportQueries.detail(currentId ?? ''), enabled: currentId !== null });
  // The list shows the followed import as its last answer says, without asking for the whole list again.
  const items = (list.data?.items ?? []).map((item) => (item.id === current.data?.id ? current.data : item));
  if (current.data !== undefined && !items.some((item) => item.id === current.data.id)) items.unshift(current.data);
  const isRunning = current.data?.status === 'running' || items.some((item) => item.status === 'running');

  let history;
  if (list.isPending) history = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.isError)
    history = (
      <Alert
        type="error"
        showIcon
        data-testid="imports-error"
        title={t('directoryAdmin.loadFailed', { message: serverMessage(list.error) })}
      />
    );
  else if (items.length === 0) history = <Empty data-testid="imports-empty" description={t('directoryAdmin.empty')} />;
  else history = <PastImportsTable items={items} />;

  return (
    <div className="page">
      <PageHeader title={t('directoryAdmin.title')} subtitle={t('directoryAdmin.subtitle')} />
      <div className="directory-import-cards">
        <NationalImportCard isRunning={isRunning} onStarted={setStartedId} />
        {current.data !== undefined && (
          <Card title={t('directoryAdmin.currentTitle')} className="page-card">
            <ImportProgress progress={current.data} />
          </Card>
        )}
        <Card title={t('directoryAdmin.historyTitle')} className="page-card">
          {history}
        </Card>
        <CsvImportCard />
      </div>
    </div>
  );
}
