import crypto from 'node:crypto';
import {
  type BenefitNature,
  type ConventionObject,
  type DeclarationLineKind,
  roundedEuros,
  semesterOf,
} from '@crm/shared';
import { csvRecord } from '#server/core/csv.ts';
import type { TransparencyBenefitsTable, TransparencyConventionsTable } from '#server/db/schema.ts';

/**
 * The columns of the public base's consolidated declarations.csv, in its order and spelling (research note
 * beyond.md §1c): the file a lab declares is read by the same tools as the file the public downloads.
 */
export const DECLARATION_COLUMNS = [
  'id',
  'token',
  'entreprise_id',
  'lien_interet',
  'identifiant_unique',
  'convention_liee',
  'motif_lien_interet_code',
  'motif_lien_interet',
  'autre_motif',
  'information_evenement',
  'montant',
  'date',
  'date_debut',
  'date_fin',
  'id_beneficiaire',
  'identite',
  'prenom',
  'beneficiaire_categorie_code',
  'beneficiaire_categorie',
  'beneficiaire_type_code',
  'beneficiaire_type',
  'beneficiaire_identifiant',
  'beneficiaire_profession_code',
  'profession_libelle',
  'structure_exercice',
  'pays_code',
  'adresse',
  'code_postal',
  'ville',
  'demande_de_rectification',
  'statut',
  'date_publication',
  'date_transmission',
  'raison_sociale',
  'numero_siren',
  'secteur_activite',
  'mere_id',
  "Ville de l'entreprise",
  "Département de l'entreprise",
  "Région de l'entreprise",
  'entreprise_nom_pays',
  'code_postal_entreprise',
  'ville_sanscedex',
  'dep_code',
  'reg_code',
  'reg_name',
  'dep_name',
  'beneficiaire_nom_prenom_com_name',
  'semestre_annee',
  'pays_libelle',
  'Nom Pays (Bénéficiaire)',
] as const;
export type DeclarationColumn = (typeof DECLARATION_COLUMNS)[number];
export type DeclarationValues = Record<DeclarationColumn, string>;

/** Set by each export, not by the line: left out of the content a correction is detected on. */
const PER_EXPORT_COLUMNS: readonly DeclarationColumn[] = ['demande_de_rectification', 'date_transmission'];
const HASHED_COLUMNS = DECLARATION_COLUMNS.filter((column) => !PER_EXPORT_COLUMNS.includes(column));

/** A benefit's nature as the declaration words it: a bracketed code and its label, in French. */
const NATURE_LABELS: Record<BenefitNature, [string, string]> = {
  meal: ['REPAS', 'Repas'],
  snack: ['COLLATION', 'Collation'],
  hotel_night: ['HEBERGEMENT', 'Hébergement'],
  transport: ['TRANSPORT', 'Transport'],
  congress_registration: ['INSCRIPTION', 'Inscription à une manifestation'],
  book_or_journal: ['LIVRE', 'Livres et revues'],
  sample: ['ECHANTILLON', 'Échantillons'],
  office_supply: ['FOURNITURE', 'Fournitures de bureau'],
  donation: ['DON', 'Don'],
  fee: ['HONORAIRES', 'Honoraires'],
  other: ['AUTRE', 'Autre'],
};

const OBJECT_LABELS: Record<ConventionObject, [string, string]> = {
  hospitality: ['HOSPITALITE', 'Hospitalité'],
  congress_registration: ['INSCRIPTION', 'Inscription congrès'],
  training: ['FORMATION', 'Formation'],
  speaking: ['ORATEUR', 'Orateur'],
  consulting: ['CONSEIL', 'Conseil, expertise'],
  research: ['RECHERCHE', 'Recherche'],
  donation: ['DON', 'Don'],
  other: ['AUTRE', 'Autre'],
};

export type DeclaredCompany = { id: string; name: string; siren: string };

export type DeclarationSource =
  { kind: 'convention'; row: TransparencyConventionsTable } | { kind: 'benefit'; row: TransparencyBenefitsTable };

/** A line's kind in the declaration: a payment for a service is a rémunération, any other benefit an avantage. */
export const lineKind = (source: DeclarationSource): DeclarationLineKind =>
  source.kind === 'convention' ? 'convention' : source.row.nature === 'fee' ? 'remuneration' : 'avantage';

/** The nature or object label a line shows (the admin screen shows the same words). */
export const lineNature = (source: DeclarationSource): string =>
  source.kind === 'convention' ? OBJECT_LABELS[source.row.object][1] : NATURE_LABELS[source.row.nature][1];

