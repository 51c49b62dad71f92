import { DoctorInput, type Doctor } from '@crm/shared';
import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateDoctorForActivityMutation } from '@/modules/doctors/api';
import { DOCTOR_FIELD_NAMES, DoctorFormFields } from '@/modules/doctors/components/DoctorFormFields';
import { RecordCreateForm } from '@/ui/RecordCreateForm';

export type CreateDoctorDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The new doctor becomes the activity's. */
  onCreated: (doctor: Doctor) => void;
};

/**
 * Spec 001 §2: a doctor created from the activity form, with the directory's own fields and rules (rpps,
 * names, primary specialty, a valid e-mail); a refusal shows the server's message. Offline the creation is
 * queued and the new doctor is the activity's at once.
 */
export function CreateDoctorDialog({ open, onClose, onCreated }: CreateDoctorDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const createDoctor = useCreateDoctorForActivityMutation();
  return (
    <Modal
      open={open}
      title={t('activities.form.createDoctorTitle')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <RecordCreateForm
        schema={DoctorInput}
        fieldNames={DOCTOR_FIELD_NAMES}
        create={createDoctor.mutateAsync}
        createFailedMessage={(reason) => t('doctors.messages.createFailed', { message: reason })}
        onCreated={({ doctor, queued }) => {
          void message.success(queued ? t('offline.savedOffline') : t('doctors.messages.created'));
          onCreated(doctor);
        }}
        isBusy={createDoctor.isPending}
        onCancel={onClose}
        submitLabel={t('activities.form.createDoctorSubmit')}
        className="dialog-tab"
        testIds={{ form: 'doctor-create-form', submit: 'create-doctor-submit' }}
      >
        <DoctorFormFields />
      </RecordCreateForm>
    </Modal>
  );
}
