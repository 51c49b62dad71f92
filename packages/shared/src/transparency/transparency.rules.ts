/**
 * Transparence Santé and the anti-gift law (issue 31): what the device and the server both check before a
 * benefit is recorded, a convention's regime and filing deadline, and the semesters of the declaration.
 * Amounts are integer cents TTC everywhere (decision 0051); only the declaration rounds to the euro.
 */

import { isFrenchWorkingDay } from '../common/french-holidays.ts';

/** What was given. `fee` is a payment for a service (a rémunération), declared apart and always under a convention. */
export const BENEFIT_NATURES = [
  'meal',
  'snack',
  'hotel_night',
  'transport',
  'congress_registration',
  'book_or_journal',
  'sample',
  'office_supply',
  'donation',
  'fee',
  'other',
] as const;
type BenefitNature = (typeof BENEFIT_NATURES)[number];

/** The largest amount one benefit or one convention item may carry, in cents (a typing error guard, not a rule). */
export const MAX_AMOUNT_CENTS = 100_000_000;

/**
 * Negligible values: what may be given with no convention, per beneficiary, per company and per calendar year.
 * Sources: Code de la santé publique L1453-3 to L1453-12 (the anti-gift law, in force since 1 October 2020) and
 * décret 2020-730; arrêté du 7 août 2020 fixant les montants en deçà desquels les avantages en nature ou en
 * espèces sont considérés comme d'une valeur négligeable. Impromptu meals and snacks share one limit.
 */
export const NEGLIGIBLE_VALUES = {
  /** Repas impromptus et collations liés à l'exercice de la profession. */
  repasEtCollations: { natures: ['meal', 'snack'], perItemCents: 3_000, perYearCount: 2 },
  /** Livres, ouvrages et revues professionnels. */
  livresEtRevues: { natures: ['book_or_journal'], perItemCents: 3_000, perYearCents: 15_000 },
  /** Échantillons et produits de démonstration. */
  echantillons: { natures: ['sample'], perItemCents: 2_000, perYearCount: 3 },
  /** Fournitures de bureau. */
  fournituresDeBureau: { natures: ['office_supply'], perYearCents: 2_000 },
} as const satisfies Record<
  string,
  { natures: readonly BenefitNature[]; perItemCents?: number; perYearCents?: number; perYearCount?: number }
>;
export type NegligibleValueName = keyof typeof NEGLIGIBLE_VALUES;

/** Natures with no negligible value: lawful only under a convention declared or authorised in advance (L1453-7, L1453-8). */
export const CONVENTION_ONLY_NATURES: readonly BenefitNature[] = BENEFIT_NATURES.filter(
  (nature) => !Object.values(NEGLIGIBLE_VALUES).some((value) => (value.natures as readonly string[]).includes(nature)),
);

/** Each rule a refusal names; its message is `transparency.refusal.<rule>` in both catalogues. */
export const NEGLIGIBLE_RULES = [
  'mealAmount',
  'mealCount',
  'bookAmount',
  'bookYear',
  'sampleAmount',
  'sampleCount',
  'officeSupplyYear',
  'conventionRequired',
] as const;
type NegligibleRule = (typeof NEGLIGIBLE_RULES)[number];

/** Why a benefit without a convention is refused: the rule, its figure, and what the year already holds. */
export type NegligibleRefusal = {
  rule: NegligibleRule;
  /** The limit in cents (an amount rule) or in benefits (a count rule); null for conventionRequired. */
  limit: number | null;
  /** What the year holds before this benefit, in the limit's unit. */
  used: number;
};

/** A benefit as the rules see it: `date` is a calendar day, YYYY-MM-DD. */
export type LedgerEntry = {
  nature: BenefitNature;
  amountCents: number;
  date: string;
  conventionId: string | null;
};

/** The limits a year is counted against, as the doctor's tab shows them. */
export const YEAR_LIMITS = [
  { rule: 'mealCount', value: 'repasEtCollations', unit: 'count' },
  { rule: 'bookYear', value: 'livresEtRevues', unit: 'cents' },
  { rule: 'sampleCount', value: 'echantillons', unit: 'count' },
  { rule: 'officeSupplyYear', value: 'fournituresDeBureau', unit: 'cents' },
] as const satisfies readonly { rule: NegligibleRule; value: NegligibleValueName; unit: 'count' | 'cents' }[];
export type YearLimitRule = (typeof YEAR_LIMITS)[number]['rule'];

