import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PageHeaderProps = {
  title: ReactNode;
  /** Under the title: a short explanation or the record's key facts. */
  subtitle?: ReactNode;
  /** Next to the title (tags). */
  tags?: ReactNode;
  /** The page's actions, on the right. */
  actions?: ReactNode;
  /** Shows a back arrow before the title. */
  onBack?: () => void;
};

/** The title row every directory page starts with. */
export function PageHeader({ title, subtitle, tags, actions, onBack }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="page-header">
      {onBack !== undefined && (
        <Button
          type="text"
          className="page-header-back"
          icon={<ArrowLeftOutlined />}
          aria-label={t('common.back')}
          title={t('common.back')}
          onClick={onBack}
        />
      )}
      <div className="page-header-main">
        <div className="page-header-title-row">
          <Typography.Title level={1} className="page-title">
            {title}
          </Typography.Title>
          {tags}
        </div>
        {subtitle !== undefined && (
          <Typography.Text type="secondary" className="page-subtitle">
            {subtitle}
          </Typography.Text>
        )}
      </div>
      {actions !== undefined && <div className="page-header-actions">{actions}</div>}
    </header>
  );
}
