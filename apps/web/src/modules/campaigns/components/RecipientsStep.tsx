import { SearchOutlined } from '@ant-design/icons';
import type { EligibleDoctor, TemplateType } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { campaignQueries } from '@/modules/campaigns/api';
import { type RecipientSelection, NO_RECIPIENTS, selectedCount } from './recipient-selection';

export type RecipientsStepProps = {
  type: TemplateType;
  selection: RecipientSelection;
  onChange: (selection: RecipientSelection) => void;
};

const PAGE_SIZE = 20;
const nameOf = (doctor: EligibleDoctor) => `Dr ${doctor.firstName} ${doctor.lastName}`;

/** Step 2: the doctors the template's type may reach (spec 001 §5), picked by hand or all that match. */
export function RecipientsStep({ type, selection, onChange }: RecipientsStepProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error } = useQuery(
    campaignQueries.eligible({ type, search, page, limit: PAGE_SIZE }),
  );
  const isAll = selection.mode === 'all';
  const picked = selection.mode === 'some' ? selection.doctors : new Map<string, string>();

  const handleSelectRows = (pageDoctors: EligibleDoctor[], selectedKeys: string[]) => {
    const next = new Map(picked);
    for (const doctor of pageDoctors) {
      if (selectedKeys.includes(doctor.id)) next.set(doctor.id, nameOf(doctor));
      else next.delete(doctor.id);
    }
    onChange({ mode: 'some', doctors: next });
  };

  const columns: TableColumnsType<EligibleDoctor> = [
    { key: 'name', title: t('campaigns.recipients.name'), render: (_, doctor) => nameOf(doctor) },
    {
      key: 'specialty',
      title: t('campaigns.recipients.specialty'),
      responsive: ['md'],
      render: (_, doctor) => t(`specialties.${doctor.primarySpecialty}`),
    },
    { key: 'email', title: t('campaigns.recipients.email'), dataIndex: 'email', ellipsis: true, responsive: ['sm'] },
    { key: 'rpps', title: 'RPPS', dataIndex: 'rpps', responsive: ['lg'] },
  ];

  if (isError) return <Alert type="error" showIcon title={serverMessage(error)} />;
  const total = data?.total ?? 0;

  return (
    <div className="campaign-step" data-testid="recipients-step">
      <div className="campaign-step-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          className="recipients-search"
          placeholder={t('campaigns.recipients.search')}
          aria-label={t('campaigns.recipients.search')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
            // "All that match" is tied to the search it was chosen with.
            if (isAll) onChange(NO_RECIPIENTS);
          }}
        />
        <Space wrap>
          <Button
            type={isAll ? 'primary' : 'default'}
            disabled={total === 0}
            onClick={() => {
              onChange({
                mode: 'all',
                search,
                total,
                names: (data?.doctors ?? []).map(nameOf),
              });
            }}
            data-testid="select-all"
          >
            {t('campaigns.recipients.selectAll', { count: total })}
          </Button>
          <Button
            disabled={selectedCount(selection) === 0}
            onClick={() => {
              onChange(NO_RECIPIENTS);
            }}
          >
            {t('campaigns.recipients.clear')}
          </Button>
        </Space>
      </div>
      <Typography.Text className="recipients-count" data-testid="recipients-count">
        {isAll ? (
          <Tag color="blue">{t('campaigns.recipients.allSelected', { count: selection.total })}</Tag>
        ) : (
          t('campaigns.recipients.selected', { count: picked.size })
        )}
      </Typography.Text>
      <Table<EligibleDoctor>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        columns={columns}
        dataSource={data?.doctors ?? []}
        loading={isPending || isFetching}
        rowSelection={{
          selectedRowKeys: isAll ? (data?.doctors ?? []).map((doctor) => doctor.id) : [...picked.keys()],
          getCheckboxProps: () => ({ disabled: isAll }),
          onChange: (keys) => {
            handleSelectRows(data?.doctors ?? [], keys.map(String));
          },
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                search === '' ? t('campaigns.recipients.empty') : t('campaigns.recipients.noMatch', { search })
              }
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (count, [start, end]) => t('common.rangeOfTotal', { start, end, total: count }),
          onChange: setPage,
        }}
      />
    </div>
  );
}
