import { DEMO_PASSWORD, LoginBody } from '@crm/shared';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { noticeOnArrival } from '@/app/arrival-notice';
import { startServiceWorker } from '@/app/pwa/start-service-worker';
import { getEndedSessionEmail } from '@/app/session';
import { translateKey } from '@/lib/i18n';
import { isWebUrl, leavePage } from '@/lib/leave-page';
import { authQueries, loginErrorMessage, useLoginMutation } from '@/modules/auth/api';
import { DemoAccountsAlert } from '@/modules/auth/components/DemoAccountsAlert';
import {
  EyeIcon,
  EyeInvisibleIcon,
  LoadingIcon,
  LockIcon,
  MailIcon,
  SafetyCertificateIcon,
} from '@/modules/auth/components/sign-in-icons';
import { SignInAlert } from '@/modules/auth/components/SignInAlert';
import { BrandLogo } from '@/ui/BrandLogo';
import { LanguageSwitch } from '@/ui/LanguageSwitch';
import '@/modules/auth/sign-in.css';

const SSO_FAILED_ERROR = 'sso_failed';
/**
 * How long the form waits for the two public answers (demo mode, single sign-on) before it shows without
 * them: what they add above and below the form is then in place from its first frame (decision 0040).
 */
const PUBLIC_CONFIG_WAIT_MS = 1500;

/** antd, with the dialog, comes only when someone asks for a new password; fetched as the pointer nears. */
const loadForgotPasswordDialog = () => import('@/modules/auth/components/ForgotPasswordDialog');
const ForgotPasswordDialog = lazy(() =>
  loadForgotPasswordDialog().then((module) => ({ default: module.ForgotPasswordDialog })),
);

type Field = keyof LoginBody;
type FieldErrors = Partial<Record<Field, string>>;

/** The messages of antd's rules the form had: required first, then the shared schema's. */
function fieldError(field: Field, value: string, t: (key: 'auth.emailRequired' | 'auth.passwordRequired') => string) {
  if (value === '') return t(field === 'email' ? 'auth.emailRequired' : 'auth.passwordRequired');
  if (field === 'password') return undefined;
  const result = LoginBody.shape.email.safeParse(value);
  return result.success ? undefined : translateKey(result.error.issues[0]?.message ?? 'validation.invalid');
}

