import fs from 'node:fs';
import { once } from 'node:events';
import { specialtyOfSavoirFaire } from '@crm/shared';
import { Random } from '#server/demo/random.ts';
import {
  COMMUNES,
  EPICENE_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  OFFICE_STREET_NAMES,
  STREET_TYPES,
} from '#server/demo/directory/communes.ts';
import {
  PERSONNE_ACTIVITE_COLUMNS,
  PERSONNE_ACTIVITE_COLUMNS_WITHOUT_SAVOIR_FAIRE,
  SAVOIR_FAIRE_COLUMNS,
  SAVOIR_FAIRE_FILE_COLUMNS,
} from './rpps-layout.ts';

/**
 * Files in the national directory's exact layout, made up but real-looking, for the tests and the benchmark
 * (this machine cannot download the real one): accented UTF-8 names, RPPS (type 8, 11 digits) and ADELI
 * (type 0) identifiers, several activities per person, other professions to skip (pharmacists, nurses…),
 * empty fields, and malformed lines. The same options and seed give the same bytes.
 */
export type RppsFileOptions = {
  /** Lines after the header. */
  lines: number;
  seed?: number;
  /** Share of lines that are doctors' (profession 10); the rest are other professions. */
  doctorShare?: number;
  /** Malformed lines (a column missing): one every this many lines; 0 for none. */
  malformedEvery?: number;
  /** The newer layout: savoir-faire in a file of its own (written to `savoirFaireFile`). */
  savoirFaireFile?: string;
  /**
   * Changes this share of the doctors (a new last name), chosen by `changeSeed`:
   * the same file otherwise, for the "1 % changed" runs.
   */
  changeShare?: number;
  changeSeed?: number;
  /** Leaves out this share of the doctors (retired since), chosen by `changeSeed`. */
  dropShare?: number;
};

export type GeneratedFile = {
  lines: number;
  doctorLines: number;
  malformed: number;
  /** Changed doctors the import can keep: an all-digit identifier and at least one well-formed line. */
  changedDoctors: number;
};

const OTHER_PROFESSIONS = [
  ['21', 'Pharmacien'],
  ['60', 'Infirmier'],
  ['70', 'Masseur-Kinésithérapeute'],
  ['40', 'Chirurgien-Dentiste'],
  ['50', 'Sage-Femme'],
] as const;

/** Savoir-faire of generated doctors, weighted as the directory roughly is: general medicine first. */
const SAVOIR_FAIRE = [
  ['SM54', 'Médecine générale', 40],
  ['SM53', 'Spécialiste en Médecine Générale', 8],
  ['SM26', 'Qualifié en Médecine Générale', 4],
  ['SM04', 'Cardiologie et maladies vasculaires', 5],
  ['SM15', 'Dermatologie et vénéréologie', 3],
  ['SM32', 'Neurologie', 2],
  ['SM40', 'Pédiatrie', 4],
  ['SM42', 'Psychiatrie', 6],
  ['SM38', 'Ophtalmologie', 4],
  ['SM02', 'Anesthésie-réanimation', 5],
  ['SM44', 'Radio-diagnostic', 4],
  ['SM20', 'Gynécologie-obstétrique', 3],
  ['SM47', 'Rhumatologie', 2],
  ['SM24', 'Gastro-entérologie et hépatologie', 2],
  ['SM99', 'Savoir-faire inconnu', 1],
] as const;
const SAVOIR_FAIRE_TOTAL = SAVOIR_FAIRE.reduce((sum, [, , weight]) => sum + weight, 0);

const SECTORS = [
  ['SA07', 'Cabinet individuel'],
  ['SA08', 'Cabinet de groupe'],
  ['SA05', 'Centre de santé'],
  ['SA01', 'Etablissement public de santé'],
] as const;

const MODES = [
  ['L', 'Libéral'],
  ['S', 'Salarié'],
  ['B', 'Bénévole'],
] as const;

type Structure = {
  id: string;
  siret: string;
  name: string;
  tradeName: string;
  number: string;
  repetition: string;
  streetType: string;
  streetName: string;
  postalCode: string;
  communeCode: string;
  communeName: string;
  department: string;
  phone: string;
  email: string;
  sector: (typeof SECTORS)[number];
};

