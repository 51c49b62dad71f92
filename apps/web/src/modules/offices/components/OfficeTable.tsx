import type { Office } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { officeQueries } from '@/modules/offices/api';
import type { OfficeListParams } from '@/modules/offices/query-keys';
import { useUgaColumn } from '@/modules/offices/components/office-columns';
import { clickableRows, useListPagination } from '@/ui/table-list';
import { LIST_TABLE_SCROLL } from '@/ui/table-scroll';

export type OfficeTableProps = OfficeListParams & {
  onPageChange: (page: number, limit: number) => void;
};

/** The offices list (spec 000 §2): name, address, city, postal code, UGA code with its name, doctor count. */
export function OfficeTable({ onPageChange, ...params }: OfficeTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isFetching, isError, error } = useQuery(officeQueries.list(params));
  const ugaColumn = useUgaColumn<Office>();
  const listPagination = useListPagination();

  const columns: TableColumnsType<Office> = [
    {
      key: 'name',
      title: t('offices.fields.name'),
      dataIndex: 'name',
      render: (name: string, office) => (
        <div className="two-lines">
          <Typography.Text strong>{name}</Typography.Text>
          {office.sector !== null && <Typography.Text type="secondary">{office.sector}</Typography.Text>}
        </div>
      ),
    },
    { key: 'address', title: t('offices.fields.address'), dataIndex: 'address', responsive: ['md'] },
    { key: 'city', title: t('offices.fields.city'), dataIndex: 'city' },
    {
      key: 'postal_code',
      title: t('offices.fields.postal_code'),
      dataIndex: 'postal_code',
      render: (postalCode: string) => <span className="tabular">{postalCode}</span>,
    },
    ugaColumn,
    {
      key: 'doctorCount',
      title: t('offices.fields.doctorCount'),
      dataIndex: 'doctorCount',
      align: 'right',
      render: (count: number) => (
        <Tag color={count > 0 ? 'blue' : 'default'} className="count-tag">
          {count}
        </Tag>
      ),
    },
  ];

  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError) return <Alert type="error" showIcon title={serverMessage(error)} />;

  const openOffice = (office: Office) => {
    void navigate(`/offices/${encodeURIComponent(office.id)}`);
  };

  return (
    <Table<Office>
      data-testid="offices-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data.offices}
      loading={isFetching}
      {...clickableRows(openOffice)}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('offices.list.noResults')} />,
      }}
      pagination={listPagination({
        current: params.page,
        pageSize: params.limit,
        total: data.total,
        onChange: onPageChange,
      })}
      scroll={LIST_TABLE_SCROLL}
    />
  );
}
