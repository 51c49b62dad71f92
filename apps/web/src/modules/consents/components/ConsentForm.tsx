import { SaveOutlined } from '@ant-design/icons';
import { type ConsentChoices, type Doctor } from '@crm/shared';
import { Alert, App, Button, Col, Row } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/app/permissions';
import { type DeviceConsent, useSaveConsent } from '@/modules/consents/api';
import { ConsentChoiceFields } from '@/modules/consents/components/ConsentChoiceFields';
import { ConsentContactCard } from '@/modules/consents/components/ConsentContactCard';
import { SignatureCard } from '@/modules/consents/components/SignatureCard';
import type { SignaturePadHandle } from '@/modules/consents/components/SignaturePadField';
import { type Contact, useContactAutoSave } from '@/modules/consents/hooks/useContactAutoSave';
import { saveErrorMessage, signatureProblem } from '@/modules/consents/utils/consent-messages';
import { useNetworkStatus } from '@/offline/engine/network-monitor';

export type ConsentFormProps = {
  doctorId: string;
  /** Null offline when the device doesn't hold the doctor: the consent can still be collected. */
  doctor: Doctor | null;
  doctorName: string | null;
  /** The doctor's current consent (the server's, or the one waiting on this device): 'update' mode. */
  consent: DeviceConsent | null;
  /** Saved on the server: back where the rep came from. */
  onSaved: () => void;
  onCancel: () => void;
};

const NO_CHOICE: ConsentChoices = { professionalConsent: false, congressConsent: false, generalConsent: false };

const contactOf = (doctor: Doctor | null, consent: DeviceConsent | null): Contact => ({
  email: doctor?.email ?? consent?.email ?? '',
  phone: doctor?.phone ?? consent?.phone ?? '',
});

/**
 * The consent screen's form (spec 000 §2, §4): contact, the three choices, the drawing. An update starts from
 * the current choices and contact, never from the earlier drawing: each record carries the doctor's own new
 * signature. A second press while a save runs is ignored.
 */
export function ConsentForm({ doctorId, doctor, doctorName, consent, onSaved, onCancel }: ConsentFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCanWrite();
  const { isEffectivelyOnline } = useNetworkStatus();
  const save = useSaveConsent(doctorId);
  const pad = useRef<SignaturePadHandle>(null);
  const saving = useRef(false);
  const [doctorContact] = useState(() => contactOf(doctor, null));
  const [contact, setContact] = useState<Contact>(() => contactOf(doctor, consent));
  const [choices, setChoices] = useState<ConsentChoices>(() =>
    consent === null
      ? NO_CHOICE
      : {
          professionalConsent: consent.professionalConsent,
          congressConsent: consent.congressConsent,
          generalConsent: consent.generalConsent,
        },
  );
  const [hasDrawing, setHasDrawing] = useState(false);
  const [signingDate] = useState(() => new Date());
  const canSaveContact = canWrite && isEffectivelyOnline && doctor !== null;
  const contactStatus = useContactAutoSave(doctorId, doctorContact, contact, canSaveContact);
  const isSaving = save.isPending;

  const handleSave = async () => {
    if (saving.current) return;
    if (doctorId === '') {
      void message.error(t('consents.doctorIdRequired'));
      return;
    }
    const image = pad.current === null || pad.current.isEmpty() ? '' : pad.current.toDataURL();
    const problem = signatureProblem(image);
    if (problem !== null) {
      void message.error(problem);
      return;
    }
    saving.current = true;
    try {
      const { synced } = await save.mutateAsync({
        signatureImage: image,
        ...choices,
        email: contact.email.trim() === '' ? null : contact.email.trim(),
        phone: contact.phone.trim() === '' ? null : contact.phone.trim(),
        doctorName,
      });
      if (synced) {
        void message.success(t('consents.saved'));
        onSaved();
        return;
      }
      // Kept on the device: the screen stays, showing the consent waiting to be sent.
      void message.success(t('consents.savedOffline'));
      pad.current?.clear();
      setHasDrawing(false);
    } catch (error) {
      void message.error(saveErrorMessage(error));
    } finally {
      saving.current = false;
    }
  };

  return (
    <div className="consent-form" data-testid="consent-form">
      {!isEffectivelyOnline && (
        <Alert type="info" showIcon title={t('consents.offlineNotice')} data-testid="consent-offline-notice" />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={11}>
          <div className="consent-form-column">
            <ConsentContactCard
              contact={contact}
              onChange={setContact}
              readOnly={!canWrite}
              offline={!isEffectivelyOnline}
              status={contactStatus}
              disabled={isSaving}
            />
            <ConsentChoiceFields value={choices} onChange={setChoices} disabled={isSaving} />
          </div>
        </Col>
        <Col xs={24} lg={13}>
          <SignatureCard
            padRef={pad}
            doctorName={doctorName}
            date={signingDate}
            onDrawingChange={setHasDrawing}
            disabled={isSaving}
          />
        </Col>
      </Row>
      <div className="consent-form-actions">
        <Button onClick={onCancel} disabled={isSaving} data-testid="consent-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          disabled={!hasDrawing}
          loading={isSaving}
          onClick={() => void handleSave()}
          data-testid="consent-save"
        >
          {t('consents.save')}
        </Button>
      </div>
    </div>
  );
}
