import { z } from 'zod';
import { DoctorSearchQuery } from '../doctors/doctors.schemas.ts';
import { OfficeListQuery } from '../offices/offices.schemas.ts';

/**
 * The columns of the doctors' CSV file, in its order (decision 0057). The first ones are what an import writes
 * (DoctorInput's fields, the RPPS as the key); the others are read-only facts an export adds and an import
 * ignores: the primary office, the caller's own targets, the last change.
 */
export const DOCTOR_CSV_IMPORTED = [
  'rpps',
  'lastName',
  'firstName',
  'title',
  'prefix',
  'gender',
  'email',
  'phone',
  'primarySpecialty',
  'secondarySpecialty',
] as const;
export const DOCTOR_CSV_COLUMNS = [
  ...DOCTOR_CSV_IMPORTED,
  'primaryOfficeName',
  'primaryOfficePostalCode',
  'primaryOfficeCity',
  'target',
  'potential_target',
  'updatedAt',
] as const;
export type DoctorCsvColumn = (typeof DOCTOR_CSV_COLUMNS)[number];

/** The offices' CSV columns: the id is the key (an empty id creates an office), OfficeInput's fields follow. */
export const OFFICE_CSV_IMPORTED = [
  'id',
  'name',
  'sector',
  'address',
  'postal_code',
  'city',
  'uga',
  'uga_name',
  'latitude',
  'longitude',
  'phone',
  'email',
] as const;
export const OFFICE_CSV_COLUMNS = [...OFFICE_CSV_IMPORTED, 'doctorCount', 'updatedAt'] as const;
export type OfficeCsvColumn = (typeof OFFICE_CSV_COLUMNS)[number];

/** The columns a file must have for its lines to be written (the key and the required fields). */
export const DOCTOR_CSV_REQUIRED = ['rpps', 'lastName', 'firstName', 'primarySpecialty'] as const;
export const OFFICE_CSV_REQUIRED = ['name', 'address', 'postal_code', 'city', 'uga'] as const;

export const DIRECTORY_CSV_KINDS = ['doctors', 'offices'] as const;
export const DirectoryCsvKind = z.enum(DIRECTORY_CSV_KINDS);
export type DirectoryCsvKind = z.infer<typeof DirectoryCsvKind>;

/** An import file: at most this many bytes and data lines (the national extract has its own importer). */
export const CSV_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const CSV_IMPORT_MAX_LINES = 20_000;
/** How many lines a preview shows as they would be written. */
export const CSV_PREVIEW_LINES = 20;
/** How many problems a report lists; the count of invalid lines is always whole. */
export const CSV_REPORT_MAX_PROBLEMS = 1000;

/** GET /api/doctors/export.csv: the list's own filter; no search text exports the whole directory. */
export const DoctorExportQuery = DoctorSearchQuery.pick({ search: true });
export type DoctorExportQuery = z.infer<typeof DoctorExportQuery>;

/** GET /api/offices/export.csv: the list's search words and specialties. */
export const OfficeExportQuery = OfficeListQuery.pick({ search: true, specialty: true });
export type OfficeExportQuery = z.infer<typeof OfficeExportQuery>;

/** What a valid line does: a new record, a change to one, or nothing (the record already says it). */
export const CsvLineAction = z.enum(['create', 'update', 'unchanged']);
export type CsvLineAction = z.infer<typeof CsvLineAction>;

/** One problem of one line: the file's line number (the header is line 1), the field and the catalogue key. */
export const CsvImportProblem = z.object({
  line: z.number().int(),
  /** The column's field name (rpps, postal_code…), null for the whole line. */
  field: z.string().nullable(),
  code: z.string(),
  /** The code's message in the request's language. */
  message: z.string(),
});
export type CsvImportProblem = z.infer<typeof CsvImportProblem>;

export const CsvPreviewLine = z.object({
  line: z.number().int(),
  action: CsvLineAction,
  /** The imported fields as they would be written (null: empty). */
  values: z.record(z.string(), z.string().nullable()),
});
export type CsvPreviewLine = z.infer<typeof CsvPreviewLine>;

/**
 * POST /api/{doctors,offices}/import/preview and POST /api/{doctors,offices}/import: what the file holds and
 * what it does (or did, `written`), line by line.
 */
export const CsvImportReport = z.object({
  kind: DirectoryCsvKind,
  /** The imported fields the file has, in its order. */
  columns: z.array(z.string()),
  /** The file's headers that name no imported field (an export's read-only columns, or unknown ones). */
  ignoredColumns: z.array(z.string()),
  lines: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  preview: z.array(CsvPreviewLine),
  problems: z.array(CsvImportProblem),
  /** More problems than the report lists (CSV_REPORT_MAX_PROBLEMS). */
  problemsTruncated: z.boolean(),
  written: z.boolean(),
});
export type CsvImportReport = z.infer<typeof CsvImportReport>;
