import { CreateUserBody } from '@crm/shared';
import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { serverMessageOr } from '@/lib/errors';
import { useCreateUserMutation } from '@/modules/users/api';
import { useDeliveryNotice } from '@/modules/users/components/use-delivery-notice';

type AddUserValues = { email: string; isAdmin: boolean; readWrite: boolean };

export type AddUserDialogProps = { open: boolean; onClose: () => void };

/** Spec 001 §2: e-mail, isAdmin, readWrite; the new user gets an invitation e-mail. */
export function AddUserDialog({ open, onClose }: AddUserDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddUserValues>();
  const create = useCreateUserMutation();
  const showDeliveryNotice = useDeliveryNotice();

  const handleOk = async () => {
    const values = await form.validateFields();
    try {
      const result = await create.mutateAsync(values);
      void message.success(result.message);
      showDeliveryNotice(result.delivery, 1);
      form.resetFields();
      onClose();
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.createFailed')));
    }
  };

  return (
    <Modal
      open={open}
      title={t('users.addTitle')}
      okText={t('users.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AddUserValues>
        form={form}
        name="add-user"
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '', isAdmin: false, readWrite: true }}
        data-testid="add-user-form"
      >
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[requiredRule(), schemaRule(CreateUserBody.shape.email)]}
        >
          <Input inputMode="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item name="isAdmin" valuePropName="checked" extra={t('users.adminDescription')}>
          <Checkbox>{t('users.isAdmin')}</Checkbox>
        </Form.Item>
        <Form.Item name="readWrite" valuePropName="checked" extra={t('users.fullAccessDescription')}>
          <Checkbox>{t('users.readWriteLabel')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
