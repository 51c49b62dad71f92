import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@crm/shared';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type DemoAccountsAlertProps = {
  /** Called with the chosen account's e-mail, to fill in the form. */
  onPickAccount: (email: string) => void;
};

/** The demo-mode warning with the demo credentials (spec 000 §1, DESIGN.md §11). */
export function DemoAccountsAlert({ onPickAccount }: DemoAccountsAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="demo-accounts"
      data-testid="demo-warning"
      title={t('auth.demoTitle')}
      description={
        <>
          <Typography.Paragraph className="demo-accounts-intro">{t('auth.demoDescription')}</Typography.Paragraph>
          <ul className="demo-accounts-list">
            {DEMO_ACCOUNTS.map((account) => (
              <li key={account.email}>
                <Button
                  type="link"
                  size="small"
                  className="demo-account"
                  onClick={() => {
                    onPickAccount(account.email);
                  }}
                >
                  {account.email}
                </Button>
                <Typography.Text type="secondary">{t(`auth.demoRoles.${account.role}`)}</Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Text>
            {t('auth.demoPasswordLabel')} <Typography.Text code>{DEMO_PASSWORD}</Typography.Text>
          </Typography.Text>
        </>
      }
    />
  );
}
