import {
  Doctor,
  type DoctorInput,
  type DoctorListItem,
  type DoctorSearchQuery,
  type DoctorSearchResult,
  type DoctorUpdate,
  type DoctorUserDataInput,
  ExistingDoctor,
  pagesFor,
  searchTerms,
} from '@crm/shared';
import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { requireSignedIn, requireWriter } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/core/idempotent-transaction.ts';
import { GenerationCache } from '#server/core/generation-cache.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import type { TargetsRepository } from '#server/modules/configuration/targets.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { type DoctorOfficesRepository, NO_PRIMARY_OFFICE } from './doctor-offices.repository.ts';
import type { DoctorSearchRepository } from './doctor-search.repository.ts';
import { doctorNameColumns, doctorSearchRows, SHORT_PREFIX_MAX } from './doctor-search.ts';
import { doctorFields, toDoctorListItem, toDoctorOffice } from './doctors.mapper.ts';
import type { DoctorExportCursor, DoctorRow, DoctorsRepository } from './doctors.repository.ts';
import { doctorFieldsOf, withManualFields } from '#server/modules/directory-import/provenance.ts';

/**
 * Up to this many matches of a one-to-four-character word are ranked by the spec's score in the database;
 * beyond, they come in the prefix index's order (docs/decisions/0006).
 */
export const RANKED_SEARCH_CAP = 2000;
/** Doctors read per step of an export: memory holds one page whatever the directory's size. */
const EXPORT_PAGE = 1000;
/** Counting a word's matches stops here: enough to tell a selective word from a common one. */
const SELECTIVITY_PROBE = 2000;

/** Counts a search's match count once, or answers it from the cache of the doctors' current generation. */
type CountOnce = (key: string, count: () => Promise<number>) => Promise<number>;

type DoctorsServiceDeps = {
  db: Db;
  doctors: DoctorsRepository;
  links: DoctorOfficesRepository;
  offices: OfficesRepository;
  search: DoctorSearchRepository;
  targets: TargetsRepository;
  logs: LogsRepository;
  generations: CacheGenerationsRepository;
  keys: IdempotencyKeysRepository;
  clock: Clock;
};

/** The columns of the fields a user writes (an import writes the same). */
export const inputColumns = (input: Partial<DoctorInput>): Partial<DoctorRow> => ({
  ...(input.rpps !== undefined && { rpps: input.rpps }),
  ...(input.firstName !== undefined && { first_name: input.firstName }),
  ...(input.lastName !== undefined && { last_name: input.lastName }),
  ...(input.title !== undefined && { title: input.title }),
  ...(input.prefix !== undefined && { prefix: input.prefix }),
  ...(input.gender !== undefined && { gender: input.gender }),
  ...(input.email !== undefined && { email: input.email }),
  ...(input.phone !== undefined && { phone: input.phone }),
  ...(input.primarySpecialty !== undefined && { primary_specialty: input.primarySpecialty }),
  ...(input.secondarySpecialty !== undefined && { secondary_specialty: input.secondarySpecialty }),
});

/** A new doctor's row, without offices yet (an import creates doctors alike). */
export function newDoctorRow(id: string, input: Omit<DoctorInput, 'id'>, now: string, by: string): DoctorRow {
  return {
    id,
    rpps: input.rpps,
    first_name: input.firstName,
    last_name: input.lastName,
    ...doctorNameColumns(input),
    title: input.title,
    prefix: input.prefix,
    gender: input.gender,
    email: input.email,
    phone: input.phone,
    primary_specialty: input.primarySpecialty,
    secondary_specialty: input.secondarySpecialty,
    created_at: now,
    updated_at: now,
    updated_by: by,
    ...NO_PRIMARY_OFFICE,
    // A person wrote every field given: a later import of the national directory keeps them (decision 0055).
    manual_fields: withManualFields('', doctorFieldsOf(input)),
  };
}

