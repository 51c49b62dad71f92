import { FilePdfOutlined } from '@ant-design/icons';
import type { ConsentRecord } from '@crm/shared';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { downloadConsentCertificate } from '@/modules/consents/api';

type CertifiedRecord = Pick<ConsentRecord, 'id' | 'doctorId' | 'doctorRpps' | 'signatureDate'>;

/** "consent-10001234567-2026-11-25.pdf": the doctor and the day tell certificates apart in a downloads folder. */
export function certificateFileName(record: CertifiedRecord, prefix: string): string {
  return `${prefix}-${record.doctorRpps}-${record.signatureDate.slice(0, 10)}.pdf`;
}

export type CertificateButtonProps = {
  record: CertifiedRecord;
  /** The history's rows take a small link-like button; the current consent a full one. */
  compact?: boolean;
};

/** Downloads a record's PDF certificate in the user's language. */
export function CertificateButton({ record, compact = false }: CertificateButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);

  const handleClick = async () => {
    setDownloading(true);
    try {
      await downloadConsentCertificate(
        record.doctorId,
        record.id,
        currentLanguage(),
        certificateFileName(record, t('consents.tab.certificateFilePrefix')),
      );
    } catch (error) {
      void message.error(t('consents.tab.certificateFailed', { message: serverMessage(error) }));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button
      icon={<FilePdfOutlined />}
      type={compact ? 'link' : 'default'}
      size={compact ? 'small' : 'middle'}
      className={compact ? 'consent-inline-action' : undefined}
      loading={downloading}
      onClick={() => void handleClick()}
      data-testid={`consent-certificate-${record.id}`}
    >
      {compact ? t('consents.tab.certificateShort') : t('consents.tab.certificate')}
    </Button>
  );
}
