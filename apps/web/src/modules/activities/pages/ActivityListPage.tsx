import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function ActivityListPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('activities.listTitle')} />;
}
