import type { CampaignTemplate } from '@crm/shared';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '@/lib/errors';
import { useSendCampaign } from '@/modules/campaigns/api';
import {
  NO_RECIPIENTS,
  type RecipientSelection,
  recipientsPayload,
  selectedCount,
} from '@/modules/campaigns/components/recipient-selection';
import type { ReviewValues } from '@/modules/campaigns/components/ReviewStep';

export type WizardStep = 0 | 1 | 2;

/**
 * The campaign wizard (spec 001 §§2, 4): the template, the recipients and the review's form, which step may
 * show, and the send. One idempotency key per campaign: a retry after a failure sends it once; a sent
 * campaign starts the wizard again, empty, with a new key.
 */
export function useCampaignWizard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReviewValues>();
  const [requestedStep, setRequestedStep] = useState<WizardStep>(0);
  const [template, setTemplate] = useState<CampaignTemplate | null>(null);
  const [selection, setSelection] = useState<RecipientSelection>(NO_RECIPIENTS);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useSendCampaign();

  const count = selectedCount(selection);
  // Spec 001 §2: the recipients step needs a template, the review a template and recipients.
  const step: WizardStep = template === null ? 0 : requestedStep === 2 && count === 0 ? 1 : requestedStep;
  const canGoNext = (step === 0 && template !== null) || (step === 1 && count > 0);

  const reset = () => {
    setTemplate(null);
    setSelection(NO_RECIPIENTS);
    setRequestedStep(0);
    form.resetFields();
    setIdempotencyKey(crypto.randomUUID());
  };

  /** Another type of template reaches other doctors: the selection starts again. */
  const selectTemplate = (chosen: CampaignTemplate) => {
    if (chosen.type !== template?.type) setSelection(NO_RECIPIENTS);
    setTemplate(chosen);
  };

  const goBack = () => {
    if (step > 0) setRequestedStep((step - 1) as WizardStep);
  };

  const goNext = () => {
    if (canGoNext) setRequestedStep((step + 1) as WizardStep);
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

  return {
    form,
    step,
    template,
    selection,
    canGoNext,
    isSending: send.isPending,
    sendError,
    selectTemplate,
    setSelection,
    goBack,
    goNext,
    send: handleSend,
  };
}
