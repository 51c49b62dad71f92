import { CONSENT_CHOICES, type ConsentChoice, type Language, type WithdrawalRequester } from '@crm/shared';
import type { ConsentRecordsTable } from '#server/db/schema.ts';
import { newId } from '#server/db/ids.ts';
import { Random } from '#server/demo/random.ts';
import { emailLocalPart } from '#server/demo/directory/contact-details.ts';
import { consentRecordHash, type HashedConsentFields, sha256Hex } from '#server/modules/consents/consent-hash.ts';
import { drawSignature } from './signature-drawing.ts';

/**
 * The demo consents: a good share of the doctors with an e-mail signed, a few without one gave an address
 * with their consent; some later withdrew all or part of it, some signed again; a few refused every
 * choice. Spread over the last 18 months, a few this month, collected by every demo account.
 */
export const DEMO_CONSENTS = {
  seed: 20_261_126,
  /** Of the doctors with an e-mail, and of those without one. */
  withEmailShare: 0.45,
  withoutEmailShare: 0.04,
  days: 540,
  /** Distinct drawings: drawing one takes milliseconds, and the demo starts on every empty database. */
  drawings: 64,
} as const;

export type ConsentDoctor = {
  id: string;
  rpps: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
};

/** A demo account and how much of the collecting it does. */
export type ConsentCollector = { id: string; email: string; display_name: string | null; weight: number };

export type DemoConsentOptions = {
  doctors: readonly ConsentDoctor[];
  collectors: readonly ConsentCollector[];
  now: Date;
  seed?: number;
};

const DAY_MS = 86_400_000;
const WITHDRAWAL_REASONS: readonly { by: WithdrawalRequester; reason: string }[] = [
  { by: 'doctor', reason: "Le médecin a demandé par téléphone de ne plus recevoir d'e-mails." },
  { by: 'doctor', reason: 'Demande écrite du médecin reçue par courrier.' },
  { by: 'doctor', reason: 'Le médecin a retiré son accord lors de la dernière visite.' },
  { by: 'doctor', reason: 'Réponse du médecin à une campagne : désinscription demandée.' },
  { by: 'rep', reason: 'Le médecin a quitté le cabinet ; adresse de contact plus valable.' },
  { by: 'rep', reason: 'Départ à la retraite annoncé par le secrétariat.' },
];

const PARTIAL_REASONS: readonly { by: WithdrawalRequester; reason: string; choice: ConsentChoice }[] = [
  { by: 'doctor', reason: 'Ne souhaite plus recevoir les invitations aux congrès.', choice: 'congress' },
  {
    by: 'doctor',
    reason: 'Garde la communication professionnelle, plus de communication générale.',
    choice: 'general',
  },
];

type Choices = Record<ConsentChoice, boolean>;

/** At least one choice, as most doctors who sign give: professional communication first. */
function givenChoices(random: Random): Choices {
  const choices = {
    professional: random.chance(0.85),
    congress: random.chance(0.45),
    general: random.chance(0.65),
  };
  if (!CONSENT_CHOICES.some((choice) => choices[choice])) choices.professional = true;
  return choices;
}

/** A working-hours time (08:30–19:00 Paris, about 07:30–18:00 UTC) `daysAgo` days before now, never after it. */
function workingTime(random: Random, now: Date, daysAgo: number): Date {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  day.setUTCHours(7, 30 + random.int(630), random.int(60), random.int(1000));
  return day.getTime() > now.getTime() ? new Date(now.getTime() - random.int(3_600_000)) : day;
}

function pickCollector(random: Random, collectors: readonly ConsentCollector[]): ConsentCollector {
  const total = collectors.reduce((sum, collector) => sum + collector.weight, 0);
  let target = random.next() * total;
  for (const collector of collectors) {
    target -= collector.weight;
    if (target < 0) return collector;
  }
  return random.pick(collectors);
}

type Act = {
  kind: 'signature' | 'withdrawal';
  at: Date;
  choices: Choices;
  collector: ConsentCollector;
  withdrawal?: { by: WithdrawalRequester; reason: string };
};

/**
 * The acts of one doctor, oldest first: a signature, then perhaps a withdrawal (whole or partial) and
 * perhaps a new signature after it.
 */
