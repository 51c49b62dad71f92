import { EyeOutlined } from '@ant-design/icons';
import type { LogEntry, LogList } from '@crm/shared';
import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { ActionTag } from '@/modules/logs/components/ActionTag';
import { LogDetails } from '@/modules/logs/components/LogDetails';
import { hasChanges } from '@/modules/logs/utils/log-entries';
import { useIsPhone } from '@/ui/phone-layout';
import { listTableLayout, useListPagination } from '@/ui/table-list';
import '@/ui/list-rows.css';

export type LogTableProps = {
  list: LogList;
  page: number;
  limit: number;
  isFetching: boolean;
  isFiltered: boolean;
  onPageChange: (page: number, limit: number) => void;
  onViewChanges: (entry: LogEntry) => void;
};

/**
 * The audit table (spec 001 §2): user e-mail, action tag, details, date, and the view-changes button of the
 * entries that recorded what changed; on phones the same in one cell per entry (decision 0016).
 */
export function LogTable({ list, page, limit, isFetching, isFiltered, onPageChange, onViewChanges }: LogTableProps) {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const listPagination = useListPagination();

  const columns = useMemo((): TableColumnsType<LogEntry> => {
    const who = (entry: LogEntry) => entry.user?.email ?? <span className="list-muted">{t('logs.system')}</span>;
    const changesButton = (entry: LogEntry) =>
      hasChanges(entry) ? (
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('logs.viewChanges')}
          title={t('logs.viewChanges')}
          data-testid="view-changes"
          onClick={() => onViewChanges(entry)}
        >
          {isCompact ? null : t('logs.columns.changes')}
        </Button>
      ) : null;
    if (isCompact) {
      return [
        {
          key: 'entry',
          render: (_value, entry) => (
            <div className="compact-row">
              <div className="compact-row-line">
                <ActionTag action={entry.action} />
                <span className="list-muted tabular">{formatDateTime(entry.createdAt)}</span>
              </div>
              <LogDetails entry={entry} />
              <div className="compact-row-line">
                <span className="list-muted compact-row-text">{who(entry)}</span>
                {changesButton(entry)}
              </div>
            </div>
          ),
        },
      ];
    }
    return [
      { key: 'user', title: t('logs.columns.user'), width: 230, ellipsis: true, render: (_value, entry) => who(entry) },
      {
        key: 'action',
        title: t('logs.columns.action'),
        width: 170,
        render: (_value, entry) => <ActionTag action={entry.action} />,
      },
      { key: 'details', title: t('logs.columns.details'), render: (_value, entry) => <LogDetails entry={entry} /> },
      {
        key: 'date',
        title: t('logs.columns.date'),
        width: 190,
        render: (_value, entry) => <span className="tabular">{formatDateTime(entry.createdAt)}</span>,
      },
      { key: 'changes', title: '', width: 150, align: 'right', render: (_value, entry) => changesButton(entry) },
    ];
  }, [t, isCompact, onViewChanges]);

  return (
    <Table<LogEntry>
      data-testid="logs-table"
      rowKey="id"
      {...listTableLayout<LogEntry>(isCompact)}
      columns={columns}
      dataSource={list.logs}
      loading={isFetching}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(isFiltered ? 'logs.emptyFiltered' : 'logs.empty')}
          />
        ),
      }}
      pagination={listPagination({ current: page, pageSize: limit, total: list.total, onChange: onPageChange })}
    />
  );
}
