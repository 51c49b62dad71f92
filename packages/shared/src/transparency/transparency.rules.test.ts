import { describe, expect, it } from 'vitest';
import { frenchPublicHolidays } from '../common/french-holidays.ts';
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import {
  AUTHORISATION_THRESHOLDS,
  conventionRegime,
  conventionStatusAllowed,
  filingDeadline,
  type LedgerEntry,
  NEGLIGIBLE_RULES,
  NEGLIGIBLE_VALUES,
  negligibleRefusalMessage,
  negligibleValueRefusal,
  roundedEuros,
  semesterOf,
  semesterRange,
  yearLimitStatuses,
} from './transparency.rules.ts';
import {
  type AuthorisationThreshold,
  BenefitInput,
  type BenefitNature,
  type ConventionItem,
  ConventionInput,
  Semester,
} from './transparency.schemas.ts';

const entry = (nature: BenefitNature, amountCents: number, date = '2026-03-10', conventionId: string | null = null) =>
  ({ nature, amountCents, date, conventionId }) satisfies LedgerEntry;

describe('negligible values', () => {
  const { repasEtCollations, livresEtRevues, echantillons, fournituresDeBureau } = NEGLIGIBLE_VALUES;

  it.each([
    ['meal', repasEtCollations.perItemCents, 'mealAmount'],
    ['snack', repasEtCollations.perItemCents, 'mealAmount'],
    ['book_or_journal', livresEtRevues.perItemCents, 'bookAmount'],
    ['sample', echantillons.perItemCents, 'sampleAmount'],
    ['office_supply', fournituresDeBureau.perYearCents, 'officeSupplyYear'],
  ] as const)('a %s at its limit passes, one cent over is refused by %s', (nature, limit, rule) => {
    expect(negligibleValueRefusal(entry(nature, limit), [])).toBeNull();
    expect(negligibleValueRefusal(entry(nature, limit + 1), [])).toEqual({ rule, limit, used: 0 });
  });

  it('a third meal or snack in a calendar year is refused; last year does not count', () => {
    const two = [entry('meal', 1000, '2026-01-05'), entry('snack', 500, '2026-02-05')];
    expect(negligibleValueRefusal(entry('meal', 100, '2026-12-31'), two)).toEqual({
      rule: 'mealCount',
      limit: repasEtCollations.perYearCount,
      used: 2,
    });
    expect(negligibleValueRefusal(entry('meal', 100, '2027-01-01'), two)).toBeNull();
    expect(negligibleValueRefusal(entry('meal', 100), two.slice(1))).toBeNull();
  });

  it('a fourth sample in a year is refused', () => {
    const three = [entry('sample', 100), entry('sample', 100), entry('sample', 100)];
    expect(negligibleValueRefusal(entry('sample', 100), three.slice(1))).toBeNull();
    expect(negligibleValueRefusal(entry('sample', 100), three)).toEqual({ rule: 'sampleCount', limit: 3, used: 3 });
  });

  it('books add up to their yearly limit, not one cent more', () => {
    const year = [entry('book_or_journal', 3000), entry('book_or_journal', 3000), entry('book_or_journal', 3000)];
    const more = [...year, entry('book_or_journal', 3000)];
    expect(negligibleValueRefusal(entry('book_or_journal', 3000), more)).toBeNull();
    expect(negligibleValueRefusal(entry('book_or_journal', 3001), more)).toEqual({
      rule: 'bookAmount',
      limit: 3000,
      used: 0,
    });
    const full = [...more, entry('book_or_journal', 2999)];
    expect(negligibleValueRefusal(entry('book_or_journal', 1), full)).toBeNull();
    expect(negligibleValueRefusal(entry('book_or_journal', 2), full)).toEqual({
      rule: 'bookYear',
      limit: livresEtRevues.perYearCents,
      used: 14_999,
    });
  });

  it('office supplies add up over the year', () => {
    expect(negligibleValueRefusal(entry('office_supply', 1000), [entry('office_supply', 1000)])).toBeNull();
    expect(negligibleValueRefusal(entry('office_supply', 1001), [entry('office_supply', 1000)])).toEqual({
      rule: 'officeSupplyYear',
      limit: 2000,
      used: 1000,
    });
  });

  it('benefits under a convention neither need the check nor count against it', () => {
    const convention = 'c0a80101-0000-4000-8000-000000000001';
    expect(negligibleValueRefusal(entry('meal', 20_000, '2026-03-10', convention), [])).toBeNull();
    expect(negligibleValueRefusal(entry('hotel_night', 15_000, '2026-03-10', convention), [])).toBeNull();
    const underConvention = [
      entry('meal', 4000, '2026-01-01', convention),
      entry('meal', 4000, '2026-01-02', convention),
    ];
    expect(negligibleValueRefusal(entry('meal', 3000), underConvention)).toBeNull();
  });

  it.each(['hotel_night', 'transport', 'congress_registration', 'donation', 'fee', 'other'] as const)(
    'a %s needs a convention, whatever its amount',
    (nature) => {
      expect(negligibleValueRefusal(entry(nature, 1), [])).toEqual({
        rule: 'conventionRequired',
        limit: null,
        used: 0,
      });
    },
  );

  it('the year totals say what is used and left of each limit', () => {
    const year = [entry('meal', 2500), entry('book_or_journal', 4500, '2026-05-01'), entry('meal', 1, '2025-12-31')];
    expect(yearLimitStatuses(year, 2026)).toEqual([
      { rule: 'mealCount', unit: 'count', perItemCents: 3000, used: 1, limit: 2, left: 1 },
      { rule: 'bookYear', unit: 'cents', perItemCents: 3000, used: 4500, limit: 15_000, left: 10_500 },
      { rule: 'sampleCount', unit: 'count', perItemCents: 2000, used: 0, limit: 3, left: 3 },
      { rule: 'officeSupplyYear', unit: 'cents', perItemCents: null, used: 0, limit: 2000, left: 2000 },
    ]);
  });

  it('every refusal has its message in both languages, naming its figure', () => {
    for (const rule of NEGLIGIBLE_RULES) {
      expect(fr.transparency.refusal).toHaveProperty(rule);
      expect(en.transparency.refusal).toHaveProperty(rule);
    }
    expect(negligibleRefusalMessage({ rule: 'bookYear', limit: 15_000, used: 14_999 })).toEqual({
      key: 'transparency.refusal.bookYear',
      params: { limit: '150', used: '149.99' },
    });
    expect(negligibleRefusalMessage({ rule: 'mealCount', limit: 2, used: 2 })).toEqual({
      key: 'transparency.refusal.mealCount',
      params: { limit: 2, used: 2 },
    });
  });
});

