import {
  Benefit,
  type BenefitInput,
  type BenefitUpdate,
  type BenefitYear,
  type BenefitYearQuery,
  Convention,
  type ConventionInput,
  type ConventionList,
  type ConventionStatus,
  type ConventionUpdate,
  conventionInForce,
  conventionRegime,
  conventionStatusAllowed,
  conventionTotalCents,
  DECLARATION_MINIMUM_CENTS,
  type DeclarationExportQuery,
  filingDeadline,
  negligibleRefusalMessage,
  negligibleValueRefusal,
  type SemesterLinesQuery,
  type SemesterOverview,
  semesterRange,
  wallClock,
  yearLimitStatuses,
} from '@crm/shared';
import { requireAdmin, requireSignedIn, requireWriter } from '#server/core/access.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/core/idempotent-transaction.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { TransparencyConventionsTable, TransparencyExportedLinesTable } from '#server/db/schema.ts';
import type { ActivitiesRepository } from '#server/modules/activities/activities.repository.ts';
import { requireReader } from '#server/modules/activities/activity-access.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import {
  contentHash,
  csvHeader,
  csvLine,
  type DeclaredCompany,
  type DeclarationSource,
  declarationValues,
  lineKind,
} from './declaration-file.ts';
import { beneficiaryColumns, toBenefit, toConvention, toDeclarationLine } from './transparency.mapper.ts';
import type { ConventionView, DayRange, LineCursor, TransparencyRepository } from './transparency.repository.ts';

type TransparencyServiceDeps = {
  db: Db;
  ledger: TransparencyRepository;
  doctors: DoctorsRepository;
  activities: ActivitiesRepository;
  keys: IdempotencyKeysRepository;
  logs: LogsRepository;
  clock: Clock;
  company: DeclaredCompany;
};

/**
 * Lines read, hashed and recorded per step of an export: memory holds one page whatever the semester's size,
 * and each page's bookkeeping is one statement. Each step has a cost of its own beyond its lines (the figures
 * are in docs/benchmarks.md, issue 31); its record's insert on SQLite binds nine parameters a line, within
 * SQLite's 32,766.
 */
const EXPORT_PAGE = 2500;

const doctorNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notFound' });
const benefitNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'transparency.benefitNotFound' });
const conventionNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'transparency.conventionNotFound' });
const idTaken = (messageKey: string) => new AppError('CONFLICT', {}, { messageKey, fields: { id: messageKey } });

const yearRange = (year: number): DayRange => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** What a convention says, with what follows from it: total, regime, thresholds, deadline, declared date. */
function conventionContent(input: Omit<ConventionInput, 'id'>) {
  const { regime, exceeded } = conventionRegime(input.items);
  const firstDay = input.event !== null && input.event.date < input.startDate ? input.event.date : input.startDate;
  return {
    object: input.object,
    other_object: input.object === 'other' ? input.otherObject : null,
    signature_date: input.signatureDate,
    start_date: input.startDate,
    end_date: input.endDate,
    event_name: input.event?.name ?? null,
    event_date: input.event?.date ?? null,
    event_place: input.event?.place ?? null,
    event_organiser: input.event?.organiser ?? null,
    items: JSON.stringify(input.items),
    total_amount_cents: conventionTotalCents(input.items),
    regime,
    thresholds_exceeded: JSON.stringify(exceeded),
    filing_deadline: filingDeadline(regime, firstDay),
    activity_id: input.activityId,
    declared_on: input.signatureDate ?? input.startDate,
  } satisfies Partial<TransparencyConventionsTable>;
}

/** A convention as the audit log keeps it: what a user can change, and its status. */
const auditedConvention = (convention: Convention) => {
  const { createdAt: _c, updatedAt: _u, paidCents: _p, createdBy: _b, ...fields } = convention;
  return fields;
};

/**
 * Transparence Santé (issue 31, decisions 0051 and 0052): the benefits and conventions of each doctor, checked
 * against the anti-gift law's limits when recorded, and the semester's declaration. Any signed-in user reads a
 * doctor's ledger (the limits are the company's, whoever gave); writers record; administrators export.
 */
export class TransparencyService {
  constructor(private readonly deps: TransparencyServiceDeps) {}

