import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONFIGURATION_PAGE_SIZE, type ConfigurationKind } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Popconfirm, Skeleton, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { type ConfigurationEntry, configurationQueries, useDeleteEntryMutation } from '@/modules/configuration/api';
import { compactEntry, entryColumns } from '@/modules/configuration/components/entry-columns';
import { EntryFormModal } from '@/modules/configuration/components/EntryFormModal';
import { useIsPhone } from '@/ui/phone-layout';
import { CARD_TABLE_SCROLL } from '@/ui/table-scroll';

export type EntryTabProps<K extends ConfigurationKind> = { kind: K };

/**
 * One tab of /configuration (spec 001 §2): Add, the table of 10 rows a page with its 'x-y of N', inactive
 * rows reddish, Edit and Delete (after 'Are you sure you want to delete this item?') on each row.
 */
export function EntryTab<K extends ConfigurationKind>({ kind }: EntryTabProps<K>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The catalogue's keys are typed per kind; the generic parameter would hide which.
  const kindKey: ConfigurationKind = kind;
  const isCompact = useIsPhone();
  const entries = useQuery(configurationQueries.entries(kind));
  const deleteEntry = useDeleteEntryMutation(kind);
  /** The entry in the modal: null for a new one, undefined while the modal is closed. */
  const [editing, setEditing] = useState<ConfigurationEntry[K] | null | undefined>(undefined);
  const [page, setPage] = useState(1);

  const handleDelete = async (entry: ConfigurationEntry[K]) => {
    try {
      await deleteEntry.mutateAsync(entry.id);
    } catch (error) {
      const reason =
        isApiError(error) && error.message.trim() !== '' ? error.message : t('configuration.messages.error');
      void message.error(t(`configuration.messages.deleteFailed.${kindKey}`, { message: reason }));
      return;
    }
    void message.success(t(`configuration.messages.deleted.${kind}`));
  };

  const columns = useMemo((): TableColumnsType<ConfigurationEntry[K]> => {
    const actions: TableColumnsType<ConfigurationEntry[K]>[number] = {
      key: 'actions',
      title: isCompact ? undefined : t('configuration.fields.actions'),
      align: 'right',
      width: isCompact ? 96 : 220,
      render: (_value, entry) => (
        <span className="entry-actions">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('configuration.edit')} ${entry.name}`}
            onClick={() => setEditing(entry)}
          >
            {isCompact ? null : t('configuration.edit')}
          </Button>
          <Popconfirm
            title={t('configuration.deleteConfirm')}
            okText={t('configuration.yes')}
            cancelText={t('configuration.no')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(entry)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('configuration.delete')} ${entry.name}`}
            >
              {isCompact ? null : t('configuration.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    };
    if (isCompact) return [{ key: 'entry', render: (_value, entry) => compactEntry(kind, entry, t) }, actions];
    return [...entryColumns(kind, t), actions];
    // handleDelete reads only stable hooks' results.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, t, isCompact]);

  return (
    <div className="entry-tab" data-testid={`${kind}-tab`}>
      <div className="section-heading">
        <span />
        <Button type="primary" icon={<PlusOutlined />} data-testid={`add-${kind}`} onClick={() => setEditing(null)}>
          {t(`configuration.add.${kind}`)}
        </Button>
      </div>
      {entries.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : entries.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('configuration.messages.loadFailed', { message: serverMessage(entries.error) })}
        />
      ) : (
        <Table<ConfigurationEntry[K]>
          data-testid={`${kind}-table`}
          rowKey="id"
          size={isCompact ? 'small' : 'middle'}
          showHeader={!isCompact}
          scroll={isCompact ? undefined : CARD_TABLE_SCROLL}
          columns={columns}
          dataSource={entries.data}
          rowClassName={(entry) => (entry.active ? '' : 'configuration-row-inactive')}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`configuration.empty.${kind}`)} />,
          }}
          pagination={{
            current: page,
            pageSize: CONFIGURATION_PAGE_SIZE,
            showSizeChanger: false,
            hideOnSinglePage: false,
            showTotal: (total, [start, end]) => t('common.rangeOfTotal', { start, end, total }),
            onChange: setPage,
          }}
        />
      )}
      <EntryFormModal kind={kind} entry={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}
