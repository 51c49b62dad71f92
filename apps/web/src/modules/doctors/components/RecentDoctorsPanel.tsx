import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import type { DoctorListItem } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Popconfirm, Skeleton, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { doctorQueries, useClearRecentDoctorsMutation, useRemoveRecentDoctorMutation } from '@/modules/doctors/api';
import { useWithPlanCounts } from '@/modules/cycles/components/plan-counts';
import { useDoctorColumns } from '@/modules/doctors/components/doctor-columns';
import { useOpenDoctor, usePrefetchDoctor } from '@/modules/doctors/hooks/useOpenDoctor';
import { useRecentBanner } from '@/modules/doctors/hooks/useRecentBanner';
import { useIsPhone } from '@/ui/phone-layout';
import { clickableRows, listTableLayout } from '@/ui/table-list';

/** The doctors list without search text: the recently viewed doctors, with the explanatory banner. */
export function RecentDoctorsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const banner = useRecentBanner();
  const openDoctor = useOpenDoctor();
  const prefetchDoctor = usePrefetchDoctor();
  const isCompact = useIsPhone();
  const doctorColumns = useDoctorColumns({ showRecentMarker: false, isCompact });
  const { data, isPending, isError, error } = useQuery(doctorQueries.recent());
  const columns = useWithPlanCounts(doctorColumns, data, isCompact);
  const removeRecent = useRemoveRecentDoctorMutation();
  const clearRecent = useClearRecentDoctorsMutation();

  const handleRemove = (doctor: DoctorListItem) => {
    removeRecent.mutate(doctor.id, {
      onError: () => {
        void message.error(t('doctors.list.removeRecentFailed'));
      },
    });
  };

  const handleClear = async () => {
    try {
      await clearRecent.mutateAsync();
    } catch (clearError) {
      void message.error(t('doctors.list.clearRecentFailed', { message: serverMessage(clearError) }));
    }
  };

  const removeColumn: TableColumnsType<DoctorListItem>[number] = {
    key: 'remove',
    width: 56,
    align: 'right',
    render: (_value, doctor) => (
      <Tooltip title={t('doctors.list.removeRecent')}>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('doctors.list.removeRecent')}
          data-testid={`remove-recent-${doctor.id}`}
          loading={removeRecent.isPending && removeRecent.variables === doctor.id}
          onClick={(event) => {
            // The row around it opens the doctor.
            event.stopPropagation();
            handleRemove(doctor);
          }}
        />
      </Tooltip>
    ),
  };

  const hasDoctors = data !== undefined && data.length > 0;

  return (
    <section className="recent-doctors" aria-label={t('doctors.list.recentTitle')}>
      {!banner.isDismissed && (
        <Alert
          type="info"
          showIcon
          className="recent-banner"
          data-testid="recent-banner"
          title={t('doctors.list.bannerTitle')}
          description={t('doctors.list.bannerText')}
          closable={{ onClose: banner.dismiss, 'aria-label': t('doctors.list.bannerDismiss') }}
        />
      )}
      <div className="section-heading">
        <h2 className="section-title">{t('doctors.list.recentTitle')}</h2>
        {hasDoctors && (
          <Popconfirm
            title={t('doctors.list.clearRecentConfirm')}
            okText={t('doctors.list.clearRecent')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={handleClear}
          >
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              loading={clearRecent.isPending}
              data-testid="clear-recent-button"
            >
              {t('doctors.list.clearRecent')}
            </Button>
          </Popconfirm>
        )}
      </div>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : isError ? (
        <Alert type="error" showIcon title={serverMessage(error)} />
      ) : (
        <Table<DoctorListItem>
          data-testid="recent-doctors-table"
          rowKey="id"
          {...listTableLayout<DoctorListItem>(isCompact)}
          columns={[...columns, removeColumn]}
          dataSource={data}
          pagination={false}
          {...clickableRows<DoctorListItem>(
            (doctor) => {
              openDoctor(doctor.id);
            },
            (doctor) => {
              prefetchDoctor(doctor.id);
            },
          )}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('doctors.list.noRecent')} />,
          }}
        />
      )}
    </section>
  );
}
