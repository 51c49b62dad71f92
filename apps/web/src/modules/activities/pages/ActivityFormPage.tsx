import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

/** /activities/new and /activities/:id: without an id the page creates. */
export function ActivityFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <NotBuiltYet title={id === undefined ? t('activities.newTitle') : t('activities.detailTitle')} />;
}
