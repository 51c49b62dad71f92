import type { ConsentChoice } from '@crm/shared';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { ConsentRecordsTable, Database } from '#server/db/schema.ts';

export type ConsentRecordRow = Selectable<ConsentRecordsTable>;

/** A record without its image bytes: what the API answers around the image. */
export type ConsentRecordView = Omit<ConsentRecordRow, 'signature_image'>;

/** A consent entry of the audit log, as the verifier checks it against the records. */
export type AuditedConsentRow = { id: string; entity_id: string | null; metadata: string | null; created_at: string };

/** A doctor a campaign may reach, with their current consent. */
export type EligibleDoctorRow = {
  id: string;
  first_name: string;
  last_name: string;
  primary_specialty: string;
  rpps: string;
  email: string;
  consent_id: string;
  professional_consent: number;
  congress_consent: number;
  general_consent: number;
  signed_at: string;
};

/** Which doctors a campaign may reach: the choice needed, and the search's normalised words. */
/** `choice` null: any consent in force (one of the three choices given). */
export type EligibleDoctorsFilter = { choice: ConsentChoice | null; terms: string[] };

const VIEW_COLUMNS = [
  'c.id',
  'c.seq',
  'c.doctor_id',
  'c.kind',
  'c.professional_consent',
  'c.congress_consent',
  'c.general_consent',
  'c.signature_mime_type',
  'c.image_sha256',
  'c.signed_at',
  'c.recorded_at',
  'c.email',
  'c.phone',
  'c.withdrawal_requested_by',
  'c.withdrawal_reason',
  'c.language',
  'c.collected_by',
  'c.collector_email',
  'c.collector_name',
  'c.doctor_rpps',
  'c.doctor_first_name',
  'c.doctor_last_name',
  'c.previous_hash',
  'c.record_hash',
] as const;

type ConsentScope = ExpressionBuilder<Database & { c: ConsentRecordsTable }, 'c'>;

/** The record is its doctor's current one: no later record of the same doctor exists ((doctor_id, seq) index). */
const isCurrent = (eb: ConsentScope) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('consent_records as later')
        .select(sql.lit(1).as('one'))
        .whereRef('later.doctor_id', '=', 'c.doctor_id')
        .whereRef('later.seq', '>', 'c.seq'),
    ),
  );

const givesAny = (eb: ConsentScope) =>
  eb.or([
    eb('c.professional_consent', '=', sql.lit(1)),
    eb('c.congress_consent', '=', sql.lit(1)),
    eb('c.general_consent', '=', sql.lit(1)),
  ]);

const CHOICE_COLUMNS = {
  professional: 'c.professional_consent',
  congress: 'c.congress_consent',
  general: 'c.general_consent',
} as const satisfies Record<ConsentChoice, `c.${keyof ConsentRecordsTable}`>;

/**
 * The doctors whose current consent (the caller collected) gives a choice, optionally only those signed in a
 * period: the dashboard's two figures (docs/dashboard.md). The caller's records from the (collected_by,
 * signed_at) index, each checked for a later record on (doctor_id, seq).
 */
const collectedCountQuery = preparedQuery(
  (db, p: { userId: string; from: string; to: string }) =>
    db
      .selectFrom('consent_records as c')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('c.collected_by', '=', p.userId)
      .where('c.signed_at', '>=', p.from)
      .where('c.signed_at', '<', p.to)
      .where(givesAny)
      .where(isCurrent),
  ['userId', 'from', 'to'],
);

/**
 * The first key of the advisory locks on the doctors' chains on PostgreSQL (any constant of our own); the second
 * is the doctor's. Two-key locks never meet the one-key locks of other modules.
 */
const CONSENT_CHAIN_LOCK = 150_002;

/** Every signing time sorts between these: ISO strings of years 0000 to 9999. */
const ALL_TIME = { from: '0000', to: '9999' };

/**
 * Consent records (docs/decisions/0023). Append-only: there is an insert and there are reads, and nothing
 * else; the database's triggers refuse an UPDATE or DELETE from anywhere.
 */
export class ConsentsRepository {
  /**
   * Serialises the saves of one doctor's chain until the transaction ends, so that each reads the head the
   * previous one wrote: two saves reading the same head would take the same seq. Must be the transaction's
   * first statement. PostgreSQL takes a transaction-scoped advisory lock on the doctor (two doctors whose ids
   * hash alike merely wait for each other); on SQLite, whose writers are serialised by the database anyway, an
   * UPDATE that changes nothing takes the write lock before the transaction reads: a transaction that read first
   * could not write after another connection's commit (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out).
   */
  async lockDoctorChain(db: Db, doctorId: string): Promise<void> {
    await (
      isPostgres(db)
        ? sql`select pg_advisory_xact_lock(${CONSENT_CHAIN_LOCK}, hashtext(lower(${doctorId})))`
        : sql`update doctors set id = id where 0 = 1`
    ).execute(db);
  }

