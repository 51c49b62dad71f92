import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function OfficeListPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('offices.listTitle')} />;
}
