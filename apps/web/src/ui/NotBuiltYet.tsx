import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export type NotBuiltYetProps = { title: string };

/** Stands in for a screen a later issue builds, so every route of the spec already exists. */
export function NotBuiltYet({ title }: NotBuiltYetProps) {
  const { t } = useTranslation();
  return (
    <Result
      className="not-built-yet"
      icon={<ToolOutlined />}
      title={
        <span role="heading" aria-level={1}>
          {title}
        </span>
      }
      subTitle={t('common.notBuiltYet')}
    />
  );
}
