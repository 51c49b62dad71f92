import { openDB, type IDBPDatabase } from 'idb';

/** The local offline store of spec 000 §3 and DESIGN.md §7: version 1, four stores. */
export const OFFLINE_DB_NAME = 'crm-offline';
export const OFFLINE_DB_VERSION = 1;

/** Queued commands are named <entity>/<verb> by their type and action; the sync engine narrows them. */
export type QueueItem = {
  /** Client UUID; sent as Idempotency-Key so a replay never duplicates. */
  mutationId: string;
  type: string;
  action: string;
  payload: unknown;
  /** Epoch milliseconds when the change was made; the queue is sent oldest first. */
  timestamp: number;
  synced: boolean;
  retryCount: number;
  /** The user id that made the change: a queue is only ever sent with its owner's token. */
  owner: string;
};

/** Every cached record carries its owner; reads filter on it. */
type Owned = { owner: string };

export type OfflineActivity = Owned & { id: string } & Record<string, unknown>;
/** key = `${owner}:${doctorId}`: one signature per owner and doctor. */
export type OfflineSignature = Owned & { key: string; doctorId: string } & Record<string, unknown>;
/** key = `${owner}:${id}`: two users of one device never overwrite each other's copy. */
export type OfflineDoctor = Owned & { key: string; id: string } & Record<string, unknown>;

export type OfflineSchema = {
  queue: { key: string; value: QueueItem; indexes: { owner: string; owner_timestamp: [string, number] } };
  activities: { key: string; value: OfflineActivity; indexes: { owner: string } };
  signatures: { key: string; value: OfflineSignature; indexes: { owner: string } };
  doctors: { key: string; value: OfflineDoctor; indexes: { owner: string } };
};

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export function ownedKey(owner: string, id: string): string {
  return `${owner}:${id}`;
}

let database: Promise<OfflineDb> | null = null;

/** One connection per page, opened on first use. */
export function openOfflineDb(): Promise<OfflineDb> {
  database ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      // Version 1 is the whole schema; a later version adds its own steps after this one.
      const queue = db.createObjectStore('queue', { keyPath: 'mutationId' });
      queue.createIndex('owner', 'owner');
      queue.createIndex('owner_timestamp', ['owner', 'timestamp']);
      db.createObjectStore('activities', { keyPath: 'id' }).createIndex('owner', 'owner');
      db.createObjectStore('signatures', { keyPath: 'key' }).createIndex('owner', 'owner');
      db.createObjectStore('doctors', { keyPath: 'key' }).createIndex('owner', 'owner');
    },
  }).catch((error: unknown) => {
    // Let the next call try again (e.g. the database was blocked by another tab).
    database = null;
    throw error;
  });
  return database;
}

/** Queue items of that owner not yet synced. */
export async function countPendingItems(owner: string): Promise<number> {
  const db = await openOfflineDb();
  const items = await db.getAllFromIndex('queue', 'owner', owner);
  return items.filter((item) => !item.synced).length;
}
