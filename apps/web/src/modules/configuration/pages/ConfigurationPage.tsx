import { CONFIGURATION_KINDS, type ConfigurationKind } from '@crm/shared';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EntryTab } from '@/modules/configuration/components/EntryTab';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/configuration/configuration.css';

const isKind = (value: string | null): value is ConfigurationKind =>
  (CONFIGURATION_KINDS as readonly (string | null)[]).includes(value);

/**
 * /configuration (spec 001 §2, administrators: the route guard sends anyone else to /): products, channels
 * and targets in three tabs; the tab is in the address (?tab=channels) so a reload or Back keeps it.
 */
export function ConfigurationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ConfigurationKind = isKind(requested) ? requested : 'products';

  return (
    <div className="page configuration-page">
      <PageHeader title={t('configuration.title')} subtitle={t('configuration.subtitle')} />
      <Card className="page-card">
        <Tabs
          className="page-tabs"
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={CONFIGURATION_KINDS.map((kind) => ({
            key: kind,
            label: t(`configuration.tabs.${kind}`),
            children: <EntryTab kind={kind} />,
          }))}
        />
      </Card>
    </div>
  );
}
