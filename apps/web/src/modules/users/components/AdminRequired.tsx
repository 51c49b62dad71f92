import { Alert, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: a non-admin on /users sees a warning banner and an empty-state text. */
export function AdminRequired() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" data-testid="users-admin-required">
      <Alert type="warning" showIcon title={t('users.adminRequired')} description={t('users.adminRequiredDetail')} />
      <Empty className="users-empty" description={t('users.noAccess')} />
    </Card>
  );
}
