import { DoctorInput, type Doctor, type DoctorInputForm } from '@crm/shared';
import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form-rules';
import { useCreateDoctorMutation } from '@/modules/doctors/api';
import { DOCTOR_FIELD_NAMES, DoctorFormFields } from '@/modules/doctors/components/DoctorFormFields';

export type DoctorCreateFormProps = {
  onCreated: (doctor: Doctor) => void;
  onCancel: () => void;
};

/** /doctors/new: the creation form (spec 000 §2); the page goes to the new doctor afterwards. */
export function DoctorCreateForm({ onCreated, onCancel }: DoctorCreateFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DoctorInputForm>();
  const createDoctor = useCreateDoctorMutation();

  const handleFinish = async (values: DoctorInputForm) => {
    const input = DoctorInput.safeParse(values);
    if (!input.success) return; // The form's own rules already say what is wrong.
    let doctor: Doctor;
    try {
      doctor = await createDoctor.mutateAsync(input.data);
    } catch (error) {
      applyServerFieldErrors(form, error, DOCTOR_FIELD_NAMES);
      void message.error(t('doctors.messages.saveFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('doctors.messages.created'));
    onCreated(doctor);
  };

  return (
    <Card className="page-card form-card" title={t('doctors.create.cardTitle')}>
      <Form<DoctorInputForm>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        disabled={createDoctor.isPending}
        data-testid="doctor-create-form"
      >
        <DoctorFormFields />
        <div className="form-actions">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={createDoctor.isPending} data-testid="create-doctor-submit">
            {t('doctors.create.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
