import type { DoctorListItem } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useWithPlanCounts } from '@/modules/cycles/components/plan-counts';
import { doctorQueries } from '@/modules/doctors/api';
import type { DoctorSearchParams } from '@/modules/doctors/query-keys';
import { useDoctorColumns } from '@/modules/doctors/components/doctor-columns';
import { useOpenDoctor, usePrefetchDoctor } from '@/modules/doctors/hooks/useOpenDoctor';
import { useIsPhone } from '@/ui/phone-layout';
import { useProgressiveRows } from '@/ui/progressive-rows';
import { clickableRows, listTableLayout, useListPagination } from '@/ui/table-list';

/** Rows a phone shows without scrolling, and more: built in the first pass. */
const FIRST_ROWS = 15;

export type DoctorSearchResultsProps = DoctorSearchParams & {
  onPageChange: (page: number, limit: number) => void;
};

/** The doctors list with search text: paged results, 10/20/50/100 per page. */
export function DoctorSearchResults({ search, page, limit, onPageChange }: DoctorSearchResultsProps) {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const doctorColumns = useDoctorColumns({ showRecentMarker: true, isCompact });
  const openDoctor = useOpenDoctor();
  const prefetchDoctor = usePrefetchDoctor();
  const listPagination = useListPagination();
  const { data, isPending, isFetching, isError, error } = useQuery(doctorQueries.search({ search, page, limit }));
  const columns = useWithPlanCounts(doctorColumns, data?.doctors, isCompact);
  const rows = useProgressiveRows(data?.doctors, FIRST_ROWS);

  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError) return <Alert type="error" showIcon title={serverMessage(error)} />;

  return (
    <Table<DoctorListItem>
      data-testid="doctor-results-table"
      rowKey="id"
      {...listTableLayout<DoctorListItem>(isCompact)}
      columns={columns}
      dataSource={rows}
      loading={isFetching}
      {...clickableRows<DoctorListItem>(
        (doctor) => {
          openDoctor(doctor.id);
        },
        (doctor) => {
          prefetchDoctor(doctor.id);
        },
      )}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('doctors.list.noResults', { search })} />,
      }}
      pagination={listPagination({ current: page, pageSize: limit, total: data.total, onChange: onPageChange })}
    />
  );
}