/** Structures shared by the generated people: a practice is worked in by several. */
function structureOf(index: number, variant: number): Structure {
  const random = new Random(1_000_003 * (index + 1) + variant);
  const commune = COMMUNES[random.int(COMMUNES.length)] ?? COMMUNES[0];
  if (!commune) throw new Error('no communes');
  const streetType = random.pick(STREET_TYPES);
  const streetName = random.pick(OFFICE_STREET_NAMES);
  const sector = SECTORS[random.int(SECTORS.length)] ?? SECTORS[0];
  const group = sector[0] !== 'SA07';
  const id = random.chance(0.3)
    ? `${String(10_000_000 + index).padStart(9, '0')}${random.int(10)}` // a SIRET-based practice
    : `R${String(10_100_000_000_000 + index)}`; // an RPPS-rang technical id
  return {
    id,
    siret: random.chance(0.3) ? String(30_000_000_000_000 + index * 7) : '',
    name: group ? `${sector[0] === 'SA05' ? 'CENTRE DE SANTÉ' : 'CABINET MÉDICAL'} ${streetName.toUpperCase()}` : '',
    tradeName: group && random.chance(0.3) ? `Maison de santé ${commune.name}` : '',
    number: random.chance(0.9) ? String(1 + random.int(180)) : '',
    repetition: random.chance(0.05) ? 'B' : '',
    streetType,
    streetName: variant === 0 ? streetName : `${streetName} prolongée`,
    postalCode: commune.postalCodes[0] ?? '',
    communeCode: commune.insee,
    communeName: commune.name.toUpperCase(),
    department: commune.department,
    phone: random.chance(0.8) ? `0${1 + random.int(5)}${String(random.int(100_000_000)).padStart(8, '0')}` : '',
    email: random.chance(0.2) ? `contact${index}@cabinet-exemple.fr` : '',
    sector,
  };
}

type Person = {
  profession: string;
  professionLabel: string;
  idType: '8' | '0';
  id: string;
  civility: string;
  civilityLabel: string;
  exerciseCivility: string;
  lastName: string;
  firstName: string;
  savoirFaire: (typeof SAVOIR_FAIRE)[number][];
  structures: number[];
};

function pickSavoirFaire(random: Random): (typeof SAVOIR_FAIRE)[number] {
  let target = random.next() * SAVOIR_FAIRE_TOTAL;
  for (const entry of SAVOIR_FAIRE) {
    target -= entry[2];
    if (target < 0) return entry;
  }
  return SAVOIR_FAIRE[0];
}

function personOf(index: number, doctorShare: number, structures: number, renamed: boolean): Person {
  const random = new Random(7_919 * (index + 1));
  const isDoctor = random.next() < doctorShare;
  const other = OTHER_PROFESSIONS[random.int(OTHER_PROFESSIONS.length)] ?? OTHER_PROFESSIONS[0];
  const female = random.chance(0.5);
  const firstName = random.chance(0.05)
    ? random.pick(EPICENE_FIRST_NAMES)
    : random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastName = random.chance(0.08)
    ? `${random.pick(LAST_NAMES)}-${random.pick(LAST_NAMES)}`
    : random.pick(LAST_NAMES);
  // Doctors are RPPS-registered; a few, and many of the other professions, still carry an ADELI number.
  const adeli = random.chance(isDoctor ? 0.01 : 0.3);
  const id = adeli
    ? `${random.chance(0.1) ? '2A' : String(1 + random.int(95)).padStart(2, '0')}${String(1_000_000 + index).slice(-7)}`
    : `10${String(index).padStart(9, '0')}`;
  const savoirFaire = isDoctor ? [pickSavoirFaire(random)] : [];
  if (isDoctor && random.chance(0.1)) savoirFaire.push(pickSavoirFaire(random));
  const activities = 1 + (random.chance(0.3) ? 1 + random.int(3) : 0);
  const first = random.int(structures);
  return {
    profession: isDoctor ? '10' : other[0],
    professionLabel: isDoctor ? 'Médecin' : other[1],
    idType: adeli ? '0' : '8',
    id,
    civility: female ? 'MME' : 'M',
    civilityLabel: female ? 'Madame' : 'Monsieur',
    exerciseCivility: isDoctor ? (random.chance(0.03) ? 'PR' : 'DR') : '',
    lastName: (renamed ? `${lastName}-Renommé` : lastName).toUpperCase(),
    firstName,
    savoirFaire,
    structures: Array.from({ length: activities }, (_, k) => (first + k * 7919) % structures),
  };
}

