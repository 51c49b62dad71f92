import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function ConfigurationPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('configuration.title')} />;
}
