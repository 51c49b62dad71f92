import { CHANGES_MODAL_WIDTH, type LogEntry } from '@crm/shared';
import { Button, Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { ActionTag } from '@/modules/logs/components/ActionTag';
import { LogDetails } from '@/modules/logs/components/LogDetails';
import { type FieldChange, fieldChanges } from '@/modules/logs/utils/log-entries';
import { useIsPhone } from '@/ui/phone-layout';

export type ChangesModalProps = {
  /** The entry shown, or null when the modal is closed. */
  entry: LogEntry | null;
  onClose: () => void;
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A recorded value as people read it: dates in their language, yes and no, lists, and objects as JSON. */
function ChangeValue({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '')
    return <span className="list-muted">{t('logs.changes.empty')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('logs.changes.yes') : t('logs.changes.no')}</>;
  if (typeof value === 'string') return <>{ISO_INSTANT.test(value) ? formatDateTime(value) : value}</>;
  if (typeof value === 'number') return <span className="tabular">{value}</span>;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return <>{value.join(', ')}</>;
  return <code className="change-json">{JSON.stringify(value)}</code>;
}

/**
 * The view-changes modal (spec 001 §§2, 9: width 800): each field with its value before and after, whatever
 * shape the entry recorded them in (spec 001 §3); fields a change left alone are dimmed.
 */
export function ChangesModal({ entry, onClose }: ChangesModalProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const rows = useMemo(() => fieldChanges(entry?.changes ?? null), [entry]);
  const columns: TableColumnsType<FieldChange> = [
    {
      key: 'field',
      title: t('logs.changes.field'),
      dataIndex: 'field',
      width: '24%',
      render: (field: string) => <code>{field}</code>,
    },
    {
      key: 'before',
      title: t('logs.changes.before'),
      dataIndex: 'before',
      render: (value: unknown) => <ChangeValue value={value} />,
    },
    {
      key: 'after',
      title: t('logs.changes.after'),
      dataIndex: 'after',
      render: (value: unknown) => <ChangeValue value={value} />,
    },
  ];
  return (
    <Modal
      open={entry !== null}
      width={CHANGES_MODAL_WIDTH}
      title={t('logs.changes.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('logs.changes.close')}</Button>}
      destroyOnHidden
    >
      {entry !== null && (
        <div className="changes-modal" data-testid="changes-modal">
          <Descriptions
            size="small"
            column={1}
            className="changes-summary"
            items={[
              { key: 'action', label: t('logs.columns.action'), children: <ActionTag action={entry.action} /> },
              { key: 'details', label: t('logs.columns.details'), children: <LogDetails entry={entry} /> },
              { key: 'user', label: t('logs.columns.user'), children: entry.user?.email ?? t('logs.system') },
              { key: 'date', label: t('logs.columns.date'), children: formatDateTime(entry.createdAt) },
            ]}
          />
          {rows.length === 0 ? (
            <p className="list-muted">{t('logs.changes.none')}</p>
          ) : isPhone ? (
            // Phones: each field on its own, before above after, rather than a table scrolling sideways.
            <dl className="change-list">
              {rows.map((row) => (
                <div key={row.field} className={row.changed ? 'change-item' : 'change-item change-row-unchanged'}>
                  <dt>
                    <code>{row.field}</code>
                  </dt>
                  <dd>
                    <span className="list-muted">{t('logs.changes.before')}</span> <ChangeValue value={row.before} />
                  </dd>
                  <dd>
                    <span className="list-muted">{t('logs.changes.after')}</span> <ChangeValue value={row.after} />
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <Table<FieldChange>
              size="small"
              rowKey="field"
              columns={columns}
              dataSource={rows}
              pagination={false}
              rowClassName={(row) => (row.changed ? 'change-row' : 'change-row change-row-unchanged')}
              scroll={{ x: 560 }}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
