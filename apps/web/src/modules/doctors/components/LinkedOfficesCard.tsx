import { HomeOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Doctor, DoctorOffice } from '@crm/shared';
import { App, Button, Card, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { serverMessage } from '@/lib/errors';
import { useSetPrimaryOfficeMutation } from '@/modules/doctors/api';
import { AddOfficeDialog } from '@/modules/doctors/components/AddOfficeDialog';
import { useUgaColumn } from '@/modules/offices/components/office-columns';
import { CARD_TABLE_SCROLL } from '@/ui/table-scroll';

export type LinkedOfficesCardProps = { doctor: Doctor };

/** The doctor's offices with the primary tag and set-primary action, and the add-office dialog. */
export function LinkedOfficesCard({ doctor }: LinkedOfficesCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCanWrite();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const setPrimary = useSetPrimaryOfficeMutation();
  const ugaColumn = useUgaColumn<DoctorOffice>();
  // The primary office first, then by name.
  const offices = [...doctor.offices].sort(
    (a, b) => Number(b.is_primary) - Number(a.is_primary) || a.name.localeCompare(b.name),
  );

  const handleSetPrimary = async (office: DoctorOffice) => {
    try {
      await setPrimary.mutateAsync({ doctorId: doctor.id, officeId: office.id });
    } catch (error) {
      void message.error(t('doctors.messages.setPrimaryFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('doctors.messages.primaryUpdated', { name: office.name }));
  };

  const columns: TableColumnsType<DoctorOffice> = [
    {
      key: 'name',
      title: t('offices.fields.name'),
      render: (_value, office) => (
        <span className="office-name-cell">
          <Link to={`/offices/${encodeURIComponent(office.id)}`}>{office.name}</Link>
          {office.is_primary && (
            <Tag color="gold" icon={<StarFilled />} data-testid={`primary-tag-${office.id}`}>
              {t('doctors.detail.primaryTag')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'address',
      title: t('offices.fields.address'),
      render: (_value, office) => (
        <div className="two-lines">
          <span>{office.address}</span>
          <Typography.Text type="secondary">
            {office.postal_code} {office.city}
          </Typography.Text>
        </div>
      ),
    },
    ugaColumn,
    {
      key: 'phone',
      title: t('offices.fields.phone'),
      dataIndex: 'phone',
      responsive: ['md'],
      render: (phone: string | null) => phone ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      align: 'right',
      render: (_value, office) =>
        office.is_primary ? null : (
          <Button
            size="small"
            icon={<StarOutlined />}
            data-testid={`set-primary-${office.id}`}
            loading={setPrimary.isPending && setPrimary.variables.officeId === office.id}
            onClick={() => void handleSetPrimary(office)}
          >
            {t('doctors.detail.setPrimary')}
          </Button>
        ),
    });
  }

  return (
    <Card
      className="page-card"
      title={
        <span className="card-title-with-icon">
          <HomeOutlined />
          {t('doctors.detail.officesCard')}
          <Tag className="count-tag">{doctor.offices.length}</Tag>
        </span>
      }
      extra={
        canWrite && (
          <Button
            type="primary"
            ghost
            icon={<PlusOutlined />}
            data-testid="add-office-button"
            onClick={() => {
              setDialogOpen(true);
            }}
          >
            {t('doctors.detail.addOffice')}
          </Button>
        )
      }
    >
      <Table<DoctorOffice>
        data-testid="linked-offices-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={offices}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('doctors.detail.noOffices')} />,
        }}
        scroll={CARD_TABLE_SCROLL}
      />
      {canWrite && (
        <AddOfficeDialog
          doctor={doctor}
          open={isDialogOpen}
          onClose={() => {
            setDialogOpen(false);
          }}
        />
      )}
    </Card>
  );
}
