import {
  ACTIVITY_DURATIONS,
  ActivityInput,
  activityRuleErrors,
  DEFAULT_ACTIVITY_DURATION,
  nextFullHour,
  type Activity,
  type ActivityInputForm,
  type ActivityUpdate,
  type Channel,
} from '@crm/shared';
import { dayjs, type Dayjs } from '@/lib/dayjs';
import type { NewActivityParams } from '@/modules/activities/new-activity-link';

/** A doctor picked in a search select: its id and the name the activity keeps. */
export type PickedDoctor = { value: string; label: string };

/** The form's values: the API's fields, except the start split into date and time and doctors as picked. */
export type ActivityFormValues = {
  channelId?: string;
  title?: string | null;
  date?: Dayjs | null;
  time?: Dayjs | null;
  duration?: number | null;
  allDay?: boolean;
  /** The last day (inclusive) of an all-day activity; the API's end is the next midnight. */
  endDate?: Dayjs | null;
  productIds?: string[];
  doctor?: PickedDoctor | null;
  attendees?: PickedDoctor[];
  officeId?: string | null;
  location?: string | null;
  address?: string | null;
  postal_code?: string | null;
  city?: string | null;
  officePhone?: string | null;
  officeEmail?: string | null;
  description?: string | null;
  precallObjectives?: string | null;
  callNotes?: string | null;
  nextCallObjectives?: string | null;
  budgetEstimate?: number | null;
  acknowledgeRules?: boolean;
};

export type ActivityFormField = keyof ActivityFormValues;

const isAllowedDuration = (minutes: number) => (ACTIVITY_DURATIONS as readonly number[]).includes(minutes);

/**
 * The query's channel (a name or an id), else the first active channel (spec 001 §9). The spec's "else
 * 'Call'" has nothing left to cover here: `channels` are the active channels, which the form waits for, and
 * a channel is saved by id. When none is active, 'Call' is inactive too and the server refuses an inactive
 * channel for a new activity, so the field stays empty and the form asks for a channel.
 */
export function defaultChannel(channels: readonly Channel[], wanted?: string): Channel | undefined {
  if (wanted !== undefined) {
    const lower = wanted.toLowerCase();
    const asked = channels.find((channel) => channel.id === wanted || channel.name.toLowerCase() === lower);
    if (asked !== undefined) return asked;
  }
  return channels[0];
}

function atTime(date: Dayjs, time: string): Dayjs {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return date.hour(hours).minute(minutes).second(0).millisecond(0);
}

/**
 * A new activity's values: the query's prefill (the calendar's slot or range, the doctor page's doctor),
 * else the defaults of spec 001 §9: the next full hour, 60 minutes, the default channel.
 */
export function newActivityValues(
  params: NewActivityParams,
  channels: readonly Channel[],
  now: Date = new Date(),
): ActivityFormValues {
  const proposed = dayjs(nextFullHour(now));
  const date = params.date === undefined ? proposed.startOf('day') : dayjs(params.date);
  const start = params.time === undefined ? atTime(date, proposed.format('HH:mm')) : atTime(date, params.time);
  const allDay = params.allDay ?? false;

  let duration: number = DEFAULT_ACTIVITY_DURATION;
  let endDate = date;
  if (params.endDate !== undefined || params.endTime !== undefined) {
    const endDay = params.endDate === undefined ? date : dayjs(params.endDate);
    if (allDay) {
      // The calendar's end is exclusive: a one-day selection ends at the next midnight.
      const lastDay = endDay.subtract(1, 'day');
      endDate = lastDay.isBefore(date) ? date : lastDay;
    } else {
      const minutes = atTime(endDay, params.endTime ?? '00:00').diff(start, 'minute');
      if (isAllowedDuration(minutes)) duration = minutes;
    }
  }

  return {
    channelId: defaultChannel(channels, params.channel)?.id,
    title: null,
    date,
    time: start,
    duration,
    allDay,
    endDate,
    productIds: [],
    doctor:
      params.doctorId === undefined ? null : { value: params.doctorId, label: params.doctorName ?? params.doctorId },
    attendees: [],
    budgetEstimate: null,
    acknowledgeRules: false,
  };
}

/** An existing activity's values, to edit it. */
export function activityValues(activity: Activity): ActivityFormValues {
  const start = dayjs(activity.start);
  const date = start.startOf('day');
  const lastDay = dayjs(activity.end).subtract(1, 'millisecond').startOf('day');
  const length = dayjs(activity.end).diff(start, 'minute');
  return {
    channelId: activity.channelId,
    title: activity.title,
    date,
    time: start,
    duration: activity.duration ?? (isAllowedDuration(length) ? length : DEFAULT_ACTIVITY_DURATION),
    allDay: activity.allDay,
    endDate: lastDay.isBefore(date) ? date : lastDay,
    productIds: activity.productIds,
    doctor:
      activity.doctorId === null ? null : { value: activity.doctorId, label: activity.doctorName ?? activity.doctorId },
    attendees: activity.attendees.map((attendee) => ({ value: attendee.id, label: attendee.name })),
    officeId: activity.officeId,
    location: activity.location,
    address: activity.address,
    postal_code: activity.postal_code,
    city: activity.city,
    officePhone: activity.officePhone,
    officeEmail: activity.officeEmail,
    description: activity.description,
    precallObjectives: activity.precallObjectives,
    callNotes: activity.callNotes,
    nextCallObjectives: activity.nextCallObjectives,
    budgetEstimate: activity.budgetEstimate,
    acknowledgeRules: activity.acknowledgeRules,
  };
}

