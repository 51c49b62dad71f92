import {
  DOCTOR_CSV_COLUMNS,
  DOCTOR_CSV_IMPORTED,
  DOCTOR_CSV_REQUIRED,
  type DirectoryCsvKind,
  type DoctorListItem,
  type Language,
  normalizeForSearch,
  type Office,
  OFFICE_CSV_COLUMNS,
  OFFICE_CSV_IMPORTED,
  OFFICE_CSV_REQUIRED,
} from '@crm/shared';
import { csvRecord, spreadsheetSafe, withoutSpreadsheetGuard } from '#server/core/csv.ts';
import { translate } from '#server/http/i18n.ts';

const COLUMNS: Record<DirectoryCsvKind, readonly string[]> = {
  doctors: DOCTOR_CSV_COLUMNS,
  offices: OFFICE_CSV_COLUMNS,
};
export const IMPORTED: Record<DirectoryCsvKind, readonly string[]> = {
  doctors: DOCTOR_CSV_IMPORTED,
  offices: OFFICE_CSV_IMPORTED,
};
export const REQUIRED: Record<DirectoryCsvKind, readonly string[]> = {
  doctors: DOCTOR_CSV_REQUIRED,
  offices: OFFICE_CSV_REQUIRED,
};

/** A column's header in a language: directoryCsv.columns.<kind>.<field> of the shared catalogue. */
export const columnLabel = (kind: DirectoryCsvKind, column: string, language: Language) =>
  translate(language, `directoryCsv.columns.${kind}.${column}`);

/** The header record of an export, in the caller's language. */
export const headerRecord = (kind: DirectoryCsvKind, language: Language) =>
  csvRecord(COLUMNS[kind].map((column) => spreadsheetSafe(columnLabel(kind, column, language))));

/** A decimal as the language writes it: a comma in French, which Excel in France reads as a number. */
const decimal = (value: number | null, language: Language) =>
  value === null ? '' : language === 'fr' ? String(value).replace('.', ',') : String(value);

/** What people typed goes through the formula guard; what the server writes (ids, counts, dates) is safe. */
const text = (value: string | null | undefined) => spreadsheetSafe(value ?? '');

export function doctorRecord(doctor: DoctorListItem): string {
  const cells: Record<(typeof DOCTOR_CSV_COLUMNS)[number], string> = {
    rpps: text(doctor.rpps),
    lastName: text(doctor.lastName),
    firstName: text(doctor.firstName),
    title: text(doctor.title),
    prefix: doctor.prefix ?? '',
    gender: doctor.gender ?? '',
    email: text(doctor.email),
    phone: text(doctor.phone),
    primarySpecialty: doctor.primarySpecialty,
    secondarySpecialty: doctor.secondarySpecialty ?? '',
    primaryOfficeName: text(doctor.primaryOffice?.name),
    primaryOfficePostalCode: text(doctor.primaryOffice?.postal_code),
    primaryOfficeCity: text(doctor.primaryOffice?.city),
    target: text(doctor.target),
    potential_target: text(doctor.potential_target),
    updatedAt: doctor.updatedAt,
  };
  return csvRecord(DOCTOR_CSV_COLUMNS.map((column) => cells[column]));
}

export function officeRecord(office: Office, language: Language): string {
  const cells: Record<(typeof OFFICE_CSV_COLUMNS)[number], string> = {
    id: office.id,
    name: text(office.name),
    sector: text(office.sector),
    address: text(office.address),
    postal_code: text(office.postal_code),
    city: text(office.city),
    uga: text(office.uga),
    uga_name: text(office.uga_name),
    latitude: decimal(office.latitude, language),
    longitude: decimal(office.longitude, language),
    phone: text(office.phone),
    email: text(office.email),
    doctorCount: String(office.doctorCount),
    updatedAt: office.updatedAt,
  };
  return csvRecord(OFFICE_CSV_COLUMNS.map((column) => cells[column]));
}

/** The key a header is known by: its words without accents, case or punctuation. */
const headerKey = (header: string) => normalizeForSearch(header).replaceAll(' ', '');

/**
 * The field each of a file's headers names, read from the field's own name or its header in either language,
 * so a file exported in English imports on a French screen. null for a header naming no column of the kind.
 */
export function readHeaders(kind: DirectoryCsvKind, headers: readonly string[]): (string | null)[] {
  const known = new Map<string, string>();
  for (const column of COLUMNS[kind]) {
    for (const name of [column, columnLabel(kind, column, 'fr'), columnLabel(kind, column, 'en')]) {
      known.set(headerKey(name), column);
    }
  }
  return headers.map((header) => known.get(headerKey(withoutSpreadsheetGuard(header.trim()))) ?? null);
}

/** A decimal typed either way (48,85 or 48.85); text that is no number stays text for the schema to refuse. */
function readDecimal(cell: string): number | string | null {
  const value = cell.trim();
  if (value === '') return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) && /^-?\d+(?:[.,]\d+)?$/.test(value) ? number : value;
}

/**
 * A line's values by field, as the schemas read them: the imported columns the file has, each cell without
 * the export's formula guard; an empty cell is null (no value) or, for a required field, empty text (which
 * its schema calls required); an absent column is undefined (left as it is).
 */
export function lineValues(kind: DirectoryCsvKind, fields: readonly (string | null)[], cells: readonly string[]) {
  const values: Record<string, unknown> = {};
  const imported = IMPORTED[kind];
  fields.forEach((field, index) => {
    if (field === null || !imported.includes(field)) return;
    const cell = withoutSpreadsheetGuard(cells[index] ?? '');
    if (field === 'latitude' || field === 'longitude') values[field] = readDecimal(cell);
    else if (cell.trim() !== '') values[field] = cell;
    else values[field] = REQUIRED[kind].includes(field) ? '' : null;
  });
  return values;
}
