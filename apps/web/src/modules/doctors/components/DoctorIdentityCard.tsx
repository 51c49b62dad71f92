import { IdcardOutlined } from '@ant-design/icons';
import { DoctorInput, type Doctor, type DoctorUpdate } from '@crm/shared';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/app/permissions';
import { useUpdateDoctorMutation } from '@/modules/doctors/api';
import { useDoctorOptions } from '@/modules/doctors/hooks/useDoctorOptions';
import { InlineEditField } from '@/ui/InlineEditField';

export type DoctorIdentityCardProps = { doctor: Doctor };

/** The doctor's own fields, each edited inline (read-only without readWrite). */
export function DoctorIdentityCard({ doctor }: DoctorIdentityCardProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const options = useDoctorOptions();
  const updateDoctor = useUpdateDoctorMutation(doctor.id);
  const { shape } = DoctorInput;
  // Inline edits send the one field that changed.
  const save = (patch: DoctorUpdate) => updateDoctor.mutateAsync(patch);
  const updateFailed = (message: string) => t('doctors.messages.updateFailed', { message });

  const items: DescriptionsProps['items'] = [
    {
      key: 'rpps',
      label: t('doctors.fields.rpps'),
      children: (
        <InlineEditField
          name="rpps"
          label={t('doctors.fields.rpps')}
          value={doctor.rpps}
          canEdit={canWrite}
          schema={shape.rpps}
          isRequired
          inputMode="numeric"
          onSave={(rpps) => save({ rpps })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'prefix',
      label: t('doctors.fields.prefix'),
      children: (
        <InlineEditField
          name="prefix"
          label={t('doctors.fields.prefix')}
          value={doctor.prefix}
          canEdit={canWrite}
          schema={shape.prefix}
          options={options.prefixes}
          onSave={(prefix) => save({ prefix })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'firstName',
      label: t('doctors.fields.firstName'),
      children: (
        <InlineEditField
          name="firstName"
          label={t('doctors.fields.firstName')}
          value={doctor.firstName}
          canEdit={canWrite}
          schema={shape.firstName}
          isRequired
          onSave={(firstName) => save({ firstName })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'lastName',
      label: t('doctors.fields.lastName'),
      children: (
        <InlineEditField
          name="lastName"
          label={t('doctors.fields.lastName')}
          value={doctor.lastName}
          canEdit={canWrite}
          schema={shape.lastName}
          isRequired
          onSave={(lastName) => save({ lastName })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'title',
      label: t('doctors.fields.title'),
      children: (
        <InlineEditField
          name="title"
          label={t('doctors.fields.title')}
          value={doctor.title}
          canEdit={canWrite}
          schema={shape.title}
          onSave={(title) => save({ title })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'gender',
      label: t('doctors.fields.gender'),
      children: (
        <InlineEditField
          name="gender"
          label={t('doctors.fields.gender')}
          value={doctor.gender}
          canEdit={canWrite}
          schema={shape.gender}
          options={options.genders}
          onSave={(gender) => save({ gender })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'email',
      label: t('doctors.fields.email'),
      children: (
        <InlineEditField
          name="email"
          label={t('doctors.fields.email')}
          value={doctor.email}
          canEdit={canWrite}
          schema={shape.email}
          inputMode="email"
          onSave={(email) => save({ email })}
          failureMessage={updateFailed}
          renderValue={(email) => <a href={`mailto:${email}`}>{email}</a>}
        />
      ),
    },
    {
      key: 'phone',
      label: t('doctors.fields.phone'),
      children: (
        <InlineEditField
          name="phone"
          label={t('doctors.fields.phone')}
          value={doctor.phone}
          canEdit={canWrite}
          schema={shape.phone}
          inputMode="tel"
          onSave={(phone) => save({ phone })}
          failureMessage={updateFailed}
          renderValue={(phone) => <a href={`tel:${phone.replaceAll(' ', '')}`}>{phone}</a>}
        />
      ),
    },
    {
      key: 'primarySpecialty',
      label: t('doctors.fields.primarySpecialty'),
      children: (
        <InlineEditField
          name="primarySpecialty"
          label={t('doctors.fields.primarySpecialty')}
          value={doctor.primarySpecialty}
          canEdit={canWrite}
          schema={shape.primarySpecialty}
          isRequired
          options={options.specialties}
          onSave={(primarySpecialty) => save({ primarySpecialty })}
          failureMessage={updateFailed}
        />
      ),
    },
    {
      key: 'secondarySpecialty',
      label: t('doctors.fields.secondarySpecialty'),
      children: (
        <InlineEditField
          name="secondarySpecialty"
          label={t('doctors.fields.secondarySpecialty')}
          value={doctor.secondarySpecialty}
          canEdit={canWrite}
          schema={shape.secondarySpecialty}
          options={options.specialties}
          onSave={(secondarySpecialty) => save({ secondarySpecialty })}
          failureMessage={updateFailed}
        />
      ),
    },
  ];

  return (
    <Card
      className="page-card"
      title={
        <span className="card-title-with-icon">
          <IdcardOutlined />
          {t('doctors.detail.identityCard')}
        </span>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        layout="vertical"
        size="small"
        colon={false}
        items={items}
        className="field-grid"
      />
    </Card>
  );
}