type YearLimitStatus = {
  rule: YearLimitRule;
  unit: 'count' | 'cents';
  /** The most one benefit of these natures may be, in cents; null when only the year's total is bounded. */
  perItemCents: number | null;
  used: number;
  limit: number;
  left: number;
};

const yearOf = (date: string) => date.slice(0, 4);

/** The benefits counted against negligible values: the same calendar year, no convention. */
function countedInYear(entries: readonly LedgerEntry[], year: string, natures: readonly string[]): LedgerEntry[] {
  return entries.filter(
    (entry) => entry.conventionId === null && yearOf(entry.date) === year && natures.includes(entry.nature),
  );
}

const sumCents = (entries: readonly LedgerEntry[]) => entries.reduce((sum, entry) => sum + entry.amountCents, 0);

/**
 * Whether `benefit` may be given, knowing the doctor's other benefits (any year: only the benefit's calendar
 * year counts). A benefit under a convention is not a negligible-value benefit: null. Otherwise the first rule
 * it breaks, or null.
 */
export function negligibleValueRefusal(benefit: LedgerEntry, others: readonly LedgerEntry[]): NegligibleRefusal | null {
  if (benefit.conventionId !== null) return null;
  if (CONVENTION_ONLY_NATURES.includes(benefit.nature)) return { rule: 'conventionRequired', limit: null, used: 0 };
  const year = yearOf(benefit.date);
  const { repasEtCollations, livresEtRevues, echantillons, fournituresDeBureau } = NEGLIGIBLE_VALUES;
  const check = (
    natures: readonly string[],
    perItem: { rule: NegligibleRule; cents: number } | null,
    perYear: { rule: NegligibleRule; unit: 'count' | 'cents'; limit: number },
  ): NegligibleRefusal | null => {
    if (!natures.includes(benefit.nature)) return null;
    const before = countedInYear(others, year, natures);
    if (perItem && benefit.amountCents > perItem.cents) return { rule: perItem.rule, limit: perItem.cents, used: 0 };
    const used = perYear.unit === 'count' ? before.length : sumCents(before);
    const after = perYear.unit === 'count' ? used + 1 : used + benefit.amountCents;
    return after > perYear.limit ? { rule: perYear.rule, limit: perYear.limit, used } : null;
  };
  return (
    check(
      repasEtCollations.natures,
      { rule: 'mealAmount', cents: repasEtCollations.perItemCents },
      { rule: 'mealCount', unit: 'count', limit: repasEtCollations.perYearCount },
    ) ??
    check(
      livresEtRevues.natures,
      { rule: 'bookAmount', cents: livresEtRevues.perItemCents },
      { rule: 'bookYear', unit: 'cents', limit: livresEtRevues.perYearCents },
    ) ??
    check(
      echantillons.natures,
      { rule: 'sampleAmount', cents: echantillons.perItemCents },
      { rule: 'sampleCount', unit: 'count', limit: echantillons.perYearCount },
    ) ??
    check(fournituresDeBureau.natures, null, {
      rule: 'officeSupplyYear',
      unit: 'cents',
      limit: fournituresDeBureau.perYearCents,
    })
  );
}

/** The year's totals against each yearly limit (the doctor's tab, the activity form's warning). */
export function yearLimitStatuses(entries: readonly LedgerEntry[], year: number): YearLimitStatus[] {
  return YEAR_LIMITS.map(({ rule, value, unit }) => {
    const negligible: {
      natures: readonly string[];
      perItemCents?: number;
      perYearCents?: number;
      perYearCount?: number;
    } = NEGLIGIBLE_VALUES[value];
    const counted = countedInYear(entries, String(year), negligible.natures);
    const used = unit === 'count' ? counted.length : sumCents(counted);
    const limit = (unit === 'count' ? negligible.perYearCount : negligible.perYearCents) ?? 0;
    return { rule, unit, perItemCents: negligible.perItemCents ?? null, used, limit, left: Math.max(0, limit - used) };
  });
}

