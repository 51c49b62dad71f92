import fs from 'node:fs';
import readline from 'node:readline';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import { type DoctorOfficesRepository, NO_PRIMARY_OFFICE } from '#server/modules/doctors/doctor-offices.repository.ts';
import { doctorNameColumns, doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import type { DoctorRow, DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { coarseGeocodeCommune, type GeoPoint } from '#server/modules/geo/geocoder.ts';
import type { UgaZone } from '#server/modules/geo/uga-boundaries.ts';
import {
  officeSearchColumns,
  officeSearchRows,
  officeWordStarts,
  prefixCountChanges,
} from '#server/modules/offices/office-search.ts';
import type { OfficeRow, OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import type { DirectoryImportRepository, KnownDoctor, KnownOffice } from './directory-import.repository.ts';
import { manualFieldSet } from './provenance.ts';
import {
  activityLayout,
  extractionDate,
  isLayoutProblem,
  type LayoutProblem,
  savoirFaireLayout,
  SPECIALTY_SAVOIR_FAIRE_TYPE,
  DOCTOR_PROFESSION,
  type ActivityLayout,
} from './rpps-layout.ts';
import {
  type ActivityLine,
  type DoctorRecord,
  doctorDigest,
  doctorOf,
  type OfficeRecord,
  officeDigest,
  readActivityLine,
  type Rejection,
} from './rpps-records.ts';

/** Who changed a row the import wrote, as `updated_by` shows it. */
export const DIRECTORY_AUTHOR = 'annuaire.sante.fr';

/** Doctors per transaction: short enough that the running server's writers wait little for SQLite's lock. */
const DOCTORS_PER_BATCH = 500;
/** Rows per page when the end of an import looks for what the file no longer lists. */
const INACTIVE_PAGE = 2_000;

export type ImportCounts = {
  linesRead: number;
  kept: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  inactivated: number;
};
export type ImportProgress = ImportCounts & { linesPerSecond: number; done: boolean };

/** A file the import cannot read as the directory's: the catalogue key says why. */
export class DirectoryLayoutError extends Error {
  constructor(readonly problem: LayoutProblem) {
    super(problem.key);
  }
}

export type ImportRun = {
  /** `PS_LibreAcces_Personne_activite_<timestamp>.txt`, either layout. */
  file: string;
  /** `PS_LibreAcces_SavoirFaire_<timestamp>.txt`, for the newer layout. */
  savoirFaireFile?: string | null;
  /** The name the file was published under, for its extraction date (the file's own when not given). */
  fileName?: string;
  onProgress?: (progress: ImportProgress) => void;
  onRejected?: (rejection: Rejection) => void | Promise<void>;
};

export type DirectoryImporterDeps = {
  db: Db;
  imports: DirectoryImportRepository;
  doctors: DoctorsRepository;
  offices: OfficesRepository;
  links: DoctorOfficesRepository;
  generations: CacheGenerationsRepository;
  /** The UGA zone of a point; null when the zones can't be read (the office then has none). */
  zoneOf: (point: GeoPoint) => Promise<UgaZone | null>;
  clock: Clock;
};

type DirectoryLinkRow = {
  doctor_id: string;
  office_id: string;
  is_primary: number;
  created_at: string;
  source: 'directory';
};
type PendingDoctor = { record: DoctorRecord; lines: ActivityLine[] };
type Batch = { doctors: PendingDoctor[]; offices: Map<string, OfficeRecord> };
type OfficePlace = { latitude: number | null; longitude: number | null; uga: string; uga_name: string | null };
type LinkedOffice = Pick<OfficeRow, 'id' | 'name' | 'address' | 'postal_code' | 'city'>;

/** Reads the first line of a file (its header), without reading the rest. */
export async function readFirstLine(file: string): Promise<string> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

/** The layout of an activity file, or the layout error that refuses it. */
export async function checkActivityFile(file: string): Promise<ActivityLayout> {
  const header = await readFirstLine(file);
  if (header === '') throw new DirectoryLayoutError({ key: 'directoryImport.emptyFile' });
  const layout = activityLayout(header);
  if (isLayoutProblem(layout)) throw new DirectoryLayoutError(layout);
  return layout;
}

export async function checkSavoirFaireFile(file: string): Promise<void> {
  const header = await readFirstLine(file);
  if (header === '') throw new DirectoryLayoutError({ key: 'directoryImport.emptyFile' });
  const layout = savoirFaireLayout(header);
  if (isLayoutProblem(layout)) throw new DirectoryLayoutError(layout);
}

/**
 * The file's lines, one at a time. The stream's own iterator reads the next chunk only when the loop asks for it,
 * so a file is never ahead of its import in memory (readline's iterator queues lines while the writes run).
 */
async function* linesOf(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      yield text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

/**
 * The national directory's import (decision 0055). Streams the activity file line by line, keeps the doctors'
 * lines, groups each doctor's consecutive lines and writes them in batches, one short transaction each: new
 * doctors and offices in bulk with their search rows, changed ones field by field (what a person edited stays),
 * unchanged ones (same digest) not at all. The kept prefix counts move with each batch and the cache
 * generations are bumped in it (decisions 0012–0014); at the end, the directory's doctors and offices the file
 * no longer lists are marked inactive since the extraction's date and leave the search.
 */
export class DirectoryImporter {
  private readonly places = new Map<string, Promise<OfficePlace>>();

  constructor(private readonly deps: DirectoryImporterDeps) {}

  async run(run: ImportRun): Promise<ImportCounts> {
    const layout = await checkActivityFile(run.file);
    let savoirFaire: Map<string, string[]> | null = null;
    if (run.savoirFaireFile) savoirFaire = await this.readSavoirFaire(run.savoirFaireFile);
    else if (!layout.hasSavoirFaire) throw new DirectoryLayoutError({ key: 'directoryImport.savoirFaireMissing' });

    const counts: ImportCounts = {
      linesRead: 0,
      kept: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      inactivated: 0,
    };
    const started = performance.now();
    const report = (done: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      run.onProgress?.({ ...counts, linesPerSecond: seconds > 0 ? counts.linesRead / seconds : 0, done });
    };
    const seen = { doctors: new Set<string>(), offices: new Set<string>() };
    let batch: Batch = { doctors: [], offices: new Map() };
    let group: ActivityLine[] = [];
    const closeGroup = () => {
      const [first] = group;
      if (!first) return;
      batch.doctors.push({ record: doctorOf(group, savoirFaire?.get(first.nationalId)), lines: group });
      for (const line of group) {
        if (line.office && !batch.offices.has(line.office.directoryId) && !seen.offices.has(line.office.directoryId))
          batch.offices.set(line.office.directoryId, line.office);
      }
      group = [];
    };
    const flush = async () => {
      closeGroup();
      if (batch.doctors.length === 0) return;
      await this.writeBatch(batch, seen, counts);
      batch = { doctors: [], offices: new Map() };
      report(false);
    };

    let lineNumber = 0;
    for await (const raw of linesOf(run.file)) {
      lineNumber += 1;
      if (lineNumber === 1 || raw === '') continue;
      counts.linesRead += 1;
      const outcome = readActivityLine(raw, lineNumber, layout);
      if (outcome.kind === 'skipped') continue;
      if (outcome.kind === 'rejected') {
        counts.rejected += 1;
        await run.onRejected?.({ lineNumber, reason: outcome.reason, content: raw });
        continue;
      }
      counts.kept += 1;
      if (group[0] && group[0].nationalId !== outcome.line.nationalId) {
        closeGroup();
        if (batch.doctors.length >= DOCTORS_PER_BATCH) await flush();
      }
      group.push(outcome.line);
    }
    await flush();
    // A file without a single doctor is not a directory that lost them all.
    if (counts.kept > 0) {
      const since = extractionDate(run.fileName ?? run.file) ?? isoNow(this.deps.clock);
      counts.inactivated += await this.inactivateDoctors(seen.doctors, since);
      counts.inactivated += await this.inactivateOffices(seen.offices, since);
    }
    report(true);
    return counts;
  }

  /** The newer layout's savoir-faire: each doctor's ordinal specialties, in the file's order. */
  private async readSavoirFaire(file: string): Promise<Map<string, string[]>> {
    const header = await readFirstLine(file);
    const layout = savoirFaireLayout(header);
    if (isLayoutProblem(layout)) throw new DirectoryLayoutError(layout);
    const byDoctor = new Map<string, string[]>();
    let first = true;
    for await (const raw of linesOf(file)) {
      if (first) {
        first = false;
        continue;
      }
      const fields = raw.split('|');
      if (fields[layout.profession]?.trim() !== DOCTOR_PROFESSION) continue;
      if (fields[layout.savoirFaireType]?.trim() !== SPECIALTY_SAVOIR_FAIRE_TYPE) continue;
      const id = fields[layout.nationalId]?.trim() ?? '';
      const code = fields[layout.savoirFaire]?.trim() ?? '';
      if (id === '' || code === '') continue;
      const codes = byDoctor.get(id);
      if (codes) codes.push(code);
      else byDoctor.set(id, [code]);
    }
    return byDoctor;
  }

  private async writeBatch(batch: Batch, seen: { doctors: Set<string>; offices: Set<string> }, counts: ImportCounts) {
    const { db, imports } = this.deps;
    const directoryIds = new Set(batch.doctors.flatMap((doctor) => doctor.record.officeIds));
    // Places first, outside the transaction: the UGA lookup may read the zones file.
    const places = new Map<string, OfficePlace>();
    for (const office of batch.offices.values()) places.set(office.directoryId, await this.placeOf(office));
    await db.transaction().execute(async (trx) => {
      await imports.lockForWrite(trx);
      const now = isoNow(this.deps.clock);
      const known = new Map(
        (await imports.officesByDirectoryId(trx, [...directoryIds])).map((office) => [office.directory_id, office]),
      );
      const linked = new Map<string, LinkedOffice>(known);
      const newOffices: OfficeRow[] = [];
      let wrote = false;
      for (const office of batch.offices.values()) {
        seen.offices.add(own(office.directoryId));
        const digest = officeDigest(office);
        const before = known.get(office.directoryId);
        const place = places.get(office.directoryId);
        if (!before) {
          const row = this.newOffice(office, digest, place, now);
          newOffices.push(row);
          linked.set(office.directoryId, row);
          counts.created += 1;
        } else if (before.directory_digest === digest && before.inactive_since === null) {
          counts.unchanged += 1;
        } else {
          const after = await this.updateOffice(trx, before, office, digest, place, now);
          linked.set(office.directoryId, after);
          counts.updated += 1;
          wrote = true;
        }
      }
      if (newOffices.length > 0) {
        await imports.insertOffices(trx, newOffices, newOffices.flatMap(officeSearchRows).sort(byOfficePrefixKey));
        await imports.addOfficePrefixCounts(
          trx,
          prefixCountChanges(
            [],
            newOffices.flatMap((office) => officeWordStarts(office.search_text)),
          ),
        );
        wrote = true;
      }

      const knownDoctors = new Map(
        (
          await imports.doctorsByRpps(
            trx,
            batch.doctors.map((doctor) => doctor.record.rpps),
          )
        ).map((doctor) => [doctor.rpps, doctor]),
      );
      type SearchRows = ReturnType<typeof doctorSearchRows>;
      const created = {
        doctors: [] as DoctorRow[],
        words: [] as SearchRows['words'],
        prefixes: [] as SearchRows['prefixes'],
      };
      const newLinks: DirectoryLinkRow[] = [];
      const specialties: { office_id: string; specialty: string }[] = [];
      for (const { record } of batch.doctors) {
        const before = knownDoctors.get(record.rpps);
        const officeIds = record.officeIds.flatMap((directoryId) => linked.get(directoryId)?.id ?? []);
        if (seen.doctors.has(record.rpps)) {
          // The doctor's lines were not all consecutive: these add their places, nothing else.
          if (before) wrote = (await this.addLinks(trx, before.id, officeIds, now)) || wrote;
          continue;
        }
        seen.doctors.add(own(record.rpps));
        const digest = doctorDigest(record);
        if (!before) {
          const id = newId();
          const primary = record.officeIds[0] === undefined ? undefined : linked.get(record.officeIds[0]);
          created.doctors.push(this.newDoctor(id, record, digest, primary, now));
          const rows = doctorSearchRows(id, record);
          created.words.push(...rows.words);
          created.prefixes.push(...rows.prefixes);
          officeIds.forEach((officeId, index) =>
            newLinks.push({
              doctor_id: id,
              office_id: officeId,
              is_primary: index === 0 ? 1 : 0,
              created_at: now,
              source: 'directory',
            }),
          );
          for (const officeId of officeIds) {
            for (const specialty of [record.primarySpecialty, record.secondarySpecialty])
              if (specialty !== null) specialties.push({ office_id: officeId, specialty });
          }
          counts.created += 1;
        } else if (before.directory_digest === digest && before.inactive_since === null) {
          counts.unchanged += 1;
        } else {
          await this.updateDoctor(trx, before, record, digest, officeIds, now);
          counts.updated += 1;
          wrote = true;
        }
      }
      if (created.doctors.length > 0) {
        created.prefixes.sort(byDoctorPrefixKey);
        await imports.insertDoctors(trx, created.doctors, created.words, created.prefixes);
        await imports.addDoctorPrefixCounts(
          trx,
          countsOf(
            created.prefixes.map((row) => row.prefix),
            1,
          ),
        );
        await imports.insertLinks(trx, newLinks);
        await imports.addOfficeSpecialties(trx, dedupe(specialties));
        wrote = true;
      }
      // Last, as decision 0014 asks: the figures kept in every process follow this batch's commit.
      if (wrote) await this.deps.generations.bump(trx, ['doctors', 'offices']);
    });
  }

  private newOffice(office: OfficeRecord, digest: string, place: OfficePlace | undefined, now: string): OfficeRow {
    const located = place ?? { latitude: null, longitude: null, uga: '', uga_name: null };
    const columns = {
      name: office.name,
      sector: office.sector,
      address: office.address,
      postal_code: office.postal_code,
      city: office.city,
      ...located,
      phone: office.phone,
      email: office.email,
    };
    return {
      id: newId(),
      ...columns,
      ...officeSearchColumns(columns),
      created_at: now,
      updated_at: now,
      updated_by: DIRECTORY_AUTHOR,
      directory_id: office.directoryId,
      commune_code: office.commune_code,
      directory_digest: digest,
      manual_fields: '',
      inactive_since: null,
      geocode_pending: 1,
    };
  }

  /** The fields the directory changed and no person edited; a new address is placed again and queued for geocoding. */
  private async updateOffice(
    trx: Db,
    before: KnownOffice,
    office: OfficeRecord,
    digest: string,
    place: OfficePlace | undefined,
    now: string,
  ): Promise<LinkedOffice> {
    const manual = manualFieldSet(before.manual_fields);
    const patch: Partial<OfficeRow> = {};
    for (const field of ['name', 'address', 'postal_code', 'city', 'phone', 'email', 'sector'] as const) {
      if (!manual.has(field) && before[field] !== office[field]) Object.assign(patch, { [field]: office[field] });
    }
    if (before.commune_code !== office.commune_code) patch.commune_code = office.commune_code;
    const moved = patch.address !== undefined || patch.postal_code !== undefined || patch.city !== undefined;
    if (moved && !manual.has('uga') && place) Object.assign(patch, place, { geocode_pending: 1 });
    if (before.inactive_since !== null) {
      // Back in the directory: back in the search, from its rows as they were, before the change moves them.
      await this.restoreOfficeSearch(trx, before);
      patch.inactive_since = null;
    }
    const after = { ...before, ...patch };
    await this.deps.offices.update(trx, before.id, {
      ...patch,
      ...officeSearchColumns(after),
      directory_digest: digest,
      updated_at: now,
      updated_by: DIRECTORY_AUTHOR,
    });
    const listed = ['name', 'address', 'postal_code', 'city'] as const;
    if (listed.some((field) => patch[field] !== undefined)) {
      await this.deps.links.refreshPrimaryOffice(trx, await this.deps.links.doctorIdsOf(trx, before.id));
    }
    return after;
  }

  private async restoreOfficeSearch(trx: Db, office: KnownOffice): Promise<void> {
    await this.deps.imports.insertOffices(trx, [], officeSearchRows(office).sort(byOfficePrefixKey));
    await this.deps.imports.addOfficePrefixCounts(trx, prefixCountChanges([], officeWordStarts(office.search_text)));
  }

  private newDoctor(
    id: string,
    record: DoctorRecord,
    digest: string,
    primary: LinkedOffice | undefined,
    now: string,
  ): DoctorRow {
    return {
      id,
      rpps: record.rpps,
      first_name: record.firstName,
      last_name: record.lastName,
      ...doctorNameColumns(record),
      title: null,
      prefix: record.prefix,
      gender: record.gender,
      email: null,
      phone: null,
      primary_specialty: record.primarySpecialty,
      secondary_specialty: record.secondarySpecialty,
      created_at: now,
      updated_at: now,
      updated_by: DIRECTORY_AUTHOR,
      ...(primary
        ? {
            primary_office_id: primary.id,
            primary_office_name: primary.name,
            primary_office_address: primary.address,
            primary_office_postal_code: primary.postal_code,
            primary_office_city: primary.city,
          }
        : NO_PRIMARY_OFFICE),
      inactive_since: null,
      directory_digest: digest,
      manual_fields: '',
    };
  }

  /**
   * The fields the directory changed and no person edited, the search rows when a name changed or the doctor
   * comes back, the directory's links (a person's stay), the primary office unless a person chose it.
   */
  private async updateDoctor(
    trx: Db,
    before: KnownDoctor,
    record: DoctorRecord,
    digest: string,
    officeIds: string[],
    now: string,
  ): Promise<void> {
    const manual = manualFieldSet(before.manual_fields);
    const wanted: Pick<
      DoctorRow,
      'first_name' | 'last_name' | 'prefix' | 'gender' | 'primary_specialty' | 'secondary_specialty'
    > = {
      first_name: record.firstName,
      last_name: record.lastName,
      prefix: record.prefix,
      gender: record.gender,
      primary_specialty: record.primarySpecialty,
      secondary_specialty: record.secondarySpecialty,
    };
    const patch: Partial<DoctorRow> = {};
    for (const [field, value] of Object.entries(wanted) as [keyof typeof wanted, string | null][]) {
      if (!manual.has(field) && before[field] !== value) Object.assign(patch, { [field]: value });
    }
    const renamed = patch.first_name !== undefined || patch.last_name !== undefined;
    const returning = before.inactive_since !== null;
    const names = {
      firstName: patch.first_name ?? before.first_name,
      lastName: patch.last_name ?? before.last_name,
      rpps: before.rpps,
    };
    await this.deps.doctors.update(trx, before.id, {
      ...patch,
      ...(renamed && doctorNameColumns(names)),
      ...(returning && { inactive_since: null }),
      directory_digest: digest,
      updated_at: now,
      updated_by: DIRECTORY_AUTHOR,
    });
    if (renamed || returning)
      await this.deps.doctors.replaceSearchIndex(trx, before.id, doctorSearchRows(before.id, names));

    const links = await this.deps.imports.links(trx, before.id);
    const linkedIds = new Set(links.map((link) => link.office_id));
    const wantedIds = new Set(officeIds);
    const added = officeIds.filter((id) => !linkedIds.has(id));
    const removed = links.filter((link) => link.source === 'directory' && !wantedIds.has(link.office_id));
    await this.deps.imports.removeLinks(
      trx,
      before.id,
      removed.map((link) => link.office_id),
    );
    await this.deps.imports.insertLinks(
      trx,
      added.map((officeId) => ({
        doctor_id: before.id,
        office_id: officeId,
        is_primary: 0,
        created_at: now,
        source: 'directory' as const,
      })),
    );
    const remaining = [...links.filter((link) => !removed.includes(link)).map((link) => link.office_id), ...added];
    const primary = links.find((link) => link.is_primary === 1 && !removed.includes(link))?.office_id;
    const chosen =
      manual.has('primary_office') && primary !== undefined ? primary : (officeIds[0] ?? primary ?? remaining[0]);
    if (chosen !== undefined && chosen !== primary) await this.deps.links.setPrimary(trx, before.id, chosen);
    else if (added.length > 0 || removed.length > 0) await this.deps.links.refreshPrimaryOffice(trx, [before.id]);
    const specialtiesChanged = patch.primary_specialty !== undefined || patch.secondary_specialty !== undefined;
    if (specialtiesChanged || added.length > 0 || removed.length > 0) {
      await this.deps.links.refreshOfficeSpecialties(trx, [
        ...new Set([...remaining, ...removed.map((link) => link.office_id)]),
      ]);
    }
  }

  /** Links a doctor to offices they are not linked to yet; says whether it wrote. */
  private async addLinks(trx: Db, doctorId: string, officeIds: string[], now: string): Promise<boolean> {
    const linked = new Set((await this.deps.imports.links(trx, doctorId)).map((link) => link.office_id));
    const added = officeIds.filter((id) => !linked.has(id));
    if (added.length === 0) return false;
    await this.deps.imports.insertLinks(
      trx,
      added.map((officeId) => ({
        doctor_id: doctorId,
        office_id: officeId,
        is_primary: 0,
        created_at: now,
        source: 'directory' as const,
      })),
    );
    await this.deps.links.refreshOfficeSpecialties(trx, added);
    return true;
  }

  /** The directory's active doctors the file no longer lists: inactive since `since`, out of the search. */
  private async inactivateDoctors(seen: ReadonlySet<string>, since: string): Promise<number> {
    const { db, imports } = this.deps;
    let after = '';
    let inactivated = 0;
    for (;;) {
      const page = await imports.activeDirectoryDoctors(db, after, INACTIVE_PAGE);
      const last = page.at(-1);
      if (!last) return inactivated;
      after = last.rpps;
      const missing = page.filter((doctor) => !seen.has(doctor.rpps)).map((doctor) => doctor.id);
      if (missing.length === 0) continue;
      await db.transaction().execute(async (trx) => {
        await imports.markDoctorsInactive(trx, missing, since);
        const removed = await imports.removeDoctorSearchRows(trx, missing);
        await imports.addDoctorPrefixCounts(trx, countsOf(removed, -1));
        await this.deps.generations.bump(trx, ['doctors', 'offices']);
      });
      inactivated += missing.length;
    }
  }

  private async inactivateOffices(seen: ReadonlySet<string>, since: string): Promise<number> {
    const { db, imports } = this.deps;
    let after = '';
    let inactivated = 0;
    for (;;) {
      const page = await imports.activeDirectoryOffices(db, after, INACTIVE_PAGE);
      const last = page.at(-1);
      if (!last) return inactivated;
      after = last.directory_id;
      const missing = page.filter((office) => !seen.has(office.directory_id));
      if (missing.length === 0) continue;
      await db.transaction().execute(async (trx) => {
        await imports.markOfficesInactive(
          trx,
          missing.map((office) => office.id),
          since,
        );
        for (const office of missing) await imports.removeOfficeSearchRows(trx, officeSearchRows(office));
        await imports.addOfficePrefixCounts(
          trx,
          prefixCountChanges(
            missing.flatMap((office) => officeWordStarts(office.search_text)),
            [],
          ),
        );
        await this.deps.generations.bump(trx, ['offices']);
      });
      inactivated += missing.length;
    }
  }

  /** The commune's centre (the built-in coarse geocoder) and its UGA zone, found once per commune. */
  private placeOf(office: OfficeRecord): Promise<OfficePlace> {
    const key = own(`${office.commune_code ?? ''}|${office.postal_code}|${office.city}`);
    let place = this.places.get(key);
    if (!place) {
      place = this.locate(office);
      this.places.set(key, place);
    }
    return place;
  }

  private async locate(office: OfficeRecord): Promise<OfficePlace> {
    const point = coarseGeocodeCommune({
      inseeCode: office.commune_code,
      postal_code: office.postal_code,
      city: office.city,
    });
    if (!point) return { latitude: null, longitude: null, uga: '', uga_name: null };
    const zone = await this.deps.zoneOf(point);
    return { ...point, uga: zone?.code ?? '', uga_name: zone?.name ?? null };
  }
}

/**
 * A copy of a string that holds nothing else: a line's fields are slices of the chunk read, and a key kept for
 * the whole run must not keep its chunk alive with it.
 */
const own = (text: string) => ` ${text}`.slice(1);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Prefix rows in their table's key order: each insert then lands next to the previous one. */
const byOfficePrefixKey = (
  a: { prefix: string; name_norm: string; office_id: string },
  b: { prefix: string; name_norm: string; office_id: string },
) => compareText(a.prefix, b.prefix) || compareText(a.name_norm, b.name_norm) || compareText(a.office_id, b.office_id);

const byDoctorPrefixKey = (
  a: { prefix: string; name_tier: number; last_name_norm: string; first_name_norm: string; doctor_id: string },
  b: { prefix: string; name_tier: number; last_name_norm: string; first_name_norm: string; doctor_id: string },
) =>
  compareText(a.prefix, b.prefix) ||
  a.name_tier - b.name_tier ||
  compareText(a.last_name_norm, b.last_name_norm) ||
  compareText(a.first_name_norm, b.first_name_norm) ||
  compareText(a.doctor_id, b.doctor_id);

/** Each prefix once, with how many times it was given, times `sign`. */
function countsOf(prefixes: readonly string[], sign: 1 | -1) {
  const counts = new Map<string, number>();
  for (const prefix of prefixes) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  return [...counts].map(([prefix, count]) => ({ prefix, doctors: sign * count }));
}

function dedupe(rows: readonly { office_id: string; specialty: string }[]) {
  const byKey = new Map(rows.map((row) => [`${row.office_id}|${row.specialty}`, row]));
  return [...byKey.values()];
}
