import type { Db } from '#server/db/database.ts';
import { consentRecordHash, sha256Hex } from './consent-hash.ts';
import { type AuditedConsentRow, type ConsentRecordRow, ConsentsRepository } from './consents.repository.ts';

/** A record that no longer matches its evidence, and why; `seq` is null for a record the audit log names but the table lacks. */
export type ConsentMismatch = { id: string; doctorId: string; seq: number | null; problems: string[] };

export type ConsentVerification = {
  records: number;
  doctors: number;
  /** Audit entries of consents checked against the records (the log may have been cleared: fewer is no fault). */
  auditEntries: number;
  mismatches: ConsentMismatch[];
};

/** Records read per query: the table's images never sit in memory all at once. */
const PAGE_SIZE = 200;

const consents = new ConsentsRepository();

/**
 * Recomputes every doctor's chain (docs/decisions/0023): each record's image hash from its bytes, its record
 * hash from its fields, its link to the previous record, and that the sequence has no gap; then every consent
 * entry of the audit log against the record it names, which finds a record removed from the end of a chain.
 * A record changed or removed behind the application's back (the triggers dropped, a restored backup edited)
 * is named here.
 */
export async function verifyConsentChains(db: Db): Promise<ConsentVerification> {
  const mismatches: ConsentMismatch[] = [];
  let records = 0;
  let doctors = 0;
  let previous: ConsentRecordRow | null = null;
  for (;;) {
    const page = await consents.chainPage(
      db,
      previous ? { doctorId: previous.doctor_id, seq: previous.seq } : null,
      PAGE_SIZE,
    );
    for (const row of page) {
      const before = previous?.doctor_id === row.doctor_id ? previous : null;
      if (!before) doctors += 1;
      records += 1;
      const problems = recordProblems(row, before);
      if (problems.length > 0) mismatches.push({ id: row.id, doctorId: row.doctor_id, seq: row.seq, problems });
      previous = row;
    }
    if (page.length < PAGE_SIZE) break;
  }
  const auditEntries = await checkAuditedRecords(db, mismatches);
  return { records, doctors, auditEntries, mismatches };
}

function recordProblems(row: ConsentRecordRow, before: ConsentRecordRow | null): string[] {
  const problems: string[] = [];
  const expectedSeq = (before?.seq ?? 0) + 1;
  if (row.seq !== expectedSeq) problems.push(`seq is ${row.seq}, expected ${expectedSeq} (a record is missing)`);
  const expectedPrevious = before?.record_hash ?? null;
  if (row.previous_hash !== expectedPrevious) {
    problems.push("previous_hash does not match the previous record's record_hash");
  }
  const imageHash = row.signature_image ? sha256Hex(row.signature_image) : null;
  if (imageHash !== row.image_sha256) problems.push('image_sha256 does not match the stored image bytes');
  const { signature_image: _image, record_hash: recordHash, ...fields } = row;
  if (consentRecordHash(fields) !== recordHash) problems.push("record_hash does not match the record's fields");
  return problems;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_RECORD = '00000000-0000-0000-0000-000000000000';

type AuditedRecord = { entryId: string; doctorId: string; consentId: string; recordHash: string; at: string };

function auditedRecord(entry: AuditedConsentRow): AuditedRecord | null {
  try {
    const metadata = JSON.parse(entry.metadata ?? 'null') as { consentId?: unknown; recordHash?: unknown } | null;
    if (typeof metadata?.consentId !== 'string' || typeof metadata.recordHash !== 'string') return null;
    // Not an id the table could hold (PostgreSQL would refuse to compare it): reported as missing.
    const consentId = UUID.test(metadata.consentId) ? metadata.consentId.toLowerCase() : NO_RECORD;
    return {
      entryId: entry.id,
      doctorId: entry.entity_id ?? '',
      consentId,
      recordHash: metadata.recordHash,
      at: entry.created_at,
    };
  } catch {
    return null;
  }
}

/** Every audit entry naming a record must find it, with the hash it was written with. */
async function checkAuditedRecords(db: Db, mismatches: ConsentMismatch[]): Promise<number> {
  let checked = 0;
  let afterId: string | null = null;
  for (;;) {
    const page = await consents.auditedPage(db, afterId, PAGE_SIZE);
    const entries = page.map(auditedRecord).filter((entry): entry is AuditedRecord => entry !== null);
    const stored = new Map(
      (
        await consents.hashesOf(
          db,
          entries.map((entry) => entry.consentId),
        )
      ).map((row) => [row.id, row.record_hash]),
    );
    for (const entry of entries) {
      checked += 1;
      const hash = stored.get(entry.consentId);
      if (hash === entry.recordHash) continue;
      const problem =
        hash === undefined
          ? `the record is missing: audit entry ${entry.entryId} of ${entry.at} recorded it`
          : `record_hash differs from the one audit entry ${entry.entryId} of ${entry.at} recorded`;
      const known = mismatches.find((mismatch) => mismatch.id === entry.consentId);
      if (known) known.problems.push(problem);
      else mismatches.push({ id: entry.consentId, doctorId: entry.doctorId, seq: null, problems: [problem] });
    }
    afterId = page.at(-1)?.id ?? null;
    if (page.length < PAGE_SIZE) return checked;
  }
}
