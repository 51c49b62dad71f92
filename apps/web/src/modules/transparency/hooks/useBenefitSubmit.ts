import type { BenefitInputForm, BenefitNature, Convention } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from '@/lib/dayjs';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { ledgerOf, transparencyQueries, useRecordBenefitMutation } from '@/modules/transparency/api';
import { benefitFieldOf, benefitRefusal, type BenefitField } from '@/modules/transparency/utils/benefit-check';
import { eurosToCents } from '@/modules/transparency/utils/amounts';

/** The benefit form's values as antd holds them: the amount as typed, the date as picked. */
export type BenefitFormValues = {
  nature?: BenefitNature;
  amount?: string;
  date?: Dayjs | null;
  conventionId?: string | null;
  activityId?: string | null;
  note?: string | null;
};

const FIELDS: readonly BenefitField[] = ['nature', 'amount', 'date', 'conventionId', 'activityId', 'note'];

export type BenefitSubmitOptions = {
  form: FormInstance<BenefitFormValues>;
  doctorId: string;
  doctorName: string | null;
  /** The doctor's conventions, to check the one chosen is in force. */
  conventions: readonly Convention[];
  /** After a save, sent or queued. */
  onSaved: () => void;
};

/**
 * The benefit form's save: the amount typed read into exact cents, the shared rules run against the doctor's
 * year (its server totals and the device's waiting benefits), then sent or queued. A refusal, the device's or
 * the server's, shows under the field it names, with the same words; nothing typed is lost.
 */
export function useBenefitSubmit({ form, doctorId, doctorName, conventions, onSaved }: BenefitSubmitOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const record = useRecordBenefitMutation();
  // One id per form opened: every try of this benefit names the same benefit.
  const [id] = useState(() => crypto.randomUUID());
  const submission = useRef<{ body: string; key: string } | null>(null);

  const showError = (field: BenefitField | null, text: string | null) => {
    form.setFields(FIELDS.map((name) => ({ name, errors: name === field && text !== null ? [text] : [] })));
  };

  const submit = async (values: BenefitFormValues) => {
    const amountCents = eurosToCents(values.amount ?? '');
    if (values.nature === undefined || values.date == null || amountCents === null) return;
    const date = values.date.format('YYYY-MM-DD');
    const conventionId = values.conventionId ?? null;
    const input: BenefitInputForm & { id: string } = {
      id,
      nature: values.nature,
      amountCents,
      date,
      conventionId,
      activityId: values.activityId ?? null,
      note: values.note?.trim() ? values.note.trim() : null,
    };
    // The year of the benefit's date, whatever year the tab shows: the limits are per calendar year.
    const year = await queryClient.query(transparencyQueries.year(doctorId, Number(date.slice(0, 4))));
    const convention = conventionId === null ? null : (conventions.find((known) => known.id === conventionId) ?? null);
    const refusal = benefitRefusal(
      { nature: input.nature, amountCents, date, conventionId },
      ledgerOf(year.benefits),
      convention,
    );
    if (refusal !== null) {
      showError(refusal.field, refusal.message);
      return;
    }
    showError(null, null);
    const body = JSON.stringify(input);
    const key = submission.current?.body === body ? submission.current.key : crypto.randomUUID();
    submission.current = { body, key };
    try {
      const { queued } = await record.mutateAsync({ doctorId, input, idempotencyKey: key, doctorName });
      void message.success(queued ? t('offline.savedOffline') : t('transparency.benefitForm.saved'));
      onSaved();
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      const named = fields.map(([apiField, text]) => [benefitFieldOf(apiField), text] as const).find(([f]) => f);
      if (named?.[0] !== undefined) showError(named[0], named[1]);
      else if (isApiError(error) && error.code === 'NEGLIGIBLE_VALUE_EXCEEDED') showError('amount', error.message);
      else if (isApiError(error) && error.code === 'CONVENTION_NOT_IN_FORCE') showError('conventionId', error.message);
      void message.error(t('transparency.benefitForm.saveFailed', { message: serverMessage(error) }));
    }
  };

  return { submit, isSaving: record.isPending };
}
