import {
  type Office,
  type OfficeDoctorsQuery,
  type OfficeDoctorsResult,
  type OfficeExportQuery,
  type OfficeInput,
  type OfficeListQuery,
  type OfficeListResult,
  type OfficeUpdate,
  pagesFor,
  searchTerms,
} from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { requireSignedIn, requireWriter } from '#server/core/access.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { GenerationCache } from '#server/core/generation-cache.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import type { DoctorOfficesRepository } from '#server/modules/doctors/doctor-offices.repository.ts';
import { toDoctorListItem } from '#server/modules/doctors/doctors.mapper.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { officeSearchColumns } from './office-search.ts';
import { officeFieldsOf, withManualFields } from '#server/modules/directory-import/provenance.ts';
import { toOffice } from './offices.mapper.ts';
import type { OfficeRow, OfficesRepository } from './offices.repository.ts';

/** Totals up to this are cheap to count again: only larger ones are kept. */
const CACHED_TOTAL_MIN = 1000;

type OfficesServiceDeps = {
  db: Db;
  offices: OfficesRepository;
  doctors: DoctorsRepository;
  links: DoctorOfficesRepository;
  logs: LogsRepository;
  generations: CacheGenerationsRepository;
  clock: Clock;
};

/** Offices read per step of an export. */
const EXPORT_PAGE = 1000;

/** A new office's row with its search columns (an import creates offices alike). */
export function newOfficeRow(id: string, input: OfficeInput, now: string, by: string): OfficeRow {
  return {
    id,
    ...input,
    ...officeSearchColumns(input),
    created_at: now,
    updated_at: now,
    updated_by: by,
    // A person wrote every field given: a later import of the national directory keeps them (decision 0055).
    manual_fields: withManualFields('', officeFieldsOf(input)),
  };
}

export class OfficesService {
  /**
   * Totals of unsearched, specialty-filtered lists, read often and changed rarely: kept under the offices'
   * generation, which every change to the offices or their specialties bumps in its transaction, whichever
   * process makes it (docs/decisions/0014).
   */
  private readonly filterTotals = new GenerationCache<number>();

  constructor(private readonly deps: OfficesServiceDeps) {}

  async list(auth: AuthContext, query: OfficeListQuery): Promise<OfficeListResult> {
    requireSignedIn(auth);
    const filter = { terms: searchTerms(query.search), specialties: query.specialty };
    const rows = await this.deps.offices.page(this.deps.db, filter, (query.page - 1) * query.limit, query.limit);
    const total = await this.total(filter);
    return {
      offices: rows.map((row) => toOffice(row, row.doctor_count ?? 0)),
      total,
      pages: pagesFor(total, query.limit),
    };
  }

  private async total(filter: { terms: string[]; specialties: OfficeListQuery['specialty'] }): Promise<number> {
    if (filter.terms.length > 0) return this.deps.offices.count(this.deps.db, filter);
    const key = [...filter.specialties].sort().join(',');
    // Read before counting: a count made before a change committed stays under the older generation.
    const generation = await this.deps.generations.current(this.deps.db, 'offices');
    const cached = this.filterTotals.get(generation, key);
    if (cached !== undefined) return cached;
    const total = await this.deps.offices.count(this.deps.db, filter);
    if (total > CACHED_TOTAL_MIN) this.filterTotals.set(generation, key, total);
    return total;
  }

  async specialties(auth: AuthContext): Promise<string[]> {
    requireSignedIn(auth);
    return this.deps.offices.specialties(this.deps.db);
  }

  async get(auth: AuthContext, id: string): Promise<Office> {
    requireSignedIn(auth);
    return this.detail(this.deps.db, id);
  }

