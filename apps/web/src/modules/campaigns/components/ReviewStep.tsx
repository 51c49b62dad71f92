import {
  type CampaignTemplate,
  EVENT_PLACEHOLDERS,
  type EventPlaceholder,
  placeholdersIn,
  RECIPIENT_LIST_MAX_HEIGHT,
} from '@crm/shared';
import { Card, Descriptions, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRichTextEditor } from '@/ui/rich-text/LazyRichTextEditor';
import { type RecipientSelection, selectedCount } from './recipient-selection';

export type ReviewValues = {
  name: string;
  customSubject?: string;
  customContent?: string;
} & Partial<Record<EventPlaceholder, string>>;

export type ReviewStepProps = { template: CampaignTemplate; selection: RecipientSelection };

/** The event details the template (or a custom text) asks for. */
export function eventFieldsOf(template: CampaignTemplate): EventPlaceholder[] {
  const used = new Set([...placeholdersIn(template.subject), ...placeholdersIn(template.content)]);
  return EVENT_PLACEHOLDERS.filter((name) => used.has(name));
}

/** Step 3: name, template summary, recipients (200 px at most), event details, custom subject and message. */
export function ReviewStep({ template, selection }: ReviewStepProps) {
  const { t } = useTranslation();
  const names = selection.mode === 'all' ? selection.names : [...selection.doctors.values()];
  const count = selectedCount(selection);
  const more = count - names.length;

  return (
    <div className="campaign-step campaign-review" data-testid="review-step">
      <Form.Item
        name="name"
        label={t('campaigns.review.name')}
        rules={[{ required: true, whitespace: true, message: t('campaigns.review.nameRequired') }]}
      >
        <Input maxLength={200} data-testid="campaign-name" />
      </Form.Item>
      <div className="campaign-review-grid">
        <Card size="small" title={t('campaigns.review.template')}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'name', label: t('campaigns.review.templateName'), children: template.name },
              {
                key: 'type',
                label: t('campaigns.review.templateType'),
                children: t(`campaigns.types.${template.type}`),
              },
              { key: 'subject', label: t('campaigns.review.templateSubject'), children: template.subject },
            ]}
          />
        </Card>
        <Card size="small" title={t('campaigns.review.recipients', { count })}>
          <div style={{ maxHeight: RECIPIENT_LIST_MAX_HEIGHT, overflowY: 'auto' }} data-testid="review-recipients">
            <List
              size="small"
              dataSource={[...names]}
              renderItem={(name) => <List.Item>{name}</List.Item>}
              footer={
                more > 0 ? (
                  <Typography.Text type="secondary">{t('campaigns.review.more', { count: more })}</Typography.Text>
                ) : undefined
              }
            />
          </div>
        </Card>
      </div>
      {eventFieldsOf(template).length > 0 && (
        <Card size="small" title={t('campaigns.review.event')} className="campaign-event-card">
          {eventFieldsOf(template).map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`campaigns.review.${field}`)}
              rules={[{ required: true, whitespace: true, message: t('campaigns.review.eventRequired') }]}
            >
              <Input maxLength={field === 'eventTopics' ? 500 : 200} />
            </Form.Item>
          ))}
        </Card>
      )}
      <Form.Item
        name="customSubject"
        label={t('campaigns.review.customSubject')}
        extra={t('campaigns.review.customSubjectHelp')}
      >
        <Input maxLength={255} placeholder={template.subject} />
      </Form.Item>
      <Form.Item
        name="customContent"
        label={t('campaigns.review.customContent')}
        extra={t('campaigns.review.customContentHelp')}
      >
        <LazyRichTextEditor ariaLabel={t('campaigns.review.customContent')} />
      </Form.Item>
    </div>
  );
}
