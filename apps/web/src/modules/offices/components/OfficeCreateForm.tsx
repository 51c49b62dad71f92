import { OfficeInput, type Office, type OfficeInputForm } from '@crm/shared';
import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form-rules';
import { useCreateOfficeMutation } from '@/modules/offices/api';
import { OFFICE_FIELD_NAMES, OfficeFormFields } from '@/modules/offices/components/OfficeFormFields';

export type OfficeCreateFormProps = {
  onCreated: (office: Office) => void;
  onCancel: () => void;
};

/** /offices/new: the creation form; the page goes to the new office afterwards. */
export function OfficeCreateForm({ onCreated, onCancel }: OfficeCreateFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfficeInputForm>();
  const createOffice = useCreateOfficeMutation();

  const handleFinish = async (values: OfficeInputForm) => {
    const input = OfficeInput.safeParse(values);
    if (!input.success) return; // The form's own rules already say what is wrong.
    let office: Office;
    try {
      office = await createOffice.mutateAsync(input.data);
    } catch (error) {
      applyServerFieldErrors(form, error, OFFICE_FIELD_NAMES);
      void message.error(t('offices.messages.createFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('offices.messages.created'));
    onCreated(office);
  };

  return (
    <Card className="page-card form-card" title={t('offices.create.cardTitle')}>
      <Form<OfficeInputForm>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        disabled={createOffice.isPending}
        data-testid="office-create-form"
      >
        <OfficeFormFields />
        <div className="form-actions">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={createOffice.isPending} data-testid="create-office-submit">
            {t('offices.create.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
