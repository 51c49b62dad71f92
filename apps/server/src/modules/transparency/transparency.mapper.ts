import type {
  AuthorisationThreshold,
  Benefit,
  Convention,
  ConventionItem,
  DeclarationLine,
  DeclarationLineStatus,
} from '@crm/shared';
import type { DoctorsTable, TransparencyExportedLinesTable } from '#server/db/schema.ts';
import { type DeclarationSource, lineKind, lineNature } from './declaration-file.ts';
import type { BenefitView, ConventionView } from './transparency.repository.ts';

export function toBenefit(row: BenefitView): Benefit {
  return {
    id: row.id,
    doctorId: row.doctor_id,
    nature: row.nature,
    amountCents: row.amount_cents,
    date: row.benefit_date,
    conventionId: row.convention_id,
    activityId: row.activity_id,
    note: row.note,
    recordedBy: { id: row.recorded_by, name: row.recorder_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toConvention(row: ConventionView): Convention {
  return {
    id: row.id,
    doctorId: row.doctor_id,
    object: row.object,
    otherObject: row.other_object,
    signatureDate: row.signature_date,
    startDate: row.start_date,
    endDate: row.end_date,
    event:
      row.event_name === null
        ? null
        : {
            name: row.event_name,
            date: row.event_date ?? '',
            place: row.event_place ?? '',
            organiser: row.event_organiser ?? '',
          },
    items: JSON.parse(row.items) as ConventionItem[],
    activityId: row.activity_id,
    totalAmountCents: row.total_amount_cents,
    regime: row.regime,
    thresholdsExceeded: JSON.parse(row.thresholds_exceeded) as AuthorisationThreshold[],
    filingDeadline: row.filing_deadline,
    status: row.status,
    paidCents: row.paid_cents,
    createdBy: { id: row.created_by, name: row.creator_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A line of the semester's declaration as the admin screen lists it, its status from what was exported. */
export function toDeclarationLine(
  source: DeclarationSource,
  hash: string,
  exported: TransparencyExportedLinesTable | undefined,
  amountEuros: number,
): DeclarationLine {
  const { row } = source;
  const status: DeclarationLineStatus =
    exported === undefined ? 'new' : exported.content_hash === hash ? 'exported' : 'changed';
  return {
    id: row.id,
    kind: lineKind(source),
    doctor: {
      id: row.doctor_id,
      name: [row.doctor_first_name, row.doctor_last_name].filter(Boolean).join(' '),
      rpps: row.doctor_rpps,
    },
    date: source.kind === 'convention' ? source.row.declared_on : source.row.benefit_date,
    amountEuros,
    nature: lineNature(source),
    conventionId: source.kind === 'benefit' ? source.row.convention_id : null,
    status,
    firstExportedAt: exported?.first_exported_at ?? null,
    exportedAt: exported?.exported_at ?? null,
    corrections: exported?.corrections ?? 0,
  };
}

/** The beneficiary as a ledger row keeps them: a copy, as consent records keep theirs. */
/** What a ledger row copies of its doctor. */
export type BeneficiaryDoctor = Pick<
  DoctorsTable,
  | 'id'
  | 'rpps'
  | 'first_name'
  | 'last_name'
  | 'primary_office_name'
  | 'primary_office_address'
  | 'primary_office_postal_code'
  | 'primary_office_city'
>;

export const beneficiaryColumns = (doctor: BeneficiaryDoctor) => ({
  doctor_id: doctor.id,
  doctor_rpps: doctor.rpps,
  doctor_first_name: doctor.first_name,
  doctor_last_name: doctor.last_name,
  doctor_office_name: doctor.primary_office_name,
  doctor_address: doctor.primary_office_address,
  doctor_postal_code: doctor.primary_office_postal_code,
  doctor_city: doctor.primary_office_city,
});
