import {
  type Activity,
  type ActivityInput,
  type ActivityUpdate,
  type ApprovalStatus,
  activityEnd,
  DEFAULT_ACTIVITY_DURATION,
  eurosToCents,
  MAX_ACTIVITY_SPAN_DAYS,
} from '@crm/shared';
import type { ActivitiesTable } from '#server/db/schema.ts';

/** The fields a user writes, as they stand after a create or an edit. */
export type Draft = Omit<ActivityInput, 'id'>;

const DAY_MS = 86_400_000;

export const toCents = (euros: number | null | undefined): number | null =>
  euros === null || euros === undefined ? null : eurosToCents(euros);

/** The fields of an activity that a user writes, as a draft to patch. */
function draftOf(activity: Activity): Draft {
  return {
    channelId: activity.channelId,
    title: activity.title,
    start: activity.start,
    end: activity.allDay ? activity.end : null,
    allDay: activity.allDay,
    duration: activity.duration,
    description: activity.description,
    location: activity.location,
    address: activity.address,
    postal_code: activity.postal_code,
    city: activity.city,
    officePhone: activity.officePhone,
    officeEmail: activity.officeEmail,
    officeId: activity.officeId,
    doctorId: activity.doctorId,
    doctorName: activity.doctorName,
    attendees: activity.attendees,
    productIds: activity.productIds,
    precallObjectives: activity.precallObjectives,
    callNotes: activity.callNotes,
    nextCallObjectives: activity.nextCallObjectives,
    budgetEstimate: activity.budgetEstimate,
    acknowledgeRules: activity.acknowledgeRules,
  };
}

/** The draft after a patch; an all-day activity moved without a new end keeps its length. */
export function mergedDraft(before: Activity, fields: Omit<ActivityUpdate, 'done'>): Draft {
  const draft: Draft = { ...draftOf(before), ...fields };
  if (fields.doctorId !== undefined && fields.doctorId !== before.doctorId && fields.doctorName === undefined) {
    // The name is filled from the new doctor (the service's validation), or cleared with it.
    draft.doctorName = null;
  }
  if (draft.allDay && fields.end === undefined && fields.start !== undefined && before.allDay) {
    const length = Date.parse(before.end) - Date.parse(before.start);
    draft.end = new Date(Date.parse(draft.start) + length).toISOString();
  }
  return draft;
}

/** The columns a draft writes (end_at computed, budget in cents). */
export function draftColumns(draft: Draft) {
  const duration = draft.duration ?? (draft.allDay ? null : DEFAULT_ACTIVITY_DURATION);
  return {
    channel_id: draft.channelId,
    title: draft.title,
    start_at: draft.start,
    end_at: activityEnd({ start: draft.start, end: draft.end, allDay: draft.allDay, duration }),
    all_day: draft.allDay ? 1 : 0,
    duration,
    description: draft.description,
    location: draft.location,
    address: draft.address,
    postal_code: draft.postal_code,
    city: draft.city,
    office_phone: draft.officePhone,
    office_email: draft.officeEmail,
    office_id: draft.officeId ?? null,
    doctor_id: draft.doctorId ?? null,
    doctor_name: draft.doctorName,
    precall_objectives: draft.precallObjectives,
    call_notes: draft.callNotes,
    next_call_objectives: draft.nextCallObjectives,
    budget_cents: toCents(draft.budgetEstimate),
    acknowledge_rules: draft.acknowledgeRules ? 1 : 0,
  } satisfies Partial<ActivitiesTable>;
}

/** A new activity's row: the draft's columns, not done, with the approval status the service decided. */
export function newActivityRow(
  draft: Draft,
  { id, ownerId, approvalStatus, now }: { id: string; ownerId: string; approvalStatus: ApprovalStatus; now: string },
): ActivitiesTable {
  return {
    id,
    owner_id: ownerId,
    ...draftColumns(draft),
    approval_status: approvalStatus,
    approved_by: null,
    approved_at: null,
    approval_notes: null,
    done: 0,
    done_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** An all-day activity ends after its start and lasts at most MAX_ACTIVITY_SPAN_DAYS (the calendar's scan relies on it). */
export function spanErrors(draft: Draft): Record<string, string> {
  if (!draft.allDay || !draft.end) return {};
  const span = Date.parse(draft.end) - Date.parse(draft.start);
  if (span <= 0) return { end: 'activities.endBeforeStart' };
  if (span > MAX_ACTIVITY_SPAN_DAYS * DAY_MS) return { end: 'activities.spanTooLong' };
  return {};
}
