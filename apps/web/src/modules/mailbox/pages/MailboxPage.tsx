import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function MailboxPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('mailbox.title')} />;
}
