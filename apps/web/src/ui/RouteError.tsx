import { useTranslation } from 'react-i18next';

/**
 * Shown instead of a page that failed to render or to load (typically a page chunk that vanished with a
 * new deployment, which a reload fixes). Plain markup rather than antd's Result: this sits in the entry
 * chunk, which carries no antd (decision 0040).
 */
export function RouteError() {
  const { t } = useTranslation();
  const handleReload = () => {
    window.location.reload();
  };
  return (
    <div className="route-error" role="alert">
      <h1 className="route-error-title">{t('app.errorTitle')}</h1>
      <p className="route-error-description">{t('app.errorDescription')}</p>
      <button type="button" className="button button-primary" onClick={handleReload}>
        {t('app.reload')}
      </button>
    </div>
  );
}