  /** The doctor's current consent: the latest record. */
  latest(db: Db, doctorId: string): Promise<ConsentRecordView | undefined> {
    return db
      .selectFrom('consent_records as c')
      .select(VIEW_COLUMNS)
      .where('c.doctor_id', '=', doctorId)
      .orderBy('c.seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Every record of the doctor, newest first, without the images. */
  history(db: Db, doctorId: string): Promise<ConsentRecordView[]> {
    return db
      .selectFrom('consent_records as c')
      .select(VIEW_COLUMNS)
      .where('c.doctor_id', '=', doctorId)
      .orderBy('c.seq', 'desc')
      .execute();
  }

  /** One record by id, whichever doctor it is of (a client id already used). */
  findById(db: Db, id: string): Promise<ConsentRecordView | undefined> {
    return db.selectFrom('consent_records as c').select(VIEW_COLUMNS).where('c.id', '=', id).executeTakeFirst();
  }

  /** One record's image, when the record is this doctor's and has one. */
  image(
    db: Db,
    doctorId: string,
    id: string,
  ): Promise<Pick<ConsentRecordRow, 'signature_image' | 'signature_mime_type'> | undefined> {
    return db
      .selectFrom('consent_records')
      .select(['signature_image', 'signature_mime_type'])
      .where('id', '=', id)
      .where('doctor_id', '=', doctorId)
      .executeTakeFirst();
  }

  /** Whether the doctor has any record: a doctor deleted from the directory keeps their evidence readable. */
  async hasRecords(db: Db, doctorId: string): Promise<boolean> {
    const row = await db
      .selectFrom('consent_records')
      .select('id')
      .where('doctor_id', '=', doctorId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(db: Db, row: ConsentRecordRow): Promise<void> {
    await db.insertInto('consent_records').values(row).execute();
  }

  /** The dashboard's figures: the doctors whose current consent the user collected gives a choice, all or signed in [from, to). */
  async collectedCount(db: Db, userId: string, period: { from: string; to: string } | null): Promise<number> {
    const [row] = await collectedCountQuery(db, { userId, ...(period ?? ALL_TIME) });
    return row?.count ?? 0;
  }

  /**
   * A page of the doctors a campaign may reach (spec 001 §5): still in the directory, with an e-mail (theirs,
   * else the one given with the consent), whose current consent gives the choice; by name, then id.
   */
  eligiblePage(db: Db, filter: EligibleDoctorsFilter, offset: number, limit: number): Promise<EligibleDoctorRow[]> {
    return this.eligible(db, filter)
      .orderBy('d.last_name_norm')
      .orderBy('d.first_name_norm')
      .orderBy('d.id')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** How many doctors eligiblePage pages through. */
  async eligibleCount(db: Db, filter: EligibleDoctorsFilter): Promise<number> {
    const row = await db
      .selectFrom(this.eligible(db, filter).as('e'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /**
   * Of these doctors, those a campaign needing `choice` may reach now, read in the caller's transaction: what a
   * sending job checks again, since a consent may have been withdrawn after the recipients were chosen.
   */
  eligibleAmong(db: Db, doctorIds: readonly string[], choice: ConsentChoice): Promise<EligibleDoctorRow[]> {
    if (doctorIds.length === 0) return Promise.resolve([]);
    return this.eligible(db, { choice, terms: [] }).where('d.id', 'in', doctorIds).orderBy('d.id').execute();
  }

  /**
   * Every record of every doctor, image bytes included, in chain order (doctor, then seq), one page at a
   * time after a position: the verifier reads the whole table without holding it in memory.
   */
  chainPage(db: Db, after: { doctorId: string; seq: number } | null, limit: number): Promise<ConsentRecordRow[]> {
    return db
      .selectFrom('consent_records')
      .selectAll()
      .$if(after !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb('doctor_id', '>', after?.doctorId ?? ''),
            eb.and([eb('doctor_id', '=', after?.doctorId ?? ''), eb('seq', '>', after?.seq ?? 0)]),
          ]),
        ),
      )
      .orderBy('doctor_id')
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /**
   * The audit log's consent entries, by id, one page at a time: each names the record it wrote and its hash, so
   * the verifier finds a record removed from the end of a chain, which the chain alone cannot show.
   */
  auditedPage(db: Db, afterId: string | null, limit: number): Promise<AuditedConsentRow[]> {
    return db
      .selectFrom('audit_logs')
      .select(['id', 'entity_id', 'metadata', 'created_at'])
      .where('entity_type', '=', 'consent')
      .$if(afterId !== null, (query) => query.where('id', '>', afterId ?? ''))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The records' hashes by id, to match audit entries against. */
  hashesOf(db: Db, ids: readonly string[]): Promise<Pick<ConsentRecordRow, 'id' | 'record_hash'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('consent_records').select(['id', 'record_hash']).where('id', 'in', ids).execute();
  }

  /** The shared part of the eligible doctors' queries. */
  private eligible(db: Db, { choice, terms }: EligibleDoctorsFilter) {
    const email = sql<string>`coalesce(nullif(${sql.ref('d.email')}, ''), nullif(${sql.ref('c.email')}, ''))`;
    return db
      .selectFrom('consent_records as c')
      .innerJoin('doctors as d', 'd.id', 'c.doctor_id')
      .select([
        'd.id',
        'd.first_name',
        'd.last_name',
        'd.primary_specialty',
        'd.rpps',
        email.as('email'),
        'c.id as consent_id',
        'c.professional_consent',
        'c.congress_consent',
        'c.general_consent',
        'c.signed_at',
      ])
      .where((eb) =>
        choice === null
          ? eb.or(Object.values(CHOICE_COLUMNS).map((column) => eb(column, '=', sql.lit(1))))
          : eb(CHOICE_COLUMNS[choice], '=', sql.lit(1)),
      )
      .where(isCurrent)
      .where(email, 'is not', null)
      .$if(terms.length > 0, (query) =>
        query.where((eb) =>
          eb.and(
            // Normalised words hold only letters and digits: nothing in them means anything to LIKE.
            terms.map((term) =>
              eb.or([
                eb('d.last_name_norm', 'like', `${term}%`),
                eb('d.last_name_norm', 'like', `% ${term}%`),
                eb('d.first_name_norm', 'like', `${term}%`),
                eb('d.first_name_norm', 'like', `% ${term}%`),
                eb('d.rpps', 'like', `${term}%`),
              ]),
            ),
          ),
        ),
      );
  }
}

/** A unique constraint refused a write (SQLite or PostgreSQL): a concurrent save took the same record id. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
