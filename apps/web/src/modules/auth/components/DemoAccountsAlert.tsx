import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@crm/shared';
import { useTranslation } from 'react-i18next';
import { SignInAlert } from '@/modules/auth/components/SignInAlert';

export type DemoAccountsAlertProps = {
  /** Called with the chosen account's e-mail, to fill in the form. */
  onPickAccount: (email: string) => void;
};

/** The demo-mode warning with the demo credentials (spec 000 §1, DESIGN.md §11). */
export function DemoAccountsAlert({ onPickAccount }: DemoAccountsAlertProps) {
  const { t } = useTranslation();
  return (
    <SignInAlert
      type="warning"
      className="demo-accounts"
      data-testid="demo-warning"
      title={t('auth.demoTitle')}
      description={
        <>
          <p className="demo-accounts-intro">{t('auth.demoDescription')}</p>
          <ul className="demo-accounts-list">
            {DEMO_ACCOUNTS.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  className="demo-account"
                  onClick={() => {
                    onPickAccount(account.email);
                  }}
                >
                  {account.email}
                </button>
                <span className="demo-account-role">{t(`auth.demoRoles.${account.role}`)}</span>
              </li>
            ))}
          </ul>
          <p className="demo-accounts-password">
            {t('auth.demoPasswordLabel')} <code>{DEMO_PASSWORD}</code>
          </p>
        </>
      }
    />
  );
}
