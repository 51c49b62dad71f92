import { useTranslation } from 'react-i18next';

/**
 * Shown while a page's code is loading. antd's large Spin drawn by styles.css: this sits in the entry, which
 * carries no antd (decision 0040).
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t('app.loading')}>
      <span className="page-loader-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
