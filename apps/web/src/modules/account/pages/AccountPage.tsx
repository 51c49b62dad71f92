import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useAccount } from '@/modules/account/api';
import { LanguageCard } from '@/modules/account/components/LanguageCard';
import { PasswordCard } from '@/modules/account/components/PasswordCard';
import { ProfileCard } from '@/modules/account/components/ProfileCard';
import { SessionsCard } from '@/modules/account/components/SessionsCard';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/account/account.css';

/** /account: the signed-in user's own settings, reached from the header. */
export function AccountPage() {
  const { t } = useTranslation();
  const account = useAccount();

  return (
    <div className="page account-page">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      {account.data === undefined ? (
        account.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('account.loadFailed')}
            description={serverMessage(account.error)}
            action={<Button onClick={() => void account.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )
      ) : (
        <div className="account-grid">
          <ProfileCard account={account.data} />
          <div className="account-column">
            <LanguageCard />
            <PasswordCard account={account.data} />
          </div>
          <SessionsCard />
        </div>
      )}
    </div>
  );
}