  /** A year's benefits of the doctor (the current Paris year by default) and its totals against each limit. */
  async benefitsOfYear(auth: AuthContext, doctorId: string, query: BenefitYearQuery): Promise<BenefitYear> {
    const id = await this.requireReadableDoctor(auth, doctorId);
    const year = query.year ?? wallClock(this.deps.clock.now()).year;
    const rows = await this.deps.ledger.doctorBenefits(this.deps.db, id, yearRange(year));
    const benefits = rows.map(toBenefit);
    return { year, benefits, limits: yearLimitStatuses(benefits, year) };
  }

  async conventionsOf(auth: AuthContext, doctorId: string): Promise<ConventionList> {
    const id = await this.requireReadableDoctor(auth, doctorId);
    return { conventions: (await this.deps.ledger.doctorConventions(this.deps.db, id)).map(toConvention) };
  }

  /**
   * A benefit given to the doctor. Without a convention it must stay within the negligible values of its
   * calendar year (422 naming the rule and its figure); under one, the convention must be the doctor's and in
   * force. The id is the client's: the same benefit sent again answers the stored one.
   */
  async recordBenefit(
    auth: AuthContext,
    doctorId: string,
    input: BenefitInput,
    idempotency: IdempotentRequest | null,
  ): Promise<Benefit> {
    requireWriter(auth);
    const id = await this.deps.doctors.canonicalId(this.deps.db, doctorId);
    const answer = { statusCode: 201, replayAs: (body: unknown) => Benefit.parse(body) };
    return idempotentTransaction(this.idempotencyDeps(), idempotency, answer, async (trx) => {
      await this.deps.ledger.lockDoctorLedger(trx, id);
      const doctor = await this.deps.doctors.findById(trx, id);
      if (!doctor) throw doctorNotFound();
      const benefitId = input.id.toLowerCase();
      const existing = await this.deps.ledger.findBenefit(trx, benefitId);
      if (existing) {
        const same =
          existing.doctor_id === doctor.id &&
          existing.recorded_by === auth.user.id &&
          existing.nature === input.nature &&
          existing.amount_cents === input.amountCents &&
          existing.benefit_date === input.date &&
          existing.convention_id === (input.conventionId?.toLowerCase() ?? null);
        if (!same) throw idTaken('transparency.benefitIdTaken');
        return toBenefit(existing);
      }
      const conventionId =
        input.conventionId === null
          ? null
          : (await this.requirePayableConvention(trx, doctor.id, input.conventionId)).id;
      if (input.activityId !== null) requireReader(auth, await this.deps.activities.findById(trx, input.activityId));
      await this.requireWithinNegligibleValues(trx, doctor.id, { ...input, conventionId }, null);
      const now = isoNow(this.deps.clock);
      await this.deps.ledger.insertBenefit(trx, {
        id: benefitId,
        ...beneficiaryColumns(doctor),
        nature: input.nature,
        amount_cents: input.amountCents,
        benefit_date: input.date,
        convention_id: conventionId,
        activity_id: input.activityId,
        note: input.note,
        recorded_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      const saved = await this.deps.ledger.findBenefit(trx, benefitId);
      if (!saved) throw new AppError('INTERNAL_ERROR');
      const benefit = toBenefit(saved);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'benefit',
        entityId: benefit.id,
        metadata: {
          doctorId: doctor.id,
          doctorName: `${doctor.first_name} ${doctor.last_name}`,
          nature: benefit.nature,
          amountCents: benefit.amountCents,
          date: benefit.date,
          conventionId: benefit.conventionId,
        },
        user: auditUser(auth),
      });
      return benefit;
    });
  }

