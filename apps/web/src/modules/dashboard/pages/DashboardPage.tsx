import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function DashboardPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('dashboard.title')} />;
}
