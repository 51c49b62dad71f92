import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t('app.loading')}>
      <Spin size="large" />
    </div>
  );
}
