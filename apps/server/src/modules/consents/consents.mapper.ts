import type { ConsentRecord, ConsentSummary, EligibleDoctor, Specialty } from '@crm/shared';
import type { ConsentRecordView, EligibleDoctorRow } from './consents.repository.ts';

type ChoiceColumns = Pick<
  ConsentRecordView,
  'professional_consent' | 'congress_consent' | 'general_consent' | 'signed_at'
>;

/** A consent's choices and date in both spellings (spec 000 §3), as one literal (decision 0010). */
function choiceFields(row: ChoiceColumns): Omit<ConsentSummary, 'id'> {
  const professional = row.professional_consent === 1;
  const congress = row.congress_consent === 1;
  const general = row.general_consent === 1;
  return {
    professionalConsent: professional,
    professional_consent: professional,
    congressConsent: congress,
    congress_consent: congress,
    generalConsent: general,
    general_consent: general,
    signatureDate: row.signed_at,
    signature_date: row.signed_at,
  };
}

/** A record as the API answers it, in both spellings (spec 000 §3); `image` is its data URL or null. */
export function toConsentRecord(row: ConsentRecordView, image: string | null): ConsentRecord {
  return Object.assign(
    { id: row.id, doctorId: row.doctor_id, kind: row.kind, signatureImage: image, signature_image: image },
    choiceFields(row),
    {
      recordedAt: row.recorded_at,
      email: row.email,
      phone: row.phone,
      language: row.language,
      withdrawalRequestedBy: row.withdrawal_requested_by,
      withdrawalReason: row.withdrawal_reason,
      collectedBy: { id: row.collected_by, email: row.collector_email, displayName: row.collector_name },
      doctorRpps: row.doctor_rpps,
      doctorFirstName: row.doctor_first_name,
      doctorLastName: row.doctor_last_name,
      imageSha256: row.image_sha256,
      previousHash: row.previous_hash,
      recordHash: row.record_hash,
    },
  );
}

/** A doctor a campaign may reach, with their current consent in both spellings (spec 001 §3). */
export function toEligibleDoctor(row: EligibleDoctorRow): EligibleDoctor {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    primarySpecialty: row.primary_specialty as Specialty,
    email: row.email,
    rpps: row.rpps,
    signature: Object.assign({ id: row.consent_id }, choiceFields(row)),
  };
}
