/**
 * The layout of the national directory's open-data extract (Annuaire Santé, RPPS; decision 0055): lines
 * separated by `|` with a trailing `|`, no quoting, UTF-8, a header of named columns. The combined layout has
 * 56 columns, the savoir-faire among them; the newer one moves the savoir-faire to a file of its own. Columns are
 * found by name, so both layouts, and a column added or moved by a later extraction, read alike.
 */

/** The 56 columns of `PS_LibreAcces_Personne_activite_<timestamp>.txt`, combined layout, as published. */
export const PERSONNE_ACTIVITE_COLUMNS = [
  "Type d'identifiant PP",
  'Identifiant PP',
  'Identification nationale PP',
  "Code civilité d'exercice",
  "Libellé civilité d'exercice",
  'Code civilité',
  'Libellé civilité',
  "Nom d'exercice",
  "Prénom d'exercice",
  'Code profession',
  'Libellé profession',
  'Code catégorie professionnelle',
  'Libellé catégorie professionnelle',
  'Code type savoir-faire',
  'Libellé type savoir-faire',
  'Code savoir-faire',
  'Libellé savoir-faire',
  'Code mode exercice',
  'Libellé mode exercice',
  'Numéro SIRET site',
  'Numéro SIREN site',
  'Numéro FINESS site',
  'Numéro FINESS établissement juridique',
  'Identifiant technique de la structure',
  'Raison sociale site',
  'Enseigne commerciale site',
  'Complément destinataire (coord. structure)',
  'Complément point géographique (coord. structure)',
  'Numéro Voie (coord. structure)',
  'Indice répétition voie (coord. structure)',
  'Code type de voie (coord. structure)',
  'Libellé type de voie (coord. structure)',
  'Libellé Voie (coord. structure)',
  'Mention distribution (coord. structure)',
  'Bureau cedex (coord. structure)',
  'Code postal (coord. structure)',
  'Code commune (coord. structure)',
  'Libellé commune (coord. structure)',
  'Code pays (coord. structure)',
  'Libellé pays (coord. structure)',
  'Téléphone (coord. structure)',
  'Téléphone 2 (coord. structure)',
  'Télécopie (coord. structure)',
  'Adresse e-mail (coord. structure)',
  'Code Département (structure)',
  'Libellé Département (structure)',
  'Ancien identifiant de la structure',
  "Autorité d'enregistrement",
  "Code secteur d'activité",
  "Libellé secteur d'activité",
  'Code section tableau pharmaciens',
  'Libellé section tableau pharmaciens',
  'Code rôle',
  'Libellé rôle',
  'Code genre activité',
  'Libellé genre activité',
] as const;

/** The savoir-faire columns the newer layout moves to their own file. */
export const SAVOIR_FAIRE_COLUMNS = [
  'Code type savoir-faire',
  'Libellé type savoir-faire',
  'Code savoir-faire',
  'Libellé savoir-faire',
] as const;

/** The activity file of the newer layout: the combined one without its savoir-faire. */
export const PERSONNE_ACTIVITE_COLUMNS_WITHOUT_SAVOIR_FAIRE = PERSONNE_ACTIVITE_COLUMNS.filter(
  (column) => !(SAVOIR_FAIRE_COLUMNS as readonly string[]).includes(column),
);

/** `PS_LibreAcces_SavoirFaire_<timestamp>.txt`. */
export const SAVOIR_FAIRE_FILE_COLUMNS = [
  "Type d'identifiant PP",
  'Identifiant PP',
  'Identification nationale PP',
  "Nom d'exercice",
  "Prénom d'exercice",
  'Code profession',
  'Libellé profession',
  'Code catégorie professionnelle',
  'Libellé catégorie professionnelle',
  ...SAVOIR_FAIRE_COLUMNS,
] as const;

/** What the import reads of an activity line. */
const ACTIVITY_FIELDS = {
  idType: "Type d'identifiant PP",
  id: 'Identifiant PP',
  nationalId: 'Identification nationale PP',
  exerciseCivility: "Code civilité d'exercice",
  civility: 'Code civilité',
  lastName: "Nom d'exercice",
  firstName: "Prénom d'exercice",
  profession: 'Code profession',
  structureId: 'Identifiant technique de la structure',
  companyName: 'Raison sociale site',
  tradeName: 'Enseigne commerciale site',
  recipientComplement: 'Complément destinataire (coord. structure)',
  placeComplement: 'Complément point géographique (coord. structure)',
  streetNumber: 'Numéro Voie (coord. structure)',
  streetRepetition: 'Indice répétition voie (coord. structure)',
  streetTypeLabel: 'Libellé type de voie (coord. structure)',
  streetName: 'Libellé Voie (coord. structure)',
  distribution: 'Mention distribution (coord. structure)',
  cedex: 'Bureau cedex (coord. structure)',
  postalCode: 'Code postal (coord. structure)',
  communeCode: 'Code commune (coord. structure)',
  communeName: 'Libellé commune (coord. structure)',
  phone: 'Téléphone (coord. structure)',
  phone2: 'Téléphone 2 (coord. structure)',
  email: 'Adresse e-mail (coord. structure)',
  sector: "Code secteur d'activité",
} as const;

