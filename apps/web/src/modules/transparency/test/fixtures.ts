import {
  conventionRegime,
  conventionTotalCents,
  filingDeadline,
  yearLimitStatuses,
  type Benefit,
  type BenefitYear,
  type Convention,
  type DeclarationLine,
  type SemesterOverview,
} from '@crm/shared';
import { doctor } from '@/test/directory';
import { REP_USER } from '@/test/tokens';

/** Transparence Santé test data shaped like the API's answers. */

export const TS_DOCTOR = doctor();
export const YEAR = new Date().getFullYear();
const REP = { id: REP_USER.id, name: REP_USER.displayName ?? '' };

export function benefit(overrides: Partial<Benefit> = {}): Benefit {
  return {
    id: '0190a0c4-0000-7000-8000-0000000b0001',
    doctorId: TS_DOCTOR.id,
    nature: 'meal',
    amountCents: 2450,
    date: `${YEAR}-02-03`,
    conventionId: null,
    activityId: null,
    note: null,
    recordedBy: REP,
    createdAt: `${YEAR}-02-03T12:00:00.000Z`,
    updatedAt: `${YEAR}-02-03T12:00:00.000Z`,
    ...overrides,
  };
}

/** The year as the server answers it: the benefits and the totals the shared rule counts from them. */
export function benefitYear(benefits: Benefit[], year = YEAR): BenefitYear {
  return { year, benefits, limits: yearLimitStatuses(benefits, year) };
}

export function convention(overrides: Partial<Convention> = {}): Convention {
  const items = overrides.items ?? [{ kind: 'hotel_night' as const, unitAmountCents: 18_000, quantity: 2 }];
  const { regime, exceeded } = conventionRegime(items);
  const startDate = overrides.startDate ?? `${YEAR}-09-15`;
  return {
    id: '0190a0c4-0000-7000-8000-0000000c0001',
    doctorId: TS_DOCTOR.id,
    object: 'hospitality',
    otherObject: null,
    signatureDate: null,
    startDate,
    endDate: null,
    event: { name: 'Journées de cardiologie', date: startDate, place: 'Lyon', organiser: 'SFC' },
    items,
    activityId: null,
    totalAmountCents: conventionTotalCents(items),
    regime,
    thresholdsExceeded: exceeded,
    filingDeadline: filingDeadline(regime, startDate),
    status: 'draft',
    paidCents: 0,
    createdBy: REP,
    createdAt: `${YEAR}-01-10T09:00:00.000Z`,
    updatedAt: `${YEAR}-01-10T09:00:00.000Z`,
    ...overrides,
  };
}

export function declarationLine(overrides: Partial<DeclarationLine> = {}): DeclarationLine {
  return {
    id: '0190a0c4-0000-7000-8000-0000000d0001',
    kind: 'avantage',
    doctor: { id: TS_DOCTOR.id, name: 'Jean Martin', rpps: '10001234567' },
    date: '2026-02-03',
    amountEuros: 25,
    nature: 'REPAS',
    conventionId: null,
    status: 'new',
    firstExportedAt: null,
    exportedAt: null,
    corrections: 0,
    ...overrides,
  };
}

export function semesterOverview(overrides: Partial<SemesterOverview> = {}): SemesterOverview {
  return {
    semester: '2026-S1',
    lines: [declarationLine()],
    total: 1,
    page: 1,
    limit: 50,
    waitingConventions: [],
    exports: [],
    ...overrides,
  };
}