/** A whole number of euros as the messages show it, else two decimals. */
export function eurosText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The catalogue key and parameters that word a refusal, the same on the device and in the server's answer. */
export function negligibleRefusalMessage(refusal: NegligibleRefusal): {
  key: `transparency.refusal.${NegligibleRule}`;
  params: Record<string, string | number>;
} {
  const amountRule = ['mealAmount', 'bookAmount', 'bookYear', 'sampleAmount', 'officeSupplyYear'].includes(
    refusal.rule,
  );
  const params: Record<string, string | number> =
    refusal.limit === null
      ? {}
      : amountRule
        ? { limit: eurosText(refusal.limit), used: eurosText(refusal.used) }
        : { limit: refusal.limit, used: refusal.used };
  return { key: `transparency.refusal.${refusal.rule}`, params };
}

// ---------------------------------------------------------------------------------------------------------------
// Conventions

/**
 * The object of a convention, after the typology of the declaration (motif du lien d'intérêt); `other` carries
 * its own words.
 */
export const CONVENTION_OBJECTS = [
  'hospitality',
  'congress_registration',
  'training',
  'speaking',
  'consulting',
  'research',
  'donation',
  'other',
] as const;

/** What a convention plans to pay, item by item: the authorisation thresholds apply per unit and per convention. */
export const CONVENTION_ITEM_KINDS = [
  'fee_hour',
  'fee_half_day',
  'fee_flat',
  'hotel_night',
  'meal',
  'snack',
  'transport',
  'registration',
  'other',
] as const;
type ConventionItemKind = (typeof CONVENTION_ITEM_KINDS)[number];
type ConventionItem = { kind: ConventionItemKind; unitAmountCents: number; quantity: number };

/**
 * Above these amounts a convention needs an authorisation; at or below them a declaration is enough. They apply
 * to health professionals, over the whole convention. Sources: Code de la santé publique L1453-8 and décret
 * 2020-730; arrêté du 7 août 2020 fixant les montants à partir desquels une convention prévoyant l'octroi
 * d'avantages est soumise à autorisation (Légifrance JORFTEXT000042234024), annexe.
 */
export const AUTHORISATION_THRESHOLDS = {
  /** Honoraires: par heure, par demi-journée, par convention. */
  honorairesParHeure: 20_000,
  honorairesParDemiJournee: 80_000,
  honorairesParConvention: 200_000,
  /** Hospitalité offerte lors de manifestations: par nuitée, par repas, par collation, en tout transport compris. */
  hospitaliteParNuitee: 15_000,
  hospitaliteParRepas: 5_000,
  hospitaliteParCollation: 1_500,
  hospitaliteTotaleTransportCompris: 200_000,
  /** Frais d'inscription à une manifestation. */
  fraisInscription: 100_000,
} as const;
type AuthorisationThreshold = keyof typeof AUTHORISATION_THRESHOLDS;

export const CONVENTION_REGIMES = ['declaration', 'authorisation'] as const;
type ConventionRegime = (typeof CONVENTION_REGIMES)[number];

export const CONVENTION_STATUSES = ['draft', 'filed', 'authorised', 'refused'] as const;
type ConventionStatus = (typeof CONVENTION_STATUSES)[number];

export const conventionTotalCents = (items: readonly ConventionItem[]) =>
  items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);