describe('convention regime', () => {
  const item = (kind: ConventionItem['kind'], unitAmountCents: number, quantity = 1): ConventionItem => ({
    kind,
    unitAmountCents,
    quantity,
  });
  const t = AUTHORISATION_THRESHOLDS;

  it.each([
    ['honorairesParHeure', [item('fee_hour', t.honorairesParHeure)]],
    ['honorairesParDemiJournee', [item('fee_half_day', t.honorairesParDemiJournee)]],
    ['honorairesParConvention', [item('fee_flat', t.honorairesParConvention)]],
    ['hospitaliteParNuitee', [item('hotel_night', t.hospitaliteParNuitee)]],
    ['hospitaliteParRepas', [item('meal', t.hospitaliteParRepas)]],
    ['hospitaliteParCollation', [item('snack', t.hospitaliteParCollation)]],
    ['hospitaliteTotaleTransportCompris', [item('transport', t.hospitaliteTotaleTransportCompris)]],
    ['fraisInscription', [item('registration', t.fraisInscription)]],
  ] as [AuthorisationThreshold, ConventionItem[]][])(
    '%s: at the threshold a declaration, one cent over an authorisation',
    (threshold, items) => {
      expect(conventionRegime(items)).toEqual({ regime: 'declaration', exceeded: [] });
      const over = items.map((one) => ({ ...one, unitAmountCents: one.unitAmountCents + 1 }));
      expect(conventionRegime(over)).toEqual({ regime: 'authorisation', exceeded: [threshold] });
    },
  );

  it('totals add items up: ten hours at the hourly rate exceed the convention fees', () => {
    expect(conventionRegime([item('fee_hour', 20_000, 10)]).exceeded).toEqual([]);
    expect(conventionRegime([item('fee_hour', 20_000, 10), item('fee_flat', 1)]).exceeded).toEqual([
      'honorairesParConvention',
    ]);
  });

  it('hospitality counts transport with nights, meals and snacks', () => {
    const congress = [item('hotel_night', 15_000, 4), item('meal', 5000, 8), item('transport', 100_000)];
    expect(conventionRegime(congress).regime).toBe('declaration');
    expect(conventionRegime([...congress, item('snack', 1500, 67)]).exceeded).toEqual([
      'hospitaliteTotaleTransportCompris',
    ]);
  });
});

