import type { Benefit, BenefitInputForm } from '@crm/shared';
import { commandOf, enqueue, listQueue } from '@/offline/queue/queue';
import { WAITING_STATUSES, type QueueItem, type QueueStatus } from '@/offline/store/db';

/**
 * Transparence Santé benefits recorded on the device (issue 31). The queue record is the device's only copy:
 * the doctor's transparency tab reads the waiting ones from the queue, so no store of their own is needed, and a
 * benefit leaves the tab's waiting list the moment the queue has sent it (the server's answer then lists it).
 */

/** The queued body of POST /doctors/{doctorId}/benefits, with its doctor (the path) and without the id (entityId). */
export type BenefitCreatePayload = Omit<BenefitInputForm, 'id'> & { doctorId: string };

/** A benefit the server does not hold yet, as the tab lists it beside the server's. */
export type PendingBenefit = Benefit & {
  pendingSync: true;
  /** Where its queue record stands; a refusal's message is `lastError`. */
  queueStatus: QueueStatus;
  lastError: string | null;
};

/** The server's benefit, or the device's while it waits in the queue. */
export type DeviceBenefit = (Benefit & { pendingSync?: false }) | PendingBenefit;

/** What the form sends, with its client-made id: a replay of a failed call sends the same. */
export type BenefitDraft = BenefitCreatePayload & { id: string };

function pendingBenefitOf(item: QueueItem, recordedBy: Benefit['recordedBy']): PendingBenefit | null {
  const command = commandOf(item);
  if (command?.name !== 'benefit/create') return null;
  const { payload } = command;
  const made = new Date(item.timestamp).toISOString();
  return {
    id: item.entityId,
    doctorId: payload.doctorId,
    nature: payload.nature,
    amountCents: payload.amountCents,
    date: payload.date,
    conventionId: payload.conventionId ?? null,
    activityId: payload.activityId ?? null,
    note: payload.note ?? null,
    recordedBy,
    createdAt: made,
    updatedAt: made,
    pendingSync: true,
    queueStatus: item.status,
    lastError: item.lastError,
  };
}

/** The owner's benefits of that doctor still in the queue, oldest first; `recordedBy` is the owner as the screen names them. */
export async function waitingBenefits(
  owner: string,
  doctorId: string,
  recordedBy: Benefit['recordedBy'],
): Promise<PendingBenefit[]> {
  return (await listQueue(owner))
    .filter((item) => WAITING_STATUSES.includes(item.status))
    .map((item) => pendingBenefitOf(item, recordedBy))
    .filter((benefit): benefit is PendingBenefit => benefit !== null && benefit.doctorId === doctorId);
}

/**
 * A benefit recorded offline, or online when the call got no answer: queued under its client-made id (a
 * `mutationId` of the failed call replays it rather than recording it twice), after the doctor's creation
 * when the doctor was created offline too, and after the activity it belongs to when that still waits.
 */
export async function queueBenefitCreate(
  owner: string,
  draft: BenefitDraft,
  extra: { doctorName: string | null; mutationId?: string },
): Promise<void> {
  const { id, ...payload } = draft;
  const queued = await listQueue(owner);
  const waiting = (entityId: string | null | undefined) =>
    typeof entityId === 'string' &&
    queued.some((item) => item.entityId === entityId && WAITING_STATUSES.includes(item.status));
  const dependsOn = [draft.doctorId, draft.activityId].filter(
    (entityId): entityId is string => typeof entityId === 'string' && waiting(entityId),
  );
  await enqueue(owner, {
    type: 'benefit',
    action: 'create',
    entityId: id,
    payload,
    dependsOn,
    summary: { title: null, doctorName: extra.doctorName, start: draft.date },
    ...(extra.mutationId === undefined ? {} : { mutationId: extra.mutationId }),
  });
}
