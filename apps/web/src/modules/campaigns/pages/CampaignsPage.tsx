import { useTranslation } from 'react-i18next';
import { NotBuiltYet } from '@/ui/NotBuiltYet';

export function CampaignsPage() {
  const { t } = useTranslation();
  return <NotBuiltYet title={t('campaigns.title')} />;
}