describe('filing deadline', () => {
  it('knows the movable holidays', () => {
    expect(frenchPublicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-06',
      '2026-05-01',
      '2026-05-08',
      '2026-05-14',
      '2026-05-25',
      '2026-07-14',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-25',
    ]);
  });

  it('a declaration: eight working days before, across a weekend', () => {
    // Monday 16 March 2026: Fri 13, Thu 12, Wed 11, Tue 10, Mon 9, Fri 6, Thu 5, Wed 4.
    expect(filingDeadline('declaration', '2026-03-16')).toBe('2026-03-04');
  });

  it('a declaration: a holiday is not a working day', () => {
    // Friday 15 May 2026: Ascension (Thu 14), 1 and 8 May (Fridays) are holidays.
    // Wed 13, Tue 12, Mon 11, Thu 7, Wed 6, Tue 5, Mon 4, Thu 30 April.
    expect(filingDeadline('declaration', '2026-05-15')).toBe('2026-04-30');
  });

  it('an authorisation: two months before, the month end when the day does not exist', () => {
    expect(filingDeadline('authorisation', '2026-05-15')).toBe('2026-03-15');
    expect(filingDeadline('authorisation', '2026-04-30')).toBe('2026-02-28');
    expect(filingDeadline('authorisation', '2026-01-31')).toBe('2025-11-30');
  });

  it('status moves by regime', () => {
    expect(conventionStatusAllowed('declaration', 'draft', 'filed')).toBe(true);
    expect(conventionStatusAllowed('declaration', 'filed', 'authorised')).toBe(false);
    expect(conventionStatusAllowed('authorisation', 'filed', 'authorised')).toBe(true);
    expect(conventionStatusAllowed('authorisation', 'draft', 'authorised')).toBe(false);
    expect(conventionStatusAllowed('authorisation', 'refused', 'filed')).toBe(false);
  });
});

describe('declaration', () => {
  it('semesters and rounding', () => {
    expect(semesterOf('2026-06-30')).toBe('2026-S1');
    expect(semesterOf('2026-07-01')).toBe('2026-S2');
    expect(semesterRange('2026-S2')).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    expect(Semester.safeParse('2026-S3').success).toBe(false);
    expect([roundedEuros(1049), roundedEuros(1050), roundedEuros(999)]).toEqual([10, 11, 10]);
  });
});

describe('schemas', () => {
  const id = 'c0a80101-0000-4000-8000-000000000001';
  it('an amount is a whole number of cents; a date exists', () => {
    expect(BenefitInput.safeParse({ id, nature: 'meal', amountCents: 2999, date: '2026-02-28' }).success).toBe(true);
    expect(BenefitInput.safeParse({ id, nature: 'meal', amountCents: 29.99, date: '2026-02-28' }).success).toBe(false);
    expect(BenefitInput.safeParse({ id, nature: 'meal', amountCents: 2999, date: '2026-02-29' }).success).toBe(false);
    expect(BenefitInput.safeParse({ id, nature: 'wine', amountCents: 2999, date: '2026-02-28' }).success).toBe(false);
  });

  it('a convention for another object names it', () => {
    const convention = {
      id,
      object: 'other',
      startDate: '2026-03-01',
      items: [{ kind: 'other', unitAmountCents: 0, quantity: 1 }],
    };
    expect(ConventionInput.safeParse(convention).success).toBe(false);
    expect(ConventionInput.safeParse({ ...convention, otherObject: 'Audit' }).success).toBe(true);
  });
});