  /**
   * Corrects a benefit: by whoever recorded it, or an administrator. Checked again as if it were new, against the
   * year's other benefits; its declared line, once exported, goes again as a correction.
   */
  async correctBenefit(auth: AuthContext, benefitId: string, update: BenefitUpdate): Promise<Benefit> {
    requireWriter(auth);
    // A benefit's doctor never changes: read first, so that the lock can be the transaction's first statement.
    const id = benefitId.toLowerCase();
    const doctorId = (await this.deps.ledger.findBenefit(this.deps.db, id))?.doctor_id;
    if (doctorId === undefined) throw benefitNotFound();
    return this.deps.db.transaction().execute(async (trx) => {
      await this.deps.ledger.lockDoctorLedger(trx, doctorId);
      const found = await this.deps.ledger.findBenefit(trx, id);
      if (!found) throw benefitNotFound();
      if (found.recorded_by !== auth.user.id) requireAdmin(auth);
      const before = toBenefit(found);
      const conventionId =
        update.conventionId === undefined
          ? before.conventionId
          : update.conventionId === null
            ? null
            : (await this.requirePayableConvention(trx, doctorId, update.conventionId)).id;
      const corrected = {
        nature: update.nature ?? before.nature,
        amountCents: update.amountCents ?? before.amountCents,
        date: update.date ?? before.date,
        conventionId,
        note: update.note !== undefined ? update.note : before.note,
      };
      await this.requireWithinNegligibleValues(trx, doctorId, corrected, id);
      await this.deps.ledger.updateBenefit(trx, id, {
        nature: corrected.nature,
        amount_cents: corrected.amountCents,
        benefit_date: corrected.date,
        convention_id: corrected.conventionId,
        note: corrected.note,
        updated_at: isoNow(this.deps.clock),
      });
      const saved = await this.deps.ledger.findBenefit(trx, id);
      if (!saved) throw benefitNotFound();
      const after = toBenefit(saved);
      const { createdAt: _c, updatedAt: _u, recordedBy: _r, ...beforeFields } = before;
      const { createdAt: _c2, updatedAt: _u2, recordedBy: _r2, ...afterFields } = after;
      await this.deps.logs.record(trx, {
        action: 'update',
        entityType: 'benefit',
        entityId: id,
        metadata: { doctorId, nature: after.nature, amountCents: after.amountCents, date: after.date },
        changes: changedFields(beforeFields, afterFields),
        user: auditUser(auth),
      });
      return after;
    });
  }

