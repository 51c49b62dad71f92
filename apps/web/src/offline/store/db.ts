import { openDB, type IDBPDatabase } from 'idb';

/** The local offline store of spec 000 §3 and DESIGN.md §7: version 1, four stores. */
export const OFFLINE_DB_NAME = 'crm-offline';
export const OFFLINE_DB_VERSION = 1;

/**
 * The layout of a queue record. A later build that changes it raises this and still reads the older records
 * (they may wait on a device for weeks across app updates).
 */
export const QUEUE_FORMAT_VERSION = 1;

/**
 * pending: waiting to be sent (or waiting for what it depends on); sending: handed to the server, answer
 * not yet read; synced: the server applied it; failed: 3 failures, waits for a manual retry; rejected: the
 * server refused it (its message is kept); conflict: the activity was done elsewhere, the rep's values are kept.
 */
export type QueueStatus = 'pending' | 'sending' | 'synced' | 'failed' | 'rejected' | 'conflict';

/** One queued change (decision 0021). Type and action are strings: a record may come from another build. */
export type QueueItem = {
  /** Insertion order, given by the store: the queue is sent in this order, whatever the device clock says. */
  seq: number;
  formatVersion: number;
  /** Client UUID; sent as Idempotency-Key so a replay never duplicates. */
  mutationId: string;
  /** The user id that made the change: a queue is only ever sent with its owner's token. */
  owner: string;
  type: string;
  action: string;
  /** The id of the entity changed; a new entity keeps this client-made id forever. */
  entityId: string;
  /** What the rep entered, never changed once queued. */
  payload: unknown;
  /** Entity ids whose queued changes must reach the server first (an activity's doctor created offline). */
  dependsOn: string[];
  /** Epoch milliseconds when the change was made: shown to the rep, never used for ordering. */
  timestamp: number;
  synced: boolean;
  status: QueueStatus;
  retryCount: number;
  /** The server's message (or the network's) for the last failed attempt. */
  lastError: string | null;
  /** Epoch milliseconds of the last attempt, or when it was synced. */
  updatedAt: number;
  /** What the waiting-changes page names the change by (a deletion's payload holds nothing); absent in older records. */
  summary?: ChangeSummary;
};

/** The words the rep knows a change by: an activity's title, its doctor, when it takes place. */
export type ChangeSummary = { title: string | null; doctorName: string | null; start: string | null };

/** Every cached record carries its owner; reads filter on it. */
type Owned = { owner: string };

/** Keyed by [owner, id]: two users of one device never overwrite each other's copy. */
export type OfflineActivity = Owned & { id: string } & Record<string, unknown>;
/** Keyed by [owner, doctorId]: one signature per owner and doctor. */
export type OfflineSignature = Owned & { doctorId: string } & Record<string, unknown>;
/** Keyed by [owner, id]. */
export type OfflineDoctor = Owned & { id: string } & Record<string, unknown>;

export type OfflineSchema = {
  queue: {
    key: number;
    value: QueueItem;
    indexes: { owner_seq: [string, number]; mutationId: string; status: QueueStatus };
  };
  activities: { key: [string, string]; value: OfflineActivity; indexes: { owner: string } };
  signatures: { key: [string, string]; value: OfflineSignature; indexes: { owner: string } };
  doctors: { key: [string, string]; value: OfflineDoctor; indexes: { owner: string } };
};

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let database: Promise<OfflineDb> | null = null;

/** One connection per page, opened on first use. */
export function openOfflineDb(): Promise<OfflineDb> {
  database ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      // Version 1 is the whole schema; a later version adds its own steps after this one. Indexes live
      // here because adding one later costs a version, values' fields do not.
      const queue = db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('owner_seq', ['owner', 'seq']);
      queue.createIndex('mutationId', 'mutationId', { unique: true });
      queue.createIndex('status', 'status');
      db.createObjectStore('activities', { keyPath: ['owner', 'id'] }).createIndex('owner', 'owner');
      db.createObjectStore('signatures', { keyPath: ['owner', 'doctorId'] }).createIndex('owner', 'owner');
      db.createObjectStore('doctors', { keyPath: ['owner', 'id'] }).createIndex('owner', 'owner');
    },
    blocking() {
      // A newer build in another tab wants to upgrade: let it, and reopen on next use.
      void closeOfflineDb();
    },
    terminated() {
      database = null;
    },
  }).catch((error: unknown) => {
    // Let the next call try again (e.g. the database was blocked by another tab).
    database = null;
    throw error;
  });
  return database;
}

/** Closes the page's connection; the next call opens it again (tests use it with a fresh IDBFactory). */
export async function closeOfflineDb(): Promise<void> {
  const opened = database;
  database = null;
  if (opened === null) return;
  try {
    (await opened).close();
  } catch {
    // It never opened: nothing to close.
  }
}

/** What the rep still has to see go through or act on: everything not yet synced. */
export const WAITING_STATUSES: readonly QueueStatus[] = ['pending', 'sending', 'failed', 'rejected', 'conflict'];

/** The owner's queue items, oldest first. */
export async function readQueue(owner: string): Promise<QueueItem[]> {
  const db = await openOfflineDb();
  return db.getAllFromIndex('queue', 'owner_seq', IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]));
}

/** Queue items of that owner not yet synced, whether waiting to be sent or waiting for the rep. */
export async function countPendingItems(owner: string): Promise<number> {
  const items = await readQueue(owner);
  return items.filter((item) => WAITING_STATUSES.includes(item.status)).length;
}
