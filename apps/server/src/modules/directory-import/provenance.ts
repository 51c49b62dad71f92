/**
 * Per-field provenance of the directory's rows (decision 0055): a field a person wrote (created or edited
 * through the product) is named in the row's `manual_fields`, and the import leaves it as the person wrote it;
 * every other field follows the national directory.
 */

/** The doctor fields the directory gives, as column names; `primary_office` is the choice of primary office. */
export const DOCTOR_DIRECTORY_FIELDS = [
  'first_name',
  'last_name',
  'prefix',
  'gender',
  'primary_specialty',
  'secondary_specialty',
  'primary_office',
] as const;
export type DoctorDirectoryField = (typeof DOCTOR_DIRECTORY_FIELDS)[number];

/** The office fields the directory gives; `uga` stands for the place (zone and coordinates) a person set. */
export const OFFICE_DIRECTORY_FIELDS = [
  'name',
  'address',
  'postal_code',
  'city',
  'phone',
  'email',
  'sector',
  'uga',
] as const;
export type OfficeDirectoryField = (typeof OFFICE_DIRECTORY_FIELDS)[number];

/** The API's doctor fields, by column. */
const DOCTOR_FIELD_OF_INPUT: Record<string, DoctorDirectoryField> = {
  firstName: 'first_name',
  lastName: 'last_name',
  prefix: 'prefix',
  gender: 'gender',
  primarySpecialty: 'primary_specialty',
  secondarySpecialty: 'secondary_specialty',
};

const OFFICE_FIELDS: ReadonlySet<string> = new Set([...OFFICE_DIRECTORY_FIELDS, 'uga_name', 'latitude', 'longitude']);

export function manualFieldSet(stored: string | null | undefined): Set<string> {
  return new Set((stored ?? '').split(',').filter(Boolean));
}

/** The stored list with these fields added (sorted, so the same set is always written alike). */
export function withManualFields(stored: string | null | undefined, fields: Iterable<string>): string {
  return [...new Set([...manualFieldSet(stored), ...fields])].sort().join(',');
}

/** The doctor fields a person's input writes (the keys of DoctorInput / DoctorUpdate that the directory gives). */
export function doctorFieldsOf(input: Record<string, unknown>): DoctorDirectoryField[] {
  return Object.keys(input).flatMap((key) => {
    const field = DOCTOR_FIELD_OF_INPUT[key];
    return field && input[key] !== undefined ? [field] : [];
  });
}

/** The office fields a person's input writes; a zone or coordinates set by hand keep the whole place. */
export function officeFieldsOf(input: Record<string, unknown>): OfficeDirectoryField[] {
  return Object.keys(input).flatMap((key): OfficeDirectoryField[] => {
    if (!OFFICE_FIELDS.has(key) || input[key] === undefined) return [];
    return key === 'uga_name' || key === 'latitude' || key === 'longitude' ? ['uga'] : [key as OfficeDirectoryField];
  });
}