  /** A new convention with the doctor, a draft; its regime and filing deadline follow from what it says. */
  async createConvention(
    auth: AuthContext,
    doctorId: string,
    input: ConventionInput,
    idempotency: IdempotentRequest | null,
  ): Promise<Convention> {
    requireWriter(auth);
    const id = await this.deps.doctors.canonicalId(this.deps.db, doctorId);
    const answer = { statusCode: 201, replayAs: (body: unknown) => Convention.parse(body) };
    return idempotentTransaction(this.idempotencyDeps(), idempotency, answer, async (trx) => {
      await this.deps.ledger.lockDoctorLedger(trx, id);
      const doctor = await this.deps.doctors.findById(trx, id);
      if (!doctor) throw doctorNotFound();
      const conventionId = input.id.toLowerCase();
      const content = conventionContent(input);
      const existing = await this.deps.ledger.findConvention(trx, conventionId);
      if (existing) {
        const same =
          existing.doctor_id === doctor.id &&
          existing.created_by === auth.user.id &&
          Object.entries(content).every(([key, value]) => existing[key as keyof typeof content] === value);
        if (!same) throw idTaken('transparency.conventionIdTaken');
        return toConvention(existing);
      }
      if (input.activityId !== null) requireReader(auth, await this.deps.activities.findById(trx, input.activityId));
      const now = isoNow(this.deps.clock);
      await this.deps.ledger.insertConvention(trx, {
        id: conventionId,
        ...beneficiaryColumns(doctor),
        ...content,
        status: 'draft',
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        updated_by: auth.user.id,
      });
      const convention = await this.readConvention(trx, conventionId);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'convention',
        entityId: convention.id,
        metadata: {
          doctorId: doctor.id,
          doctorName: `${doctor.first_name} ${doctor.last_name}`,
          regime: convention.regime,
          totalAmountCents: convention.totalAmountCents,
        },
        user: auditUser(auth),
      });
      return convention;
    });
  }

  /**
   * Changes what a convention says, or its status. Changing a filed or authorised convention's content takes it
   * back to draft: what was filed is no longer what will be paid. Authorised and refused are the authority's
   * answers, which an administrator records. A refused convention does not change.
   */
  async updateConvention(auth: AuthContext, conventionId: string, update: ConventionUpdate): Promise<Convention> {
    requireWriter(auth);
    // A convention's doctor never changes: read first, so that the lock can be the transaction's first statement.
    const id = conventionId.toLowerCase();
    const doctorId = (await this.deps.ledger.findConvention(this.deps.db, id))?.doctor_id;
    if (doctorId === undefined) throw conventionNotFound();
    return this.deps.db.transaction().execute(async (trx) => {
      await this.deps.ledger.lockDoctorLedger(trx, doctorId);
      const found = await this.deps.ledger.findConvention(trx, id);
      if (!found) throw conventionNotFound();
      const before = toConvention(found);
      if (update.activityId != null && update.activityId !== before.activityId) {
        requireReader(auth, await this.deps.activities.findById(trx, update.activityId));
      }
      const merged = {
        object: update.object ?? before.object,
        otherObject: update.otherObject !== undefined ? update.otherObject : before.otherObject,
        signatureDate: update.signatureDate !== undefined ? update.signatureDate : before.signatureDate,
        startDate: update.startDate ?? before.startDate,
        endDate: update.endDate !== undefined ? update.endDate : before.endDate,
        event: update.event !== undefined ? update.event : before.event,
        items: update.items ?? before.items,
        activityId: update.activityId !== undefined ? update.activityId : before.activityId,
      };
      if (merged.endDate !== null && merged.endDate < merged.startDate) {
        throw new AppError('VALIDATION_ERROR', {}, { fields: { endDate: 'validation.dateRange' } });
      }
      if (merged.object === 'other' && !merged.otherObject) {
        throw new AppError('VALIDATION_ERROR', {}, { fields: { otherObject: 'transparency.otherObjectRequired' } });
      }
      const content = conventionContent(merged);
      const contentChanged = Object.entries(content).some(
        ([key, value]) => found[key as keyof typeof content] !== value,
      );
      if (before.status === 'refused' && (contentChanged || (update.status ?? 'refused') !== 'refused')) {
        throw this.statusRefused(before.status, update.status ?? before.status);
      }
      const base: ConventionStatus = contentChanged && before.status !== 'draft' ? 'draft' : before.status;
      const status = update.status ?? base;
      if (!conventionStatusAllowed(content.regime, base, status)) throw this.statusRefused(base, status);
      if ((status === 'authorised' || status === 'refused') && status !== before.status) requireAdmin(auth);
      if (!contentChanged && status === before.status) return before;
      await this.deps.ledger.updateConvention(trx, found.id, {
        ...content,
        status,
        updated_at: isoNow(this.deps.clock),
        updated_by: auth.user.id,
      });
      const after = await this.readConvention(trx, found.id);
      await this.deps.logs.record(trx, {
        action: 'update',
        entityType: 'convention',
        entityId: after.id,
        metadata: { doctorId: after.doctorId, status: after.status, regime: after.regime },
        changes: changedFields(auditedConvention(before), auditedConvention(after)),
        user: auditUser(auth),
      });
      return after;
    });
  }

  /**
   * The semester's declared lines, a page at a time (conventions, then benefits and payments, each in date
   * order), each with where it stands against the exports; the conventions still waiting to be filed or
   * authorised; and the semester's exports.
   */
  async semesterOverview(auth: AuthContext, semester: string, query: SemesterLinesQuery): Promise<SemesterOverview> {
    requireAdmin(auth);
    const range = semesterRange(semester);
    const { db, ledger } = this.deps;
    const counts = await ledger.declaredCounts(db, range, DECLARATION_MINIMUM_CENTS);
    const offset = (query.page - 1) * query.limit;
    const conventions =
      offset < counts.conventions ? await ledger.declaredConventions(db, range, null, query.limit, offset) : [];
    const benefits =
      conventions.length < query.limit
        ? await ledger.declaredBenefits(
            db,
            range,
            DECLARATION_MINIMUM_CENTS,
            null,
            query.limit - conventions.length,
            Math.max(0, offset - counts.conventions),
          )
        : [];
    const sources: DeclarationSource[] = [
      ...conventions.map((row) => ({ kind: 'convention' as const, row })),
      ...benefits.map((row) => ({ kind: 'benefit' as const, row })),
    ];
    const exported = await this.exportedById(
      db,
      sources.map((source) => source.row.id),
    );
    const lines = sources.map((source) => {
      const values = declarationValues(source, this.deps.company);
      return toDeclarationLine(source, contentHash(values), exported.get(source.row.id), Number(values.montant));
    });
    const [waiting, exports] = await Promise.all([
      ledger.waitingConventions(db, range),
      ledger.semesterExports(db, semester),
    ]);
    return {
      semester,
      lines,
      total: counts.conventions + counts.benefits,
      page: query.page,
      limit: query.limit,
      waitingConventions: waiting.map((row) => ({
        ...toConvention(row),
        doctorName: [row.doctor_first_name, row.doctor_last_name].filter(Boolean).join(' '),
      })),
      exports: exports.map((row) => ({
        id: row.id,
        exportedAt: row.exported_at,
        exportedBy: { id: row.exported_by, name: row.exporter_name },
        newLines: row.first_lines ?? 0,
        corrections: row.corrections ?? 0,
      })),
    };
  }

  /**
   * The semester's declaration as CSV, produced a page at a time as it is sent. The export and its audit entry
   * are written before the first byte; each page then records what it sent: a line never exported is new, a
   * line whose content changed since its last export goes again under the same identifier as a correction
   * (demande_de_rectification O), and stays one in later exports. `pending` sends only new and changed lines.
   */
  async exportDeclaration(auth: AuthContext, query: DeclarationExportQuery): Promise<AsyncIterable<string>> {
    requireAdmin(auth);
    const exportId = newId();
    const exportedAt = isoNow(this.deps.clock);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.ledger.insertExport(trx, {
        id: exportId,
        semester: query.semester,
        exported_at: exportedAt,
        exported_by: auth.user.id,
        pending_only: query.pending ? 1 : 0,
      });
      await this.deps.logs.record(trx, {
        action: 'export',
        entityType: 'transparency_declaration',
        entityId: exportId,
        metadata: { semester: query.semester, pendingOnly: query.pending },
        user: auditUser(auth),
      });
    });
    return this.declarationChunks(query, { id: exportId, at: exportedAt });
  }

  private async *declarationChunks(
    query: DeclarationExportQuery,
    run: { id: string; at: string },
  ): AsyncGenerator<string> {
    const range = semesterRange(query.semester);
    const { db, ledger } = this.deps;
    yield csvHeader();
    const pages: ((after: LineCursor) => Promise<DeclarationSource[]>)[] = [
      async (after) =>
        (await ledger.declaredConventions(db, range, after, EXPORT_PAGE)).map((row) => ({
          kind: 'convention' as const,
          row,
        })),
      async (after) =>
        (await ledger.declaredBenefits(db, range, DECLARATION_MINIMUM_CENTS, after, EXPORT_PAGE)).map((row) => ({
          kind: 'benefit' as const,
          row,
        })),
    ];
    // The database works while this process builds: the next page (its rows and what was exported of them) is
    // read, and this page's record written, while this page is built and sent. One write in flight at most, so a
    // failed write stops the export at the next page, and every write has ended when the file does.
    type PageRead = { sources: DeclarationSource[]; exported: Map<string, TransparencyExportedLinesTable> };
    const read = async (
      page: (after: LineCursor) => Promise<DeclarationSource[]>,
      after: LineCursor,
    ): Promise<PageRead> => {
      const sources = await page(after);
      const exported = await this.exportedById(
        db,
        sources.map((source) => source.row.id),
      );
      return { sources, exported };
    };
    let recording: Promise<void> = Promise.resolve();
    try {
      for (const page of pages) {
        let next: Promise<PageRead> | null = read(page, null);
        while (next !== null) {
          const { sources, exported }: PageRead = await next;
          if (sources.length === 0) break;
          const last = sources[sources.length - 1] as DeclarationSource;
          next =
            sources.length < EXPORT_PAGE
              ? null
              : read(page, {
                  date: last.kind === 'convention' ? last.row.declared_on : last.row.benefit_date,
                  id: last.row.id,
                });
          // Nobody awaits a read the loop leaves behind (a failed write below ends the export first).
          next?.catch(() => undefined);
          const { chunk, saves } = this.exportPage(sources, exported, query, run);
          await recording;
          recording = ledger.saveExportedLines(db, saves);
          yield chunk;
        }
      }
      await recording;
    } finally {
      // The client went away mid-file: the page last handed to it is still recorded.
      await recording.catch(() => undefined);
    }
  }

  /** One page of lines as CSV, and what it sends to record against the export. */
  private exportPage(
    sources: DeclarationSource[],
    exported: Map<string, TransparencyExportedLinesTable>,
    query: DeclarationExportQuery,
    run: { id: string; at: string },
  ): { chunk: string; saves: TransparencyExportedLinesTable[] } {
    const transmittedOn = run.at.slice(0, 10);
    const saves: TransparencyExportedLinesTable[] = [];
    let chunk = '';
    for (const source of sources) {
      const values = declarationValues(source, this.deps.company);
      const hash = contentHash(values);
      const before = exported.get(source.row.id);
      let corrections = before?.corrections ?? 0;
      if (before === undefined) {
        saves.push({
          line_id: source.row.id,
          kind: lineKind(source),
          semester: query.semester,
          content_hash: hash,
          first_export_id: run.id,
          first_exported_at: run.at,
          export_id: run.id,
          exported_at: run.at,
          corrections,
        });
      } else if (before.content_hash !== hash) {
        corrections += 1;
        saves.push({ ...before, content_hash: hash, export_id: run.id, exported_at: run.at, corrections });
      } else if (query.pending) {
        continue;
      }
      chunk += csvLine(values, { correction: corrections > 0, transmittedOn });
    }
    return { chunk, saves };
  }

  private async exportedById(db: Db, ids: string[]): Promise<Map<string, TransparencyExportedLinesTable>> {
    return new Map((await this.deps.ledger.exportedLines(db, ids)).map((row) => [row.line_id, row]));
  }

  /**
   * Refuses a benefit without a convention that goes over its negligible value, counting the doctor's other
   * benefits of its calendar year (but `exceptId`, the benefit being corrected): 422 naming the rule and figure.
   */
  private async requireWithinNegligibleValues(
    trx: Db,
    doctorId: string,
    entry: Pick<Benefit, 'nature' | 'amountCents' | 'date' | 'conventionId'>,
    exceptId: string | null,
  ): Promise<void> {
    const year = Number(entry.date.slice(0, 4));
    const others = (await this.deps.ledger.doctorBenefits(trx, doctorId, yearRange(year)))
      .filter((row) => row.id !== exceptId)
      .map(toBenefit);
    const refusal = negligibleValueRefusal(entry, others);
    if (!refusal) return;
    const { key, params } = negligibleRefusalMessage(refusal);
    throw new AppError('NEGLIGIBLE_VALUE_EXCEEDED', params, { messageKey: key, fields: { amountCents: key } });
  }

  /** A payment under a convention: the doctor's own, and in force (filed, or authorised when it must be). */
  private async requirePayableConvention(trx: Db, doctorId: string, conventionId: string): Promise<ConventionView> {
    const convention = await this.deps.ledger.findConvention(trx, conventionId.toLowerCase());
    if (!convention) throw conventionNotFound();
    if (convention.doctor_id !== doctorId) {
      throw new AppError(
        'CONFLICT',
        {},
        {
          messageKey: 'transparency.conventionOtherDoctor',
          fields: { conventionId: 'transparency.conventionOtherDoctor' },
        },
      );
    }
    if (!conventionInForce(convention.regime, convention.status)) {
      throw new AppError('CONVENTION_NOT_IN_FORCE', {}, { fields: { conventionId: 'errors.CONVENTION_NOT_IN_FORCE' } });
    }
    return convention;
  }

  private async readConvention(trx: Db, id: string): Promise<Convention> {
    const row = await this.deps.ledger.findConvention(trx, id);
    if (!row) throw conventionNotFound();
    return toConvention(row);
  }

  private statusRefused(from: ConventionStatus, to: ConventionStatus): AppError {
    return new AppError('CONVENTION_STATUS', { from, to }, { fields: { status: 'transparency.statusNotAllowed' } });
  }

  /**
   * Reading a doctor's ledger: any signed-in user, of a doctor of the directory, or of one removed from it whose
   * ledger remains; any other is not found.
   */
  private async requireReadableDoctor(auth: AuthContext, doctorId: string): Promise<string> {
    requireSignedIn(auth);
    const id = await this.deps.doctors.canonicalId(this.deps.db, doctorId);
    if (await this.deps.doctors.findById(this.deps.db, id)) return id;
    if (await this.deps.ledger.hasLedger(this.deps.db, id)) return id;
    throw doctorNotFound();
  }

  private idempotencyDeps() {
    return { db: this.deps.db, keys: this.deps.keys, clock: this.deps.clock };
  }
}
