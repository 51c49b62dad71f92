import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

/** /doctors/new and /doctors/:id: without an id the page creates. */
export function DoctorDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <NotBuiltYet title={id === undefined ? t('doctors.newTitle') : t('doctors.detailTitle')} />;
}
