import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function ConsentPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('consents.title')} />;
}
