import { LockOutlined } from '@ant-design/icons';
import { NewPassword, PASSWORD_MIN_LENGTH, type Account, type PasswordChangeBody } from '@crm/shared';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors, schemaRule } from '@/lib/form-rules';
import { translateKey } from '@/lib/i18n';
import { useChangePassword } from '@/modules/account/api';
import { providerName } from '@/modules/account/provider-name';

type PasswordForm = PasswordChangeBody & { confirmation: string };

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * The password, changed after giving the current one; every other session ends with it. A user who signs
 * in only through their organisation's single sign-on has none here.
 */
export function PasswordCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangePassword();

  if (!account.hasPassword) {
    const provider = account.identities[0]?.issuer;
    return (
      <Card className="page-card account-card" title={t('account.password.title')} data-testid="account-password">
        <Alert
          type="info"
          showIcon
          title={t('account.password.ssoOnlyTitle')}
          description={
            provider === undefined
              ? t('account.password.ssoOnly')
              : t('account.password.ssoOnlyWith', { provider: providerName(provider) })
          }
        />
      </Card>
    );
  }

  const handleFinish = async ({ currentPassword, newPassword }: PasswordForm) => {
    try {
      const { ended } = await change.mutateAsync({ currentPassword, newPassword });
      form.resetFields();
      void message.success(t('account.password.changed', { count: ended }));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, FIELDS)) void message.error(serverMessage(error));
    }
  };

  return (
    <Card className="page-card account-card" title={t('account.password.title')} data-testid="account-password">
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void handleFinish(values)}
        disabled={change.isPending}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={account.email} readOnly hidden />
        <Form.Item
          name="currentPassword"
          label={t('account.password.current')}
          rules={[{ required: true, message: translateKey('validation.required') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.password.new')}
          extra={t('account.password.rules', { count: PASSWORD_MIN_LENGTH })}
          rules={[{ required: true, message: translateKey('validation.required') }, schemaRule(NewPassword)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmation"
          label={t('account.password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: translateKey('validation.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value === undefined || value === '' || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <p className="account-hint">{t('account.password.endsSessions')}</p>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password">
          {t('account.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
