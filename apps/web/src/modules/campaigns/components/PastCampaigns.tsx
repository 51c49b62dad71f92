import type { Campaign } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Progress, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { campaignQueries } from '@/modules/campaigns/api';
import { useIsPhone } from '@/ui/phone-layout';

const STATUS_COLORS: Record<Campaign['status'], string> = {
  sent: 'green',
  failed: 'red',
  sending: 'processing',
  draft: 'default',
};

/** Past campaigns, 10 a page: name, template, recipients, status, sent date with time (spec 001 §§2, 9). */
export function PastCampaigns() {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error } = useQuery(campaignQueries.list(page));
  if (isError) return <Alert type="error" showIcon title={serverMessage(error)} />;

  const statusCell = (campaign: Campaign) => {
    const tag = <Tag color={STATUS_COLORS[campaign.status]}>{t(`campaigns.status.${campaign.status}`)}</Tag>;
    if (campaign.status !== 'sending') return tag;
    const done = campaign.sentCount + campaign.failedCount;
    return (
      <div className="campaign-progress">
        {tag}
        <Progress
          size="small"
          percent={campaign.recipientCount === 0 ? 0 : Math.round((100 * done) / campaign.recipientCount)}
          format={() => `${done} / ${campaign.recipientCount}`}
        />
      </div>
    );
  };

  const columns: TableColumnsType<Campaign> = [
    { key: 'name', title: t('campaigns.past.name'), dataIndex: 'name', ellipsis: true },
    {
      key: 'template',
      title: t('campaigns.past.template'),
      dataIndex: 'templateName',
      ellipsis: true,
      responsive: ['md'],
    },
    {
      key: 'recipients',
      title: t('campaigns.past.recipients'),
      width: 130,
      render: (_, campaign) => (
        <Tooltip
          title={t('campaigns.past.counts', {
            sent: campaign.sentCount,
            failed: campaign.failedCount,
            skipped: campaign.skippedCount,
          })}
        >
          {campaign.recipientCount}
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: t('campaigns.past.status'),
      width: isCompact ? 110 : 190,
      render: (_, campaign) => statusCell(campaign),
    },
    {
      key: 'sentAt',
      title: t('campaigns.past.sentAt'),
      responsive: ['sm'],
      render: (_, campaign) => (campaign.sentAt === null ? '—' : formatDateTime(campaign.sentAt)),
    },
  ];

  return (
    <Card className="page-card" title={t('campaigns.past.title')} data-testid="past-campaigns">
      <Table<Campaign>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        columns={columns}
        dataSource={data?.campaigns ?? []}
        loading={isPending || isFetching}
        locale={{ emptyText: t('campaigns.past.empty') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
