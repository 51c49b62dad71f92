import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import type {
  Database,
  TransparencyBenefitsTable,
  TransparencyConventionsTable,
  TransparencyExportedLinesTable,
  TransparencyExportsTable,
} from '#server/db/schema.ts';

/** The first key of the advisory locks on the doctors' ledgers on PostgreSQL (any constant of our own). */
const LEDGER_LOCK = 150_031;

/** Days, inclusive, YYYY-MM-DD. */
export type DayRange = { from: string; to: string };
/** Where a page of a semester's lines starts: after this line, in (date, id) order. */
export type LineCursor = { date: string; id: string } | null;

export type BenefitView = TransparencyBenefitsTable & { recorder_name: string };
export type ConventionView = TransparencyConventionsTable & { creator_name: string; paid_cents: number };

const displayName = sql<string>`coalesce(u.display_name, u.email)`;

/** What was recorded under convention `c` so far. */
const paidCents = (eb: ExpressionBuilder<Database & { c: TransparencyConventionsTable }, 'c'>) =>
  eb
    .selectFrom('transparency_benefits as p')
    .select(sql<number>`coalesce(sum(p.amount_cents), 0)`.as('paid'))
    .whereRef('p.convention_id', '=', 'c.id')
    .as('paid_cents');

/** The semester screen lists the waiting conventions in one go: a lab has far fewer than this at once. */
const WAITING_CONVENTIONS_SHOWN = 500;

export class TransparencyRepository {
  /**
   * Serialises the writes of one doctor's ledger, so that two benefits checked at once against the same year
   * cannot both pass a limit that only one of them fits under. Must be the transaction's first statement:
   * PostgreSQL takes a transaction-scoped advisory lock on the doctor; on SQLite an UPDATE that changes nothing
   * takes the write lock before the transaction reads (the reason is in ConsentsRepository.lockDoctorChain).
   */
  async lockDoctorLedger(db: Db, doctorId: string): Promise<void> {
    await (
      isPostgres(db)
        ? sql`select pg_advisory_xact_lock(${LEDGER_LOCK}, hashtext(lower(${doctorId})))`
        : sql`update transparency_benefits set id = id where 0 = 1`
    ).execute(db);
  }

