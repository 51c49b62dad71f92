import {
  conventionInForce,
  negligibleRefusalMessage,
  negligibleValueRefusal,
  type Convention,
  type LedgerEntry,
} from '@crm/shared';
import { i18n } from '@/lib/i18n';

/** The benefit form's fields a refusal is shown under. */
export type BenefitField = 'nature' | 'amount' | 'date' | 'conventionId' | 'activityId' | 'note';

/** Why the device refuses a benefit before sending it: the field at fault and the message the server would give. */
export type BenefitRefusal = { field: BenefitField; message: string };

/**
 * The shared rules run on the device before anything is sent or queued (decision 0051): a convention chosen must
 * be in force, and without one the negligible values of the benefit's calendar year must hold, counting the
 * doctor's other benefits of that year (`others`, the server's and the device's waiting ones). The message is the
 * catalogue's, as the server words its 422.
 */
export function benefitRefusal(
  benefit: LedgerEntry,
  others: readonly LedgerEntry[],
  convention: Pick<Convention, 'regime' | 'status'> | null,
): BenefitRefusal | null {
  if (convention !== null) {
    return conventionInForce(convention.regime, convention.status)
      ? null
      : { field: 'conventionId', message: i18n.t('errors.CONVENTION_NOT_IN_FORCE') };
  }
  const refusal = negligibleValueRefusal(benefit, others);
  if (refusal === null) return null;
  const { key, params } = negligibleRefusalMessage(refusal);
  // A nature with no negligible value is wrong whatever the amount: the nature is named.
  return { field: refusal.rule === 'conventionRequired' ? 'nature' : 'amount', message: i18n.t(key, params) };
}

/** The form's field of an API field the server names in its refusal. */
export function benefitFieldOf(apiField: string): BenefitField | undefined {
  const fields: Record<string, BenefitField> = {
    nature: 'nature',
    amountCents: 'amount',
    date: 'date',
    conventionId: 'conventionId',
    activityId: 'activityId',
    note: 'note',
  };
  return fields[apiField];
}
