import type {
  TransparencyBenefitsTable,
  TransparencyConventionsTable,
  TransparencyExportedLinesTable,
} from '#server/db/schema.ts';
import { TransparencyRepository } from '#server/modules/transparency/transparency.repository.ts';
import { queriesOf, type RepositoryQueries } from './calls.ts';
import { at, ids } from './samples.ts';

/** The Transparence Santé ledger's repository (issue 31), kept apart from registry.ts so its changes stay together. */

const ledger = { benefit: 'benefit-1', convention: 'convention-1', export: 'export-1' } as const;
const semester = { from: '2026-01-01', to: '2026-06-30' };
const year = { from: '2026-01-01', to: '2026-12-31' };
const cursor = { date: '2026-03-02', id: ledger.benefit };

const beneficiary = {
  doctor_id: ids.doctor,
  doctor_rpps: '10001234567',
  doctor_first_name: 'Marie',
  doctor_last_name: 'Dupont',
  doctor_office_name: 'Cabinet du Parc',
  doctor_address: '1 rue du Parc',
  doctor_postal_code: '69006',
  doctor_city: 'Lyon',
};

const benefitRow: TransparencyBenefitsTable = {
  id: ledger.benefit,
  ...beneficiary,
  nature: 'meal',
  amount_cents: 2500,
  benefit_date: '2026-03-02',
  convention_id: null,
  activity_id: ids.activity,
  note: null,
  recorded_by: ids.user,
  created_at: at,
  updated_at: at,
};

const conventionRow: TransparencyConventionsTable = {
  id: ledger.convention,
  ...beneficiary,
  object: 'hospitality',
  other_object: null,
  signature_date: '2026-02-01',
  start_date: '2026-03-10',
  end_date: '2026-03-12',
  event_name: 'Congrès de cardiologie',
  event_date: '2026-03-10',
  event_place: 'Lyon',
  event_organiser: 'Société française de cardiologie',
  items: '[{"kind":"hotel_night","unitAmountCents":15000,"quantity":2}]',
  total_amount_cents: 30_000,
  regime: 'declaration',
  thresholds_exceeded: '[]',
  filing_deadline: '2026-02-26',
  status: 'draft',
  activity_id: null,
  declared_on: '2026-02-01',
  created_by: ids.user,
  created_at: at,
  updated_at: at,
  updated_by: ids.user,
};

const exportedLine: TransparencyExportedLinesTable = {
  line_id: ledger.benefit,
  kind: 'avantage',
  semester: '2026-S1',
  content_hash: 'hash',
  first_export_id: ledger.export,
  first_exported_at: at,
  export_id: ledger.export,
  exported_at: at,
  corrections: 0,
};

export const transparencyRegistry: RepositoryQueries[] = [
  queriesOf(TransparencyRepository, {
    lockDoctorLedger: { args: () => [ids.doctor] },
    hasLedger: { args: () => [ids.doctor], rows: [{ benefits: 0, conventions: 0 }] },
    doctorBenefits: { args: () => [ids.doctor, year] },
    findBenefit: { args: () => [ledger.benefit] },
    insertBenefit: { args: () => [benefitRow] },
    updateBenefit: { args: () => [ledger.benefit, { amount_cents: 2400, updated_at: at }] },
    findConvention: { args: () => [ledger.convention] },
    doctorConventions: { args: () => [ids.doctor] },
    insertConvention: { args: () => [conventionRow] },
    updateConvention: { args: () => [ledger.convention, { status: 'filed', updated_at: at, updated_by: ids.user }] },
    declaredConventions: [
      { shape: 'first page of an export', args: () => [semester, null, 1000] },
      { shape: 'next page of an export', args: () => [semester, cursor, 1000] },
      { shape: 'a page of the screen', args: () => [semester, null, 50, 100] },
    ],
    declaredBenefits: [
      { shape: 'first page of an export', args: () => [semester, 1000, null, 1000] },
      { shape: 'next page of an export', args: () => [semester, 1000, cursor, 1000] },
      { shape: 'a page of the screen', args: () => [semester, 1000, null, 50, 100] },
    ],
    declaredCounts: { args: () => [semester, 1000], rows: [{ conventions: 0, benefits: 0 }] },
    exportedLines: { args: () => [[ledger.benefit, ledger.convention]] },
    saveExportedLines: { args: () => [[exportedLine]] },
    insertExport: {
      args: () => [{ id: ledger.export, semester: '2026-S1', exported_at: at, exported_by: ids.user, pending_only: 0 }],
    },
    semesterExports: { args: () => ['2026-S1'] },
    waitingConventions: { args: () => [semester] },
  }),
];
