import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function LogsPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('logs.title')} />;
}