const rppsTaken = (rpps: string) =>
  new AppError('CONFLICT', { rpps }, { messageKey: 'doctors.rppsTaken', fields: { rpps: 'doctors.rppsTaken' } });

export class DoctorsService {
  /**
   * Match counts by search words (docs/decisions/0006), kept under the doctors' generation, which every change
   * to the search rows bumps in its transaction, whichever process makes it (docs/decisions/0014).
   */
  private readonly matchCounts = new GenerationCache<number>();

  constructor(private readonly deps: DoctorsServiceDeps) {}

  async search(auth: AuthContext, query: DoctorSearchQuery): Promise<DoctorSearchResult> {
    requireSignedIn(auth);
    const terms = searchTerms(query.search);
    if (terms.length === 0) return { doctors: [], total: 0, pages: 1 };
    const offset = (query.page - 1) * query.limit;
    const { rows, total } = await this.searchPage(terms, auth.user.id, offset, query.limit);
    const recent = new Set(query.recentIds);
    return { doctors: rows.map((row) => toDoctorListItem(row, recent)), total, pages: pagesFor(total, query.limit) };
  }

  /**
   * Every doctor of the list as filtered, a page at a time, in the list's order, as the caller reads them (their
   * own targets): a search's matches, or with no search text the whole directory by name (the CSV export,
   * decision 0057). Exporting is a writer's: the read-only profile views, it does not take the directory away.
   */
  exportPages(auth: AuthContext, search: string): AsyncIterable<DoctorListItem[]> {
    requireWriter(auth);
    const terms = searchTerms(search);
    const none = new Set<string>();
    const { db, doctors } = this.deps;
    const userId = auth.user.id;
    const searchPage = (offset: number) => this.searchPage(terms, userId, offset, EXPORT_PAGE);
    return (async function* pages() {
      if (terms.length === 0) {
        let after: DoctorExportCursor | null = null;
        for (;;) {
          const rows = await doctors.exportPage(db, userId, after, EXPORT_PAGE);
          if (rows.length > 0) yield rows.map((row) => toDoctorListItem(row, none));
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_PAGE) return;
          after = { lastName: last.last_name_norm, firstName: last.first_name_norm, id: last.id };
        }
      }
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const { rows, total } = await searchPage(offset);
        if (rows.length > 0) yield rows.map((row) => toDoctorListItem(row, none));
        if (rows.length < EXPORT_PAGE || offset + EXPORT_PAGE >= total) return;
      }
    })();
  }

  /** GET /api/doctors: the best matches for pickers (the activity form, add-doctor dialogs). */
  async pick(auth: AuthContext, search: string, limit: number): Promise<DoctorListItem[]> {
    requireSignedIn(auth);
    const terms = searchTerms(search);
    if (terms.length === 0) return [];
    const { rows } = await this.searchPage(terms, auth.user.id, 0, limit);
    return rows.map((row) => toDoctorListItem(row, new Set()));
  }

  /**
   * One page of matches and their total, by one of these plans (docs/search.md, docs/decisions/0006), chosen by
   * the driving word (the most selective) and how many words were typed:
   * - the driving word has 5 characters or more: its word range, ranked by the spec's score (one word alone is
   *   scored from its row);
   * - one word of 1 to 4 characters alone: its prefix rows in the prefix index's order, which is the score's for
   *   one word, whatever the count; its page brings its kept count (decision 0012);
   * - several words, all of 1 to 4 characters: the driving word's prefix rows, ranked by the score when they are
   *   at most RANKED_SEARCH_CAP, else in the prefix index's order.
   */
  private async searchPage(terms: string[], userId: string, offset: number, limit: number) {
    const { search } = this.deps;
    const countOnce = this.countOnce();
    const [driving = '', ...others] = await this.bySelectivity(terms, countOnce);
    const page = { driving, others, terms, userId, offset, limit };
    const key = [driving, ...others].join(' ');
    if (driving.length > SHORT_PREFIX_MAX) {
      const total = await countOnce(`word:${key}`, () => search.wordMatches(this.deps.db, driving, others));
      return { rows: total > offset ? await search.rankedPage(this.deps.db, { source: 'words', ...page }) : [], total };
    }
    if (others.length === 0) {
      const { rows, total } = await search.prefixPage(this.deps.db, { prefix: driving, others, userId, offset, limit });
      if (rows.length === 0)
        return { rows, total: offset === 0 ? 0 : await search.prefixMatches(this.deps.db, driving, []) };
      return { rows, total: Math.max(total ?? 0, offset + rows.length) };
    }
    const total = await countOnce(`prefix:${key}`, () => search.prefixMatches(this.deps.db, driving, others));
    if (total <= offset) return { rows: [], total };
    if (total <= RANKED_SEARCH_CAP)
      return { rows: await search.rankedPage(this.deps.db, { source: 'prefixes', ...page }), total };
    const { rows } = await search.prefixPage(this.deps.db, { prefix: driving, others, userId, offset, limit });
    return { rows, total };
  }

  /** The terms, the one with the fewest matches first (it drives the query; the others filter it). */
  private async bySelectivity(terms: string[], countOnce: CountOnce): Promise<string[]> {
    const longestFirst = [...terms].sort((a, b) => b.length - a.length);
    if (terms.length < 2) return longestFirst;
    const counts = new Map<string, number>();
    for (const term of longestFirst) {
      const count =
        term.length <= SHORT_PREFIX_MAX
          ? await countOnce(`prefix:${term}`, () => this.deps.search.prefixMatches(this.deps.db, term, []))
          : await countOnce(`probe:${term}`, () => this.deps.search.termMatches(this.deps.db, term, SELECTIVITY_PROBE));
      counts.set(term, Math.min(count, SELECTIVITY_PROBE));
    }
    return longestFirst.sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  }

  /**
   * A request's counts, cached under the doctors' generation, read once for the request and before any count
   * (docs/decisions/0014): a count made before a change committed stays under the older generation. A search
   * that needs no count (one short word alone) reads no generation.
   */
  private countOnce(): CountOnce {
    let generation: Promise<number> | undefined;
    return async (key, count) => {
      generation ??= this.deps.generations.current(this.deps.db, 'doctors');
      const at = await generation;
      let total = this.matchCounts.get(at, key);
      if (total === undefined) {
        total = await count();
        this.matchCounts.set(at, key, total);
      }
      return total;
    };
  }

  async get(auth: AuthContext, id: string): Promise<Doctor> {
    requireSignedIn(auth);
    return this.detail(this.deps.db, auth, id);
  }

  /**
   * Creates a doctor; a client-made id is kept. The offline queue's requests (a client id and an
   * Idempotency-Key) are exactly-once (decision 0020): a replay answers the first result, a creation retried
   * under a new key answers the doctor its id already names, and an RPPS that already belongs to a doctor
   * answers that doctor (`existing: true`, 200) with the client id kept as its alias, so the activities queued
   * after it land on it. A plain creation with a taken RPPS or id is refused.
   */
  async create(
    auth: AuthContext,
    input: DoctorInput,
    idempotency: IdempotentRequest | null,
  ): Promise<Doctor | ExistingDoctor> {
    requireWriter(auth);
    const attempt = () =>
      idempotentTransaction<Doctor | ExistingDoctor>(
        { db: this.deps.db, keys: this.deps.keys, clock: this.deps.clock },
        idempotency,
        {
          statusCode: (doctor) => ('existing' in doctor ? 200 : 201),
          replayAs: (body) => z.union([ExistingDoctor, Doctor]).parse(body),
        },
        (trx) => this.createIn(trx, auth, input, idempotency !== null),
      );
    const queued = input.id !== undefined && idempotency !== null;
    try {
      return await attempt();
    } catch (error) {
      // Two reps' queues creating the same RPPS at once: the loser's insert fails on the unique RPPS; tried
      // again, it finds the winner's doctor and becomes its alias.
      if (!queued || error instanceof AppError) throw error;
      return attempt();
    }
  }

  private async createIn(
    trx: Db,
    auth: AuthContext,
    { id: clientId, ...input }: DoctorInput,
    withKey: boolean,
  ): Promise<Doctor | ExistingDoctor> {
    const queued = clientId !== undefined && withKey;
    if (clientId !== undefined) {
      const known = await this.knownClientId(trx, auth, clientId, input.rpps, queued);
      if (known) return known;
    }
    const owner = await this.deps.doctors.rppsOwner(trx, input.rpps);
    if (owner !== undefined && clientId !== undefined && queued) return this.aliasOf(trx, auth, clientId, owner);
    if (owner !== undefined) throw rppsTaken(input.rpps);
    const id = clientId ?? newId();
    const row = newDoctorRow(id, input, isoNow(this.deps.clock), auth.user.email);
    await this.deps.doctors.insert(trx, row);
    await this.deps.doctors.replaceSearchIndex(trx, id, doctorSearchRows(id, input));
    await this.deps.logs.record(trx, {
      action: 'create',
      entityType: 'doctor',
      entityId: id,
      metadata: {
        doctorName: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
      },
      changes: { previous: null, new: doctorFields(row) },
      user: auditUser(auth),
    });
    await this.deps.generations.bump(trx, ['doctors']);
    return this.detail(trx, auth, id);
  }

  /**
   * A client id already used: by the doctor it created, or as the alias of an existing doctor. The queue
   * retrying the same creation under a new key (its first answer lost) gets that doctor again; anything else
   * is a conflict. The same RPPS is what tells the same creation: doctors are everyone's to read, so answering
   * one reveals nothing.
   */
  private async knownClientId(
    trx: Db,
    auth: AuthContext,
    clientId: string,
    rpps: string,
    queued: boolean,
  ): Promise<Doctor | ExistingDoctor | undefined> {
    const canonicalId = await this.deps.doctors.canonicalId(trx, clientId);
    const existing = await this.deps.doctors.findById(trx, canonicalId);
    if (!existing) return undefined;
    if (!queued || existing.rpps !== rpps) {
      throw new AppError('CONFLICT', {}, { messageKey: 'doctors.idTaken', fields: { id: 'doctors.idTaken' } });
    }
    const doctor = await this.detail(trx, auth, canonicalId);
    return canonicalId === clientId ? doctor : { ...doctor, existing: true };
  }

  /** The client id becomes an alias of the doctor that already has the RPPS; the audit log says so once. */
  private async aliasOf(trx: Db, auth: AuthContext, clientId: string, doctorId: string): Promise<ExistingDoctor> {
    await this.deps.doctors.addAlias(trx, {
      alias_id: clientId,
      doctor_id: doctorId,
      created_at: isoNow(this.deps.clock),
    });
    const doctor = await this.detail(trx, auth, doctorId);
    await this.deps.logs.record(trx, {
      action: 'alias',
      entityType: 'doctor',
      entityId: doctorId,
      metadata: { doctorName: `${doctor.firstName} ${doctor.lastName}`, aliasId: clientId },
      changes: { previous: null, new: { aliasId: clientId } },
      user: auditUser(auth),
    });
    return { ...doctor, existing: true };
  }

  async update(auth: AuthContext, id: string, patch: DoctorUpdate): Promise<Doctor> {
    requireWriter(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.requireDoctor(trx, id);
      if (patch.rpps !== undefined && patch.rpps !== before.rpps) await this.refuseTakenRpps(trx, patch.rpps, id);
      const now = isoNow(this.deps.clock);
      const merged = {
        firstName: patch.firstName ?? before.first_name,
        lastName: patch.lastName ?? before.last_name,
        rpps: patch.rpps ?? before.rpps,
      };
      const columns = {
        ...inputColumns(patch),
        ...doctorNameColumns(merged),
        updated_at: now,
        updated_by: auth.user.email,
        manual_fields: withManualFields(before.manual_fields, doctorFieldsOf(patch)),
      };
      await this.deps.doctors.update(trx, id, columns);
      const searchChanged = patch.firstName !== undefined || patch.lastName !== undefined || patch.rpps !== undefined;
      const specialtiesChanged = patch.primarySpecialty !== undefined || patch.secondarySpecialty !== undefined;
      if (searchChanged) await this.deps.doctors.replaceSearchIndex(trx, id, doctorSearchRows(id, merged));
      if (specialtiesChanged) {
        await this.deps.links.refreshOfficeSpecialties(trx, await this.deps.links.officeIdsOf(trx, id));
      }
      const after = { ...before, ...columns };
      await this.deps.logs.record(trx, {
        action: 'update',
        entityType: 'doctor',
        entityId: id,
        metadata: { doctorName: `${after.first_name} ${after.last_name}` },
        changes: changedFields(doctorFields(before), doctorFields(after)),
        user: auditUser(auth),
      });
      await this.deps.generations.bump(trx, [
        ...(searchChanged ? (['doctors'] as const) : []),
        ...(specialtiesChanged ? (['offices'] as const) : []),
      ]);
      return this.detail(trx, auth, id);
    });
  }

  /** A target and a potential target are names of configured targets (spec 000 §3); empty clears them. */
  private async requireConfiguredTargets(input: DoctorUserDataInput): Promise<void> {
    const given = { target: input.target, potential_target: input.potential_target };
    if (!Object.values(given).some(Boolean)) return;
    const names = new Set((await this.deps.targets.list(this.deps.db, {})).map((target) => target.name));
    const fields: Record<string, string> = {};
    for (const [field, name] of Object.entries(given)) {
      if (name && !names.has(name)) fields[field] = 'validation.unknownTarget';
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }

  /** The calling user's own targeting: any signed-in user may set it (it is theirs, not the doctor's). */
  async setUserData(auth: AuthContext, id: string, input: DoctorUserDataInput): Promise<Doctor> {
    requireSignedIn(auth);
    await this.requireConfiguredTargets(input);
    return this.deps.db.transaction().execute(async (trx) => {
      const doctor = await this.requireDoctor(trx, id);
      const before = await this.deps.doctors.userData(trx, auth.user.id, id);
      await this.deps.doctors.upsertUserData(trx, {
        user_id: auth.user.id,
        doctor_id: id,
        ...(input.target !== undefined && { target: input.target || null }),
        ...(input.potential_target !== undefined && { potential_target: input.potential_target || null }),
        updated_at: isoNow(this.deps.clock),
      });
      await this.deps.logs.record(trx, {
        action: 'update_targets',
        entityType: 'doctor',
        entityId: id,
        metadata: { doctorName: `${doctor.first_name} ${doctor.last_name}` },
        changes: {
          previous: before ?? { target: null, potential_target: null },
          new: await this.deps.doctors.userData(trx, auth.user.id, id),
        },
        user: auditUser(auth),
      });
      return this.detail(trx, auth, id);
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    requireWriter(auth);
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.requireDoctor(trx, id);
      const officeIds = await this.deps.links.officeIdsOf(trx, id);
      await this.deps.doctors.delete(trx, id);
      await this.deps.doctors.recordTombstone(trx, id, isoNow(this.deps.clock));
      await this.deps.links.refreshOfficeSpecialties(trx, officeIds);
      await this.deps.logs.record(trx, {
        action: 'delete',
        entityType: 'doctor',
        entityId: id,
        metadata: {
          doctorName: `${before.first_name} ${before.last_name}`,
          firstName: before.first_name,
          lastName: before.last_name,
        },
        changes: { previous: doctorFields(before), new: null },
        user: auditUser(auth),
      });
      await this.deps.generations.bump(trx, ['doctors', 'offices']);
    });
  }

  /** Links an office; the doctor's first office becomes the primary one. */
  async linkOffice(auth: AuthContext, id: string, officeId: string): Promise<Doctor> {
    requireWriter(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const doctor = await this.requireDoctor(trx, id);
      const office = await this.deps.offices.findById(trx, officeId);
      if (!office) throw new AppError('NOT_FOUND', {}, { messageKey: 'offices.notFound' });
      if (await this.deps.links.exists(trx, id, officeId)) {
        throw new AppError('CONFLICT', {}, { messageKey: 'doctors.alreadyLinked' });
      }
      const isFirst = (await this.deps.links.officeIdsOf(trx, id)).length === 0;
      const now = isoNow(this.deps.clock);
      await this.deps.links.link(trx, id, officeId, isFirst, now);
      await this.deps.links.refreshOfficeSpecialties(trx, [officeId]);
      await this.deps.doctors.touch(trx, id, now, auth.user.email);
      await this.deps.logs.record(trx, {
        action: 'link_office',
        entityType: 'doctor',
        entityId: id,
        metadata: {
          doctorName: `${doctor.first_name} ${doctor.last_name}`,
          officeName: office.name,
          isPrimary: isFirst,
        },
        changes: { previous: null, new: { officeId, is_primary: isFirst } },
        user: auditUser(auth),
      });
      await this.deps.generations.bump(trx, ['offices']);
      return this.detail(trx, auth, id);
    });
  }

  async setPrimaryOffice(auth: AuthContext, id: string, officeId: string): Promise<Doctor> {
    requireWriter(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const doctor = await this.requireDoctor(trx, id);
      const links = await this.deps.doctors.links(trx, id);
      if (!links.some((link) => link.office_id === officeId)) {
        throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.officeNotLinked' });
      }
      const previous = links.find((link) => link.is_primary === 1)?.office_id ?? null;
      const now = isoNow(this.deps.clock);
      await this.deps.links.setPrimary(trx, id, officeId);
      await this.deps.doctors.touch(trx, id, now, auth.user.email);
      await this.deps.doctors.update(trx, id, {
        manual_fields: withManualFields(doctor.manual_fields, ['primary_office']),
      });
      await this.deps.logs.record(trx, {
        action: 'set_primary_office',
        entityType: 'doctor',
        entityId: id,
        metadata: { doctorName: `${doctor.first_name} ${doctor.last_name}`, isPrimary: true },
        changes: { previous: { primaryOfficeId: previous }, new: { primaryOfficeId: officeId } },
        user: auditUser(auth),
      });
      return this.detail(trx, auth, id);
    });
  }

  private async detail(db: Db, auth: AuthContext, id: string): Promise<Doctor> {
    const row = await this.deps.doctors.findForUser(db, id, auth.user.id);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notFound' });
    const offices = (await this.deps.doctors.offices(db, id)).map(toDoctorOffice);
    // Not `{ ...doctorFields(row), target }`: V8 takes a slow path for keys added after a spread (decision 0010).
    return Object.assign(doctorFields(row), {
      target: row.target,
      potential_target: row.potential_target,
      offices,
      primaryOffice: offices.find((office) => office.is_primary) ?? null,
      isRecent: row.viewed_at !== null,
      inactiveSince: row.inactive_since ?? null,
    });
  }

  private async requireDoctor(db: Db, id: string): Promise<DoctorRow> {
    const row = await this.deps.doctors.findById(db, id);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notFound' });
    return row;
  }

  private async refuseTakenRpps(db: Db, rpps: string, exceptId: string | null): Promise<void> {
    const owner = await this.deps.doctors.rppsOwner(db, rpps);
    if (owner !== undefined && owner !== exceptId) throw rppsTaken(rpps);
  }
}
