import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type CampaignTemplate, TEMPLATE_CARDS_PER_PAGE, TEMPLATE_PREVIEW_WIDTH } from '@crm/shared';
import { Button, Card, Empty, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '@/lib/format';
import { SafeHtml } from '@/ui/rich-text/SafeHtml';

export type TemplateStepProps = {
  templates: CampaignTemplate[];
  selectedId: string | null;
  onSelect: (template: CampaignTemplate) => void;
  onAddTemplate: () => void;
};

/** Step 1: template cards, 4 a page, each with Preview and Select; Add New Template (spec 001 §2). */
export function TemplateStep({ templates, selectedId, onSelect, onAddTemplate }: TemplateStepProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<CampaignTemplate | null>(null);

  return (
    <div className="campaign-step" data-testid="template-step">
      <div className="campaign-step-toolbar">
        <Typography.Text type="secondary">{t('campaigns.templates.help')}</Typography.Text>
        <Button icon={<PlusOutlined />} onClick={onAddTemplate} data-testid="add-template">
          {t('campaigns.templates.add')}
        </Button>
      </div>
      <List<CampaignTemplate>
        className="template-list"
        split={false}
        dataSource={templates}
        pagination={{ pageSize: TEMPLATE_CARDS_PER_PAGE, hideOnSinglePage: true, size: 'small' }}
        locale={{ emptyText: <Empty description={t('campaigns.templates.empty')} /> }}
        renderItem={(template) => (
          <List.Item>
            <Card
              className={`template-card${template.id === selectedId ? ' template-card-selected' : ''}`}
              data-testid={`template-${template.id}`}
              title={<span className="template-card-title">{template.name}</span>}
              actions={[
                <Button
                  key="preview"
                  type="text"
                  icon={<EyeOutlined />}
                  onClick={() => {
                    setPreview(template);
                  }}
                >
                  {t('campaigns.templates.preview')}
                </Button>,
                <Button
                  key="select"
                  type={template.id === selectedId ? 'primary' : 'link'}
                  onClick={() => {
                    onSelect(template);
                  }}
                  data-testid="select-template"
                >
                  {template.id === selectedId ? t('campaigns.templates.selected') : t('campaigns.templates.select')}
                </Button>,
              ]}
            >
              <Tag color="blue" className="template-card-type">
                {t(`campaigns.types.${template.type}`)}
              </Tag>
              <Typography.Paragraph ellipsis={{ rows: 3 }} className="template-card-description">
                {template.description}
              </Typography.Paragraph>
              <Typography.Text type="secondary" className="template-card-meta">
                {template.isBuiltIn ? t('campaigns.templates.builtIn') : formatShortDate(template.createdAt)}
              </Typography.Text>
            </Card>
          </List.Item>
        )}
      />
      <Modal
        open={preview !== null}
        width={TEMPLATE_PREVIEW_WIDTH}
        title={preview?.name}
        onCancel={() => {
          setPreview(null);
        }}
        footer={[
          <Button
            key="close"
            onClick={() => {
              setPreview(null);
            }}
          >
            {t('campaigns.templates.close')}
          </Button>,
          <Button
            key="select"
            type="primary"
            onClick={() => {
              if (preview) onSelect(preview);
              setPreview(null);
            }}
            data-testid="preview-select"
          >
            {t('campaigns.templates.selectTemplate')}
          </Button>,
        ]}
      >
        {preview !== null && (
          <div className="template-preview" data-testid="template-preview">
            <Typography.Text type="secondary">{t('campaigns.templates.subject')}</Typography.Text>
            <Typography.Paragraph strong>{preview.subject}</Typography.Paragraph>
            <SafeHtml html={preview.content} title={t('campaigns.templates.previewFrame')} />
          </div>
        )}
      </Modal>
    </div>
  );
}
