import { CheckCircleOutlined, CloseCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Card, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutoSaveStatus, Contact } from '@/modules/consents/hooks/useContactAutoSave';

export type ConsentContactCardProps = {
  contact: Contact;
  onChange: (contact: Contact) => void;
  /** Without readWrite the doctor's contact is shown, not edited (spec 000 §6). */
  readOnly: boolean;
  /** Offline nothing reaches the doctor's record: what is typed goes with the consent only. */
  offline: boolean;
  status: AutoSaveStatus;
  disabled: boolean;
};

/** The outcome of the last auto-save, said discreetly next to the card's title. */
function SaveStatus({ status }: { status: AutoSaveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return null;
  const [icon, text, type] =
    status === 'saving'
      ? [<LoadingOutlined key="icon" />, t('consents.contactSaving'), 'secondary' as const]
      : status === 'saved'
        ? [<CheckCircleOutlined key="icon" />, t('common.saved'), 'success' as const]
        : [<CloseCircleOutlined key="icon" />, t('common.saveFailed'), 'danger' as const];
  return (
    <Typography.Text type={type} className="consent-contact-status" role="status" data-testid="contact-save-status">
      {icon} {text}
    </Typography.Text>
  );
}

/** The contact e-mail and phone given with the consent (spec 000 §2), saved to the doctor as they are typed. */
export function ConsentContactCard({
  contact,
  onChange,
  readOnly,
  offline,
  status,
  disabled,
}: ConsentContactCardProps) {
  const { t } = useTranslation();
  const emailId = useId();
  const phoneId = useId();
  const note = readOnly ? t('consents.contactReadOnly') : offline ? t('consents.contactOffline') : null;
  return (
    <Card
      className="page-card consent-card"
      size="small"
      title={t('consents.contactTitle')}
      extra={<SaveStatus status={status} />}
    >
      <div className="consent-contact-fields">
        <label htmlFor={emailId} className="consent-field">
          <span className="consent-field-label">{t('consents.email')}</span>
          <Input
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder={t('consents.emailPlaceholder')}
            value={contact.email}
            readOnly={readOnly}
            disabled={disabled}
            onChange={(event) => onChange({ ...contact, email: event.target.value })}
            data-testid="consent-email"
          />
        </label>
        <label htmlFor={phoneId} className="consent-field">
          <span className="consent-field-label">{t('consents.phone')}</span>
          <Input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('consents.phonePlaceholder')}
            value={contact.phone}
            readOnly={readOnly}
            disabled={disabled}
            onChange={(event) => onChange({ ...contact, phone: event.target.value })}
            data-testid="consent-phone"
          />
        </label>
      </div>
      {note !== null && (
        <Typography.Paragraph type="secondary" className="consent-note">
          {note}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
