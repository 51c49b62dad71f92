import { ArrowLeftOutlined, ArrowRightOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Skeleton, Steps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { campaignQueries } from '@/modules/campaigns/api';
import { PastCampaigns } from '@/modules/campaigns/components/PastCampaigns';
import { RecipientsStep } from '@/modules/campaigns/components/RecipientsStep';
import { ReviewStep, type ReviewValues } from '@/modules/campaigns/components/ReviewStep';
import { TemplateStep } from '@/modules/campaigns/components/TemplateStep';
import { useCampaignWizard } from '@/modules/campaigns/hooks/useCampaignWizard';
import { PageHeader } from '@/ui/PageHeader';
import { PageLoader } from '@/ui/PageLoader';
import '@/modules/campaigns/campaigns.css';

const CreateTemplateModal = lazy(() =>
  import('@/modules/campaigns/components/CreateTemplateModal').then((module) => ({
    default: module.CreateTemplateModal,
  })),
);

/** /campaigns: the three-step wizard and the past campaigns (spec 001 §§2, 4). */
export function CampaignsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const templates = useQuery(campaignQueries.templates(language));
  const wizard = useCampaignWizard();
  const { step, template } = wizard;
  const [isCreatingTemplate, setCreatingTemplate] = useState(false);

  return (
    <div className="page campaigns-page">
      <PageHeader title={t('campaigns.title')} subtitle={t('campaigns.subtitle')} />
      <Card className="page-card campaign-wizard" data-testid="campaign-wizard">
        <Steps
          current={step}
          size="small"
          className="campaign-steps"
          items={[
            { title: t('campaigns.steps.template') },
            { title: t('campaigns.steps.recipients') },
            { title: t('campaigns.steps.review') },
          ]}
        />
        {templates.isPending && <Skeleton active />}
        {templates.isError && <Alert type="error" showIcon title={t('campaigns.messages.templatesFailed')} />}
        {templates.data !== undefined && step === 0 && (
          <TemplateStep
            templates={templates.data.templates}
            selectedId={template?.id ?? null}
            onSelect={wizard.selectTemplate}
            onAddTemplate={() => {
              setCreatingTemplate(true);
            }}
          />
        )}
        {template !== null && step === 1 && (
          <RecipientsStep type={template.type} selection={wizard.selection} onChange={wizard.setSelection} />
        )}
        {template !== null && step === 2 && (
          <Form<ReviewValues> form={wizard.form} layout="vertical" requiredMark={false}>
            <ReviewStep template={template} selection={wizard.selection} />
          </Form>
        )}
        {wizard.sendError !== null && step === 2 && (
          <Alert
            type="error"
            showIcon
            className="compose-error"
            title={wizard.sendError}
            data-testid="campaign-error"
          />
        )}
        <div className="campaign-nav">
          {step > 0 && (
            <Button icon={<ArrowLeftOutlined />} onClick={wizard.goBack}>
              {t('campaigns.previous')}
            </Button>
          )}
          <span className="campaign-nav-spacer" />
          {step < 2 && wizard.canGoNext && (
            <Button type="primary" onClick={wizard.goNext} data-testid="wizard-next">
              {t('campaigns.next')} <ArrowRightOutlined />
            </Button>
          )}
          {step === 2 && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={wizard.isSending}
              onClick={() => void wizard.send()}
              data-testid="send-campaign"
            >
              {t('campaigns.send')}
            </Button>
          )}
        </div>
      </Card>
      <PastCampaigns />
      {isCreatingTemplate && (
        <Suspense fallback={<PageLoader />}>
          <CreateTemplateModal
            onClose={() => {
              setCreatingTemplate(false);
            }}
            onCreated={(created) => {
              setCreatingTemplate(false);
              wizard.selectTemplate(created);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
