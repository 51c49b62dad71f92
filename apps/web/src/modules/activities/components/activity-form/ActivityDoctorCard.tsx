import { UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/app/permissions';
import { DoctorLinks } from '@/modules/activities/components/activity-form/ActivityRecordLinks';
import { AttendeesSelect, DoctorSelect } from '@/modules/activities/components/DoctorSelect';
import { LocationFields } from '@/modules/activities/components/LocationFields';
import type { ActivityFormValues } from '@/modules/activities/utils/activity-form-values';

export type ActivityDoctorCardProps = {
  /** The whole form is read-only (done, or someone else's). */
  disabled: boolean;
  /** Opens the new-doctor dialog. */
  onCreateDoctor: () => void;
};

/**
 * The form's doctor section: the doctor (or a new one, for users who may create doctors: spec 000 §6),
 * links to the doctor's page and consent, the attendees, and where it takes place.
 */
export function ActivityDoctorCard({ disabled, onCreateDoctor }: ActivityDoctorCardProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const form = Form.useFormInstance<ActivityFormValues>();
  const doctor = Form.useWatch('doctor', form);
  // Creating a doctor or an office writes the directory, which a read-only user may not (the server refuses).
  const canAddRecords = canWrite && !disabled;
  return (
    <Card className="page-card" title={t('activities.form.sections.doctor')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <div className="field-with-action">
            <Form.Item
              name="doctor"
              label={t('activities.fields.doctor')}
              extra={doctor ? <DoctorLinks doctorId={doctor.value} /> : undefined}
            >
              <DoctorSelect placeholder={t('activities.form.searchDoctor')} data-testid="doctor-select" />
            </Form.Item>
            {canAddRecords && (
              <Form.Item label={<span aria-hidden="true">&nbsp;</span>} colon={false}>
                <Button icon={<UserAddOutlined />} onClick={onCreateDoctor} data-testid="create-doctor-button">
                  {t('activities.form.createDoctor')}
                </Button>
              </Form.Item>
            )}
          </div>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="attendees" label={t('activities.fields.attendees')}>
            <AttendeesSelect placeholder={t('activities.form.searchDoctor')} data-testid="attendees-select" />
          </Form.Item>
        </Col>
      </Row>
      <LocationFields doctorId={doctor?.value} canAddOffice={canAddRecords} />
    </Card>
  );
}
