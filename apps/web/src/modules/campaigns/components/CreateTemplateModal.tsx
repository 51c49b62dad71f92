import { type CampaignTemplate, type CampaignTemplateInput, TEMPLATE_PLACEHOLDERS, TEMPLATE_TYPES } from '@crm/shared';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useCreateTemplate } from '@/modules/campaigns/api';
import { LazyRichTextEditor } from '@/ui/rich-text/LazyRichTextEditor';

const PLACEHOLDER_LIST = TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

export type CreateTemplateModalProps = { onClose: () => void; onCreated: (template: CampaignTemplate) => void };

/** Name, type, description, subject and content, all required with the spec's messages (spec 001 §5). */
export function CreateTemplateModal({ onClose, onCreated }: CreateTemplateModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CampaignTemplateInput>();
  const create = useCreateTemplate();

  const handleOk = async () => {
    const values = await form.validateFields();
    create.mutate(values, {
      onSuccess: (template) => {
        void message.success(t('campaigns.messages.templateCreated'));
        onCreated(template);
      },
    });
  };

  return (
    <Modal
      open
      width={800}
      title={t('campaigns.templates.createTitle')}
      okText={t('campaigns.templates.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      okButtonProps={{ id: 'create-template-ok' }}
    >
      {create.isError && (
        <Alert
          type="error"
          showIcon
          className="compose-error"
          title={t('campaigns.messages.templateFailed')}
          description={serverMessage(create.error)}
        />
      )}
      <Form<CampaignTemplateInput> form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="name"
          label={t('campaigns.templates.name')}
          rules={[{ required: true, whitespace: true, message: t('campaigns.templates.nameRequired') }]}
        >
          <Input maxLength={200} data-testid="template-name" />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('campaigns.templates.type')}
          rules={[{ required: true, message: t('campaigns.templates.typeRequired') }]}
        >
          <Select
            data-testid="template-type"
            options={TEMPLATE_TYPES.map((type) => ({ value: type, label: t(`campaigns.types.${type}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('campaigns.templates.description')}
          rules={[{ required: true, whitespace: true, message: t('campaigns.templates.descriptionRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={1000} data-testid="template-description" />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('campaigns.templates.subject')}
          rules={[{ required: true, whitespace: true, message: t('campaigns.templates.subjectRequired') }]}
        >
          <Input maxLength={255} data-testid="template-subject" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('campaigns.templates.content')}
          extra={t('campaigns.templates.placeholders', { list: PLACEHOLDER_LIST })}
          rules={[{ required: true, whitespace: true, message: t('campaigns.templates.contentRequired') }]}
        >
          <LazyRichTextEditor ariaLabel={t('campaigns.templates.content')} data-testid="template-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
