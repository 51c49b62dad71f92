import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export type ReadOnlyNoticeProps = { onBack: () => void };

/** Shown instead of a creation form to a user without readWrite (spec 000 §6: 'Read Only'). */
export function ReadOnlyNotice({ onBack }: ReadOnlyNoticeProps) {
  const { t } = useTranslation();
  return (
    <Card className="page-card">
      <Result
        status="403"
        title={t('ui.readOnly.title')}
        subTitle={t('ui.readOnly.text')}
        extra={<Button onClick={onBack}>{t('common.back')}</Button>}
        data-testid="read-only-notice"
      />
    </Card>
  );
}