/** Answered, failed for good, or waiting for a network that is not there. */
function hasSettled(query: UseQueryResult): boolean {
  return !query.isPending || query.fetchStatus === 'paused';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const metaQuery = useQuery(authQueries.meta());
  const ssoQuery = useQuery(authQueries.ssoConfig());
  const loginMutation = useLoginMutation();
  // Read once: the server ended this user's session (a 401), their queued changes wait for them to return.
  const [endedSessionEmail] = useState(getEndedSessionEmail);
  const [values, setValues] = useState<LoginBody>({ email: endedSessionEmail ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [isForgotOpen, setForgotOpen] = useState(false);
  const [hasOpenedForgot, setHasOpenedForgot] = useState(false);
  const [isSsoUnavailable, setSsoUnavailable] = useState(false);
  const [hasWaitedForConfig, setWaitedForConfig] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedForConfig(true), PUBLIC_CONFIG_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // Once the page is drawn: the app's shell and offline pages are precached while the rep signs in.
  useEffect(() => {
    startServiceWorker();
  }, []);
  const isConfigKnown = hasWaitedForConfig || (hasSettled(metaQuery) && hasSettled(ssoQuery));

  const hasSsoFailed = searchParams.get('error') === SSO_FAILED_ERROR;
  const loginError = loginMutation.isError
    ? loginErrorMessage(loginMutation.error, t('auth.invalidCredentials'))
    : null;

  const handleValuesChange = (next: LoginBody) => {
    setValues(next);
    // A message already shown follows what is typed, as antd's rules did.
    setErrors((shown) => ({
      email: shown.email === undefined ? undefined : fieldError('email', next.email, t),
      password: shown.password === undefined ? undefined : fieldError('password', next.password, t),
    }));
    // The previous attempt's error no longer describes what is typed now.
    if (loginMutation.isError) loginMutation.reset();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    handleValuesChange({ ...values, [event.target.name as Field]: event.target.value });
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {
      email: fieldError('email', values.email, t),
      password: fieldError('password', values.password, t),
    };
    setErrors(found);
    if (found.email !== undefined || found.password !== undefined) {
      (found.email === undefined ? passwordRef : emailRef).current?.focus();
      return;
    }
    try {
      // The shared schema normalises what was typed (a trailing space in the e-mail, say).
      await loginMutation.mutateAsync(LoginBody.safeParse(values).data ?? values);
    } catch {
      return; // Shown from the mutation's error below.
    }
    // Told by the signed-in screen: this page is gone once the session is stored (the guard leaves it).
    noticeOnArrival(t('auth.loginSuccess'));
    void navigate('/', { replace: true });
  };

  const handlePickAccount = (email: string) => {
    handleValuesChange({ email, password: DEMO_PASSWORD });
  };

  const handleSso = async () => {
    setSsoUnavailable(false);
    // Ask again: single sign-on may have become unavailable since the page loaded.
    const { data } = await ssoQuery.refetch();
    if (data?.enabled === true && data.loginUrl !== undefined && isWebUrl(data.loginUrl)) {
      leavePage.to(data.loginUrl);
      return;
    }
    setSsoUnavailable(true);
  };

  const openForgot = () => {
    setHasOpenedForgot(true);
    setForgotOpen(true);
  };

  const fieldProps = (field: Field) => {
    const error = errors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      onChange: handleChange,
      required: true,
      'aria-invalid': error === undefined ? undefined : true,
      'aria-describedby': error === undefined ? undefined : `${id}-${field}-error`,
    } as const;
  };

  const fieldMessage = (field: Field) =>
    errors[field] === undefined ? null : (
      <div id={`${id}-${field}-error`} className="sign-in-field-error" role="alert">
        {errors[field]}
      </div>
    );

  return (
    <main className="login-page">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      {/* Drawn by styles.css and sign-in.css as antd's borderless Card, Form and Alert looked (decision 0040). */}
      <div className="login-card">
        <header className="login-brand">
          <BrandLogo size={48} />
          <h1 className="login-title">{t('app.name')}</h1>
          <p className="login-tagline">{t('app.tagline')}</p>
        </header>

        <h2 className="login-subtitle">{t('auth.subtitle')}</h2>

        {hasSsoFailed && <SignInAlert type="error" className="login-alert" title={t('auth.ssoFailed')} />}
        {endedSessionEmail !== null && (
          <SignInAlert
            type="warning"
            className="login-alert"
            title={t('auth.sessionEnded')}
            description={t('auth.sessionEndedText')}
            data-testid="session-ended"
          />
        )}
        {isConfigKnown && (
          <>
            {metaQuery.data?.demoMode === true && <DemoAccountsAlert onPickAccount={handlePickAccount} />}

            <form className="sign-in-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
              <fieldset className="sign-in-fieldset" disabled={loginMutation.isPending}>
                <div className={errors.email === undefined ? 'sign-in-field' : 'sign-in-field sign-in-field-invalid'}>
                  <label className="sign-in-label" htmlFor={`${id}-email`}>
                    {t('auth.email')}
                  </label>
                  <span className="sign-in-input">
                    <MailIcon />
                    <input
                      {...fieldProps('email')}
                      ref={emailRef}
                      type="text"
                      inputMode="email"
                      autoComplete="username"
                      autoCapitalize="none"
                      spellCheck={false}
                      autoFocus={endedSessionEmail === null}
                    />
                  </span>
                  {fieldMessage('email')}
                </div>
                <div
                  className={errors.password === undefined ? 'sign-in-field' : 'sign-in-field sign-in-field-invalid'}
                >
                  <label className="sign-in-label" htmlFor={`${id}-password`}>
                    {t('auth.password')}
                  </label>
                  <span className="sign-in-input">
                    <LockIcon />
                    <input
                      {...fieldProps('password')}
                      ref={passwordRef}
                      type={isPasswordShown ? 'text' : 'password'}
                      autoComplete="current-password"
                      autoFocus={endedSessionEmail !== null}
                    />
                    {/* Named by its text, not aria-label: the field's label is the only one that says "password". */}
                    <button
                      type="button"
                      className="sign-in-reveal"
                      aria-pressed={isPasswordShown}
                      onClick={() => setPasswordShown((isShown) => !isShown)}
                    >
                      {isPasswordShown ? <EyeIcon /> : <EyeInvisibleIcon />}
                      <span className="visually-hidden">{t('auth.showPassword')}</span>
                    </button>
                  </span>
                  {fieldMessage('password')}
                </div>

                {loginError !== null && <SignInAlert type="error" className="login-alert" title={loginError} />}

                <button
                  type="submit"
                  className="button button-primary button-large button-block"
                  aria-busy={loginMutation.isPending}
                >
                  {loginMutation.isPending && <LoadingIcon />}
                  {t('auth.submit')}
                </button>
              </fieldset>
            </form>
            <button
              type="button"
              className="button button-link button-block login-forgot"
              data-testid="forgot-password"
              onPointerEnter={() => void loadForgotPasswordDialog()}
              onFocus={() => void loadForgotPasswordDialog()}
              onClick={openForgot}
            >
              {t('auth.forgotPassword')}
            </button>
            {hasOpenedForgot && (
              <Suspense fallback={null}>
                <ForgotPasswordDialog
                  open={isForgotOpen}
                  initialEmail={values.email}
                  onClose={() => setForgotOpen(false)}
                />
              </Suspense>
            )}

            {ssoQuery.data?.enabled === true && (
              <>
                <div className="sign-in-divider" role="separator">
                  {t('auth.or')}
                </div>
                <button type="button" className="button button-large button-block" onClick={() => void handleSso()}>
                  <SafetyCertificateIcon />
                  {t('auth.ssoButton')}
                </button>
              </>
            )}
            {/* Outside the button's block: the answer that says so also hides the button. */}
            {isSsoUnavailable && (
              <SignInAlert type="error" className="login-alert sign-in-sso-error" title={t('auth.ssoUnavailable')} />
            )}
          </>
        )}
      </div>
      {isConfigKnown && metaQuery.data !== undefined && (
        <p className="login-version">{t('auth.version', { version: metaQuery.data.version })}</p>
      )}
    </main>
  );
}
