import { ForgotPasswordBody } from '@crm/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProviders } from '@/app/AntdProviders';
import { serverMessage } from '@/lib/errors';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { useForgotPasswordMutation } from '@/modules/auth/password-links-api';

export type ForgotPasswordDialogProps = { open: boolean; initialEmail: string; onClose: () => void };

/**
 * 'Forgot password?': asks for a link by e-mail; the answer is the same whether or not the address has an
 * account. The sign-in page has no antd: this dialog brings it, with its providers, when first opened.
 */
export function ForgotPasswordDialog(props: ForgotPasswordDialogProps) {
  return (
    <AntdProviders>
      <ForgotPasswordModal {...props} />
    </AntdProviders>
  );
}

function ForgotPasswordModal({ open, initialEmail, onClose }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const forgot = useForgotPasswordMutation();

  const handleOk = async () => {
    if (forgot.isSuccess) {
      handleClose();
      return;
    }
    const { email } = await form.validateFields();
    forgot.mutate(ForgotPasswordBody.safeParse({ email }).data?.email ?? email);
  };

  const handleClose = () => {
    forgot.reset();
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('auth.forgotTitle')}
      okText={forgot.isSuccess ? t('auth.backToLogin') : t('auth.sendLink')}
      cancelButtonProps={{ style: forgot.isSuccess ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      confirmLoading={forgot.isPending}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={handleClose}
      destroyOnHidden
    >
      {forgot.isSuccess ? (
        <Alert type="success" showIcon title={forgot.data.message} data-testid="forgot-sent" />
      ) : (
        <Form
          form={form}
          name="forgot-password"
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: initialEmail }}
        >
          <Typography.Paragraph type="secondary">{t('auth.forgotHelp')}</Typography.Paragraph>
          <Form.Item
            name="email"
            label={t('auth.email')}
            rules={[requiredRule(), schemaRule(ForgotPasswordBody.shape.email)]}
          >
            <Input inputMode="email" autoComplete="username" autoFocus />
          </Form.Item>
          {forgot.isError && <Alert type="error" showIcon title={serverMessage(forgot.error)} />}
        </Form>
      )}
    </Modal>
  );
}
