import type { ConsentRecord } from '@crm/shared';
import { REP_USER } from '@/test/tokens';

/** A PNG data URL as long as a small drawing (the client checks only its length and prefix). */
export const DRAWN_SIGNATURE = `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${'A'.repeat(160)}`;

export const CONSENT_DOCTOR_ID = '0190a0c4-0000-7000-8000-000000000101';

/** A record as the API answers it, in both spellings. */
export function consentRecord(overrides: Partial<ConsentRecord> = {}): ConsentRecord {
  const base: ConsentRecord = {
    id: '0190a0c4-0000-7000-8000-00000000c001',
    doctorId: CONSENT_DOCTOR_ID,
    kind: 'signature',
    signatureImage: null,
    signature_image: null,
    professionalConsent: true,
    professional_consent: true,
    congressConsent: false,
    congress_consent: false,
    generalConsent: true,
    general_consent: true,
    signatureDate: '2026-11-20T09:15:00.000Z',
    signature_date: '2026-11-20T09:15:00.000Z',
    recordedAt: '2026-11-20T09:15:02.000Z',
    email: 'jean.martin@exemple.fr',
    phone: '01 23 45 67 89',
    language: 'fr',
    withdrawalRequestedBy: null,
    withdrawalReason: null,
    collectedBy: { id: REP_USER.id, email: REP_USER.email, displayName: REP_USER.displayName },
    doctorRpps: '10001234567',
    doctorFirstName: 'Jean',
    doctorLastName: 'Martin',
    imageSha256: 'a'.repeat(64),
    previousHash: null,
    recordHash: 'b'.repeat(64),
  };
  const record = { ...base, ...overrides };
  return {
    ...record,
    signature_image: record.signatureImage,
    professional_consent: record.professionalConsent,
    congress_consent: record.congressConsent,
    general_consent: record.generalConsent,
    signature_date: record.signatureDate,
  };
}
