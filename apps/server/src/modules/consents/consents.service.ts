import {
  CONSENT_CHOICES,
  ConsentRecord,
  type ConsentChoice,
  type ConsentHistory,
  type ConsentInput,
  type ConsentWithdrawalInput,
  type CurrentConsent,
  type EligibleDoctor,
  type EligibleDoctorList,
  type EligibleDoctorsQuery,
  isAheadOfClock,
  type Language,
  pagesFor,
  searchTerms,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/core/idempotent-transaction.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { renderConsentCertificate } from './consent-certificate.ts';
import { consentRecordHash, type HashedConsentFields, sha256Hex } from './consent-hash.ts';
import { toConsentRecord, toEligibleDoctor } from './consents.mapper.ts';
import { type ConsentRecordView, type ConsentsRepository, isUniqueViolation } from './consents.repository.ts';
import { decodeSignatureImage, type SignatureMimeType, signatureDataUrl } from './signature-image.ts';

type ConsentsServiceDeps = {
  db: Db;
  consents: ConsentsRepository;
  doctors: DoctorsRepository;
  keys: IdempotencyKeysRepository;
  logs: LogsRepository;
  clock: Clock;
};

/** The columns a record's kind, choices and content fill; the chain, the doctor, the collector and times come after. */
type Content = Pick<
  HashedConsentFields,
  | 'kind'
  | 'professional_consent'
  | 'congress_consent'
  | 'general_consent'
  | 'signature_mime_type'
  | 'image_sha256'
  | 'email'
  | 'phone'
  | 'withdrawal_requested_by'
  | 'withdrawal_reason'
  | 'language'
>;

/**
 * What the caller asked to record. `claims` are the columns a replay under the same client id must match
 * (a withdrawal's choices depend on the consent it withdraws from, so they are not among them); `content` makes
 * the record from the doctor's current one.
 */
type Draft = {
  clientId: string | undefined;
  /** The device's time when it gave one; the server's time otherwise. */
  signedAt: string | null;
  image: Buffer | null;
  claims: Partial<ConsentRecordView>;
  content: (current: ConsentRecordView | undefined) => Content;
};

export type ConsentImage = { bytes: Buffer; mimeType: SignatureMimeType };
export type ConsentCertificate = { pdf: Uint8Array; filename: string };

const idTaken = () =>
  new AppError('CONFLICT', {}, { messageKey: 'consents.idTaken', fields: { id: 'consents.idTaken' } });
const flag = (value: boolean) => (value ? 1 : 0);
const isoUtc = (value: string | undefined) => (value === undefined ? null : new Date(value).toISOString());
const CHOICE_COLUMN = {
  professional: 'professional_consent',
  congress: 'congress_consent',
  general: 'general_consent',
} as const satisfies Record<ConsentChoice, keyof Content>;

/**
 * Consents are evidence (DESIGN.md §5, docs/decisions/0023): every save and every withdrawal is a new record
 * appended to the doctor's chain; nothing changes or removes one. Any signed-in user collects and withdraws
 * consent (read-only reps too: it is not a doctor edit) and reads it, and the collector is always the caller.
 */
export class ConsentsService {
  constructor(private readonly deps: ConsentsServiceDeps) {}

  /** The doctor's latest record with its image, or null when none was ever collected. */
  async current(auth: AuthContext, doctorId: string): Promise<CurrentConsent> {
    const id = await this.requireReadableDoctor(auth, doctorId);
    const row = await this.deps.consents.latest(this.deps.db, id);
    if (!row) return null;
    const image = row.image_sha256 === null ? undefined : await this.deps.consents.image(this.deps.db, id, row.id);
    const bytes = image?.signature_image ?? null;
    return toConsentRecord(
      row,
      bytes && row.signature_mime_type ? signatureDataUrl(bytes, row.signature_mime_type) : null,
    );
  }

  async history(auth: AuthContext, doctorId: string): Promise<ConsentHistory> {
    const id = await this.requireReadableDoctor(auth, doctorId);
    const rows = await this.deps.consents.history(this.deps.db, id);
    return { items: rows.map((row) => toConsentRecord(row, null)) };
  }

  async image(auth: AuthContext, doctorId: string, consentId: string): Promise<ConsentImage> {
    const id = await this.requireReadableDoctor(auth, doctorId);
    const row = await this.deps.consents.image(this.deps.db, id, consentId);
    if (!row?.signature_image || !row.signature_mime_type) {
      throw new AppError('NOT_FOUND', {}, { messageKey: 'consents.notFound' });
    }
    return { bytes: row.signature_image, mimeType: row.signature_mime_type };
  }

  /** One record as a PDF in the language asked for, issued now. */
  async certificate(
    auth: AuthContext,
    doctorId: string,
    consentId: string,
    lang: Language,
  ): Promise<ConsentCertificate> {
    const id = await this.requireReadableDoctor(auth, doctorId);
    const row = await this.deps.consents.findById(this.deps.db, consentId);
    if (row?.doctor_id !== id) throw new AppError('NOT_FOUND', {}, { messageKey: 'consents.notFound' });
    const image = row.image_sha256 === null ? undefined : await this.deps.consents.image(this.deps.db, id, row.id);
    const pdf = await renderConsentCertificate({
      record: toConsentRecord(row, null),
      image:
        image?.signature_image && image.signature_mime_type
          ? { bytes: image.signature_image, mimeType: image.signature_mime_type }
          : null,
      lang,
      issuedAt: this.deps.clock.now(),
    });
    return { pdf, filename: `consent-${row.doctor_rpps}-${row.signed_at.slice(0, 10)}.pdf` };
  }

  /**
   * A signature: the image must really be a PNG or a JPEG, and the device's signing time not in the future.
   * Answered without the image (the client has it, and the stored answer of an Idempotency-Key stays small);
   * GET …/signatures gives it.
   */
  async sign(
    auth: AuthContext,
    doctorId: string,
    input: ConsentInput,
    idempotency: IdempotentRequest | null,
    requestLanguage: Language,
  ): Promise<ConsentRecord> {
    requireSignedIn(auth);
    const image = decodeSignatureImage(input.signatureImage);
    const refused = {
      ...(image ? {} : { signatureImage: 'consents.signatureInvalid' }),
      ...this.futureDeviceTimes({ signatureDate: input.signatureDate }),
    };
    if (!image || Object.keys(refused).length > 0) throw validationError(refused);
    const content: Content = {
      kind: 'signature',
      professional_consent: flag(input.professionalConsent),
      congress_consent: flag(input.congressConsent),
      general_consent: flag(input.generalConsent),
      signature_mime_type: image.mimeType,
      image_sha256: sha256Hex(image.bytes),
      email: input.email,
      phone: input.phone,
      withdrawal_requested_by: null,
      withdrawal_reason: null,
      language: input.language ?? requestLanguage,
    };
    const signedAt = isoUtc(input.signatureDate);
    return this.save(auth, doctorId, idempotency, {
      clientId: input.id,
      signedAt,
      image: image.bytes,
      claims: { ...content, ...(signedAt === null ? {} : { signed_at: signedAt }) },
      content: () => content,
    });
  }

  /**
   * The named choices withdrawn (all when none is named), no drawing: a new record keeping the other choices of
   * the current consent. Refused when the current consent gives none of them, or when the device's time of it
   * is in the future.
   */
  async withdraw(
    auth: AuthContext,
    doctorId: string,
    input: ConsentWithdrawalInput,
    idempotency: IdempotentRequest | null,
    requestLanguage: Language,
  ): Promise<ConsentRecord> {
    requireSignedIn(auth);
    const refused = this.futureDeviceTimes({ withdrawnAt: input.withdrawnAt });
    if (Object.keys(refused).length > 0) throw validationError(refused);
    const withdrawn = new Set<ConsentChoice>(input.choices ?? CONSENT_CHOICES);
    const signedAt = isoUtc(input.withdrawnAt);
    const claims = {
      kind: 'withdrawal' as const,
      withdrawal_requested_by: input.requestedBy,
      withdrawal_reason: input.reason,
      ...(signedAt === null ? {} : { signed_at: signedAt }),
    };
    return this.save(auth, doctorId, idempotency, {
      clientId: input.id,
      signedAt,
      image: null,
      claims,
      content: (current) => {
        const keeps = (choice: ConsentChoice) =>
          current !== undefined && current[CHOICE_COLUMN[choice]] === 1 && !withdrawn.has(choice);
        const withdrawsSomething = CONSENT_CHOICES.some(
          (choice) => withdrawn.has(choice) && current?.[CHOICE_COLUMN[choice]] === 1,
        );
        if (!withdrawsSomething) throw new AppError('CONFLICT', {}, { messageKey: 'consents.nothingToWithdraw' });
        return {
          kind: 'withdrawal',
          professional_consent: flag(keeps('professional')),
          congress_consent: flag(keeps('congress')),
          general_consent: flag(keeps('general')),
          signature_mime_type: null,
          image_sha256: null,
          email: null,
          phone: null,
          withdrawal_requested_by: input.requestedBy,
          withdrawal_reason: input.reason,
          language: requestLanguage,
        };
      },
    });
  }

  /**
   * Spec 001 §5 for the campaigns: the doctors still in the directory with an e-mail (theirs, else the one given
   * with the consent) whose current consent gives `choice`, by name, paged, filtered by `search`.
   */
  /** `choice` null: the doctors with an e-mail and any consent in force. */
  async eligibleDoctors(
    auth: AuthContext,
    query: Omit<EligibleDoctorsQuery, 'choice'> & { choice: EligibleDoctorsQuery['choice'] | null },
  ): Promise<EligibleDoctorList> {
    requireSignedIn(auth);
    const filter = { choice: query.choice, terms: searchTerms(query.search) };
    const [rows, total] = await Promise.all([
      this.deps.consents.eligiblePage(this.deps.db, filter, (query.page - 1) * query.limit, query.limit),
      this.deps.consents.eligibleCount(this.deps.db, filter),
    ]);
    return { doctors: rows.map(toEligibleDoctor), total, pages: pagesFor(total, query.limit) };
  }

  /**
   * Of these doctors, those a campaign needing `choice` may reach now, read in the caller's transaction: a
   * sending job checks its recipients again, since a consent may have been withdrawn since they were chosen.
   */
  async eligibleAmong(trx: Db, doctorIds: readonly string[], choice: ConsentChoice): Promise<EligibleDoctor[]> {
    return (await this.deps.consents.eligibleAmong(trx, doctorIds, choice)).map(toEligibleDoctor);
  }

  /**
   * The record appended to the doctor's chain in one transaction, with its audit entry (and the answer under the
   * request's Idempotency-Key). The saves of one doctor wait for each other rather than racing for the same head:
   * however many arrive at once, each appends after the previous one.
   */
  private async save(
    auth: AuthContext,
    doctorId: string,
    idempotency: IdempotentRequest | null,
    draft: Draft,
  ): Promise<ConsentRecord> {
    // Read before the transaction, whose first statement must be the lock: an alias, once written, names its
    // doctor for good, and the saves through an alias and through the doctor's own id take the same lock.
    const id = await this.deps.doctors.canonicalId(this.deps.db, doctorId);
    const deps = { db: this.deps.db, keys: this.deps.keys, clock: this.deps.clock };
    const answer = { statusCode: 201, replayAs: (body: unknown) => ConsentRecord.parse(body) };
    try {
      return await idempotentTransaction(deps, idempotency, answer, (trx) => this.append(trx, auth, id, draft));
    } catch (error) {
      // The chain's lock leaves one collision: a client id sent at once for two doctors (two locks); the one
      // that lost finds the id taken, as it would have a moment later.
      if (isUniqueViolation(error)) throw idTaken();
      throw error;
    }
  }

  /** The record appended after the doctor's chain head, and its audit entry, in the caller's transaction. */
  private async append(trx: Db, auth: AuthContext, doctorId: string, draft: Draft): Promise<ConsentRecord> {
    await this.deps.consents.lockDoctorChain(trx, doctorId);
    const doctor = await this.deps.doctors.findById(trx, doctorId);
    if (!doctor) throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notFound' });
    const replayed = await this.replayedRecord(trx, auth, doctor.id, draft);
    if (replayed) return replayed;
    const current = await this.deps.consents.latest(trx, doctor.id);
    const content = draft.content(current);
    const recordedAt = isoNow(this.deps.clock);
    const fields: HashedConsentFields = {
      id: draft.clientId?.toLowerCase() ?? newId(),
      seq: (current?.seq ?? 0) + 1,
      doctor_id: doctor.id,
      ...content,
      signed_at: draft.signedAt ?? recordedAt,
      recorded_at: recordedAt,
      collected_by: auth.user.id,
      collector_email: auth.user.email,
      collector_name: auth.user.displayName,
      doctor_rpps: doctor.rpps,
      doctor_first_name: doctor.first_name,
      doctor_last_name: doctor.last_name,
      previous_hash: current?.record_hash ?? null,
    };
    const recordHash = consentRecordHash(fields);
    await this.deps.consents.insert(trx, { ...fields, signature_image: draft.image, record_hash: recordHash });
    const record = toConsentRecord({ ...fields, record_hash: recordHash }, null);
    // The log page links a consent entry to the doctor's consent tab: the entity is the doctor, the record is
    // named in the metadata with its hash (the verifier checks them). No image, no contact details: the record
    // holds them.
    await this.deps.logs.record(trx, {
      action: content.kind === 'signature' ? 'create' : 'withdraw',
      entityType: 'consent',
      entityId: doctor.id,
      metadata: {
        consentId: record.id,
        doctorName: `${doctor.first_name} ${doctor.last_name}`,
        firstName: doctor.first_name,
        lastName: doctor.last_name,
        kind: record.kind,
        professionalConsent: record.professionalConsent,
        congressConsent: record.congressConsent,
        generalConsent: record.generalConsent,
        signatureDate: record.signatureDate,
        recordHash: record.recordHash,
      },
      user: auditUser(auth),
    });
    return record;
  }

  /**
   * A client id already used (the offline queue sending a consent again under a new key after its first answer
   * was lost): the same record by the same collector for the same doctor is answered again; anything else under
   * that id is a conflict, and nothing is written.
   */
  private async replayedRecord(
    trx: Db,
    auth: AuthContext,
    doctorId: string,
    draft: Draft,
  ): Promise<ConsentRecord | undefined> {
    if (draft.clientId === undefined) return undefined;
    const existing = await this.deps.consents.findById(trx, draft.clientId.toLowerCase());
    if (!existing) return undefined;
    const same =
      existing.doctor_id === doctorId &&
      existing.collected_by === auth.user.id &&
      Object.entries(draft.claims).every(([key, value]) => existing[key as keyof ConsentRecordView] === value);
    if (!same) throw idTaken();
    return toConsentRecord(existing, null);
  }

  /**
   * The device's times of the act that are later than the server's clock allows (decision 0044), by field: a
   * record never claims to have been signed or withdrawn after it was recorded, beyond the clocks' skew. A time
   * in the past is taken however old, since a consent saved offline is sent later.
   */
  private futureDeviceTimes(times: Record<string, string | undefined>): Record<string, string> {
    const now = this.deps.clock.now();
    return Object.fromEntries(
      Object.entries(times)
        .filter(([, time]) => time !== undefined && isAheadOfClock(time, now))
        .map(([field]) => [field, 'validation.futureDeviceTime']),
    );
  }

  /**
   * Reading a doctor's consents: any signed-in user, of a doctor of the directory or of one deleted from it whose
   * evidence remains (their records stay readable); any other doctor is not found, whatever record is asked for.
   */
  private async requireReadableDoctor(auth: AuthContext, doctorId: string): Promise<string> {
    requireSignedIn(auth);
    const id = await this.deps.doctors.canonicalId(this.deps.db, doctorId);
    if (await this.deps.doctors.findById(this.deps.db, id)) return id;
    if (await this.deps.consents.hasRecords(this.deps.db, id)) return id;
    throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notFound' });
  }
}