/** One line of the combined layout's 56 columns (the newer layout drops the savoir-faire ones). */
function activityColumns(person: Person, structure: Structure, savoirFaire: Person['savoirFaire'][number] | null) {
  const mode = person.profession === '10' ? MODES[structure.sector[0] === 'SA01' ? 1 : 0] : MODES[0];
  const values: Record<(typeof PERSONNE_ACTIVITE_COLUMNS)[number], string> = {
    "Type d'identifiant PP": person.idType,
    'Identifiant PP': person.id,
    'Identification nationale PP': `${person.idType}${person.id}`,
    "Code civilité d'exercice": person.exerciseCivility,
    "Libellé civilité d'exercice":
      person.exerciseCivility === 'PR' ? 'Professeur' : person.exerciseCivility ? 'Docteur' : '',
    'Code civilité': person.civility,
    'Libellé civilité': person.civilityLabel,
    "Nom d'exercice": person.lastName,
    "Prénom d'exercice": person.firstName,
    'Code profession': person.profession,
    'Libellé profession': person.professionLabel,
    'Code catégorie professionnelle': 'C',
    'Libellé catégorie professionnelle': 'Civil',
    'Code type savoir-faire': savoirFaire ? 'S' : '',
    'Libellé type savoir-faire': savoirFaire ? 'Spécialité ordinale' : '',
    'Code savoir-faire': savoirFaire?.[0] ?? '',
    'Libellé savoir-faire': savoirFaire?.[1] ?? '',
    'Code mode exercice': mode[0],
    'Libellé mode exercice': mode[1],
    'Numéro SIRET site': structure.siret,
    'Numéro SIREN site': structure.siret.slice(0, 9),
    'Numéro FINESS site': structure.sector[0] === 'SA01' ? `${structure.department}0000${structure.id.slice(-3)}` : '',
    'Numéro FINESS établissement juridique': '',
    'Identifiant technique de la structure': structure.id,
    'Raison sociale site': structure.name,
    'Enseigne commerciale site': structure.tradeName,
    'Complément destinataire (coord. structure)': '',
    'Complément point géographique (coord. structure)': '',
    'Numéro Voie (coord. structure)': structure.number,
    'Indice répétition voie (coord. structure)': structure.repetition,
    'Code type de voie (coord. structure)': structure.streetType.slice(0, 3).toUpperCase(),
    'Libellé type de voie (coord. structure)': structure.streetType,
    'Libellé Voie (coord. structure)': structure.streetName,
    'Mention distribution (coord. structure)': '',
    'Bureau cedex (coord. structure)': `${structure.postalCode} ${structure.communeName}`,
    'Code postal (coord. structure)': structure.postalCode,
    'Code commune (coord. structure)': structure.communeCode,
    'Libellé commune (coord. structure)': structure.communeName,
    'Code pays (coord. structure)': '99000',
    'Libellé pays (coord. structure)': 'France',
    'Téléphone (coord. structure)': structure.phone,
    'Téléphone 2 (coord. structure)': '',
    'Télécopie (coord. structure)': '',
    'Adresse e-mail (coord. structure)': structure.email,
    'Code Département (structure)': structure.department,
    'Libellé Département (structure)': '',
    'Ancien identifiant de la structure': `1${structure.id}`,
    "Autorité d'enregistrement": 'CNOM/CNOM/CNOM',
    "Code secteur d'activité": structure.sector[0],
    "Libellé secteur d'activité": structure.sector[1],
    'Code section tableau pharmaciens': person.profession === '21' ? 'A' : '',
    'Libellé section tableau pharmaciens': person.profession === '21' ? "Pharmacien titulaire d'officine" : '',
    'Code rôle': 'FON-01',
    'Libellé rôle': 'Titulaire de cabinet',
    'Code genre activité': 'GENR01',
    'Libellé genre activité': 'Activité standard de soin ou de pharmacien',
  };
  return values;
}

