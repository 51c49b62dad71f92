import { PlusOutlined } from '@ant-design/icons';
import type { DoctorOffice } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Row, Select } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfficeLink } from '@/modules/activities/components/activity-form/ActivityRecordLinks';
import type { ActivityFormValues } from '@/modules/activities/utils/activity-form-values';
import { doctorQueries } from '@/modules/doctors/api';
import { doctorFromSlice, fromServerOrSlice } from '@/offline/slice/slice-queries';

// The add-office dialog (office search, creation with the UGA extraction) loads when first opened.
const AddOfficeDialog = lazy(() =>
  import('@/modules/doctors/components/AddOfficeDialog').then((module) => ({ default: module.AddOfficeDialog })),
);

/** What picking an office writes into the activity's location. */
function locationOf(office: DoctorOffice): Partial<ActivityFormValues> {
  return {
    officeId: office.id,
    location: office.name,
    address: office.address,
    postal_code: office.postal_code,
    city: office.city,
    officePhone: office.phone,
    officeEmail: office.email,
  };
}

export type LocationFieldsProps = {
  doctorId: string | undefined;
  /** Offers a new office linked to the doctor (with its UGA extraction): users who may write the directory. */
  canAddOffice: boolean;
};

/**
 * Spec 001 §2: the location, once a doctor is chosen: one of the doctor's offices (which fills the
 * address, phone and e-mail, and links to the office's page), a new office linked to the doctor, or an
 * address typed freely.
 */
export function LocationFields({ doctorId, canAddOffice }: LocationFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ActivityFormValues>();
  const officeId = Form.useWatch('officeId', form);
  const queryClient = useQueryClient();
  const doctorQuery = doctorQueries.detail(doctorId ?? '');
  const fetchDoctor = doctorQuery.queryFn;
  const doctor = useQuery({
    ...doctorQuery,
    // Offline, the doctor's offices come from the rep's stored slice (the query must run, not pause).
    queryFn: (context) =>
      fromServerOrSlice(
        async () => {
          if (fetchDoctor === undefined) throw new Error('The doctor query has no query function');
          return fetchDoctor(context);
        },
        (owner) => doctorFromSlice(owner, doctorId ?? ''),
      ),
    networkMode: 'always',
    enabled: doctorId !== undefined,
  });
  const [addOffice, setAddOffice] = useState<{ isOpen: boolean; knownIds: readonly string[] } | null>(null);

  if (doctorId === undefined) {
    return (
      <Alert type="info" showIcon title={t('activities.form.selectDoctorFirst')} data-testid="select-doctor-first" />
    );
  }

  const offices = doctor.data?.offices ?? [];

  const handleOfficeChange = (officeId: string | null | undefined) => {
    const office = offices.find((known) => known.id === officeId);
    // Clearing the office keeps the address: it becomes a free one.
    if (office !== undefined) form.setFieldsValue(locationOf(office));
  };

  const handleAddOfficeClosed = () => {
    const knownIds = addOffice?.knownIds ?? [];
    setAddOffice((current) => (current === null ? null : { ...current, isOpen: false }));
    // The dialog stored the doctor with the office just linked: that office becomes the location.
    const latest = queryClient.getQueryData(doctorQueries.detail(doctorId).queryKey);
    const added = latest?.offices.find((office) => !knownIds.includes(office.id));
    if (added !== undefined) form.setFieldsValue(locationOf(added));
  };

  return (
    <>
      <div className="field-with-action">
        <Form.Item
          name="officeId"
          label={t('activities.fields.office')}
          extra={officeId ? <OfficeLink officeId={officeId} /> : undefined}
        >
          <Select
            allowClear
            loading={doctor.isFetching}
            placeholder={t('activities.form.officePlaceholder')}
            options={offices.map((office) => ({
              value: office.id,
              label: `${office.name} · ${office.postal_code} ${office.city}`,
            }))}
            onChange={handleOfficeChange}
            notFoundContent={t('activities.form.noOffice')}
            data-testid="office-select"
          />
        </Form.Item>
        {canAddOffice && (
          <Form.Item label={<span aria-hidden="true">&nbsp;</span>} colon={false}>
            <Button
              icon={<PlusOutlined />}
              disabled={doctor.data === undefined}
              onClick={() => {
                setAddOffice({ isOpen: true, knownIds: offices.map((office) => office.id) });
              }}
              data-testid="add-office-button"
            >
              {t('activities.form.addOffice')}
            </Button>
          </Form.Item>
        )}
      </div>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="location" label={t('activities.fields.location')}>
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address" label={t('activities.fields.address')}>
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="postal_code" label={t('activities.fields.postal_code')}>
            <Input autoComplete="off" inputMode="numeric" maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="city" label={t('activities.fields.city')}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="officePhone" label={t('activities.fields.officePhone')}>
            <Input type="tel" inputMode="tel" autoComplete="off" maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="officeEmail" label={t('activities.fields.officeEmail')}>
            <Input type="email" inputMode="email" autoComplete="off" maxLength={254} />
          </Form.Item>
        </Col>
      </Row>
      {canAddOffice && addOffice !== null && doctor.data !== undefined && (
        <Suspense fallback={null}>
          <AddOfficeDialog doctor={doctor.data} open={addOffice.isOpen} onClose={handleAddOfficeClosed} />
        </Suspense>
      )}
    </>
  );
}