/** The regime, and every threshold the convention goes over (none: a declaration). */
export function conventionRegime(items: readonly ConventionItem[]): {
  regime: ConventionRegime;
  exceeded: AuthorisationThreshold[];
} {
  const t = AUTHORISATION_THRESHOLDS;
  const of = (...kinds: ConventionItemKind[]) => items.filter((item) => kinds.includes(item.kind));
  const maxUnit = (kind: ConventionItemKind) => Math.max(0, ...of(kind).map((item) => item.unitAmountCents));
  const checks: [AuthorisationThreshold, number][] = [
    ['honorairesParHeure', maxUnit('fee_hour')],
    ['honorairesParDemiJournee', maxUnit('fee_half_day')],
    ['honorairesParConvention', conventionTotalCents(of('fee_hour', 'fee_half_day', 'fee_flat'))],
    ['hospitaliteParNuitee', maxUnit('hotel_night')],
    ['hospitaliteParRepas', maxUnit('meal')],
    ['hospitaliteParCollation', maxUnit('snack')],
    ['hospitaliteTotaleTransportCompris', conventionTotalCents(of('hotel_night', 'meal', 'snack', 'transport'))],
    ['fraisInscription', conventionTotalCents(of('registration'))],
  ];
  const exceeded = checks.filter(([name, amount]) => amount > t[name]).map(([name]) => name);
  return { regime: exceeded.length > 0 ? 'authorisation' : 'declaration', exceeded };
}

/**
 * Filing ahead of the first benefit (L1453-8 and décret 2020-730): a declaration at least
 * DECLARATION_WORKING_DAYS working days before it, an authorisation request AUTHORISATION_MONTHS months
 * before, the time the authority has to answer a complete file. Working days exclude Saturdays, Sundays and
 * French public holidays (Code du travail L3133-1).
 */
export const DECLARATION_WORKING_DAYS = 8;
export const AUTHORISATION_MONTHS = 2;

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last day a convention may be filed for a first benefit on `firstBenefitDate` (YYYY-MM-DD). */
export function filingDeadline(regime: ConventionRegime, firstBenefitDate: string): string {
  if (regime === 'authorisation') {
    const [year, month, day] = firstBenefitDate.split('-').map(Number) as [number, number, number];
    const lastDayOfTarget = new Date(Date.UTC(year, month - 1 - AUTHORISATION_MONTHS + 1, 0)).getUTCDate();
    return fromUtc(Date.UTC(year, month - 1 - AUTHORISATION_MONTHS, Math.min(day, lastDayOfTarget)));
  }
  let time = toUtc(firstBenefitDate);
  let counted = 0;
  while (counted < DECLARATION_WORKING_DAYS) {
    time -= DAY_MS;
    if (isFrenchWorkingDay(fromUtc(time))) counted += 1;
  }
  return fromUtc(time);
}

/** The moves a convention's status may make; a refused convention stays refused (a new one is filed instead). */
export function conventionStatusAllowed(regime: ConventionRegime, from: ConventionStatus, to: ConventionStatus) {
  if (from === to) return true;
  if (from === 'draft') return to === 'filed';
  if (from === 'filed') return regime === 'authorisation' ? to === 'authorised' || to === 'refused' : to === 'draft';
  if (from === 'authorised') return to === 'draft';
  return false;
}

/** Whether payments may be recorded under the convention: declared, or authorised when it needs to be. */
export const conventionInForce = (regime: ConventionRegime, status: ConventionStatus) =>
  regime === 'declaration' ? status === 'filed' : status === 'authorised';

// ---------------------------------------------------------------------------------------------------------------
// The declaration (L1453-1, R1453-2 and R1453-3; civil semesters)

/** Benefits and payments are declared from this amount TTC, in cents (R1453-3). */
export const DECLARATION_MINIMUM_CENTS = 1_000;

export const SEMESTER_PATTERN = /^(\d{4})-S([12])$/;
export type SemesterRange = { from: string; to: string };

/** The semester of a day: YYYY-S1 (January to June) or YYYY-S2. */
export const semesterOf = (date: string) => `${date.slice(0, 4)}-S${Number(date.slice(5, 7)) <= 6 ? 1 : 2}`;

/** The first and last day of a semester, YYYY-MM-DD. */
export function semesterRange(semester: string): SemesterRange {
  const match = SEMESTER_PATTERN.exec(semester);
  if (!match) throw new Error(`not a semester: ${semester}`);
  const [, year, half] = match;
  return half === '1' ? { from: `${year}-01-01`, to: `${year}-06-30` } : { from: `${year}-07-01`, to: `${year}-12-31` };
}

/** Rounded to the euro, half up, as the declaration wants it. */
export const roundedEuros = (cents: number) => Math.floor((cents + 50) / 100);
