import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

/** /offices/new and /offices/:id: without an id the page creates. */
export function OfficeDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <NotBuiltYet title={id === undefined ? t('offices.newTitle') : t('offices.detailTitle')} />;
}
