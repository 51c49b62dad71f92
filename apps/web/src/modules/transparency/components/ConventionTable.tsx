import { EditOutlined } from '@ant-design/icons';
import type { Convention } from '@crm/shared';
import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { ConventionStatusTag } from '@/modules/transparency/components/ConventionStatusTag';
import { formatCents } from '@/modules/transparency/utils/amounts';
import { conventionObjectLabel } from '@/modules/transparency/utils/labels';
import { listTableLayout } from '@/ui/table-list';

export type ConventionTableProps = {
  conventions: readonly Convention[];
  isCompact: boolean;
  /** Opens a convention's form; null for a reader, who sees no button. */
  onEdit: ((convention: Convention) => void) | null;
};

/** The doctor's conventions: object, regime, the date to file by, status, planned total and what was paid under it. */
export function ConventionTable({ conventions, isCompact, onEdit }: ConventionTableProps) {
  const { t } = useTranslation();
  const editButton = (convention: Convention) =>
    onEdit !== null && (
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => {
          onEdit(convention);
        }}
        aria-label={t('transparency.tab.editConventionNamed', { name: conventionObjectLabel(convention) })}
        data-testid={`convention-edit-${convention.id}`}
      >
        {isCompact ? null : t('transparency.tab.editConvention')}
      </Button>
    );
  const amounts = (convention: Convention) =>
    t('transparency.tab.paidOfTotal', {
      paid: formatCents(convention.paidCents),
      total: formatCents(convention.totalAmountCents),
    });

  const columns: TableColumnsType<Convention> = isCompact
    ? [
        {
          key: 'convention',
          render: (_value, convention) => (
            <div className="compact-row">
              <div className="compact-row-line">
                <span className="compact-row-text list-strong">{conventionObjectLabel(convention)}</span>
                <ConventionStatusTag status={convention.status} />
              </div>
              <div className="compact-row-line list-muted">
                <span className="compact-row-text">
                  {[
                    t(`transparency.regimes.${convention.regime}`),
                    t('transparency.tab.fileBy', { date: formatDate(convention.filingDeadline) }),
                    amounts(convention),
                  ].join(' · ')}
                </span>
                {editButton(convention)}
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'object',
          title: t('transparency.fields.object'),
          render: (_value, convention) => (
            <>
              <div className="list-strong">{conventionObjectLabel(convention)}</div>
              <div className="list-muted">
                {convention.endDate === null
                  ? formatDate(convention.startDate)
                  : `${formatDate(convention.startDate)} – ${formatDate(convention.endDate)}`}
              </div>
            </>
          ),
        },
        {
          key: 'regime',
          title: t('transparency.fields.regime'),
          render: (_value, convention) => t(`transparency.regimes.${convention.regime}`),
        },
        {
          key: 'deadline',
          title: t('transparency.fields.filingDeadline'),
          render: (_value, convention) => formatDate(convention.filingDeadline),
        },
        {
          key: 'status',
          title: t('transparency.fields.status'),
          render: (_value, convention) => <ConventionStatusTag status={convention.status} />,
        },
        { key: 'amounts', title: t('transparency.fields.paidAndTotal'), align: 'right', render: (_v, c) => amounts(c) },
        ...(onEdit === null ? [] : [{ key: 'edit', render: (_value: unknown, c: Convention) => editButton(c) }]),
      ];

  return (
    <Table<Convention>
      rowKey="id"
      columns={columns}
      dataSource={[...conventions]}
      pagination={false}
      {...listTableLayout<Convention>(isCompact)}
      scroll={isCompact ? undefined : { x: 720 }}
      data-testid="convention-table"
    />
  );
}
