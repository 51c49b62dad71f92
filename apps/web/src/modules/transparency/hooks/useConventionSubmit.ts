import {
  ConventionInput,
  conventionRegime,
  filingDeadline,
  type Convention,
  type ConventionInputForm,
  type ConventionItemKind,
  type ConventionObject,
  type ConventionStatus,
  type ConventionUpdate,
} from '@crm/shared';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs, type Dayjs } from '@/lib/dayjs';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { useCreateConventionMutation, useUpdateConventionMutation } from '@/modules/transparency/api';
import { centsToTyped, eurosToCents } from '@/modules/transparency/utils/amounts';

/** One planned amount as the form holds it: the unit amount as typed. */
export type ConventionItemValues = { kind?: ConventionItemKind; unitAmount?: string; quantity?: number | null };

export type ConventionFormValues = {
  object?: ConventionObject;
  otherObject?: string | null;
  signatureDate?: Dayjs | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  hasEvent?: boolean;
  eventName?: string;
  eventDate?: Dayjs | null;
  eventPlace?: string;
  eventOrganiser?: string;
  items?: ConventionItemValues[];
  status?: ConventionStatus;
};

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The planned amounts the shared rules can read: those with a kind, an amount and a quantity. */
export function itemsOf(values: ConventionFormValues) {
  return (values.items ?? []).flatMap((item) => {
    const unitAmountCents = eurosToCents(item.unitAmount ?? '');
    return item.kind === undefined || unitAmountCents === null || !item.quantity
      ? []
      : [{ kind: item.kind, unitAmountCents, quantity: item.quantity }];
  });
}

/** What the form says, as POST /conventions takes it (less the id). */
function fieldsOf(values: ConventionFormValues): Omit<ConventionInputForm, 'id'> {
  return {
    object: values.object ?? 'other',
    otherObject: text(values.otherObject),
    signatureDate: day(values.signatureDate),
    startDate: day(values.startDate) ?? '',
    endDate: day(values.endDate),
    event: values.hasEvent
      ? {
          name: values.eventName ?? '',
          date: day(values.eventDate) ?? '',
          place: values.eventPlace ?? '',
          organiser: values.eventOrganiser ?? '',
        }
      : null,
    items: itemsOf(values),
    activityId: null,
  };
}

/** The regime and filing deadline the form shows as it is filled, from the shared rules. */
export function conventionPreview(values: ConventionFormValues) {
  const items = itemsOf(values);
  if (items.length === 0) return null;
  const { regime, exceeded } = conventionRegime(items);
  const starts = [day(values.startDate), values.hasEvent ? day(values.eventDate) : null].filter(
    (date): date is string => date !== null,
  );
  const first = starts.sort()[0];
  return { regime, exceeded, deadline: first === undefined ? null : filingDeadline(regime, first) };
}

/** A convention as the form edits it. */
export function conventionValues(convention: Convention): ConventionFormValues {
  return {
    object: convention.object,
    otherObject: convention.otherObject,
    signatureDate: convention.signatureDate === null ? null : dayjs(convention.signatureDate),
    startDate: dayjs(convention.startDate),
    endDate: convention.endDate === null ? null : dayjs(convention.endDate),
    hasEvent: convention.event !== null,
    eventName: convention.event?.name ?? '',
    eventDate: convention.event === null ? null : dayjs(convention.event.date),
    eventPlace: convention.event?.place ?? '',
    eventOrganiser: convention.event?.organiser ?? '',
    items: convention.items.map((item) => ({
      kind: item.kind,
      unitAmount: centsToTyped(item.unitAmountCents),
      quantity: item.quantity,
    })),
    status: convention.status,
  };
}

type FieldName = Parameters<FormInstance<ConventionFormValues>['setFields']>[0][number]['name'];

/** The form's field an issue of the shared schema belongs to (the schema's paths are the API's, not the form's). */
function fieldPath(path: readonly PropertyKey[]): FieldName {
  const [first, second, third] = path;
  if (first === 'event' && typeof second === 'string') {
    return `event${second.charAt(0).toUpperCase()}${second.slice(1)}` as FieldName;
  }
  if (first === 'items' && typeof second === 'number') {
    return ['items', second, third === 'unitAmountCents' ? 'unitAmount' : String(third ?? 'kind')] as FieldName;
  }
  return String(first ?? 'object') as FieldName;
}

/**
 * Creates a draft convention or saves an edit: the shared schema judges the fields first (its messages under
 * them), then the server. An edit that only moves the status sends the status alone, so a filed convention's
 * wording is not sent again (which the server would take back to draft).
 */
export function useConventionSubmit({
  form,
  doctorId,
  convention,
  onSaved,
}: {
  form: FormInstance<ConventionFormValues>;
  doctorId: string;
  convention: Convention | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [id] = useState(() => crypto.randomUUID());
  const create = useCreateConventionMutation(doctorId);
  const update = useUpdateConventionMutation(doctorId);

  const submit = async (values: ConventionFormValues) => {
    const fields = fieldsOf(values);
    const parsed = ConventionInput.safeParse({ ...fields, id });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({ name: fieldPath(issue.path), errors: [translateKey(issue.message)] })),
      );
      return;
    }
    try {
      if (convention === null) {
        await create.mutateAsync({ ...fields, id });
      } else {
        const before = fieldsOf(conventionValues(convention));
        const wordingChanged = JSON.stringify(before) !== JSON.stringify(fields);
        const { activityId: _kept, ...changed } = fields;
        const status = values.status ?? convention.status;
        const body: ConventionUpdate = wordingChanged
          ? { ...changed, ...(status === convention.status ? {} : { status }) }
          : { status };
        await update.mutateAsync({ id: convention.id, update: body });
      }
    } catch (error) {
      void message.error(t('transparency.conventionForm.saveFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('transparency.conventionForm.saved'));
    onSaved();
  };

  return { submit, isSaving: create.isPending || update.isPending };
}
