import type { Office } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { officeQueries } from '@/modules/offices/api';
import { CompactOffice, DoctorCount, OfficeName } from '@/modules/offices/components/OfficeCells';
import { useUgaColumn } from '@/modules/offices/components/office-columns';
import type { OfficeListParams } from '@/modules/offices/query-keys';
import { useIsPhone } from '@/ui/phone-layout';
import { clickableRows, listTableLayout, useListPagination } from '@/ui/table-list';

export type OfficeTableProps = OfficeListParams & {
  onPageChange: (page: number, limit: number) => void;
};

/**
 * The offices list's columns (spec 000 §2): name, address, city, postal code, UGA code with its name,
 * doctor count; on phones the same fields in one compact cell (decision 0016). Built once per language.
 */
function useOfficeColumns(isCompact: boolean): TableColumnsType<Office> {
  const { t } = useTranslation();
  const ugaColumn = useUgaColumn<Office>();
  return useMemo(() => {
    if (isCompact) {
      const labels = { doctorCount: t('offices.fields.doctorCount'), uga: t('offices.fields.ugaColumn') };
      return [
        {
          key: 'office',
          title: t('offices.listTitle'),
          render: (_value, office) => <CompactOffice office={office} labels={labels} />,
        },
      ];
    }
    return [
      {
        key: 'name',
        title: t('offices.fields.name'),
        dataIndex: 'name',
        render: (_name: string, office) => <OfficeName office={office} />,
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
        render: (count: number) => <DoctorCount count={count} />,
      },
    ];
  }, [t, ugaColumn, isCompact]);
}

/** The offices list (spec 000 §2): paged, the previous page shown until the next one arrives. */
export function OfficeTable({ onPageChange, ...params }: OfficeTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isCompact = useIsPhone();
  const { data, isPending, isFetching, isError, error } = useQuery(officeQueries.list(params));
  const columns = useOfficeColumns(isCompact);
  const listPagination = useListPagination();
  const openOffice = useCallback(
    (office: Office) => {
      void navigate(`/offices/${encodeURIComponent(office.id)}`);
    },
    [navigate],
  );

  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError) return <Alert type="error" showIcon title={serverMessage(error)} />;

  return (
    <Table<Office>
      data-testid="offices-table"
      rowKey="id"
      {...listTableLayout<Office>(isCompact)}
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
    />
  );
}
