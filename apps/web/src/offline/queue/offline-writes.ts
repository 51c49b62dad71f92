import {
  activityEnd,
  activityStatus,
  initialApprovalStatus,
  type Activity,
  type ActivityInput,
  type ActivityUpdate,
  type CalendarActivity,
  type Channel,
  type Doctor,
  type DoctorInput,
} from '@crm/shared';
import { getSession } from '@/app/session';
import type { CommandPayloads } from '@/offline/queue/commands';
import { forgetConsentCopy } from '@/offline/queue/consent-writes';
import { commandOf, discard, enqueue, listQueue } from '@/offline/queue/queue';
import { mustFollowQueue, queueOwner } from '@/offline/queue/send-or-queue';
import {
  openOfflineDb,
  WAITING_STATUSES,
  type ChangeSummary,
  type QueueItem,
  type QueueStatus,
} from '@/offline/store/db';
import {
  readStoredActivity,
  resetSliceCursor,
  type StoredActivity,
  type StoredDoctor,
} from '@/offline/store/slice-store';

/**
 * The rep's writes when the server can't be reached (spec 000 §8: an offline save falls back to the queue):
 * each is a queue record first, then the rep's copy in the activities or doctors store, marked
 * `pendingSync`, which the offline reads show until the change is sent and the next pull replaces it.
 */

const summaryOf = (activity: Pick<Activity, 'title' | 'doctorName' | 'start'>): ChangeSummary => ({
  title: activity.title,
  doctorName: activity.doctorName,
  start: activity.start,
});

/** The doctor ids among `ids` whose creation still waits in the owner's queue: the activity is sent after them. */
async function doctorsWaiting(owner: string, ids: ReadonlyArray<string | null | undefined>): Promise<string[]> {
  const wanted = new Set(ids.filter((id): id is string => typeof id === 'string'));
  if (wanted.size === 0) return [];
  const waiting = (await listQueue(owner)).filter(
    (item) => item.type === 'doctor' && WAITING_STATUSES.includes(item.status) && wanted.has(item.entityId),
  );
  return [...new Set(waiting.map((item) => item.entityId))];
}

async function storeActivityCopy(activity: StoredActivity): Promise<void> {
  const db = await openOfflineDb();
  await db.put('activities', activity);
}

const channelSummary = (channel: Channel): Activity['channel'] => ({
  id: channel.id,
  name: channel.name,
  color: channel.color,
  isTimeOff: channel.isTimeOff,
  needsBudgetApproval: channel.needsBudgetApproval,
});

/** The API's body without the id (the queue record's entityId) and without the unused productId alias. */
function createPayload(input: ActivityInput) {
  const { id: _id, productId: _productId, ...payload } = input;
  return payload;
}

/**
 * A new activity, queued under its client-made id. `mutationId` is the key of a direct call that failed
 * on the network, so that a creation the server did apply is answered again rather than made twice.
 */
export async function queueActivityCreate(
  owner: string,
  input: ActivityInput & { id: string },
  channel: Channel,
  mutationId?: string,
): Promise<StoredActivity> {
  const now = new Date();
  const stamp = now.toISOString();
  const budgetEstimate = input.budgetEstimate ?? null;
  const approvalStatus = initialApprovalStatus(channel.needsBudgetApproval, budgetEstimate);
  const activity: StoredActivity = {
    id: input.id,
    title: input.title ?? null,
    start: input.start,
    end: activityEnd(input),
    allDay: input.allDay,
    type: channel.name,
    channelId: channel.id,
    channel: channelSummary(channel),
    duration: input.allDay ? null : (input.duration ?? null),
    description: input.description ?? null,
    location: input.location ?? null,
    address: input.address ?? null,
    postal_code: input.postal_code ?? null,
    city: input.city ?? null,
    officePhone: input.officePhone ?? null,
    officeEmail: input.officeEmail ?? null,
    officeId: input.officeId ?? null,
    doctorId: input.doctorId ?? null,
    doctorName: input.doctorName ?? null,
    attendees: input.attendees,
    productIds: input.productIds,
    precallObjectives: input.precallObjectives ?? null,
    callNotes: input.callNotes ?? null,
    nextCallObjectives: input.nextCallObjectives ?? null,
    budgetEstimate,
    approvalStatus,
    approvedBy: null,
    approvedAt: null,
    approvalNotes: null,
    needsApproval: approvalStatus === 'waiting_approval',
    acknowledgeRules: input.acknowledgeRules,
    done: false,
    doneAt: null,
    status: activityStatus({ start: input.start, done: false, isTimeOff: channel.isTimeOff }, now),
    ownerId: owner,
    createdAt: stamp,
    updatedAt: stamp,
    owner,
    pendingSync: true,
  };
  await enqueue(owner, {
    type: 'activity',
    action: 'create',
    entityId: input.id,
    payload: createPayload(input),
    dependsOn: await doctorsWaiting(owner, [input.doctorId]),
    summary: summaryOf(activity),
    ...(mutationId === undefined ? {} : { mutationId }),
  });
  await storeActivityCopy(activity);
  return activity;
}

