import type { Activity, Channel } from '@crm/shared';
import { App, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { useCreateActivityMutation, useUpdateActivityMutation } from '@/modules/activities/api';
import {
  ACTIVITY_FORM_FIELDS,
  changedFields,
  checkActivityForm,
  formFieldOf,
  type ActivityFormField,
  type ActivityFormValues,
} from '@/modules/activities/utils/activity-form-values';

/** The idempotency key of one submission: the same body sent again (a retry) keeps it. */
type Submission = { body: string; key: string };

export type ActivitySubmitOptions = {
  form: FormInstance<ActivityFormValues>;
  /** The activity edited; a new one otherwise. */
  activity: Activity | undefined;
  /** The channels the form offers (with the activity's own when no longer active). */
  channels: readonly Channel[];
  userHasProducts: boolean;
  /** After a save. */
  onSaved: () => void;
};

/**
 * The activity form's save (spec 001 §2, §5): the shared validation, then a creation (idempotent, under
 * the client-made id) or an update of the fields that changed. The errors show on their fields; a failed
 * save keeps everything typed.
 */
export function useActivitySubmit({ form, activity, channels, userHasProducts, onSaved }: ActivitySubmitOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // A new activity's id is made here, once: every try of its creation names the same activity.
  const [newId] = useState(() => crypto.randomUUID());
  const submission = useRef<Submission | null>(null);
  const saving = useRef(false);
  const create = useCreateActivityMutation();
  const update = useUpdateActivityMutation();

  const showErrors = (errors: Partial<Record<ActivityFormField, string>>) => {
    form.setFields(
      ACTIVITY_FORM_FIELDS.map((name) => {
        const key = errors[name];
        return { name, errors: key === undefined ? [] : [translateKey(key)] };
      }),
    );
  };

  const submit = async (values: ActivityFormValues) => {
    const check = checkActivityForm(values, { channels, userHasProducts });
    if (!check.ok) {
      showErrors(check.errors);
      const first = ACTIVITY_FORM_FIELDS.find((name) => check.errors[name] !== undefined);
      if (first !== undefined) form.scrollToField(first, { block: 'center' });
      return;
    }
    showErrors({});
    // A second press while the first save runs would queue or send the same change twice.
    if (saving.current) return;
    saving.current = true;
    const channel = channels.find((known) => known.id === check.input.channelId);
    try {
      let queued = false;
      if (activity === undefined) {
        const input = { ...check.input, id: newId };
        const body = JSON.stringify(input);
        const key = submission.current?.body === body ? submission.current.key : crypto.randomUUID();
        submission.current = { body, key };
        // checkActivityForm refuses a channel the form does not offer.
        if (channel === undefined) return;
        ({ queued } = await create.mutateAsync({ input, idempotencyKey: key, channel }));
      } else {
        const changes = changedFields(check.input, activity);
        if (Object.keys(changes).length > 0)
          ({ queued } = await update.mutateAsync({ activity, update: changes, channel }));
      }
      const saved = activity === undefined ? t('activities.form.created') : t('activities.form.saved');
      void message.success(queued ? t('offline.savedOffline') : saved);
    } catch (error) {
      if (isApiError(error) && error.fields !== undefined) {
        const errors: Partial<Record<ActivityFormField, string>> = {};
        for (const [apiField, text] of Object.entries(error.fields)) {
          const field = formFieldOf(apiField);
          if (field !== undefined) errors[field] ??= text;
        }
        // The server's messages are already translated: translateKey shows an unknown key as it is.
        showErrors(errors);
      }
      void message.error(t('activities.form.saveFailed', { message: serverMessage(error) }));
      return;
    } finally {
      saving.current = false;
    }
    onSaved();
  };

  return { submit, isSaving: create.isPending || update.isPending };
}
