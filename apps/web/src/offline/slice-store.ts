import type { Activity, Channel, Doctor, Product } from '@crm/shared';
import type { IDBPTransaction } from 'idb';
import { openOfflineDb, WAITING_STATUSES, type OfflineSchema } from '@/offline/db';

/**
 * The rep's slice in the IndexedDB stores of version 1 (decision 0022): each activity and doctor as the
 * server answered it, plus the owner, and per owner three bookkeeping records kept in the same stores
 * under ids no UUID can take. A cursor lives in the store it describes, written in the transaction of the
 * page it follows: a page stored means its cursor stored, and whoever deletes an owner's records (the
 * logout) deletes their cursors with them, so the next pull starts again from scratch.
 */
const META_PREFIX = '__slice:';
const ACTIVITIES_META = `${META_PREFIX}activities`;
const DOCTORS_META = `${META_PREFIX}doctors`;
const REFERENCE_META = `${META_PREFIX}reference`;

type ActivitiesMeta = { owner: string; id: typeof ACTIVITIES_META; cursor: string; complete: boolean };
type DoctorsMeta = { owner: string; id: typeof DOCTORS_META; cursor: string; complete: boolean };
type ReferenceMeta = { owner: string; id: typeof REFERENCE_META; channels: Channel[]; products: Product[] };

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

export type SlicePage<T> = { records: T[]; removedIds: string[]; nextCursor: string; hasMore: boolean };

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

export async function storeDoctorsPage(owner: string, page: SlicePage<Doctor>): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(['queue', 'doctors'], 'readwrite');
  const waiting = await waitingEntityIds(tx, owner);
  const store = tx.objectStore('doctors');
  const writes: Promise<unknown>[] = [];
  for (const id of page.removedIds) if (!waiting.has(id)) writes.push(store.delete([owner, id]));
  for (const doctor of page.records)
    if (!waiting.has(doctor.id)) writes.push(store.put({ ...doctor, owner } satisfies StoredDoctor));
  const meta: DoctorsMeta = { owner, id: DOCTORS_META, cursor: page.nextCursor, complete: !page.hasMore };
  writes.push(store.put(meta));
  await Promise.all([...writes, tx.done]);
}

/** Channels and products: a handful of rows, replaced whole at each pull. */
export async function storeReference(owner: string, reference: { channels: Channel[]; products: Product[] }) {
  const db = await openOfflineDb();
  const meta: ReferenceMeta = { owner, id: REFERENCE_META, ...reference };
  await db.put('doctors', meta);
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
