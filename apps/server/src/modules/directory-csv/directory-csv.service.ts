import {
  CSV_IMPORT_MAX_LINES,
  CSV_PREVIEW_LINES,
  CSV_REPORT_MAX_PROBLEMS,
  type CsvImportProblem,
  type CsvImportReport,
  type CsvLineAction,
  type DirectoryCsvKind,
  DoctorInput,
  type DoctorExportQuery,
  type Language,
  normalizeForSearch,
  OfficeInput,
  type OfficeExportQuery,
} from '@crm/shared';
import { z } from 'zod';
import { requireAdmin, requireWriter } from '#server/core/access.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { CsvSyntaxError, decodeCsv, detectSeparator, parseCsv, UTF8_BOM } from '#server/core/csv.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { hasMessage, translate } from '#server/http/i18n.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import type { DoctorOfficesRepository } from '#server/modules/doctors/doctor-offices.repository.ts';
import { doctorNameColumns, doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import { doctorFields } from '#server/modules/doctors/doctors.mapper.ts';
import type { DoctorRow, DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { type DoctorsService, inputColumns, newDoctorRow } from '#server/modules/doctors/doctors.service.ts';
import { doctorFieldsOf, officeFieldsOf, withManualFields } from '#server/modules/directory-import/provenance.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { officeSearchColumns } from '#server/modules/offices/office-search.ts';
import { toOffice } from '#server/modules/offices/offices.mapper.ts';
import type { OfficeRow, OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { newOfficeRow, type OfficesService } from '#server/modules/offices/offices.service.ts';
import {
  columnLabel,
  doctorRecord,
  headerRecord,
  IMPORTED,
  lineValues,
  officeRecord,
  readHeaders,
  REQUIRED,
} from './directory-csv.columns.ts';

type DirectoryCsvDeps = {
  db: Db;
  doctors: DoctorsRepository;
  offices: OfficesRepository;
  links: DoctorOfficesRepository;
  doctorsService: DoctorsService;
  officesService: OfficesService;
  logs: LogsRepository;
  generations: CacheGenerationsRepository;
  clock: Clock;
};

/** Keys looked up per query: well under both engines' limits on bound parameters. */
const LOOKUP_CHUNK = 500;

/** A file's lines with the field each column names. */
type CsvFile = {
  kind: DirectoryCsvKind;
  fields: (string | null)[];
  headers: string[];
  rows: { row: number; cells: string[] }[];
};

type DoctorValues = Omit<DoctorInput, 'id'>;

/** A valid line and what writing it does. */
type PlannedLine =
  | { kind: 'doctors'; row: number; action: CsvLineAction; input: DoctorValues; existing: DoctorRow | null }
  | {
      kind: 'offices';
      row: number;
      action: CsvLineAction;
      /** The office's id: the existing one, the file's for a new office, or null for a new one without. */
      id: string | null;
      input: OfficeInput;
      existing: OfficeRow | null;
    };

type Plan = {
  file: CsvFile;
  present: string[];
  lines: PlannedLine[];
  problems: CsvImportProblem[];
  invalidRows: number;
};

const fileError = (messageKey: string, params: Record<string, string | number> = {}) =>
  new AppError('VALIDATION_ERROR', params, { messageKey });

async function chunked<T>(keys: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    found.push(...(await read(keys.slice(start, start + LOOKUP_CHUNK))));
  }
  return found;
}

/** Only the fields the file has: an absent column leaves the record's value as it is. */
function pick<T extends object>(input: T, fields: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([key]) => fields.includes(key))) as Partial<T>;
}

/** The same office for a line without an id: same name, address, postal code and city, as a search reads them. */
const officeKey = (office: Pick<OfficeInput, 'name' | 'address' | 'postal_code' | 'city'>) =>
  [office.name, office.address, office.postal_code, office.city].map(normalizeForSearch).join('|');

const OfficeId = z.uuid({ error: 'validation.id' });

/**
 * The directory as CSV (decision 0057): the doctors and offices lists exported as filtered, and imported by
 * administrators after a preview, all valid lines in one transaction or nothing.
 */
export class DirectoryCsvService {
  constructor(private readonly deps: DirectoryCsvDeps) {}

  /** The doctors list as filtered, as CSV chunks; the export is audited before the first byte. */
  async exportDoctors(auth: AuthContext, query: DoctorExportQuery, language: Language): Promise<AsyncIterable<string>> {
    requireWriter(auth);
    const pages = this.deps.doctorsService.exportPages(auth, query.search);
    await this.deps.logs.record(this.deps.db, {
      action: 'export',
      entityType: 'doctor',
      metadata: { search: query.search },
      user: auditUser(auth),
    });
    return csvChunks(headerRecord('doctors', language), pages, doctorRecord);
  }

