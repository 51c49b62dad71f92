import { OfficeInput, type Office } from '@crm/shared';
import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateOfficeMutation } from '@/modules/offices/api';
import { OFFICE_FIELD_NAMES, OfficeFormFields } from '@/modules/offices/components/OfficeFormFields';
import { RecordCreateForm } from '@/ui/RecordCreateForm';

export type OfficeCreateFormProps = {
  onCreated: (office: Office) => void;
  onCancel: () => void;
};

/** /offices/new: the creation form; the page goes to the new office afterwards. */
export function OfficeCreateForm({ onCreated, onCancel }: OfficeCreateFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const createOffice = useCreateOfficeMutation();

  return (
    <Card className="page-card form-card" title={t('offices.create.cardTitle')}>
      <RecordCreateForm
        schema={OfficeInput}
        fieldNames={OFFICE_FIELD_NAMES}
        create={createOffice.mutateAsync}
        createFailedMessage={(reason) => t('offices.messages.createFailed', { message: reason })}
        onCreated={(office) => {
          void message.success(t('offices.messages.created'));
          onCreated(office);
        }}
        isBusy={createOffice.isPending}
        onCancel={onCancel}
        submitLabel={t('offices.create.submit')}
        testIds={{ form: 'office-create-form', submit: 'create-office-submit' }}
      >
        <OfficeFormFields />
      </RecordCreateForm>
    </Card>
  );
}
