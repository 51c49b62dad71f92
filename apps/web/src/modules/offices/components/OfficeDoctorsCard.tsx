import { DisconnectOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { OFFICE_DOCTORS_PAGE_SIZE, type DoctorListItem, type Office, type Specialty } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { serverMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useActiveTargets } from '@/modules/configuration/api';
import { useSharedDoctorColumns } from '@/modules/doctors/components/doctor-columns';
import { useDoctorOptions } from '@/modules/doctors/hooks/useDoctorOptions';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import { officeQueries, useRemoveOfficeDoctorMutation } from '@/modules/offices/api';
import { AddDoctorDialog } from '@/modules/offices/components/AddDoctorDialog';
import { ColorSwatch } from '@/ui/ColorSwatch';
import { SEARCH_BY_LABEL } from '@/ui/search-by-label';
import { useListPagination } from '@/ui/table-list';
import { CARD_TABLE_SCROLL } from '@/ui/table-scroll';

export type OfficeDoctorsCardProps = { office: Office };

type Paging = { filters: string; page: number; limit: number };

/** Spec 000 §2: the office's doctors, with search, specialty and target filters, add and remove. */
export function OfficeDoctorsCard({ office }: OfficeDoctorsCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCanWrite();
  const options = useDoctorOptions();
  const { targets } = useActiveTargets();
  const doctorColumns = useSharedDoctorColumns();
  const [searchText, setSearchText] = useState('');
  const [specialty, setSpecialty] = useState<Specialty | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const search = useDebouncedValue(searchText.trim());
  // The page belongs to the filters it was chosen with: new filters start at page 1.
  const filters = JSON.stringify([search, specialty, target]);
  const [paging, setPaging] = useState<Paging>({ filters, page: 1, limit: OFFICE_DOCTORS_PAGE_SIZE });
  const page = paging.filters === filters ? paging.page : 1;
  const params = { search, specialty, target, page, limit: paging.limit };
  const { data, isPending, isFetching, isError, error } = useQuery(officeQueries.doctors(office.id, params));
  const removeDoctor = useRemoveOfficeDoctorMutation();
  const listPagination = useListPagination();

  const handleRemove = async (doctor: DoctorListItem) => {
    try {
      await removeDoctor.mutateAsync({ officeId: office.id, doctorId: doctor.id });
    } catch (removeError) {
      void message.error(t('offices.messages.removeDoctorFailed', { message: serverMessage(removeError) }));
      return;
    }
    void message.success(t('offices.messages.doctorRemoved', { name: doctorFullName(doctor) }));
  };

  const columns: TableColumnsType<DoctorListItem> = [
    {
      key: 'name',
      title: t('offices.detail.doctorColumn'),
      render: (_value, doctor) => (
        <span className="office-name-cell">
          <Link to={`/doctors/${encodeURIComponent(doctor.id)}`}>
            {doctor.lastName} {doctor.firstName}
          </Link>
          {doctor.primaryOffice?.id === office.id && (
            <Tag color="gold" variant="outlined">
              {t('offices.detail.primaryHere')}
            </Tag>
          )}
        </span>
      ),
    },
    { ...doctorColumns.rpps, responsive: ['md'] },
    doctorColumns.primarySpecialty,
    doctorColumns.target,
    { ...doctorColumns.potentialTarget, responsive: ['lg'] },
  ];
  if (canWrite) {
    columns.push({
      key: 'remove',
      align: 'right',
      render: (_value, doctor) => (
        <Popconfirm
          title={t('offices.detail.removeConfirm', { name: doctorFullName(doctor) })}
          okText={t('offices.detail.remove')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => handleRemove(doctor)}
        >
          <Button
            size="small"
            danger
            type="text"
            icon={<DisconnectOutlined />}
            data-testid={`remove-doctor-${doctor.id}`}
            loading={removeDoctor.isPending && removeDoctor.variables.doctorId === doctor.id}
          >
            {t('offices.detail.remove')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Card
      className="page-card"
      title={
        <span className="card-title-with-icon">
          <TeamOutlined />
          {t('offices.detail.doctorsCard')}
          <Tag className="count-tag">{office.doctorCount}</Tag>
        </span>
      }
      extra={
        canWrite ? (
          <Button
            type="primary"
            ghost
            icon={<PlusOutlined />}
            data-testid="add-doctor-button"
            onClick={() => {
              setDialogOpen(true);
            }}
          >
            {t('offices.detail.addDoctor')}
          </Button>
        ) : undefined
      }
    >
      <div className="list-toolbar">
        <Input
          allowClear
          className="list-search"
          prefix={<SearchOutlined />}
          placeholder={t('offices.detail.searchDoctors')}
          aria-label={t('offices.detail.searchDoctors')}
          data-testid="office-doctor-search-input"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
          }}
        />
        <Select<Specialty>
          allowClear
          className="toolbar-select"
          placeholder={t('offices.detail.specialtyFilter')}
          aria-label={t('offices.detail.specialtyFilter')}
          data-testid="office-doctor-specialty-filter"
          value={specialty ?? undefined}
          options={options.specialties}
          showSearch={SEARCH_BY_LABEL}
          onChange={(value: Specialty | undefined) => {
            setSpecialty(value ?? null);
          }}
        />
        <Select<string>
          allowClear
          className="toolbar-select"
          placeholder={t('offices.detail.targetFilter')}
          aria-label={t('offices.detail.targetFilter')}
          data-testid="office-doctor-target-filter"
          value={target ?? undefined}
          options={targets.map((item) => ({
            value: item.name,
            label: <ColorSwatch color={item.color} label={item.name} />,
          }))}
          onChange={(value: string | undefined) => {
            setTarget(value ?? null);
          }}
        />
      </div>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : isError ? (
        <Alert type="error" showIcon title={serverMessage(error)} />
      ) : (
        <Table<DoctorListItem>
          data-testid="office-doctors-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.doctors}
          loading={isFetching}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <Typography.Text type="secondary">
                    {office.doctorCount === 0 ? t('offices.detail.noDoctors') : t('offices.detail.noMatchingDoctors')}
                  </Typography.Text>
                }
              />
            ),
          }}
          pagination={listPagination({
            current: page,
            pageSize: paging.limit,
            total: data.total,
            hideOnSinglePage: data.total <= OFFICE_DOCTORS_PAGE_SIZE,
            onChange: (nextPage, limit) => {
              setPaging({ filters, page: nextPage, limit });
            },
          })}
          scroll={CARD_TABLE_SCROLL}
        />
      )}
      {canWrite && (
        <AddDoctorDialog
          office={office}
          open={isDialogOpen}
          onClose={() => {
            setDialogOpen(false);
          }}
        />
      )}
    </Card>
  );
}
