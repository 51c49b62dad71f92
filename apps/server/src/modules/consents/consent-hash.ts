import crypto from 'node:crypto';
import type { ConsentRecordsTable } from '#server/db/schema.ts';

/** What a record's hash covers: every column but the image bytes (covered by image_sha256) and the hash itself. */
export type HashedConsentFields = Omit<ConsentRecordsTable, 'signature_image' | 'record_hash'>;

/**
 * The canonical form's label: a later change of the form gets another label, and a verifier reads the label to
 * know which form a record was hashed with.
 */
const CANONICAL_FORM = 'consent-record-v1';

/**
 * The fields in their fixed order (docs/decisions/0023). JSON keeps an object's string keys in insertion order,
 * so the same values always serialise to the same text, whatever order a row's columns come in.
 */
export function canonicalConsent(fields: HashedConsentFields): string {
  return JSON.stringify({
    form: CANONICAL_FORM,
    id: fields.id,
    seq: fields.seq,
    doctor_id: fields.doctor_id,
    kind: fields.kind,
    professional_consent: fields.professional_consent === 1,
    congress_consent: fields.congress_consent === 1,
    general_consent: fields.general_consent === 1,
    image_sha256: fields.image_sha256,
    signature_mime_type: fields.signature_mime_type,
    signed_at: fields.signed_at,
    recorded_at: fields.recorded_at,
    email: fields.email,
    phone: fields.phone,
    withdrawal_requested_by: fields.withdrawal_requested_by,
    withdrawal_reason: fields.withdrawal_reason,
    language: fields.language,
    collected_by: fields.collected_by,
    collector_email: fields.collector_email,
    collector_name: fields.collector_name,
    doctor_rpps: fields.doctor_rpps,
    doctor_first_name: fields.doctor_first_name,
    doctor_last_name: fields.doctor_last_name,
    previous_hash: fields.previous_hash,
  });
}

/** The record's hash: hex SHA-256 of its canonical form, which includes the previous record's hash. */
export function consentRecordHash(fields: HashedConsentFields): string {
  return sha256Hex(canonicalConsent(fields));
}

export function sha256Hex(data: string | Uint8Array): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}
