import type { Activity, Channel, Doctor, PendingApproval, Product } from '@crm/shared';
import type { IDBPTransaction } from 'idb';
import { openOfflineDb, WAITING_STATUSES, type OfflineSchema, type QueueItem } from '@/offline/store/db';

/**
 * The rep's slice in the IndexedDB stores of version 1 (decision 0022): each activity and doctor as the
 * server answered it, plus the owner, and per owner bookkeeping records (cursors, reference lists, approvals,
 * plans: store/plan-store.ts) kept in the same stores under ids starting with META_PREFIX, which no UUID can take. A cursor lives in the store it describes, written in the transaction of the
 * page it follows: a page stored means its cursor stored, and whoever deletes an owner's records (the
 * logout) deletes their cursors with them, so the next pull starts again from scratch.
 */
export const META_PREFIX = '__slice:';
const ACTIVITIES_META = `${META_PREFIX}activities`;
const DOCTORS_META = `${META_PREFIX}doctors`;
const REFERENCE_META = `${META_PREFIX}reference`;
const APPROVALS_META = `${META_PREFIX}approvals`;

type ActivitiesMeta = { owner: string; id: typeof ACTIVITIES_META; cursor: string; complete: boolean };
type DoctorsMeta = { owner: string; id: typeof DOCTORS_META; cursor: string; complete: boolean };
/** Written last by a complete pull: `pulledAt` tells a tab that waited for another's pull that it is done. */
type ReferenceMeta = {
  owner: string;
  id: typeof REFERENCE_META;
  channels: Channel[];
  products: Product[];
  pulledAt?: number;
};
/** A manager's managees' budget requests waiting for them (decision 0025), replaced whole at each pull. */
type ApprovalsMeta = { owner: string; id: typeof APPROVALS_META; approvals: PendingApproval[] };

export type SliceKind = 'activities' | 'doctors';

/** A stored copy; `pendingSync` marks one written by an offline change still waiting in the queue. */
export type StoredActivity = Activity & { owner: string; pendingSync?: boolean };
export type StoredDoctor = Doctor & { owner: string; pendingSync?: boolean };

export type SliceCursor = { cursor: string; complete: boolean };

const ownerRange = (owner: string) => IDBKeyRange.bound([owner, ''], [owner, '\uffff']);
const isMeta = (record: { id: string }) => record.id.startsWith(META_PREFIX);

/** Ids the queue still has to send for this owner: the server's older copy must not replace the rep's. */
async function waitingEntityIds(
  tx: IDBPTransaction<OfflineSchema, ['queue', 'activities'] | ['queue', 'doctors'], 'readwrite'>,
  owner: string,
): Promise<Set<string>> {
  const items = await tx
    .objectStore('queue')
    .index('owner_seq')
    .getAll(IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]));
  return new Set(items.filter((item) => WAITING_STATUSES.includes(item.status)).map((item) => item.entityId));
}

/** Where the last stored page of that kind left off, or null before the first. */
export async function readSliceCursor(owner: string, kind: SliceKind): Promise<SliceCursor | null> {
  const db = await openOfflineDb();
  const meta =
    kind === 'activities'
      ? await db.get('activities', [owner, ACTIVITIES_META])
      : await db.get('doctors', [owner, DOCTORS_META]);
  if (meta === undefined || typeof meta.cursor !== 'string') return null;
  return { cursor: meta.cursor, complete: meta.complete === true };
}

export type SlicePage<T> = {
  records: T[];
  removedIds: string[];
  nextCursor: string;
  hasMore: boolean;
  /** On the doctors' last page: every doctor the owner needs now; the device drops the others. */
  neededIds?: string[];
};

/** Doctor ids the owner's waiting changes name: a change, its dependencies, an activity's doctor and attendees. */
function doctorsNamedByQueue(items: readonly QueueItem[]): Set<string> {
  const named = new Set<string>();
  for (const item of items) {
    if (!WAITING_STATUSES.includes(item.status)) continue;
    named.add(item.entityId);
    for (const id of item.dependsOn) named.add(id);
    const payload = item.payload !== null && typeof item.payload === 'object' ? item.payload : {};
    if ('doctorId' in payload && typeof payload.doctorId === 'string') named.add(payload.doctorId);
    if ('attendees' in payload && Array.isArray(payload.attendees)) {
      for (const attendee of payload.attendees as unknown[]) {
        if (attendee !== null && typeof attendee === 'object' && 'id' in attendee && typeof attendee.id === 'string')
          named.add(attendee.id);
      }
    }
  }
  return named;
}

/**
 * One page in one transaction with the queue (read) and the store: removals first, then the records, then
 * the cursor. A record with a change waiting in the queue keeps the rep's copy; the server's version comes
 * back with a later pull, once the change has been sent.
 */
export async function storeActivitiesPage(owner: string, page: SlicePage<Activity>): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(['queue', 'activities'], 'readwrite');
  const waiting = await waitingEntityIds(tx, owner);
  const store = tx.objectStore('activities');
  const writes: Promise<unknown>[] = [];
  for (const id of page.removedIds) if (!waiting.has(id)) writes.push(store.delete([owner, id]));
  for (const activity of page.records)
    if (!waiting.has(activity.id)) writes.push(store.put({ ...activity, owner } satisfies StoredActivity));
  const meta: ActivitiesMeta = { owner, id: ACTIVITIES_META, cursor: page.nextCursor, complete: !page.hasMore };
  writes.push(store.put(meta));
  await Promise.all([...writes, tx.done]);
}