/** The copy to change: the stored one (complete), else what the page holds (the calendar's is partial). */
async function baseOf(owner: string, activity: Activity | CalendarActivity): Promise<StoredActivity> {
  const stored = await readStoredActivity(owner, activity.id);
  // The page's copy fills in whatever the store lacks; the calendar's projection has no notes, for instance.
  return { ...(activity as Activity), ...stored, owner };
}

/**
 * An edit of the fields that changed, queued under the activity's own id (an activity made offline keeps
 * it): a new record, never a change to one already queued (research pitfall 9).
 */
export async function queueActivityUpdate(
  owner: string,
  activity: Activity | CalendarActivity,
  update: ActivityUpdate,
  channel?: Channel,
): Promise<StoredActivity> {
  const { done: _done, productId: _productId, ...changes } = update;
  const base = await baseOf(owner, activity);
  const merged = { ...base, ...changes };
  const now = new Date();
  const nextChannel = channel !== undefined && channel.id === merged.channelId ? channelSummary(channel) : base.channel;
  const next: StoredActivity = {
    ...merged,
    title: merged.title ?? null,
    end: activityEnd({
      start: merged.start,
      end: changes.end ?? base.end,
      allDay: merged.allDay,
      duration: merged.duration,
    }),
    channel: nextChannel,
    type: nextChannel.name,
    status: activityStatus({ start: merged.start, done: merged.done, isTimeOff: nextChannel.isTimeOff }, now),
    updatedAt: now.toISOString(),
    pendingSync: true,
  };
  await enqueueEdit(owner, activity.id, changes, {
    dependsOn: await doctorsWaiting(owner, [next.doctorId]),
    summary: summaryOf(next),
  });
  await storeActivityCopy(next);
  return next;
}

/** The fields of an activity's queued edits, merged. */
type EditFields = CommandPayloads['activity/update'];

/** Refused or parked changes the rep is correcting: the edit takes their place rather than waiting behind them. */
const REPLACEABLE: readonly QueueStatus[] = ['failed', 'rejected'];

/**
 * Queues an edit. When the activity's creation or earlier edits were refused or parked, they would hold the
 * edit back for good: the edit replaces them with one change carrying everything the rep entered (a
 * creation stays a creation). Their records are deleted only after the replacement is stored.
 */
async function enqueueEdit(
  owner: string,
  entityId: string,
  changes: EditFields,
  extra: { dependsOn: string[]; summary: ChangeSummary },
): Promise<void> {
  const replaced = (await listQueue(owner)).flatMap((item) => {
    if (item.entityId !== entityId || !REPLACEABLE.includes(item.status)) return [];
    const command = commandOf(item);
    return command?.name === 'activity/create' || command?.name === 'activity/update' ? [{ item, command }] : [];
  });
  // Oldest first (a creation comes before its edits): a later payload's fields win, and this edit's last.
  let creation: CommandPayloads['activity/create'] | null = null;
  let fields: EditFields = {};
  for (const { command } of replaced) {
    if (command.name === 'activity/create') creation = command.payload;
    else fields = { ...fields, ...command.payload };
  }
  if (creation === null) {
    await enqueue(owner, {
      type: 'activity',
      action: 'update',
      entityId,
      payload: { ...fields, ...changes },
      ...extra,
    });
  } else {
    const payload = { ...creation, ...fields, ...changes };
    await enqueue(owner, { type: 'activity', action: 'create', entityId, payload, ...extra });
  }
  for (const { item } of replaced) await discard(owner, item.mutationId);
}

