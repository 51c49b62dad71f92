import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function DoctorListPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('doctors.listTitle')} />;
}
