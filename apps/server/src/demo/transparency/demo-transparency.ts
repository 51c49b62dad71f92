import {
  type BenefitNature,
  type ConventionItem,
  type ConventionObject,
  type ConventionStatus,
  conventionRegime,
  conventionTotalCents,
  filingDeadline,
  type LedgerEntry,
  negligibleValueRefusal,
} from '@crm/shared';
import type { TransparencyBenefitsTable, TransparencyConventionsTable } from '#server/db/schema.ts';
import { newId } from '#server/db/ids.ts';
import { type BeneficiaryDoctor, beneficiaryColumns } from '#server/modules/transparency/transparency.mapper.ts';
import { Random } from '../random.ts';

export type DemoLedger = { benefits: TransparencyBenefitsTable[]; conventions: TransparencyConventionsTable[] };

/** One doctor in this many gets small benefits; every Martin too, the name the screens' walk searches for. */
const ONE_DOCTOR_IN = 8;

/** The small benefits a rep gives without a convention, each within its negligible value. */
const SMALL_BENEFITS: { nature: BenefitNature; fromCents: number; toCents: number; note: string | null }[] = [
  { nature: 'meal', fromCents: 1_600, toCents: 2_950, note: 'Déjeuner de travail au cabinet' },
  { nature: 'snack', fromCents: 600, toCents: 1_400, note: null },
  { nature: 'book_or_journal', fromCents: 1_900, toCents: 3_000, note: 'Abonnement à une revue professionnelle' },
  { nature: 'sample', fromCents: 400, toCents: 2_000, note: null },
  { nature: 'office_supply', fromCents: 300, toCents: 900, note: null },
];

/** The conventions of the demo: each regime, and each status a compliance officer follows. */
const CONVENTIONS: {
  object: ConventionObject;
  status: ConventionStatus;
  /** Days from today to the event (negative: it took place). */
  inDays: number;
  event: { name: string; place: string; organiser: string } | null;
  items: ConventionItem[];
  /** The items paid so far, when the event took place. */
  paid: boolean;
}[] = [
  {
    object: 'congress_registration',
    status: 'filed',
    inDays: -60,
    event: { name: 'Congrès de la Société française de cardiologie', place: 'Paris', organiser: 'SFC' },
    items: [
      { kind: 'registration', unitAmountCents: 45_000, quantity: 1 },
      { kind: 'hotel_night', unitAmountCents: 14_000, quantity: 2 },
      { kind: 'transport', unitAmountCents: 11_800, quantity: 1 },
    ],
    paid: true,
  },
  {
    object: 'speaking',
    status: 'authorised',
    inDays: -25,
    event: { name: 'Soirée de formation sur l’insuffisance cardiaque', place: 'Lyon', organiser: 'Praxis Pharma' },
    items: [{ kind: 'fee_half_day', unitAmountCents: 120_000, quantity: 1 }],
    paid: true,
  },
  {
    object: 'consulting',
    status: 'filed',
    inDays: 25,
    event: null,
    items: [{ kind: 'fee_hour', unitAmountCents: 25_000, quantity: 6 }],
    paid: false,
  },
  {
    object: 'hospitality',
    status: 'draft',
    inDays: 20,
    event: { name: 'Journées nationales de pédiatrie', place: 'Bordeaux', organiser: 'SFP' },
    items: [
      { kind: 'meal', unitAmountCents: 4_500, quantity: 2 },
      { kind: 'hotel_night', unitAmountCents: 13_000, quantity: 1 },
    ],
    paid: false,
  },
];

const PAYMENT_NATURE: Record<ConventionItem['kind'], BenefitNature> = {
  fee_hour: 'fee',
  fee_half_day: 'fee',
  fee_flat: 'fee',
  hotel_night: 'hotel_night',
  meal: 'meal',
  snack: 'snack',
  transport: 'transport',
  registration: 'congress_registration',
  other: 'other',
};

const DAY_MS = 86_400_000;
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The demo ledger: small benefits to some doctors this year and in the last semester of the year before, each
 * one checked by the same rule the server applies, and a few conventions with their payments, so that the
 * doctor's tab and the administrators' semester have something to show.
 */
export function generateDemoLedger(input: {
  doctors: readonly BeneficiaryDoctor[];
  recorders: readonly string[];
  now: Date;
  seed?: number;
}): DemoLedger {
  const random = new Random(input.seed ?? 20_261_128);
  const today = input.now.getTime();
  const firstDay = Date.parse(`${input.now.getUTCFullYear() - 1}-07-01T00:00:00Z`);
  const createdAt = input.now.toISOString();
  const benefits: TransparencyBenefitsTable[] = [];
  const conventions: TransparencyConventionsTable[] = [];
  const chosen = input.doctors.filter(
    (doctor, index) => index % ONE_DOCTOR_IN === 0 || doctor.last_name.toLowerCase().includes('martin'),
  );

  for (const doctor of chosen) {
    const given: LedgerEntry[] = [];
    const count = 1 + random.int(5);
    for (let n = 0; n < count; n += 1) {
      const kind = random.pick(SMALL_BENEFITS);
      const entry: LedgerEntry = {
        nature: kind.nature,
        amountCents: kind.fromCents + random.int(kind.toCents - kind.fromCents + 1),
        date: day(firstDay + random.int(Math.floor((today - firstDay) / DAY_MS)) * DAY_MS),
        conventionId: null,
      };
      if (negligibleValueRefusal(entry, given) !== null) continue;
      given.push(entry);
      benefits.push({
        ...beneficiaryColumns(doctor),
        id: newId(),
        nature: entry.nature,
        amount_cents: entry.amountCents,
        benefit_date: entry.date,
        convention_id: null,
        activity_id: null,
        note: kind.note,
        recorded_by: random.pick(input.recorders),
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
  }

  chosen.slice(0, CONVENTIONS.length).forEach((doctor, index) => {
    const plan = CONVENTIONS[index];
    if (plan === undefined) return;
    const eventDate = day(today + plan.inDays * DAY_MS);
    const { regime, exceeded } = conventionRegime(plan.items);
    const deadline = filingDeadline(regime, eventDate);
    const recorder = random.pick(input.recorders);
    const id = newId();
    conventions.push({
      ...beneficiaryColumns(doctor),
      id,
      object: plan.object,
      other_object: null,
      signature_date: plan.status === 'draft' ? null : deadline,
      start_date: eventDate,
      end_date: null,
      event_name: plan.event?.name ?? null,
      event_date: plan.event === null ? null : eventDate,
      event_place: plan.event?.place ?? null,
      event_organiser: plan.event?.organiser ?? null,
      items: JSON.stringify(plan.items),
      total_amount_cents: conventionTotalCents(plan.items),
      regime,
      thresholds_exceeded: JSON.stringify(exceeded),
      filing_deadline: deadline,
      status: plan.status,
      activity_id: null,
      declared_on: plan.status === 'draft' ? eventDate : deadline,
      created_by: recorder,
      created_at: createdAt,
      updated_at: createdAt,
      updated_by: null,
    });
    if (!plan.paid) return;
    for (const item of plan.items) {
      benefits.push({
        ...beneficiaryColumns(doctor),
        id: newId(),
        nature: PAYMENT_NATURE[item.kind],
        amount_cents: item.unitAmountCents * item.quantity,
        benefit_date: eventDate,
        convention_id: id,
        activity_id: null,
        note: null,
        recorded_by: recorder,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
  });
  return { benefits, conventions };
}