const SAVOIR_FAIRE_FIELDS = {
  savoirFaireType: 'Code type savoir-faire',
  savoirFaire: 'Code savoir-faire',
} as const;

/** Columns an activity file must have, whatever its layout. */
const REQUIRED_ACTIVITY = ['idType', 'id', 'nationalId', 'lastName', 'firstName', 'profession', 'structureId'] as const;

export type ActivityField = keyof typeof ACTIVITY_FIELDS | keyof typeof SAVOIR_FAIRE_FIELDS;
export type SavoirFaireFileField = 'nationalId' | 'profession' | keyof typeof SAVOIR_FAIRE_FIELDS;

/** Where each field read is, by column index; -1 when the file lacks an optional column. */
export type ColumnIndexes<F extends string> = { readonly [K in F]: number } & { columns: number };

/** What is wrong with a header: a catalogue key, and its parameters. */
export type LayoutProblem = { key: string; params?: Record<string, string> };

/**
 * Column names compared without case, accents, punctuation or spaces: extractions have spelt the same column
 * `Indice répétition voie (coord. Structure)` or `Libellé civilité exercice`.
 */
export function columnKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The header's names, without the empty one its trailing `|` leaves, and without a byte-order mark. */
export function splitHeader(line: string): string[] {
  const names = line
    .replace(/^\uFEFF/, '')
    .replace(/\r$/, '')
    .split('|');
  if (names.at(-1) === '') names.pop();
  return names;
}

function indexesOf<F extends string>(
  names: readonly string[],
  wanted: Readonly<Record<F, string>>,
): { indexes: ColumnIndexes<F>; missing: string[] } {
  const byKey = new Map<string, number>();
  names.forEach((name, index) => {
    const key = columnKey(name);
    if (!byKey.has(key)) byKey.set(key, index);
  });
  const indexes = { columns: names.length } as Record<string, number>;
  const missing: string[] = [];
  for (const [field, column] of Object.entries(wanted) as [F, string][]) {
    const index = byKey.get(columnKey(column)) ?? -1;
    indexes[field] = index;
    if (index < 0) missing.push(column);
  }
  return { indexes: indexes as ColumnIndexes<F>, missing };
}

export type ActivityLayout = { indexes: ColumnIndexes<ActivityField>; hasSavoirFaire: boolean };

/**
 * The layout of an activity file from its header line, or what is wrong with it: not the directory's header
 * at all, or some of the columns the import needs missing.
 */
export function activityLayout(headerLine: string): ActivityLayout | LayoutProblem {
  const names = splitHeader(headerLine);
  const { indexes, missing } = indexesOf<ActivityField>(names, { ...ACTIVITY_FIELDS, ...SAVOIR_FAIRE_FIELDS });
  const required = REQUIRED_ACTIVITY.map((field) => ACTIVITY_FIELDS[field]);
  const missingRequired = required.filter((column) => missing.includes(column));
  if (missingRequired.length === required.length) return { key: 'directoryImport.notRpps' };
  if (missingRequired.length > 0) {
    return { key: 'directoryImport.missingColumns', params: { columns: missingRequired.join(', ') } };
  }
  const hasSavoirFaire = indexes.savoirFaire >= 0 && indexes.savoirFaireType >= 0;
  return { indexes, hasSavoirFaire };
}

/** The layout of a savoir-faire file from its header line. */
export function savoirFaireLayout(headerLine: string): ColumnIndexes<SavoirFaireFileField> | LayoutProblem {
  const names = splitHeader(headerLine);
  const { indexes, missing } = indexesOf<SavoirFaireFileField>(names, {
    nationalId: ACTIVITY_FIELDS.nationalId,
    profession: ACTIVITY_FIELDS.profession,
    ...SAVOIR_FAIRE_FIELDS,
  });
  if (missing.length > 0) return { key: 'directoryImport.notSavoirFaire' };
  return indexes;
}

export const isLayoutProblem = (value: object): value is LayoutProblem => 'key' in value;

/** The profession code of doctors: the only lines kept. */
export const DOCTOR_PROFESSION = '10';
/** Identifier types: 8 is the RPPS, 0 the ADELI. */
export const RPPS_ID_TYPE = '8';
export const ADELI_ID_TYPE = '0';
/** The savoir-faire type of an ordinal specialty (`Code type savoir-faire`): the one a doctor's specialty is. */
export const SPECIALTY_SAVOIR_FAIRE_TYPE = 'S';

/**
 * The extraction's date from its file name (`…_202611281230.txt`), the day the records missing from it stopped
 * being listed; null when the name does not carry one.
 */
export function extractionDate(fileName: string): string | null {
  const match = /_(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(?:\d{2})?\.[a-z]+$/i.exec(fileName);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:00Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
