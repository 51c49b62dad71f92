import { CycleInput, type Cycle } from '@crm/shared';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { useCreateCycleMutation, useUpdateCycleMutation } from '@/modules/cycles/api';
import { cycleInputOf, formFieldPath, type CycleFormValues } from '@/modules/cycles/utils/cycle-form';

type FieldName = Parameters<FormInstance<CycleFormValues>['setFields']>[0][number]['name'];

/** The form's fields the server may name; any other field's fault goes to the message above the form. */
const FORM_FIELDS = new Set([
  'name',
  'startDate',
  'endDate',
  'gracePeriodDays',
  'overThresholdPercent',
  'underThresholdPercent',
  'repsMayEditGoals',
  'channels',
]);

/**
 * Creates a cycle or saves an edit: the shared schema judges the fields first (its messages under them), then
 * the server, whose per-field messages go under the fields they name (`channels.0.channelId` under that
 * channel) and whose refusals (a completed cycle, a started cycle's first day: 409) above the form.
 */
export function useCycleSubmit({
  form,
  cycle,
  onSaved,
}: {
  form: FormInstance<CycleFormValues>;
  cycle: Cycle | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateCycleMutation();
  const update = useUpdateCycleMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (values: CycleFormValues) => {
    setRefusal(null);
    const input = cycleInputOf(values);
    const parsed = CycleInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: formFieldPath(issue.path) as FieldName,
          errors: [translateKey(issue.message)],
        })),
      );
      return;
    }
    try {
      if (cycle === null) await create.mutateAsync(input);
      else await update.mutateAsync({ id: cycle.id, update: parsed.data });
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      const onForm = fields.filter(([name]) => FORM_FIELDS.has(name.split('.')[0] ?? ''));
      form.setFields(onForm.map(([name, text]) => ({ name: formFieldPath(name) as FieldName, errors: [text] })));
      if (onForm.length === 0 || onForm.length < fields.length) setRefusal(serverMessage(error));
      return;
    }
    void message.success(t('plans.admin.form.saved'));
    onSaved();
  };

  return { submit, refusal, isSaving: create.isPending || update.isPending };
}
