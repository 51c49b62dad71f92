import { SearchOutlined } from '@ant-design/icons';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Modal, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { RecordCreateForm, type RecordCreateFormProps } from '@/ui/RecordCreateForm';

type LinkOrCreateTab = 'search' | 'create';

export type LinkOrCreateDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  searchLabel: string;
  createLabel: string;
  /** Usually a LinkSearchTab. */
  searchTab: ReactNode;
  /** Usually a CreateAndLinkTab. */
  createTab: ReactNode;
};

/**
 * Spec 000 §2: the dialogs that link a record to another (an office to a doctor, a doctor to an office),
 * with two tabs: search the existing records, or create a new one. Each opening starts on the search tab.
 */
export function LinkOrCreateDialog({
  open,
  onClose,
  title,
  searchLabel,
  createLabel,
  searchTab,
  createTab,
}: LinkOrCreateDialogProps) {
  const [tab, setTab] = useState<LinkOrCreateTab>('search');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      afterClose={() => {
        setTab('search');
      }}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as LinkOrCreateTab);
        }}
        items={[
          { key: 'search', label: searchLabel, children: searchTab },
          { key: 'create', label: createLabel, children: createTab },
        ]}
      />
    </Modal>
  );
}

export type LinkSearchTabProps<Item extends { id: string }, Data, Key extends QueryKey> = {
  /** The search for a text; it runs once something is typed. */
  query: (search: string) => UseQueryOptions<Data, Error, readonly Item[], Key>;
  /** What a result shows of its record, left of its link button. */
  renderItem: (item: Item) => ReactNode;
  /** Already linked records get a tag instead of the button. */
  isLinked: (item: Item) => boolean;
  /** Rejects when the server refuses. */
  link: (item: Item) => Promise<unknown>;
  /** The record whose link is under way: its button spins, the others wait. */
  linkingId: string | undefined;
  onLinked: () => void;
  linkIcon: ReactNode;
  texts: { placeholder: string; typeToSearch: string; noResults: string; link: string; alreadyLinked: string };
  messages: { linked: (item: Item) => string; linkFailed: (message: string) => string };
  /** The input's and the results table's data-testid; each link button's is "<link>-<id>". */
  testIds: { input: string; results: string; link: string };
};

/** The dialog's search tab: the best matches for what is typed, each with its link button. */
export function LinkSearchTab<Item extends { id: string }, Data, Key extends QueryKey>({
  query,
  renderItem,
  isLinked,
  link,
  linkingId,
  onLinked,
  linkIcon,
  texts,
  messages,
  testIds,
}: LinkSearchTabProps<Item, Data, Key>) {
  const { message } = App.useApp();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const results = useQuery({ ...query(search), enabled: search !== '' });

  const handleLink = async (item: Item) => {
    try {
      await link(item);
    } catch (error) {
      void message.error(messages.linkFailed(serverMessage(error)));
      return;
    }
    void message.success(messages.linked(item));
    onLinked();
  };

  const columns: TableColumnsType<Item> = [
    { key: 'name', render: (_value, item) => renderItem(item) },
    {
      key: 'action',
      align: 'right',
      width: 140,
      render: (_value, item) =>
        isLinked(item) ? (
          <Tag>{texts.alreadyLinked}</Tag>
        ) : (
          <Button
            size="small"
            type="primary"
            icon={linkIcon}
            data-testid={`${testIds.link}-${item.id}`}
            loading={linkingId === item.id}
            disabled={linkingId !== undefined}
            onClick={() => void handleLink(item)}
          >
            {texts.link}
          </Button>
        ),
    },
  ];

  return (
    <div className="dialog-tab">
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={texts.placeholder}
        aria-label={texts.placeholder}
        data-testid={testIds.input}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
        }}
      />
      {search === '' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.typeToSearch} />
      ) : results.isError ? (
        <Alert type="error" showIcon title={serverMessage(results.error)} />
      ) : (
        <Table<Item>
          data-testid={testIds.results}
          rowKey="id"
          size="small"
          showHeader={false}
          columns={columns}
          dataSource={results.data ?? []}
          loading={results.isFetching}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noResults} />,
          }}
        />
      )}
    </div>
  );
}

export type CreateAndLinkTabProps<Input, Created> = Pick<
  RecordCreateFormProps<Input, Created>,
  'children' | 'schema' | 'fieldNames' | 'create' | 'createFailedMessage' | 'submitLabel' | 'isBusy' | 'testIds'
> & {
  /** Links the new record; rejects when the server refuses. */
  link: (created: Created) => Promise<unknown>;
  messages: { linked: (created: Created) => string; linkFailed: string };
  /** Closes the dialog once the record exists, linked or not. */
  onDone: () => void;
};

/** The dialog's create tab: the new record's form, whose record is linked once created. */
export function CreateAndLinkTab<Input, Created>({
  link,
  messages,
  onDone,
  ...formProps
}: CreateAndLinkTabProps<Input, Created>) {
  const { message } = App.useApp();

  const linkCreated = async (created: Created) => {
    try {
      await link(created);
    } catch {
      // The record exists now: creating it again would duplicate it (or clash with it), so the dialog
      // closes; the record can be linked from the search tab.
      void message.error(messages.linkFailed);
      onDone();
      return;
    }
    void message.success(messages.linked(created));
    onDone();
  };

  return (
    <RecordCreateForm
      {...formProps}
      className="dialog-tab"
      onCreated={(created) => {
        void linkCreated(created);
      }}
    />
  );
}
