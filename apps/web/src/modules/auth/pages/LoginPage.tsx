import { LockOutlined, MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { DEMO_PASSWORD, LoginBody } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getEndedSessionEmail } from '@/app/session';
import { schemaRule } from '@/lib/form-rules';
import { isWebUrl, leavePage } from '@/lib/leave-page';
import { authQueries, loginErrorMessage, useLoginMutation } from '@/modules/auth/api';
import { DemoAccountsAlert } from '@/modules/auth/components/DemoAccountsAlert';
import { ForgotPasswordDialog } from '@/modules/auth/components/ForgotPasswordDialog';
import { BrandLogo } from '@/ui/BrandLogo';
import { LanguageSwitch } from '@/ui/LanguageSwitch';

const SSO_FAILED_ERROR = 'sso_failed';

export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginBody>();
  const metaQuery = useQuery(authQueries.meta());
  const ssoQuery = useQuery(authQueries.ssoConfig());
  const loginMutation = useLoginMutation();
  const [isForgotOpen, setForgotOpen] = useState(false);

  const hasSsoFailed = searchParams.get('error') === SSO_FAILED_ERROR;
  // Read once: the server ended this user's session (a 401), their queued changes wait for them to return.
  const [endedSessionEmail] = useState(getEndedSessionEmail);
  const loginError = loginMutation.isError
    ? loginErrorMessage(loginMutation.error, t('errors.INVALID_CREDENTIALS'))
    : null;

  const handleFinish = async (values: LoginBody) => {
    try {
      // The shared schema normalises what was typed (a trailing space in the e-mail, say).
      await loginMutation.mutateAsync(LoginBody.safeParse(values).data ?? values);
    } catch {
      return; // Shown from the mutation's error below.
    }
    // Not in mutate's callbacks: storing the session already lets the guard leave this page, and
    // callbacks of an unmounted observer never run.
    void message.success(t('auth.loginSuccess'));
    void navigate('/', { replace: true });
  };

  const handleValuesChange = () => {
    // The previous attempt's error no longer describes what is typed now.
    if (loginMutation.isError) loginMutation.reset();
  };

  const handlePickAccount = (email: string) => {
    form.setFieldsValue({ email, password: DEMO_PASSWORD });
    handleValuesChange();
  };

  const handleSso = async () => {
    // Ask again: single sign-on may have become unavailable since the page loaded.
    const { data } = await ssoQuery.refetch();
    if (data?.enabled === true && data.loginUrl !== undefined && isWebUrl(data.loginUrl)) {
      leavePage.to(data.loginUrl);
      return;
    }
    void message.error(t('auth.ssoUnavailable'));
  };

  return (
    <main className="login-page">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      {/* Drawn by styles.css as antd's borderless Card looks: Card would bring its tabs, menu and skeleton. */}
      <div className="login-card">
        <header className="login-brand">
          <BrandLogo size={48} />
          <Typography.Title level={1} className="login-title">
            {t('app.name')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
        </header>

        <Typography.Title level={2} className="login-subtitle">
          {t('auth.subtitle')}
        </Typography.Title>

        {hasSsoFailed && <Alert type="error" showIcon className="login-alert" title={t('auth.ssoFailed')} />}
        {endedSessionEmail !== null && (
          <Alert
            type="warning"
            showIcon
            className="login-alert"
            title={t('auth.sessionEnded')}
            description={t('auth.sessionEndedText')}
            data-testid="session-ended"
          />
        )}
        {metaQuery.data?.demoMode === true && <DemoAccountsAlert onPickAccount={handlePickAccount} />}

        <Form<LoginBody>
          form={form}
          initialValues={endedSessionEmail === null ? undefined : { email: endedSessionEmail }}
          layout="vertical"
          requiredMark={false}
          onFinish={handleFinish}
          onValuesChange={handleValuesChange}
          disabled={loginMutation.isPending}
        >
          <Form.Item
            name="email"
            label={t('auth.email')}
            rules={[{ required: true, message: t('auth.emailRequired') }, schemaRule(LoginBody.shape.email)]}
          >
            <Input
              prefix={<MailOutlined />}
              inputMode="email"
              autoComplete="username"
              autoFocus={endedSessionEmail === null}
              size="large"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[{ required: true, message: t('auth.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              autoFocus={endedSessionEmail !== null}
              size="large"
            />
          </Form.Item>

          {loginError !== null && <Alert type="error" showIcon className="login-alert" title={loginError} />}

          <Button type="primary" htmlType="submit" size="large" block loading={loginMutation.isPending}>
            {t('auth.submit')}
          </Button>
        </Form>
        <Button
          type="link"
          block
          className="login-forgot"
          data-testid="forgot-password"
          onClick={() => setForgotOpen(true)}
        >
          {t('auth.forgotPassword')}
        </Button>
        <ForgotPasswordDialog
          open={isForgotOpen}
          initialEmail={(form.getFieldValue('email') as string | undefined) ?? ''}
          onClose={() => setForgotOpen(false)}
        />

        {ssoQuery.data?.enabled === true && (
          <>
            <Divider plain>{t('auth.or')}</Divider>
            <Button size="large" block icon={<SafetyCertificateOutlined />} onClick={handleSso}>
              {t('auth.ssoButton')}
            </Button>
          </>
        )}
      </div>
      {metaQuery.data !== undefined && (
        <Typography.Text type="secondary" className="login-version">
          {t('auth.version', { version: metaQuery.data.version })}
        </Typography.Text>
      )}
    </main>
  );
}