/** The form field that shows an API field's message (the start is split into date and time). */
export function formFieldOf(apiField: string): ActivityFormField | undefined {
  switch (apiField) {
    case 'start':
      return 'date';
    case 'end':
      return 'endDate';
    case 'doctorId':
    case 'doctorName':
      return 'doctor';
    case 'id':
      return undefined;
    default:
      return apiField in FORM_FIELDS ? (apiField as ActivityFormField) : undefined;
  }
}

/** Every field of the form, to clear the messages of those now right. */
const FORM_FIELDS: Record<ActivityFormField, true> = {
  channelId: true,
  title: true,
  date: true,
  time: true,
  duration: true,
  allDay: true,
  endDate: true,
  productIds: true,
  doctor: true,
  attendees: true,
  officeId: true,
  location: true,
  address: true,
  postal_code: true,
  city: true,
  officePhone: true,
  officeEmail: true,
  description: true,
  precallObjectives: true,
  callNotes: true,
  nextCallObjectives: true,
  budgetEstimate: true,
  acknowledgeRules: true,
};
export const ACTIVITY_FORM_FIELDS = Object.keys(FORM_FIELDS) as ActivityFormField[];

export type ActivityFormContext = {
  channels: readonly Channel[];
  userHasProducts: boolean;
};

export type ActivityFormCheck =
  | { ok: true; input: ActivityInput }
  /** Message keys by form field. */
  | { ok: false; errors: Partial<Record<ActivityFormField, string>> };

/**
 * The form's values checked with the rules the server runs (spec 001 §5: the shared schema and
 * activityRuleErrors), as the API's input or the message keys to show under the fields.
 */
export function checkActivityForm(values: ActivityFormValues, context: ActivityFormContext): ActivityFormCheck {
  const channel = context.channels.find((known) => known.id === values.channelId) ?? null;
  const allDay = values.allDay ?? false;
  const errors: Partial<Record<ActivityFormField, string>> = {};

  let start: Dayjs | null = null;
  if (!values.date) errors.date = 'validation.required';
  else if (allDay) start = values.date.startOf('day');
  else if (!values.time) errors.time = 'validation.required';
  else start = atTime(values.date, values.time.format('HH:mm'));
  const lastDay = values.endDate && start !== null && !values.endDate.isBefore(start, 'day') ? values.endDate : start;

  const candidate: ActivityInputForm = {
    channelId: values.channelId ?? '',
    title: values.title,
    start: start?.toISOString() ?? '',
    end: allDay && lastDay !== null ? lastDay.startOf('day').add(1, 'day').toISOString() : null,
    allDay,
    duration: allDay ? null : (values.duration ?? null),
    description: values.description,
    location: values.location,
    address: values.address,
    postal_code: values.postal_code,
    city: values.city,
    officePhone: values.officePhone,
    officeEmail: values.officeEmail,
    officeId: values.officeId ?? null,
    doctorId: values.doctor?.value ?? null,
    doctorName: values.doctor?.label ?? null,
    attendees: (values.attendees ?? []).map((attendee) => ({ id: attendee.value, name: attendee.label })),
    productIds: values.productIds ?? [],
    precallObjectives: values.precallObjectives,
    callNotes: values.callNotes,
    nextCallObjectives: values.nextCallObjectives,
    // Only a budget-approval channel carries a budget (the field is hidden otherwise).
    budgetEstimate: channel?.needsBudgetApproval ? (values.budgetEstimate ?? null) : null,
    acknowledgeRules: values.acknowledgeRules ?? false,
  };

  const rules = activityRuleErrors(
    {
      channelId: values.channelId,
      title: values.title,
      start: start?.toISOString() ?? null,
      allDay,
      duration: values.duration,
      productIds: values.productIds,
      budgetEstimate: candidate.budgetEstimate,
      acknowledgeRules: values.acknowledgeRules,
    },
    { channel, userHasProducts: context.userHasProducts },
  );
  const report = (apiField: string, key: string) => {
    // A missing start is already said under its date or its time.
    if (apiField === 'start' && start === null) return;
    const field = formFieldOf(apiField);
    if (field !== undefined) errors[field] ??= key;
  };
  for (const [apiField, key] of Object.entries(rules)) report(apiField, key);
  const parsed = ActivityInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) report(String(issue.path[0] ?? ''), issue.message);
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

function sameInstant(left: string | null | undefined, right: string | null | undefined): boolean {
  if (!left || !right) return (left ?? null) === (right ?? null);
  return Date.parse(left) === Date.parse(right);
}

/**
 * The fields an edit changed (DESIGN.md §7: an edit sends what it changed), so an unchanged locked field
 * (an approved budget) is never sent. The end only matters for an all-day activity, the duration for others.
 */
export function changedFields(input: ActivityInput, activity: Activity): ActivityUpdate {
  const changes: Record<string, unknown> = {};
  // The form names its products productIds only; productId is the API's alias for other clients.
  const { id: _id, productId: _productId, ...fields } = input;
  for (const [name, value] of Object.entries(fields) as Array<[keyof typeof fields, unknown]>) {
    if (name === 'end' && !input.allDay) continue;
    if (name === 'duration' && input.allDay) continue;
    const before: unknown = activity[name];
    const same =
      name === 'start' || name === 'end'
        ? sameInstant(value as string | null, before as string | null)
        : JSON.stringify(value ?? null) === JSON.stringify(before ?? null);
    if (!same) changes[name] = value;
  }
  return changes;
}
