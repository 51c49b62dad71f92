import { ArrowLeftOutlined, ArrowRightOutlined, SendOutlined } from '@ant-design/icons';
import type { CampaignTemplate } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Skeleton, Steps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { campaignQueries, useSendCampaign } from '@/modules/campaigns/api';
import { PastCampaigns } from '@/modules/campaigns/components/PastCampaigns';
import {
  NO_RECIPIENTS,
  type RecipientSelection,
  recipientsPayload,
  selectedCount,
} from '@/modules/campaigns/components/recipient-selection';
import { RecipientsStep } from '@/modules/campaigns/components/RecipientsStep';
import { ReviewStep, type ReviewValues } from '@/modules/campaigns/components/ReviewStep';
import { TemplateStep } from '@/modules/campaigns/components/TemplateStep';
import { PageHeader } from '@/ui/PageHeader';
import { PageLoader } from '@/ui/PageLoader';
import '@/modules/campaigns/campaigns.css';

const CreateTemplateModal = lazy(() =>
  import('@/modules/campaigns/components/CreateTemplateModal').then((module) => ({
    default: module.CreateTemplateModal,
  })),
);

type Step = 0 | 1 | 2;

/** /campaigns: the three-step wizard and the past campaigns (spec 001 §§2, 4). */
export function CampaignsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = currentLanguage();
  const templates = useQuery(campaignQueries.templates(language));
  const [form] = Form.useForm<ReviewValues>();
  const [requestedStep, setRequestedStep] = useState<Step>(0);
  const [template, setTemplate] = useState<CampaignTemplate | null>(null);
  const [selection, setSelection] = useState<RecipientSelection>(NO_RECIPIENTS);
  const [isCreatingTemplate, setCreatingTemplate] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useSendCampaign();

  const count = selectedCount(selection);
  // Spec 001 §2: the recipients step needs a template, the review a template and recipients.
  const step: Step = template === null ? 0 : requestedStep === 2 && count === 0 ? 1 : requestedStep;
  const canGoNext = (step === 0 && template !== null) || (step === 1 && count > 0);

  const reset = () => {
    setTemplate(null);
    setSelection(NO_RECIPIENTS);
    setRequestedStep(0);
    form.resetFields();
    setIdempotencyKey(crypto.randomUUID());
  };

  const handleSelectTemplate = (chosen: CampaignTemplate) => {
    if (chosen.type !== template?.type) setSelection(NO_RECIPIENTS);
    setTemplate(chosen);
  };

  const handleSend = async () => {
    if (template === null || count === 0) {
      void message.error(t('campaigns.messages.incomplete'));
      return;
    }
    let values: ReviewValues;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('campaigns.messages.incomplete'));
      return;
    }
    send.mutate(
      {
        idempotencyKey,
        input: {
          name: values.name,
          templateId: template.id,
          ...recipientsPayload(selection),
          customSubject: values.customSubject ?? null,
          customContent: values.customContent ?? null,
          eventName: values.eventName ?? null,
          eventDate: values.eventDate ?? null,
          eventLocation: values.eventLocation ?? null,
          eventTopics: values.eventTopics ?? null,
        },
      },
      {
        onSuccess: (result) => {
          const skipped = result.campaign.skippedCount;
          void message.success(
            skipped > 0
              ? t('campaigns.messages.sentWithSkipped', { count: result.recipientCount, skipped })
              : t('campaigns.messages.sent'),
          );
          reset();
        },
      },
    );
  };

  const sendError = send.error === null ? null : serverMessageOr(send.error, t('campaigns.messages.sendFailed'));

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
            onSelect={handleSelectTemplate}
            onAddTemplate={() => {
              setCreatingTemplate(true);
            }}
          />
        )}
        {template !== null && step === 1 && (
          <RecipientsStep type={template.type} selection={selection} onChange={setSelection} />
        )}
        {template !== null && step === 2 && (
          <Form<ReviewValues> form={form} layout="vertical" requiredMark={false}>
            <ReviewStep template={template} selection={selection} />
          </Form>
        )}
        {sendError !== null && step === 2 && (
          <Alert type="error" showIcon className="compose-error" title={sendError} data-testid="campaign-error" />
        )}
        <div className="campaign-nav">
          {step > 0 && (
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={() => {
                setRequestedStep((step - 1) as Step);
              }}
            >
              {t('campaigns.previous')}
            </Button>
          )}
          <span className="campaign-nav-spacer" />
          {step < 2 && canGoNext && (
            <Button
              type="primary"
              onClick={() => {
                setRequestedStep((step + 1) as Step);
              }}
              data-testid="wizard-next"
            >
              {t('campaigns.next')} <ArrowRightOutlined />
            </Button>
          )}
          {step === 2 && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={send.isPending}
              onClick={() => void handleSend()}
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
              handleSelectTemplate(created);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
