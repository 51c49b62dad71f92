import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function CalendarPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('calendar.title')} />;
}