/**
 * A page of doctors, as a page of activities. The last page names every doctor the owner needs now: those
 * the device holds besides them go (no longer recent, their activities deleted or out of the window), except
 * the ones a waiting change names (a doctor created offline, the doctor of an activity not yet sent).
 */
export async function storeDoctorsPage(owner: string, page: SlicePage<Doctor>): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(['queue', 'doctors'], 'readwrite');
  const queued = await tx
    .objectStore('queue')
    .index('owner_seq')
    .getAll(IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]));
  const waiting = new Set(queued.filter((item) => WAITING_STATUSES.includes(item.status)).map((item) => item.entityId));
  const store = tx.objectStore('doctors');
  const writes: Promise<unknown>[] = [];
  for (const id of page.removedIds) if (!waiting.has(id)) writes.push(store.delete([owner, id]));
  for (const doctor of page.records)
    if (!waiting.has(doctor.id)) writes.push(store.put({ ...doctor, owner } satisfies StoredDoctor));
  if (page.neededIds !== undefined) {
    const kept = new Set([...page.neededIds, ...page.records.map((doctor) => doctor.id)]);
    const named = doctorsNamedByQueue(queued);
    for (const key of await store.getAllKeys(ownerRange(owner))) {
      const id = key[1];
      if (!id.startsWith(META_PREFIX) && !kept.has(id) && !named.has(id)) writes.push(store.delete(key));
    }
  }
  const meta: DoctorsMeta = { owner, id: DOCTORS_META, cursor: page.nextCursor, complete: !page.hasMore };
  writes.push(store.put(meta));
  await Promise.all([...writes, tx.done]);
}

/**
 * Channels and products: a handful of rows, replaced whole at each pull, the last write of a complete pull.
 * With them, when that pull ended.
 */
export async function storeReference(
  owner: string,
  reference: { channels: Channel[]; products: Product[] },
  pulledAt: number = Date.now(),
) {
  const db = await openOfflineDb();
  const meta: ReferenceMeta = { owner, id: REFERENCE_META, ...reference, pulledAt };
  await db.put('doctors', meta);
}

/** When the owner's last complete pull ended (in any tab), or null before the first. */
export async function readLastPull(owner: string): Promise<number | null> {
  const db = await openOfflineDb();
  const meta = await db.get('doctors', [owner, REFERENCE_META]);
  return typeof meta?.pulledAt === 'number' ? meta.pulledAt : null;
}

/** The managees' budget requests waiting for the owner, replaced whole; null for someone who manages nobody. */
export async function storeApprovals(owner: string, approvals: PendingApproval[] | null): Promise<void> {
  const db = await openOfflineDb();
  if (approvals === null) {
    await db.delete('activities', [owner, APPROVALS_META]);
    return;
  }
  const meta: ApprovalsMeta = { owner, id: APPROVALS_META, approvals };
  await db.put('activities', meta);
}

/** The stored requests waiting for the owner's decision, as the last pull found them (empty before it). */
export async function readApprovals(owner: string): Promise<PendingApproval[]> {
  const db = await openOfflineDb();
  const meta = await db.get('activities', [owner, APPROVALS_META]);
  // Written by storeApprovals from an answer the API client parsed.
  return Array.isArray(meta?.approvals) ? (meta.approvals as PendingApproval[]) : [];
}

export async function readReference(owner: string): Promise<{ channels: Channel[]; products: Product[] } | null> {
  const db = await openOfflineDb();
  const meta = await db.get('doctors', [owner, REFERENCE_META]);
  if (meta === undefined || !Array.isArray(meta.channels) || !Array.isArray(meta.products)) return null;
  // Written by storeReference from answers the API client parsed.
  return { channels: meta.channels as Channel[], products: meta.products as Product[] };
}

/** The owner's stored activities (the copies written by storeActivitiesPage or an offline change). */
export async function readStoredActivities(owner: string): Promise<StoredActivity[]> {
  const db = await openOfflineDb();
  const records = await db.getAll('activities', ownerRange(owner));
  // Every non-bookkeeping record is an Activity answer the API client parsed, or the queue's local copy of one.
  return records.filter((record) => !isMeta(record)) as StoredActivity[];
}

export async function readStoredActivity(owner: string, id: string): Promise<StoredActivity | null> {
  if (id.startsWith(META_PREFIX)) return null;
  const db = await openOfflineDb();
  const record = await db.get('activities', [owner, id]);
  return (record as StoredActivity | undefined) ?? null;
}

export async function readStoredDoctors(owner: string): Promise<StoredDoctor[]> {
  const db = await openOfflineDb();
  const records = await db.getAll('doctors', ownerRange(owner));
  return records.filter((record) => !isMeta(record)) as StoredDoctor[];
}

export async function readStoredDoctor(owner: string, id: string): Promise<StoredDoctor | null> {
  if (id.startsWith(META_PREFIX)) return null;
  const db = await openOfflineDb();
  const record = await db.get('doctors', [owner, id]);
  return (record as StoredDoctor | undefined) ?? null;
}

/**
 * Forgets where the pulls of that kind left off: the next pull reads the whole window again. For a copy
 * the device changed and the rep then gave up (a discarded offline change): only a full pull brings back
 * the server's version, since the server's record did not change after the cursor.
 */
export async function resetSliceCursor(owner: string, kind: SliceKind): Promise<void> {
  const db = await openOfflineDb();
  if (kind === 'activities') await db.delete('activities', [owner, ACTIVITIES_META]);
  else await db.delete('doctors', [owner, DOCTORS_META]);
}
