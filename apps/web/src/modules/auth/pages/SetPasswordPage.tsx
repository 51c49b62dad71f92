import { LockOutlined } from '@ant-design/icons';
import { NewPassword, PASSWORD_MIN_LENGTH } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AntdProviders } from '@/app/AntdProviders';
import { noticeOnArrival } from '@/app/arrival-notice';
import { serverMessage } from '@/lib/errors';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { passwordLinkQueries, useSetPasswordMutation } from '@/modules/auth/password-links-api';
import { BrandLogo } from '@/ui/BrandLogo';
import { LanguageSwitch } from '@/ui/LanguageSwitch';

type PasswordValues = { password: string; confirm: string };

/**
 * The token of the link the page was opened with. Kept here, not only in the page's state: a first render can
 * be thrown away and run again (a chunk or a translation still loading suspends it), by which time the address
 * no longer holds the token.
 */
let linkToken = '';

/** The link's secret travels in the fragment (#token=…), which never reaches a server log or a Referer. */
function takeTokenFromAddress(): string {
  const fromAddress = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromAddress !== null) linkToken = fromAddress;
  // Out of the address bar and the history at once: the link is a credential until used.
  if (window.location.hash !== '') window.history.replaceState(window.history.state, '', window.location.pathname);
  return linkToken;
}

/** /set-password (public): the invitation or reset link; the password policy; signs the user in. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(takeTokenFromAddress);
  const link = useQuery({ ...passwordLinkQueries.info(token), enabled: token !== '' });
  const setPassword = useSetPasswordMutation();

  const handleFinish = async ({ password }: PasswordValues) => {
    try {
      await setPassword.mutateAsync({ token, password });
    } catch {
      return; // shown below
    }
    linkToken = '';
    noticeOnArrival(t('auth.passwordSet'));
    void navigate('/', { replace: true });
  };

  let body;
  if (token === '' || link.isError) {
    body = (
      <Result
        status="warning"
        title={t('auth.linkUnusable')}
        subTitle={token === '' ? t('auth.linkMissing') : serverMessage(link.error)}
        extra={
          <Button type="primary" onClick={() => void navigate('/login')}>
            {t('auth.backToLogin')}
          </Button>
        }
      />
    );
  } else if (link.isPending) {
    body = <Spin className="set-password-loading" />;
  } else {
    body = (
      <>
        <Typography.Title level={2} className="login-subtitle">
          {link.data.purpose === 'invitation' ? t('auth.welcomeTitle') : t('auth.resetTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" data-testid="set-password-email">
          {t('auth.setPasswordFor', { email: link.data.email })}
        </Typography.Paragraph>
        <Form<PasswordValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void handleFinish(values)}
          disabled={setPassword.isPending}
        >
          <Form.Item
            name="password"
            label={t('auth.newPassword')}
            extra={t('auth.passwordPolicy', { min: PASSWORD_MIN_LENGTH })}
            rules={[requiredRule(), schemaRule(NewPassword)]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" autoFocus />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('auth.confirmPassword')}
            dependencies={['password']}
            rules={[
              requiredRule(),
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('auth.passwordMismatch'))),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
          </Form.Item>
          {setPassword.isError && (
            <Alert type="error" showIcon className="login-alert" title={serverMessage(setPassword.error)} />
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={setPassword.isPending}>
            {t('auth.setPassword')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <AntdProviders className="app-root">
      <main className="login-page">
        <div className="login-language">
          <LanguageSwitch />
        </div>
        <div className="login-card" data-testid="set-password-page">
          <header className="login-brand">
            <BrandLogo size={48} />
            <Typography.Title level={1} className="login-title">
              {t('app.name')}
            </Typography.Title>
          </header>
          {body}
        </div>
      </main>
    </AntdProviders>
  );
}
