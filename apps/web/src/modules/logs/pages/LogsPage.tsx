import { DeleteOutlined } from '@ant-design/icons';
import type { LogEntry } from '@crm/shared';
import { LOG_PAGE_SIZE } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton } from 'antd';
import { dayjs } from '@/lib/dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/app/session';
import { serverMessage } from '@/lib/errors';
import { useListParams } from '@/lib/use-list-params';
import { logQueries, useClearLogsMutation } from '@/modules/logs/api';
import { ChangesModal } from '@/modules/logs/components/ChangesModal';
import { type LogFilterValues, LogFilters } from '@/modules/logs/components/LogFilters';
import { LogTable } from '@/modules/logs/components/LogTable';
import type { LogListParams } from '@/modules/logs/query-keys';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/logs/logs.css';

const FILTER_PARAMS = ['action', 'entityType', 'userId', 'from', 'to'] as const;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the user's calendar (YYYY-MM-DD) as the instant it starts, `plusDays` later. */
function dayStart(day: string | null, plusDays = 0): string | null {
  if (day === null || !DAY_PATTERN.test(day)) return null;
  return dayjs(day).add(plusDays, 'day').startOf('day').toISOString();
}

/**
 * The logs page (spec 001 §2): any signed-in user may open it; administrators read every entry and may
 * clear the log, anyone else reads the entries of their own actions (decision 0030). Filters and page live
 * in the address, so Back from a linked record returns to the same entries.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const isAdmin = useSession().user?.isAdmin ?? false;
  const list = useListParams(LOG_PAGE_SIZE);
  const [shownEntry, setShownEntry] = useState<LogEntry | null>(null);
  const clearLogs = useClearLogsMutation();

  const filters = Object.fromEntries(
    FILTER_PARAMS.map((name) => [name, list.params.get(name) ?? null]),
  ) as LogFilterValues;
  const params: LogListParams = {
    page: list.page,
    limit: list.limit,
    action: filters.action,
    entityType: filters.entityType,
    userId: isAdmin ? filters.userId : null,
    startDate: dayStart(filters.from),
    endDate: dayStart(filters.to, 1),
  };
  const logs = useQuery(logQueries.list(params));
  const isFiltered = FILTER_PARAMS.some((name) => filters[name] !== null);

  const handleClear = () => {
    modal.confirm({
      title: t('logs.clearConfirmTitle'),
      content: t('logs.clearConfirmContent', { count: logs.data?.total ?? 0 }),
      okText: t('logs.clearConfirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { deleted } = await clearLogs.mutateAsync();
          void message.success(t('logs.messages.cleared', { count: deleted }));
          list.updateParams(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null])));
        } catch (error) {
          void message.error(t('logs.messages.clearFailed', { message: serverMessage(error) }));
        }
      },
    });
  };

  return (
    <div className="page logs-page">
      <PageHeader
        title={t('logs.title')}
        subtitle={isAdmin ? t('logs.subtitleAdmin') : t('logs.subtitleOwn')}
        actions={
          isAdmin ? (
            <Button danger icon={<DeleteOutlined />} data-testid="clear-logs" onClick={handleClear}>
              {t('logs.clearAll')}
            </Button>
          ) : undefined
        }
      />
      <Card className="page-card">
        <LogFilters values={filters} canFilterByUser={isAdmin} onChange={(changes) => list.updateParams(changes)} />
        {logs.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : logs.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('logs.messages.loadFailed', { message: serverMessage(logs.error) })}
            action={<Button onClick={() => void logs.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <LogTable
            list={logs.data}
            page={list.page}
            limit={list.limit}
            isFetching={logs.isFetching}
            isFiltered={isFiltered}
            onPageChange={list.onPageChange}
            onViewChanges={setShownEntry}
          />
        )}
      </Card>
      <ChangesModal entry={shownEntry} onClose={() => setShownEntry(null)} />
    </div>
  );
}
