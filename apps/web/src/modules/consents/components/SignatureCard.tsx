import { Card, Typography } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { SignaturePadField, type SignaturePadHandle } from '@/modules/consents/components/SignaturePadField';

export type SignatureCardProps = {
  padRef: Ref<SignaturePadHandle>;
  doctorName: string | null;
  /** When the doctor signs: today on the device. */
  date: Date;
  onDrawingChange: (hasDrawing: boolean) => void;
  disabled: boolean;
};

/** Spec 000 §2: the drawing pad, with the doctor it is signed for and the date. */
export function SignatureCard({ padRef, doctorName, date, onDrawingChange, disabled }: SignatureCardProps) {
  const { t } = useTranslation();
  return (
    <Card className="page-card consent-card" size="small" title={t('consents.signatureTitle')}>
      <div className="consent-signature-field">
        <Typography.Text type="secondary" className="consent-pad-hint">
          {t('consents.padHint')}
        </Typography.Text>
        <SignaturePadField ref={padRef} onChange={onDrawingChange} disabled={disabled} />
        <div className="consent-pad-caption">
          <span data-testid="consent-doctor-label">
            {t('consents.doctorLabel', { name: doctorName ?? t('consents.unknownDoctor') })}
          </span>
          <span data-testid="consent-date">{t('consents.date', { date: formatDate(date) })}</span>
        </div>
      </div>
    </Card>
  );
}
