import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function UserListPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('users.listTitle')} />;
}
