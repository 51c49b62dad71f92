import type { DirectoryImportProgress } from '@crm/shared';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { ImportStatusTag, RejectedReportButton } from '@/modules/directory-import/components/ImportProgress';
import { useIsPhone } from '@/ui/phone-layout';
import { listTableLayout } from '@/ui/table-list';

/** The past imports, most recent first: when, by whom, which files, how it ended and what it did. */
export function PastImportsTable({ items }: { items: DirectoryImportProgress[] }) {
  const { t, i18n } = useTranslation();
  const isCompact = useIsPhone();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const summary = (item: DirectoryImportProgress) =>
    t('directoryAdmin.summary', {
      created: number(item.created),
      updated: number(item.updated),
      unchanged: number(item.unchanged),
      rejected: number(item.rejected),
    });

  const columns: TableColumnsType<DirectoryImportProgress> = isCompact
    ? [
        {
          key: 'import',
          render: (_value, item) => (
            <div className="compact-row">
              <div className="compact-row-line">
                <span className="compact-row-text list-strong">{formatDateTime(item.startedAt)}</span>
                <ImportStatusTag status={item.status} />
              </div>
              <div className="compact-row-line list-muted">
                <span className="compact-row-text">{summary(item)}</span>
              </div>
              <RejectedReportButton importId={item.id} count={item.rejected} />
            </div>
          ),
        },
      ]
    : [
        {
          key: 'startedAt',
          title: t('directoryAdmin.columns.startedAt'),
          render: (_value, item) => (
            <>
              {formatDateTime(item.startedAt)}
              <div className="list-muted">{item.startedBy.name}</div>
            </>
          ),
        },
        {
          key: 'files',
          title: t('directoryAdmin.columns.files'),
          render: (_value, item) => (
            <>
              {item.fileName}
              {item.savoirFaireFileName !== null && <div className="list-muted">{item.savoirFaireFileName}</div>}
            </>
          ),
        },
        {
          key: 'status',
          title: t('directoryAdmin.columns.status'),
          render: (_value, item) => <ImportStatusTag status={item.status} />,
        },
        {
          key: 'lines',
          title: t('directoryAdmin.columns.lines'),
          align: 'right',
          render: (_value, item) => number(item.linesRead),
        },
        { key: 'summary', title: t('directoryAdmin.columns.result'), render: (_value, item) => summary(item) },
        {
          key: 'rejected',
          title: t('directoryAdmin.columns.rejected'),
          render: (_value, item) => <RejectedReportButton importId={item.id} count={item.rejected} />,
        },
      ];

  return (
    <Table<DirectoryImportProgress>
      {...listTableLayout<DirectoryImportProgress>(isCompact)}
      data-testid="past-imports"
      rowKey="id"
      columns={columns}
      dataSource={items}
      pagination={false}
    />
  );
}