  async exportOffices(auth: AuthContext, query: OfficeExportQuery, language: Language): Promise<AsyncIterable<string>> {
    requireWriter(auth);
    const pages = this.deps.officesService.exportPages(auth, query);
    await this.deps.logs.record(this.deps.db, {
      action: 'export',
      entityType: 'office',
      metadata: { search: query.search, specialty: query.specialty },
      user: auditUser(auth),
    });
    return csvChunks(headerRecord('offices', language), pages, (office) => officeRecord(office, language));
  }

  /** What importing the file would do, line by line; nothing is written. */
  async preview(
    auth: AuthContext,
    kind: DirectoryCsvKind,
    bytes: Uint8Array,
    language: Language,
  ): Promise<CsvImportReport> {
    requireAdmin(auth);
    const plan = await this.plan(this.deps.db, readFile(kind, bytes, language), language);
    return report(plan, false);
  }

  /**
   * Writes every line of the file in one transaction, with an audit entry per record changed and one for the
   * import; a file with an invalid line is refused whole (nothing written), to be fixed and sent again. A
   * line that already says what the record says writes nothing: the same file twice changes nothing more.
   */
  async import(
    auth: AuthContext,
    kind: DirectoryCsvKind,
    bytes: Uint8Array,
    language: Language,
  ): Promise<CsvImportReport> {
    requireAdmin(auth);
    const file = readFile(kind, bytes, language);
    return this.deps.db.transaction().execute(async (trx) => {
      const plan = await this.plan(trx, file, language);
      if (plan.invalidRows > 0) throw new AppError('CSV_INVALID_LINES', { count: plan.invalidRows });
      const importId = newId();
      const now = isoNow(this.deps.clock);
      for (const line of plan.lines) {
        if (line.action === 'unchanged') continue;
        if (line.kind === 'doctors') await this.writeDoctor(trx, auth, line, plan.present, importId, now);
        else await this.writeOffice(trx, auth, line, plan.present, importId, now);
      }
      const counts = countActions(plan.lines);
      await this.deps.logs.record(trx, {
        action: 'import',
        entityType: kind === 'doctors' ? 'doctor' : 'office',
        entityId: importId,
        metadata: { lines: file.rows.length, ...counts },
        user: auditUser(auth),
      });
      if (counts.created + counts.updated > 0) {
        await this.deps.generations.bump(trx, kind === 'doctors' ? ['doctors', 'offices'] : ['offices']);
      }
      return report(plan, true);
    });
  }

  private async plan(db: Db, file: CsvFile, language: Language): Promise<Plan> {
    const problems: CsvImportProblem[] = [];
    const invalid = new Set<number>();
    const problem = (row: number, field: string | null, message: string) => {
      invalid.add(row);
      // A schema's own rule says a catalogue key; zod's built-in ones (a number expected…) are invalid values.
      const code = hasMessage(message) ? message : 'validation.invalid';
      problems.push({ line: row, field, code, message: translate(language, code) });
    };
    const present = file.fields.filter(
      (field): field is string => field !== null && IMPORTED[file.kind].includes(field),
    );
    const lines =
      file.kind === 'doctors'
        ? await this.planDoctors(db, file, present, problem)
        : await this.planOffices(db, file, present, problem);
    return {
      file,
      present,
      lines: lines.filter((line) => !invalid.has(line.row)),
      problems,
      invalidRows: invalid.size,
    };
  }

