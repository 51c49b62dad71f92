import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function UserDetailPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('users.detailTitle')} />;
}
