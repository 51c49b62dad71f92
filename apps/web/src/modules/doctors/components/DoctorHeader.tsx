import { CalendarOutlined, DeleteOutlined } from '@ant-design/icons';
import type { Doctor } from '@crm/shared';
import { App, Avatar, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { DoctorPlanTag } from '@/modules/cycles/components/plan-counts';
import { useDeleteDoctorMutation } from '@/modules/doctors/api';
import { doctorFullName, doctorInitials } from '@/modules/doctors/utils/doctor-name';
import { PageHeader } from '@/ui/PageHeader';

export type DoctorHeaderProps = {
  doctor: Doctor;
  onBack: () => void;
};

/** The doctor's name and key facts, the create-activity button and, for writers, delete. */
export function DoctorHeader({ doctor, onBack }: DoctorHeaderProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const deleteDoctor = useDeleteDoctorMutation();
  const name = doctorFullName(doctor);
  const prefix = doctor.prefix === null ? '' : `${t(`prefixes.${doctor.prefix}`)} `;

  const handleCreateActivity = () => {
    const params = new URLSearchParams({ doctorId: doctor.id, doctorName: name });
    void navigate(`/activities/new?${params.toString()}`);
  };

  const handleDelete = () => {
    modal.confirm({
      title: t('doctors.detail.deleteConfirmTitle', { name }),
      content: t('doctors.detail.deleteConfirmText'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteDoctor.mutateAsync(doctor);
        } catch (error) {
          void message.error(t('doctors.messages.deleteFailed', { message: serverMessage(error) }));
          return;
        }
        void message.success(t('doctors.messages.deleted'));
        void navigate('/doctors', { replace: true });
      },
    });
  };

  const subtitle = [
    `${t('doctors.fields.rpps')} ${doctor.rpps}`,
    doctor.title,
    doctor.primaryOffice === null ? null : `${doctor.primaryOffice.name}, ${doctor.primaryOffice.city}`,
  ]
    .filter((part) => part !== null && part !== '')
    .join(' · ');

  return (
    <PageHeader
      onBack={onBack}
      title={
        <span className="title-with-avatar">
          <Avatar size={40} className="doctor-avatar">
            {doctorInitials(doctor)}
          </Avatar>
          <span data-testid="doctor-name">
            {prefix}
            {name}
          </span>
        </span>
      }
      tags={
        <span className="header-tags">
          <Tag color="geekblue">{t(`specialties.${doctor.primarySpecialty}`)}</Tag>
          {doctor.secondarySpecialty !== null && <Tag>{t(`specialties.${doctor.secondarySpecialty}`)}</Tag>}
          <DoctorPlanTag doctorId={doctor.id} />
          {doctor.inactiveSince != null && (
            <Tag color="warning" data-testid="doctor-inactive">
              {t('doctors.detail.inactiveSince', { date: formatDate(doctor.inactiveSince) })}
            </Tag>
          )}
        </span>
      }
      subtitle={subtitle}
      actions={
        <>
          <Button icon={<CalendarOutlined />} onClick={handleCreateActivity} data-testid="create-activity-button">
            {t('doctors.detail.createActivity')}
          </Button>
          {canWrite && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={handleDelete}
              loading={deleteDoctor.isPending}
              data-testid="delete-doctor-button"
            >
              {t('common.delete')}
            </Button>
          )}
        </>
      }
    />
  );
}
