import { DoctorInput, type Doctor } from '@crm/shared';
import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateDoctorMutation } from '@/modules/doctors/api';
import { DOCTOR_FIELD_NAMES, DoctorFormFields } from '@/modules/doctors/components/DoctorFormFields';
import { RecordCreateForm } from '@/ui/RecordCreateForm';

export type DoctorCreateFormProps = {
  onCreated: (doctor: Doctor) => void;
  onCancel: () => void;
};

/** /doctors/new: the creation form (spec 000 §2); the page goes to the new doctor afterwards. */
export function DoctorCreateForm({ onCreated, onCancel }: DoctorCreateFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const createDoctor = useCreateDoctorMutation();

  return (
    <Card className="page-card form-card" title={t('doctors.create.cardTitle')}>
      <RecordCreateForm
        schema={DoctorInput}
        fieldNames={DOCTOR_FIELD_NAMES}
        create={createDoctor.mutateAsync}
        createFailedMessage={(reason) => t('doctors.messages.createFailed', { message: reason })}
        onCreated={(doctor) => {
          void message.success(t('doctors.messages.created'));
          onCreated(doctor);
        }}
        isBusy={createDoctor.isPending}
        onCancel={onCancel}
        submitLabel={t('doctors.create.submit')}
        testIds={{ form: 'doctor-create-form', submit: 'create-doctor-submit' }}
      >
        <DoctorFormFields />
      </RecordCreateForm>
    </Card>
  );
}