  /** Whether the doctor has any benefit or convention (a doctor removed from the directory keeps their ledger). */
  async hasLedger(db: Db, doctorId: string): Promise<boolean> {
    const row = await db
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('transparency_benefits').select('id').where('doctor_id', '=', doctorId)).as('benefits'),
        eb
          .exists(eb.selectFrom('transparency_conventions').select('id').where('doctor_id', '=', doctorId))
          .as('conventions'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.benefits) || Boolean(row.conventions);
  }

  /** A doctor's benefits dated within `range`, newest first, with who recorded them. */
  doctorBenefits(db: Db, doctorId: string, range: DayRange): Promise<BenefitView[]> {
    return db
      .selectFrom('transparency_benefits as b')
      .innerJoin('users as u', 'u.id', 'b.recorded_by')
      .selectAll('b')
      .select(displayName.as('recorder_name'))
      .where('b.doctor_id', '=', doctorId)
      .where('b.benefit_date', '>=', range.from)
      .where('b.benefit_date', '<=', range.to)
      .orderBy('b.benefit_date', 'desc')
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id')
      .execute();
  }

  findBenefit(db: Db, id: string): Promise<BenefitView | undefined> {
    return db
      .selectFrom('transparency_benefits as b')
      .innerJoin('users as u', 'u.id', 'b.recorded_by')
      .selectAll('b')
      .select(displayName.as('recorder_name'))
      .where('b.id', '=', id)
      .executeTakeFirst();
  }

  async insertBenefit(db: Db, row: TransparencyBenefitsTable): Promise<void> {
    await db.insertInto('transparency_benefits').values(row).execute();
  }

  async updateBenefit(db: Db, id: string, patch: Partial<TransparencyBenefitsTable>): Promise<void> {
    await db.updateTable('transparency_benefits').set(patch).where('id', '=', id).execute();
  }

  findConvention(db: Db, id: string): Promise<ConventionView | undefined> {
    return db
      .selectFrom('transparency_conventions as c')
      .innerJoin('users as u', 'u.id', 'c.created_by')
      .selectAll('c')
      .select(displayName.as('creator_name'))
      .select(paidCents)
      .where('c.id', '=', id)
      .$castTo<ConventionView>()
      .executeTakeFirst();
  }

  /** A doctor's conventions, latest start first, with what was paid under each. */
  doctorConventions(db: Db, doctorId: string): Promise<ConventionView[]> {
    return db
      .selectFrom('transparency_conventions as c')
      .innerJoin('users as u', 'u.id', 'c.created_by')
      .selectAll('c')
      .select(displayName.as('creator_name'))
      .select(paidCents)
      .where('c.doctor_id', '=', doctorId)
      .orderBy('c.start_date', 'desc')
      .orderBy('c.id')
      .$castTo<ConventionView>()
      .execute();
  }

  async insertConvention(db: Db, row: TransparencyConventionsTable): Promise<void> {
    await db.insertInto('transparency_conventions').values(row).execute();
  }

  async updateConvention(db: Db, id: string, patch: Partial<TransparencyConventionsTable>): Promise<void> {
    await db.updateTable('transparency_conventions').set(patch).where('id', '=', id).execute();
  }

  /**
   * A page of the conventions a semester declares (filed or authorised, dated by their signature, else their
   * start), in (date, id) order after `after`.
   */
  declaredConventions(db: Db, range: DayRange, after: LineCursor, limit: number, offset = 0) {
    return db
      .selectFrom('transparency_conventions as c')
      .selectAll('c')
      .where('c.declared_on', '>=', range.from)
      .where('c.declared_on', '<=', range.to)
      .where('c.status', 'in', ['filed', 'authorised'])
      .$if(after !== null, (qb) =>
        qb.where((eb) => eb(eb.refTuple('c.declared_on', 'c.id'), '>', eb.tuple(after?.date ?? '', after?.id ?? ''))),
      )
      .orderBy('c.declared_on')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** A page of the benefits and payments a semester declares (from `minCents`), in (date, id) order. */
  declaredBenefits(db: Db, range: DayRange, minCents: number, after: LineCursor, limit: number, offset = 0) {
    return db
      .selectFrom('transparency_benefits as b')
      .selectAll('b')
      .where('b.benefit_date', '>=', range.from)
      .where('b.benefit_date', '<=', range.to)
      .where('b.amount_cents', '>=', minCents)
      .$if(after !== null, (qb) =>
        qb.where((eb) => eb(eb.refTuple('b.benefit_date', 'b.id'), '>', eb.tuple(after?.date ?? '', after?.id ?? ''))),
      )
      .orderBy('b.benefit_date')
      .orderBy('b.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many lines a semester declares: its conventions, then its benefits and payments. */
  async declaredCounts(db: Db, range: DayRange, minCents: number): Promise<{ conventions: number; benefits: number }> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('transparency_conventions as c')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('c.declared_on', '>=', range.from)
          .where('c.declared_on', '<=', range.to)
          .where('c.status', 'in', ['filed', 'authorised'])
          .as('conventions'),
        eb
          .selectFrom('transparency_benefits as b')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('b.benefit_date', '>=', range.from)
          .where('b.benefit_date', '<=', range.to)
          .where('b.amount_cents', '>=', minCents)
          .as('benefits'),
      ])
      .executeTakeFirstOrThrow();
    return { conventions: row.conventions ?? 0, benefits: row.benefits ?? 0 };
  }

  /** What was exported of these lines, by line id. */
  exportedLines(db: Db, lineIds: readonly string[]): Promise<TransparencyExportedLinesTable[]> {
    if (lineIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('transparency_exported_lines').selectAll().where('line_id', 'in', lineIds).execute();
  }

  /** Records lines as exported: new ones, and corrections (their hash, export and count replaced). */
  async saveExportedLines(db: Db, rows: readonly TransparencyExportedLinesTable[]): Promise<void> {
    if (rows.length === 0) return;
    if (isPostgres(db)) {
      // One array per column: a page is 9 parameters, not 9,000 that PostgreSQL would parse and bind one by one.
      const column = (name: keyof TransparencyExportedLinesTable, type: string) =>
        sql`${rows.map((row) => row[name])}::${sql.raw(`${type}[]`)}`;
      await sql`insert into transparency_exported_lines
          (line_id, kind, semester, content_hash, first_export_id, first_exported_at, export_id, exported_at, corrections)
        select * from unnest(${sql.join([
          column('line_id', 'uuid'),
          column('kind', 'text'),
          column('semester', 'text'),
          column('content_hash', 'text'),
          column('first_export_id', 'uuid'),
          column('first_exported_at', 'text'),
          column('export_id', 'uuid'),
          column('exported_at', 'text'),
          column('corrections', 'int4'),
        ])})
        on conflict (line_id) do update set content_hash = excluded.content_hash, export_id = excluded.export_id,
          exported_at = excluded.exported_at, corrections = excluded.corrections`.execute(db);
      return;
    }
    await db
      .insertInto('transparency_exported_lines')
      .values([...rows])
      .onConflict((oc) =>
        oc.column('line_id').doUpdateSet((eb) => ({
          content_hash: eb.ref('excluded.content_hash'),
          export_id: eb.ref('excluded.export_id'),
          exported_at: eb.ref('excluded.exported_at'),
          corrections: eb.ref('excluded.corrections'),
        })),
      )
      .execute();
  }

  async insertExport(db: Db, row: TransparencyExportsTable): Promise<void> {
    await db.insertInto('transparency_exports').values(row).execute();
  }

  /** A semester's exports, newest first, with who made them and how many lines and corrections each sent first. */
  semesterExports(db: Db, semester: string) {
    return db
      .selectFrom('transparency_exports as e')
      .innerJoin('users as u', 'u.id', 'e.exported_by')
      .select(['e.id', 'e.exported_at', 'e.exported_by', displayName.as('exporter_name')])
      .select((eb) => [
        eb
          .selectFrom('transparency_exported_lines as l')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('l.first_export_id', '=', 'e.id')
          .as('first_lines'),
        eb
          .selectFrom('transparency_exported_lines as l')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('l.export_id', '=', 'e.id')
          .where('l.corrections', '>', 0)
          .as('corrections'),
      ])
      .where('e.semester', '=', semester)
      .orderBy('e.exported_at', 'desc')
      .orderBy('e.id')
      .execute();
  }

  /**
   * The conventions whose first day falls in `range` and that cannot be paid under yet: drafts, and filed
   * requests for an authorisation. Soonest deadline first.
   */
  waitingConventions(db: Db, range: DayRange) {
    return db
      .selectFrom('transparency_conventions as c')
      .innerJoin('users as u', 'u.id', 'c.created_by')
      .selectAll('c')
      .select(displayName.as('creator_name'))
      .select(paidCents)
      .where('c.start_date', '>=', range.from)
      .where('c.start_date', '<=', range.to)
      .where((eb) =>
        eb.or([
          eb('c.status', '=', 'draft'),
          eb.and([eb('c.status', '=', 'filed'), eb('c.regime', '=', 'authorisation')]),
        ]),
      )
      .orderBy('c.filing_deadline')
      .orderBy('c.id')
      .limit(WAITING_CONVENTIONS_SHOWN)
      .$castTo<ConventionView>()
      .execute();
  }
}