function doctorActs(random: Random, now: Date, collectors: readonly ConsentCollector[]): Act[] {
  // One in twelve signed within the last three weeks, so this month's figures show some.
  const firstDaysAgo = random.chance(0.08) ? random.int(21) : 21 + random.int(DEMO_CONSENTS.days - 21);
  const refused = random.chance(0.05);
  const first: Act = {
    kind: 'signature',
    at: workingTime(random, now, firstDaysAgo),
    choices: refused ? { professional: false, congress: false, general: false } : givenChoices(random),
    collector: pickCollector(random, collectors),
  };
  const acts = [first];
  if (refused || firstDaysAgo < 10) return acts;
  const laterDaysAgo = () => random.int(firstDaysAgo - 1);
  const roll = random.next();
  if (roll < 0.12) {
    const withdrawal = random.pick(WITHDRAWAL_REASONS);
    acts.push({
      kind: 'withdrawal',
      at: workingTime(random, now, laterDaysAgo()),
      choices: { professional: false, congress: false, general: false },
      collector: pickCollector(random, collectors),
      withdrawal,
    });
  } else if (roll < 0.18) {
    const partial = random.pick(PARTIAL_REASONS);
    if (first.choices[partial.choice]) {
      acts.push({
        kind: 'withdrawal',
        at: workingTime(random, now, laterDaysAgo()),
        choices: { ...first.choices, [partial.choice]: false },
        collector: pickCollector(random, collectors),
        withdrawal: partial,
      });
    }
  } else if (roll < 0.28) {
    acts.push({
      kind: 'signature',
      at: workingTime(random, now, laterDaysAgo()),
      choices: givenChoices(random),
      collector: pickCollector(random, collectors),
    });
  }
  return acts.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The doctor's contact given with the consent: their own, or for one without an e-mail, an address they gave. */
function contactGiven(random: Random, doctor: ConsentDoctor): { email: string; phone: string | null } {
  if (doctor.email !== null) return { email: doctor.email, phone: doctor.phone };
  const local = `${emailLocalPart(doctor.first_name)}.${emailLocalPart(doctor.last_name)}`;
  return {
    email: `${local}@${random.pick(['orange.fr', 'wanadoo.fr', 'gmail.com', 'laposte.net'])}`,
    phone: doctor.phone,
  };
}

/**
 * The demo's consent records, each doctor's chained as the service chains them (decision 0023): the same
 * records for the same doctors, accounts and day.
 */
export function generateDemoConsents({
  doctors,
  collectors,
  now,
  seed = DEMO_CONSENTS.seed,
}: DemoConsentOptions): ConsentRecordsTable[] {
  if (collectors.length === 0) return [];
  const random = new Random(seed);
  const drawings = Array.from({ length: DEMO_CONSENTS.drawings }, () => drawSignature(random));
  const hashes = drawings.map((drawing) => sha256Hex(drawing));
  const rows: ConsentRecordsTable[] = [];
  for (const doctor of doctors) {
    const share = doctor.email === null ? DEMO_CONSENTS.withoutEmailShare : DEMO_CONSENTS.withEmailShare;
    if (!random.chance(share)) continue;
    const contact = contactGiven(random, doctor);
    const language: Language = random.chance(0.9) ? 'fr' : 'en';
    let previous: string | null = null;
    for (const [index, act] of doctorActs(random, now, collectors).entries()) {
      const drawing = act.kind === 'signature' ? random.int(drawings.length) : null;
      // Most reach the server at once; one in twenty was signed offline and synced a day or two later.
      const delay = random.chance(0.05) ? DAY_MS + random.int(DAY_MS) : 1_000 + random.int(4_000);
      const recordedAt = new Date(Math.min(now.getTime(), act.at.getTime() + delay));
      const fields: HashedConsentFields = {
        id: newId(),
        seq: index + 1,
        doctor_id: doctor.id,
        kind: act.kind,
        professional_consent: act.choices.professional ? 1 : 0,
        congress_consent: act.choices.congress ? 1 : 0,
        general_consent: act.choices.general ? 1 : 0,
        signature_mime_type: drawing === null ? null : 'image/png',
        image_sha256: drawing === null ? null : (hashes[drawing] ?? null),
        signed_at: act.at.toISOString(),
        recorded_at: recordedAt.toISOString(),
        email: act.kind === 'signature' ? contact.email : null,
        phone: act.kind === 'signature' ? contact.phone : null,
        withdrawal_requested_by: act.withdrawal?.by ?? null,
        withdrawal_reason: act.withdrawal?.reason ?? null,
        language,
        collected_by: act.collector.id,
        collector_email: act.collector.email,
        collector_name: act.collector.display_name,
        doctor_rpps: doctor.rpps,
        doctor_first_name: doctor.first_name,
        doctor_last_name: doctor.last_name,
        previous_hash: previous,
      };
      const recordHash = consentRecordHash(fields);
      rows.push({
        ...fields,
        signature_image: drawing === null ? null : (drawings[drawing] ?? null),
        record_hash: recordHash,
      });
      previous = recordHash;
    }
  }
  return rows;
}
