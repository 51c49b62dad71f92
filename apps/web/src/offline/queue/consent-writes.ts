import type { ConsentRecord, Language } from '@crm/shared';
import { commandOf, enqueue, listQueue } from '@/offline/queue/queue';
import { openOfflineDb, WAITING_STATUSES, type QueueItem } from '@/offline/store/db';

/**
 * A doctor's consent on the device, in the signatures store (one per owner and doctor, spec 000 §3): the
 * server's current record, written each time it answers so the screen opens offline, or the consent the rep
 * collected offline, marked pendingSync, until the queue has sent it and the server answers it back.
 */

/** What the rep collected on the device and the server has not stored yet; its signing time is evidence. */
export type PendingConsent = {
  id: string;
  doctorId: string;
  kind: 'signature';
  signatureImage: string;
  professionalConsent: boolean;
  congressConsent: boolean;
  generalConsent: boolean;
  /** When the doctor signed, by the device's clock. */
  signatureDate: string;
  email: string | null;
  phone: string | null;
  /** The language of the screen the doctor read the choices on. */
  language: Language;
  /** How the screen named the doctor, for the device's own use (not sent). */
  doctorName: string | null;
  pendingSync: true;
};

/** The server's record, or the device's own while it waits in the queue. */
export type DeviceConsent = (ConsentRecord & { pendingSync?: false }) | PendingConsent;

type StoredConsent = { owner: string; doctorId: string; consent: DeviceConsent };

/** The queued body of POST /doctors/{doctorId}/signatures, with its doctor (the path) and without the id (entityId). */
export type ConsentCreatePayload = Omit<PendingConsent, 'id' | 'kind' | 'pendingSync' | 'doctorName'>;

/** A consent signed offline: the rep's choices, the drawing, the contact given and the device's signing time. */
export type ConsentDraft = Omit<ConsentCreatePayload, 'signatureDate'> & {
  /** The client-made id the server keeps; a direct call that failed on the network passes its own. */
  id: string;
  signatureDate: string;
};

/** The doctor a queued consent is of; null for any other change. */
function consentDoctor(item: QueueItem): string | null {
  const command = commandOf(item);
  return command?.name === 'consent/create' ? command.payload.doctorId : null;
}

/** The owner's consents of that doctor still waiting in the queue, oldest first. */
async function waitingConsents(owner: string, doctorId: string): Promise<QueueItem[]> {
  return (await listQueue(owner)).filter(
    (item) => WAITING_STATUSES.includes(item.status) && consentDoctor(item) === doctorId,
  );
}

/**
 * Whether a new consent of that doctor must join the queue even online: an earlier one (or the doctor's
 * creation) still waits there, and the server must record them in the order they were signed.
 */
export async function consentMustFollowQueue(owner: string, doctorId: string): Promise<boolean> {
  try {
    return (await waitingConsents(owner, doctorId)).length > 0 || (await doctorCreationWaits(owner, doctorId));
  } catch {
    // No readable store (a browser without IndexedDB): nothing can wait there.
    return false;
  }
}

/** The doctor was created offline and the server doesn't know them yet: the consent is sent after them. */
async function doctorCreationWaits(owner: string, doctorId: string): Promise<boolean> {
  return (await listQueue(owner)).some(
    (item) => item.type === 'doctor' && item.entityId === doctorId && WAITING_STATUSES.includes(item.status),
  );
}

export async function readStoredConsent(owner: string, doctorId: string): Promise<DeviceConsent | null> {
  const db = await openOfflineDb();
  const record = (await db.get('signatures', [owner, doctorId])) as StoredConsent | undefined;
  return record?.consent ?? null;
}

/**
 * Keeps the server's answer for offline use, and answers what the screen shows: the rep's own copy while a
 * consent of that doctor still waits in the queue (it is newer than anything the server has), the server's
 * otherwise. No current consent on the server removes the stored copy.
 */
export async function storeServerConsent(
  owner: string,
  doctorId: string,
  consent: ConsentRecord | null,
): Promise<DeviceConsent | null> {
  if ((await waitingConsents(owner, doctorId)).length > 0) {
    const stored = await readStoredConsent(owner, doctorId);
    if (stored?.pendingSync === true) return stored;
  }
  const db = await openOfflineDb();
  if (consent === null) await db.delete('signatures', [owner, doctorId]);
  else await db.put('signatures', { owner, doctorId, consent } satisfies StoredConsent);
  return consent;
}

/**
 * A consent collected offline, or online when the call got no answer: queued under its client-made id
 * (a `mutationId` of the failed call replays it rather than recording it twice), sent after the doctor
 * when the doctor was created offline too, and kept in the signatures store for the screen.
 */
export async function queueConsentCreate(
  owner: string,
  draft: ConsentDraft,
  extra: { doctorName: string | null; mutationId?: string },
): Promise<PendingConsent> {
  const { id, ...payload } = draft;
  const consent: PendingConsent = {
    ...payload,
    id,
    kind: 'signature',
    doctorName: extra.doctorName,
    pendingSync: true,
  };
  await enqueue(owner, {
    type: 'consent',
    action: 'create',
    entityId: id,
    payload,
    dependsOn: (await doctorCreationWaits(owner, draft.doctorId)) ? [draft.doctorId] : [],
    summary: { title: null, doctorName: extra.doctorName, start: null },
    ...(extra.mutationId === undefined ? {} : { mutationId: extra.mutationId }),
  });
  const db = await openOfflineDb();
  await db.put('signatures', { owner, doctorId: draft.doctorId, consent } satisfies StoredConsent);
  return consent;
}

/** The rep discarded a queued consent: the device's copy of it stood for nothing else. */
export async function forgetConsentCopy(owner: string, item: QueueItem): Promise<void> {
  const doctorId = consentDoctor(item);
  if (doctorId === null) return;
  const db = await openOfflineDb();
  const stored = await readStoredConsent(owner, doctorId);
  if (stored?.id === item.entityId) await db.delete('signatures', [owner, doctorId]);
}
