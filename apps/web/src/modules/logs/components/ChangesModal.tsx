import { CHANGES_MODAL_WIDTH, type LogEntry } from '@crm/shared';
import { Button, Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { ActionTag } from '@/modules/logs/components/ActionTag';
import { ChangeFieldName, ChangeValue } from '@/modules/logs/components/ChangeCells';
import { LogDetails } from '@/modules/logs/components/LogDetails';
import { type FieldChange, fieldChanges } from '@/modules/logs/utils/log-entries';
import { useIsPhone } from '@/ui/phone-layout';

export type ChangesModalProps = {
  /** The entry shown, or null when the modal is closed. */
  entry: LogEntry | null;
  onClose: () => void;
};

/**
 * The view-changes modal (spec 001 §§2, 9: width 800): each field with its value before and after, whatever
 * shape the entry recorded them in (spec 001 §3); fields a change left alone are dimmed.
 */
export function ChangesModal({ entry, onClose }: ChangesModalProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const rows = useMemo(() => fieldChanges(entry?.changes ?? null), [entry]);
  const entityType = entry?.entityType ?? '';
  const columns: TableColumnsType<FieldChange> = [
    {
      key: 'field',
      title: t('logs.changes.field'),
      dataIndex: 'field',
      width: '24%',
      render: (field: string) => <ChangeFieldName entityType={entityType} field={field} />,
    },
    {
      key: 'before',
      title: t('logs.changes.before'),
      dataIndex: 'before',
      render: (value: unknown, row) => <ChangeValue entityType={entityType} field={row.field} value={value} />,
    },
    {
      key: 'after',
      title: t('logs.changes.after'),
      dataIndex: 'after',
      render: (value: unknown, row) => <ChangeValue entityType={entityType} field={row.field} value={value} />,
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
                    <ChangeFieldName entityType={entityType} field={row.field} />
                  </dt>
                  <dd>
                    <span className="list-muted">{t('logs.changes.before')}</span>{' '}
                    <ChangeValue entityType={entityType} field={row.field} value={row.before} />
                  </dd>
                  <dd>
                    <span className="list-muted">{t('logs.changes.after')}</span>{' '}
                    <ChangeValue entityType={entityType} field={row.field} value={row.after} />
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