/** Marking done, queued: final on the device at once, as it will be on the server. */
export async function queueActivityDone(owner: string, activity: Activity): Promise<StoredActivity> {
  const base = await baseOf(owner, activity);
  const now = new Date().toISOString();
  const next: StoredActivity = { ...base, done: true, doneAt: now, status: 'done', updatedAt: now, pendingSync: true };
  await enqueue(owner, { type: 'activity', action: 'done', entityId: activity.id, summary: summaryOf(next) });
  await storeActivityCopy(next);
  return next;
}

/** A deletion, queued: the device's copy goes at once; the queue record keeps its name for the rep. */
export async function queueActivityDelete(owner: string, activity: Activity): Promise<void> {
  const changes = (await listQueue(owner)).filter(
    (item) => item.entityId === activity.id && WAITING_STATUSES.includes(item.status),
  );
  // Refused, or never tried: the server has no such activity (a failure may have reached it, so not those).
  const unsentCreation = changes.some(
    (item) =>
      item.type === 'activity' &&
      item.action === 'create' &&
      (item.status === 'rejected' || (item.status === 'pending' && item.retryCount === 0)),
  );
  if (unsentCreation) {
    // The server never had it: nothing to send, the activity and its queued changes just go.
    for (const item of changes) await discard(owner, item.mutationId);
  } else {
    await enqueue(owner, { type: 'activity', action: 'delete', entityId: activity.id, summary: summaryOf(activity) });
  }
  const db = await openOfflineDb();
  await db.delete('activities', [owner, activity.id]);
}

/**
 * A doctor created from the activity form, queued under a client-made id; the copy in the doctors store
 * lets the picker find them offline, and the activities naming them are sent after them.
 */
export async function queueDoctorCreate(owner: string, input: DoctorInput): Promise<StoredDoctor> {
  const id = input.id ?? crypto.randomUUID();
  const { id: _id, ...payload } = input;
  const doctor: StoredDoctor = {
    ...payload,
    id,
    target: null,
    potential_target: null,
    updatedBy: getSession().user?.email ?? null,
    updatedAt: new Date().toISOString(),
    offices: [],
    primaryOffice: null,
    isRecent: true,
    owner,
    pendingSync: true,
  };
  await enqueue(owner, {
    type: 'doctor',
    action: 'create',
    entityId: id,
    payload,
    summary: { title: null, doctorName: `${doctor.firstName} ${doctor.lastName}`, start: null },
  });
  const db = await openOfflineDb();
  await db.put('doctors', doctor);
  return doctor;
}

/** The doctor as the activity form uses it, without the store's bookkeeping. */
export function asDoctor({ owner: _owner, ...doctor }: StoredDoctor): Doctor & { pendingSync?: boolean } {
  return doctor;
}

/**
 * After the rep discarded a change: the device's copy no longer stands for anything once no other change of
 * that entity waits. A creation's copy goes; an edited, done or deleted activity's copy goes too, and the
 * activities are pulled again in full so that the server's version comes back.
 */
export async function forgetLocalCopy(owner: string, item: QueueItem): Promise<void> {
  if (await mustFollowQueue(owner, [item.entityId])) return;
  if (item.type === 'consent') {
    await forgetConsentCopy(owner, item);
    return;
  }
  const db = await openOfflineDb();
  if (item.type === 'doctor') {
    await db.delete('doctors', [owner, item.entityId]);
    return;
  }
  if (item.type !== 'activity') return;
  await db.delete('activities', [owner, item.entityId]);
  if (item.action !== 'create') await resetSliceCursor(owner, 'activities');
}

/**
 * The signed-in user's copy of an activity while a change of it waits in the queue: it holds what the rep
 * entered, which the server's copy does not have yet (the form opened from the waiting-changes page, or
 * online before the queue has drained). Null otherwise, or when the device's store can't be read.
 */
export async function pendingActivityCopy(id: string): Promise<StoredActivity | null> {
  const owner = queueOwner();
  if (owner === null) return null;
  try {
    const stored = await readStoredActivity(owner, id);
    // Once its changes went, the server's copy is as new (the next pull replaces this one).
    return stored?.pendingSync === true && (await mustFollowQueue(owner, [id])) ? stored : null;
  } catch {
    return null;
  }
}