  private async planDoctors(
    db: Db,
    file: CsvFile,
    present: string[],
    problem: (row: number, field: string | null, code: string) => void,
  ): Promise<PlannedLine[]> {
    const valid: { row: number; input: DoctorValues }[] = [];
    const seen = new Set<string>();
    for (const { row, cells } of file.rows) {
      const parsed = DoctorInput.omit({ id: true }).safeParse(lineValues('doctors', file.fields, cells));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problem(row, fieldOf(issue.path), issue.message);
      } else if (seen.has(parsed.data.rpps)) {
        problem(row, 'rpps', 'directoryCsv.duplicateKey');
      } else {
        seen.add(parsed.data.rpps);
        valid.push({ row, input: parsed.data });
      }
    }
    const existing = new Map(
      (await chunked([...seen], (rpps) => this.deps.doctors.byRpps(db, rpps))).map((row) => [row.rpps, row]),
    );
    return valid.map(({ row, input }) => {
      const before = existing.get(input.rpps) ?? null;
      const patch = inputColumns(pick(input, present));
      const changed =
        before !== null && Object.entries(patch).some(([column, value]) => before[column as keyof DoctorRow] !== value);
      return {
        kind: 'doctors',
        row,
        input,
        existing: before,
        action: before === null ? 'create' : changed ? 'update' : 'unchanged',
      };
    });
  }

  private async planOffices(
    db: Db,
    file: CsvFile,
    present: string[],
    problem: (row: number, field: string | null, code: string) => void,
  ): Promise<PlannedLine[]> {
    const valid: { row: number; id: string | null; input: OfficeInput }[] = [];
    const seenIds = new Set<string>();
    const seenKeys = new Set<string>();
    for (const { row, cells } of file.rows) {
      const { id, ...values } = lineValues('offices', file.fields, cells);
      const parsedId = id === undefined || id === null ? null : OfficeId.safeParse(id);
      const parsed = OfficeInput.safeParse(values);
      if (parsedId !== null && !parsedId.success) problem(row, 'id', 'validation.id');
      if (!parsed.success) for (const issue of parsed.error.issues) problem(row, fieldOf(issue.path), issue.message);
      if (!parsed.success || (parsedId !== null && !parsedId.success)) continue;
      const officeId = parsedId?.data ?? null;
      const key = officeKey(parsed.data);
      if (officeId !== null ? seenIds.has(officeId) : seenKeys.has(key)) {
        problem(row, officeId !== null ? 'id' : null, 'directoryCsv.duplicateKey');
        continue;
      }
      if (officeId !== null) seenIds.add(officeId);
      else seenKeys.add(key);
      valid.push({ row, id: officeId, input: parsed.data });
    }
    const byId = new Map(
      (await chunked([...seenIds], (ids) => this.deps.offices.byIds(db, ids))).map((row) => [row.id, row]),
    );
    const names = [
      ...new Set(valid.filter((line) => line.id === null).map((line) => normalizeForSearch(line.input.name))),
    ];
    const byKey = new Map<string, OfficeRow[]>();
    for (const office of await chunked(names, (chunk) => this.deps.offices.byNames(db, chunk))) {
      const key = officeKey(office);
      byKey.set(key, [...(byKey.get(key) ?? []), office]);
    }
    const planned: PlannedLine[] = [];
    for (const { row, id, input } of valid) {
      const matches =
        id !== null ? [byId.get(id)].filter((office) => office !== undefined) : (byKey.get(officeKey(input)) ?? []);
      if (matches.length > 1) {
        problem(row, null, 'directoryCsv.ambiguousOffice');
        continue;
      }
      const before = matches[0] ?? null;
      const patch = pick(input, present);
      const changed =
        before !== null && Object.entries(patch).some(([column, value]) => before[column as keyof OfficeRow] !== value);
      planned.push({
        kind: 'offices',
        row,
        id: before?.id ?? id,
        input,
        existing: before,
        action: before === null ? 'create' : changed ? 'update' : 'unchanged',
      });
    }
    return planned;
  }

  private async writeDoctor(
    trx: Db,
    auth: AuthContext,
    line: Extract<PlannedLine, { kind: 'doctors' }>,
    present: string[],
    importId: string,
    now: string,
  ): Promise<void> {
    const { input, existing: before } = line;
    if (before === null) {
      const row = newDoctorRow(newId(), input, now, auth.user.email);
      await this.deps.doctors.insert(trx, row);
      await this.deps.doctors.replaceSearchIndex(trx, row.id, doctorSearchRows(row.id, input));
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'doctor',
        entityId: row.id,
        metadata: { doctorName: `${input.firstName} ${input.lastName}`, importId },
        changes: { previous: null, new: doctorFields(row) },
        user: auditUser(auth),
      });
      return;
    }
    const patch = pick(input, present);
    const merged = {
      firstName: patch.firstName ?? before.first_name,
      lastName: patch.lastName ?? before.last_name,
      rpps: before.rpps,
    };
    const columns = {
      ...inputColumns(patch),
      ...doctorNameColumns(merged),
      updated_at: now,
      updated_by: auth.user.email,
      // The file's fields are a person's: the national directory's next import keeps them (decision 0055).
      manual_fields: withManualFields(before.manual_fields, doctorFieldsOf(patch)),
    };
    await this.deps.doctors.update(trx, before.id, columns);
    if (merged.firstName !== before.first_name || merged.lastName !== before.last_name) {
      await this.deps.doctors.replaceSearchIndex(trx, before.id, doctorSearchRows(before.id, merged));
    }
    const specialtiesChanged =
      (columns.primary_specialty !== undefined && columns.primary_specialty !== before.primary_specialty) ||
      (columns.secondary_specialty !== undefined && columns.secondary_specialty !== before.secondary_specialty);
    if (specialtiesChanged) {
      await this.deps.links.refreshOfficeSpecialties(trx, await this.deps.links.officeIdsOf(trx, before.id));
    }
    const after = { ...before, ...columns };
    await this.deps.logs.record(trx, {
      action: 'update',
      entityType: 'doctor',
      entityId: before.id,
      metadata: { doctorName: `${after.first_name} ${after.last_name}`, importId },
      changes: changedFields(doctorFields(before), doctorFields(after)),
      user: auditUser(auth),
    });
  }

  private async writeOffice(
    trx: Db,
    auth: AuthContext,
    line: Extract<PlannedLine, { kind: 'offices' }>,
    present: string[],
    importId: string,
    now: string,
  ): Promise<void> {
    const { input, existing: before } = line;
    if (before === null) {
      const row = newOfficeRow(line.id ?? newId(), input, now, auth.user.email);
      await this.deps.offices.insert(trx, row);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'office',
        entityId: row.id,
        metadata: { officeName: input.name, name: input.name, importId },
        changes: { previous: null, new: toOffice(row, 0) },
        user: auditUser(auth),
      });
      return;
    }
    const patch = pick(input, present);
    const merged = { ...before, ...patch };
    const columns = {
      ...patch,
      ...officeSearchColumns(merged),
      updated_at: now,
      updated_by: auth.user.email,
      manual_fields: withManualFields(before.manual_fields, officeFieldsOf(patch)),
    };
    await this.deps.offices.update(trx, before.id, columns);
    // The doctors whose primary office this is list its name, address and city from their own rows.
    await this.deps.links.refreshPrimaryOffice(trx, await this.deps.links.doctorIdsOf(trx, before.id));
    const after = { ...before, ...columns };
    await this.deps.logs.record(trx, {
      action: 'update',
      entityType: 'office',
      entityId: before.id,
      metadata: { officeName: after.name, name: after.name, importId },
      changes: changedFields(toOffice(before, 0), toOffice(after, 0)),
      user: auditUser(auth),
    });
  }
}