  /**
   * Every office of the list as filtered (search words, specialties), a page at a time, in the list's order
   * (the CSV export, decision 0057); a writer's, as the doctors' export is.
   */
  exportPages(auth: AuthContext, query: OfficeExportQuery): AsyncIterable<Office[]> {
    requireWriter(auth);
    const filter = { terms: searchTerms(query.search), specialties: query.specialty };
    const { db, offices } = this.deps;
    return (async function* pages() {
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const rows = await offices.page(db, filter, offset, EXPORT_PAGE);
        if (rows.length > 0) yield rows.map((row) => toOffice(row, row.doctor_count ?? 0));
        if (rows.length < EXPORT_PAGE) return;
      }
    })();
  }

  async create(auth: AuthContext, input: OfficeInput): Promise<Office> {
    requireWriter(auth);
    const id = newId();
    const row = newOfficeRow(id, input, isoNow(this.deps.clock), auth.user.email);
    return this.deps.db.transaction().execute(async (trx) => {
      await this.deps.offices.insert(trx, row);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'office',
        entityId: id,
        metadata: { officeName: input.name, name: input.name },
        changes: { previous: null, new: toOffice(row, 0) },
        user: auditUser(auth),
      });
      await this.deps.generations.bump(trx, ['offices']);
      return this.detail(trx, id);
    });
  }

  async update(auth: AuthContext, id: string, patch: OfficeUpdate): Promise<Office> {
    requireWriter(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.requireOffice(trx, id);
      const merged = { ...before, ...patch };
      const columns = {
        ...patch,
        ...officeSearchColumns(merged),
        updated_at: isoNow(this.deps.clock),
        updated_by: auth.user.email,
        manual_fields: withManualFields(before.manual_fields, officeFieldsOf(patch)),
      };
      await this.deps.offices.update(trx, id, columns);
      // The doctors whose primary office this is list its name, address and city from their own rows.
      await this.deps.links.refreshPrimaryOffice(trx, await this.deps.links.doctorIdsOf(trx, id));
      const after = { ...before, ...columns };
      await this.deps.logs.record(trx, {
        action: 'update',
        entityType: 'office',
        entityId: id,
        metadata: { officeName: after.name, name: after.name },
        changes: changedFields(toOffice(before, 0), toOffice(after, 0)),
        user: auditUser(auth),
      });
      return this.detail(trx, id);
    });
  }

  /** Deleting an office unlinks its doctors; a doctor whose primary office it was gets another primary. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    requireWriter(auth);
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.requireOffice(trx, id);
      const doctorIds = await this.deps.links.doctorIdsOf(trx, id);
      await this.deps.offices.delete(trx, id);
      for (const doctorId of doctorIds) await this.ensurePrimary(trx, doctorId);
      await this.deps.logs.record(trx, {
        action: 'delete',
        entityType: 'office',
        entityId: id,
        metadata: { officeName: before.name, name: before.name, doctorCount: doctorIds.length },
        changes: { previous: toOffice(before, doctorIds.length), new: null },
        user: auditUser(auth),
      });
      await this.deps.generations.bump(trx, ['offices']);
    });
  }

  async doctors(auth: AuthContext, id: string, query: OfficeDoctorsQuery): Promise<OfficeDoctorsResult> {
    requireSignedIn(auth);
    const filter = {
      terms: searchTerms(query.search),
      specialties: query.specialty,
      target: query.target,
      userId: auth.user.id,
    };
    const rows = await this.deps.offices.doctorsPage(
      this.deps.db,
      id,
      filter,
      (query.page - 1) * query.limit,
      query.limit,
    );
    // An office with a doctor on this page exists; otherwise say 404 for an unknown office.
    if (rows.length === 0) await this.requireOffice(this.deps.db, id);
    const total = await this.deps.offices.doctorsCount(this.deps.db, id, filter);
    const none = new Set<string>();
    return { doctors: rows.map((row) => toDoctorListItem(row, none)), total, pages: pagesFor(total, query.limit) };
  }

  /** Removes the link; when it was the doctor's primary office, another of their offices becomes primary. */
  async removeDoctor(auth: AuthContext, id: string, doctorId: string): Promise<void> {
    requireWriter(auth);
    await this.deps.db.transaction().execute(async (trx) => {
      const office = await this.requireOffice(trx, id);
      const doctor = await this.deps.doctors.findById(trx, doctorId);
      if (!doctor || !(await this.deps.links.unlink(trx, doctorId, id))) {
        throw new AppError('NOT_FOUND', {}, { messageKey: 'offices.doctorNotLinked' });
      }
      await this.ensurePrimary(trx, doctorId);
      await this.deps.links.refreshOfficeSpecialties(trx, [id]);
      const now = isoNow(this.deps.clock);
      await this.deps.doctors.touch(trx, doctorId, now, auth.user.email);
      await this.deps.logs.record(trx, {
        action: 'unlink_doctor',
        entityType: 'office',
        entityId: id,
        metadata: { officeName: office.name, doctorName: `${doctor.first_name} ${doctor.last_name}` },
        changes: { previous: { doctorId }, new: null },
        user: auditUser(auth),
      });
      await this.deps.generations.bump(trx, ['offices']);
    });
  }

  /**
   * After a link was removed: when the doctor still has offices but none is primary (the primary was removed),
   * the oldest link becomes it; the doctor's copy of its primary office follows either way.
   */
  private async ensurePrimary(db: Db, doctorId: string): Promise<void> {
    const links = await this.deps.links.linksByAge(db, doctorId);
    const oldest = links[0];
    if (oldest && !links.some((link) => link.is_primary === 1)) {
      await this.deps.links.setPrimary(db, doctorId, oldest.office_id);
    } else {
      await this.deps.links.refreshPrimaryOffice(db, [doctorId]);
    }
  }

  private async detail(db: Db, id: string): Promise<Office> {
    const row = await this.deps.offices.findWithCount(db, id);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'offices.notFound' });
    return Object.assign(toOffice(row, row.doctor_count ?? 0), { inactiveSince: row.inactive_since ?? null });
  }

  private async requireOffice(db: Db, id: string): Promise<OfficeRow> {
    const row = await this.deps.offices.findById(db, id);
    if (!row) throw new AppError('NOT_FOUND', {}, { messageKey: 'offices.notFound' });
    return row;
  }
}
