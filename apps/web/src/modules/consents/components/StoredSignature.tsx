import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useConsentImage } from '@/modules/consents/api';

export type StoredSignatureProps = { doctorId: string; consentId: string; alt: string };

/**
 * A history record's signature, fetched when asked for (the history comes without images). A failure says
 * why rather than leaving an empty frame, which would look like a missing signature.
 */
export function StoredSignature({ doctorId, consentId, alt }: StoredSignatureProps) {
  const { t } = useTranslation();
  const image = useConsentImage(doctorId, consentId);

  if (image.isPending) return <Spin size="small" aria-label={t('app.loading')} />;
  if (image.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('consents.tab.signatureFailed', { message: serverMessage(image.error) })}
        data-testid={`consent-signature-failed-${consentId}`}
      />
    );
  }
  return (
    <img
      src={image.data}
      alt={alt}
      className="consent-signature-image"
      data-testid={`consent-signature-image-${consentId}`}
    />
  );
}
