import type { Convention } from '@crm/shared';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import type { DeviceBenefit } from '@/modules/transparency/api';
import { formatCents } from '@/modules/transparency/utils/amounts';
import { conventionObjectLabel } from '@/modules/transparency/utils/labels';
import { PendingSyncTag } from '@/modules/sync-queue/components/PendingSyncTag';
import { listTableLayout } from '@/ui/table-list';

export type BenefitTableProps = {
  benefits: readonly DeviceBenefit[];
  conventions: readonly Convention[];
  isCompact: boolean;
};

/** The year's benefits, newest first; the device's waiting ones first, marked as waiting (or refused at sending). */
export function BenefitTable({ benefits, conventions, isCompact }: BenefitTableProps) {
  const { t } = useTranslation();
  const conventionName = (id: string | null) => {
    if (id === null) return t('transparency.tab.noConvention');
    const convention = conventions.find((known) => known.id === id);
    return convention === undefined ? t('transparency.tab.unknownConvention') : conventionObjectLabel(convention);
  };
  const waitingTag = (benefit: DeviceBenefit) =>
    benefit.pendingSync === true && (
      <>
        <PendingSyncTag />
        {benefit.queueStatus === 'rejected' && (
          <Tag color="red" title={benefit.lastError ?? undefined} data-testid="benefit-refused-tag">
            {t('transparency.tab.refusedAtSync')}
          </Tag>
        )}
      </>
    );

  const columns: TableColumnsType<DeviceBenefit> = isCompact
    ? [
        {
          key: 'benefit',
          render: (_value, benefit) => (
            <div className="compact-row">
              <div className="compact-row-line">
                <span className="compact-row-text list-strong">{t(`transparency.natures.${benefit.nature}`)}</span>
                <span className="compact-row-aside">{formatCents(benefit.amountCents)}</span>
              </div>
              <div className="compact-row-line list-muted">
                <span className="compact-row-text">
                  {[formatDate(benefit.date), conventionName(benefit.conventionId), benefit.recordedBy.name].join(
                    ' · ',
                  )}
                </span>
              </div>
              {waitingTag(benefit)}
            </div>
          ),
        },
      ]
    : [
        { key: 'date', title: t('transparency.fields.date'), render: (_value, benefit) => formatDate(benefit.date) },
        {
          key: 'nature',
          title: t('transparency.fields.nature'),
          render: (_value, benefit) => (
            <>
              {t(`transparency.natures.${benefit.nature}`)} {waitingTag(benefit)}
            </>
          ),
        },
        {
          key: 'amount',
          title: t('transparency.fields.amount'),
          align: 'right',
          render: (_value, benefit) => formatCents(benefit.amountCents),
        },
        {
          key: 'convention',
          title: t('transparency.fields.convention'),
          render: (_value, benefit) => conventionName(benefit.conventionId),
        },
        {
          key: 'recordedBy',
          title: t('transparency.fields.recordedBy'),
          render: (_value, benefit) => benefit.recordedBy.name,
        },
      ];

  return (
    <Table<DeviceBenefit>
      rowKey="id"
      columns={columns}
      dataSource={[...benefits]}
      pagination={false}
      {...listTableLayout<DeviceBenefit>(isCompact)}
      scroll={isCompact ? undefined : { x: 640 }}
      data-testid="benefit-table"
    />
  );
}