/** Writes a file in the directory's layout; answers what it holds. */
export async function writeRppsFile(file: string, options: RppsFileOptions): Promise<GeneratedFile> {
  const { lines, seed = 1, doctorShare = 0.25, malformedEvery = 0, changeShare = 0, dropShare = 0 } = options;
  const columns = options.savoirFaireFile ? PERSONNE_ACTIVITE_COLUMNS_WITHOUT_SAVOIR_FAIRE : PERSONNE_ACTIVITE_COLUMNS;
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const sfOut = options.savoirFaireFile ? fs.createWriteStream(options.savoirFaireFile, { encoding: 'utf8' }) : null;
  const write = async (stream: fs.WriteStream, text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  await write(out, `${columns.join('|')}|\n`);
  if (sfOut) await write(sfOut, `${SAVOIR_FAIRE_FILE_COLUMNS.join('|')}|\n`);
  const structures = Math.max(10, Math.round(lines / 6));
  const result: GeneratedFile = { lines: 0, doctorLines: 0, malformed: 0, changedDoctors: 0 };
  const change = new Random(options.changeSeed ?? 99);
  let index = 0;
  while (result.lines < lines) {
    const personIndex = index * 31 + seed;
    index += 1;
    const roll = change.next();
    const isChanged = roll < changeShare;
    const isDropped = !isChanged && roll < changeShare + dropShare;
    const person = personOf(personIndex, doctorShare, structures, isChanged);
    if (isDropped && person.profession === '10') continue;
    let keptLines = 0;
    const activities = person.structures.map((structure) => structureOf(structure, 0));
    const savoirFaire = person.savoirFaire.length > 0 ? person.savoirFaire : [null];
    for (const structure of activities) {
      for (const sf of options.savoirFaireFile ? [null] : savoirFaire) {
        if (result.lines >= lines) break;
        result.lines += 1;
        const values = activityColumns(person, structure, sf);
        let line = `${columns.map((column) => values[column]).join('|')}|`;
        if (malformedEvery > 0 && result.lines % malformedEvery === 0) {
          line = line.slice(0, line.lastIndexOf('|', line.length - 2));
          result.malformed += 1;
        } else if (person.profession === '10') {
          result.doctorLines += 1;
          keptLines += 1;
        }
        await write(out, `${line}\n`);
      }
    }
    if (isChanged && keptLines > 0 && /^\d+$/.test(person.id)) result.changedDoctors += 1;
    if (sfOut) {
      for (const sf of person.savoirFaire) {
        const values: Record<string, string> = {
          "Type d'identifiant PP": person.idType,
          'Identifiant PP': person.id,
          'Identification nationale PP': `${person.idType}${person.id}`,
          "Nom d'exercice": person.lastName,
          "Prénom d'exercice": person.firstName,
          'Code profession': person.profession,
          'Libellé profession': person.professionLabel,
          'Code catégorie professionnelle': 'C',
          'Libellé catégorie professionnelle': 'Civil',
          [SAVOIR_FAIRE_COLUMNS[0]]: 'S',
          [SAVOIR_FAIRE_COLUMNS[1]]: 'Spécialité ordinale',
          [SAVOIR_FAIRE_COLUMNS[2]]: sf[0],
          [SAVOIR_FAIRE_COLUMNS[3]]: sf[1],
        };
        await write(sfOut, `${SAVOIR_FAIRE_FILE_COLUMNS.map((column) => values[column] ?? '').join('|')}|\n`);
      }
    }
  }
  // Both listened to before either ends: the second may finish while the first is awaited.
  const finished = [out, ...(sfOut ? [sfOut] : [])].map((stream) => once(stream, 'finish'));
  out.end();
  sfOut?.end();
  await Promise.all(finished);
  return result;
}

/** Whether a generated savoir-faire is one the product knows (a test's expectation). */
export const knownSavoirFaire = (code: string) => specialtyOfSavoirFaire(code) !== undefined;