/** The export's header, then a chunk of records per page as the pages come. */
async function* csvChunks<T>(
  header: string,
  pages: AsyncIterable<T[]>,
  record: (item: T) => string,
): AsyncGenerator<string> {
  yield UTF8_BOM + header;
  for await (const page of pages) yield page.map(record).join('');
}

const fieldOf = (path: readonly PropertyKey[]) => (path[0] === undefined ? null : String(path[0]));

/**
 * A file's header and lines, or the reason it cannot be read at all: unreadable quoting, no header, a required
 * column missing, too many lines. Its lines' own problems are the report's.
 */
function readFile(kind: DirectoryCsvKind, bytes: Uint8Array, language: Language): CsvFile {
  const text = decodeCsv(bytes);
  let records;
  try {
    records = parseCsv(text, detectSeparator(text));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileError('directoryCsv.unclosedQuote', { line: error.row });
    throw error;
  }
  const [header, ...rows] = records;
  if (header === undefined) throw fileError('directoryCsv.empty');
  if (rows.length > CSV_IMPORT_MAX_LINES) throw fileError('directoryCsv.tooManyLines', { max: CSV_IMPORT_MAX_LINES });
  const fields = readHeaders(kind, header.fields);
  const missing = REQUIRED[kind].filter((column) => !fields.includes(column));
  if (missing.length > 0) {
    throw fileError('directoryCsv.missingColumns', {
      columns: missing.map((column) => columnLabel(kind, column, language)).join(', '),
    });
  }
  return {
    kind,
    fields,
    headers: header.fields,
    rows: rows.map((record) => ({ row: record.row, cells: record.fields })),
  };
}

function countActions(lines: PlannedLine[]) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const line of lines) {
    if (line.action === 'create') counts.created += 1;
    else if (line.action === 'update') counts.updated += 1;
    else counts.unchanged += 1;
  }
  return counts;
}

/** A planned line's values as they would be written: the imported fields the file has, as text. */
function previewValues(line: PlannedLine, present: string[]): Record<string, string | null> {
  const input: Record<string, unknown> = line.kind === 'offices' ? { ...line.input, id: line.id } : line.input;
  return Object.fromEntries(
    present.map((field) => {
      const value = input[field];
      return [field, typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null];
    }),
  );
}

function report(plan: Plan, written: boolean): CsvImportReport {
  const { file } = plan;
  return {
    kind: file.kind,
    columns: plan.present,
    ignoredColumns: file.headers.filter((_, index) => {
      const field = file.fields[index];
      return field === null || field === undefined || !IMPORTED[file.kind].includes(field);
    }),
    lines: file.rows.length,
    ...countActions(plan.lines),
    invalid: plan.invalidRows,
    preview: plan.lines
      .slice(0, CSV_PREVIEW_LINES)
      .map((line) => ({ line: line.row, action: line.action, values: previewValues(line, plan.present) })),
    problems: [...plan.problems].sort((a, b) => a.line - b.line).slice(0, CSV_REPORT_MAX_PROBLEMS),
    problemsTruncated: plan.problems.length > CSV_REPORT_MAX_PROBLEMS,
    written,
  };
}
