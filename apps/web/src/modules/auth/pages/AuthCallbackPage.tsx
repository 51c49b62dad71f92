import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AntdProviders } from '@/app/AntdProviders';
import { completeSsoSignIn, takeSsoCallbackParams } from '@/modules/auth/sso-callback';

/** The single-sign-on return (spec 000 §2): /auth/callback?token=… or ?error=… */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasCompleted = useRef(false);

  // Runs once per visit; StrictMode's second run must not read the now empty parameters as a failure.
  useEffect(() => {
    if (hasCompleted.current) return;
    hasCompleted.current = true;
    void completeSsoSignIn(takeSsoCallbackParams()).then((next) => navigate(next, { replace: true }));
  }, [navigate]);

  return (
    <AntdProviders className="app-root">
      <main className="auth-callback">
        <Result icon={<Spin size="large" />} title={t('auth.callbackTitle')} subTitle={t('auth.callbackDescription')} />
      </main>
    </AntdProviders>
  );
}