/** A postal code's département: two digits, three overseas (97x, 98x), Corsica's 2A/2B from 200xx/201xx. */
function departmentOf(postalCode: string | null): string {
  if (!postalCode || !/^\d{5}$/.test(postalCode)) return '';
  if (postalCode.startsWith('97') || postalCode.startsWith('98')) return postalCode.slice(0, 3);
  if (postalCode.startsWith('20')) return Number(postalCode) < 20200 ? '2A' : '2B';
  return postalCode.slice(0, 2);
}

const withoutCedex = (city: string | null) => (city ?? '').replace(/\s+cedex(\s+\d+)?$/i, '').trim();

/** One line's values, but for the columns each export sets. */
export function declarationValues(source: DeclarationSource, company: DeclaredCompany): DeclarationValues {
  const { row } = source;
  const kind = lineKind(source);
  const convention = source.kind === 'convention' ? source.row : null;
  const benefit = source.kind === 'benefit' ? source.row : null;
  const [code, label] =
    convention !== null
      ? OBJECT_LABELS[convention.object]
      : NATURE_LABELS[(benefit as TransparencyBenefitsTable).nature];
  const date = convention?.declared_on ?? benefit?.benefit_date ?? '';
  const cents = convention?.total_amount_cents ?? benefit?.amount_cents ?? 0;
  const event =
    convention?.event_name != null
      ? [convention.event_name, convention.event_date, convention.event_place, convention.event_organiser]
          .filter(Boolean)
          .join(' - ')
      : '';
  const lastName = row.doctor_last_name ?? '';
  const firstName = row.doctor_first_name ?? '';
  return {
    id: row.id,
    token: '',
    entreprise_id: company.id,
    lien_interet: kind,
    identifiant_unique: row.id,
    convention_liee: benefit?.convention_id ?? '',
    motif_lien_interet_code: `[${code}]`,
    motif_lien_interet: label,
    autre_motif: convention?.other_object ?? (benefit?.nature === 'other' ? (benefit.note ?? '') : ''),
    information_evenement: event,
    montant: String(roundedEuros(cents)),
    date,
    date_debut: convention?.start_date ?? '',
    date_fin: convention?.end_date ?? '',
    id_beneficiaire: row.doctor_id,
    identite: lastName,
    prenom: firstName,
    beneficiaire_categorie_code: '[PRS]',
    beneficiaire_categorie: 'Professionnel de santé',
    beneficiaire_type_code: row.doctor_rpps ? '[RPPS]' : '[AUTRE]',
    beneficiaire_type: row.doctor_rpps ? 'RPPS' : 'AUTRE',
    beneficiaire_identifiant: row.doctor_rpps ?? '',
    beneficiaire_profession_code: '[10]',
    profession_libelle: 'Médecin',
    structure_exercice: row.doctor_office_name ?? '',
    pays_code: '[FR]',
    adresse: row.doctor_address ?? '',
    code_postal: row.doctor_postal_code ?? '',
    ville: row.doctor_city ?? '',
    demande_de_rectification: '',
    statut: '',
    date_publication: '',
    date_transmission: '',
    raison_sociale: company.name,
    numero_siren: company.siren,
    secteur_activite: '',
    mere_id: '',
    "Ville de l'entreprise": '',
    "Département de l'entreprise": '',
    "Région de l'entreprise": '',
    entreprise_nom_pays: '',
    code_postal_entreprise: '',
    ville_sanscedex: withoutCedex(row.doctor_city),
    dep_code: departmentOf(row.doctor_postal_code),
    reg_code: '',
    reg_name: '',
    dep_name: '',
    beneficiaire_nom_prenom_com_name: `${lastName.toUpperCase()} ${firstName}`.trim(),
    semestre_annee: semesterOf(date),
    pays_libelle: 'France',
    'Nom Pays (Bénéficiaire)': 'France',
  };
}

/** What a correction is detected on: every column a line carries, but the per-export ones. */
export function contentHash(values: DeclarationValues): string {
  const content = HASHED_COLUMNS.map((column) => values[column]).join('\u001f');
  return crypto.createHash('sha256').update(content).digest('hex');
}

export const csvHeader = () => csvRecord(DECLARATION_COLUMNS);

export function csvLine(values: DeclarationValues, perExport: { correction: boolean; transmittedOn: string }): string {
  return csvRecord(
    DECLARATION_COLUMNS.map((column) =>
      column === 'demande_de_rectification'
        ? perExport.correction
          ? 'O'
          : 'N'
        : column === 'date_transmission'
          ? perExport.transmittedOn
          : values[column],
    ),
  );
}
