import {
  COMMANDS,
  isCommandName,
  type CommandName,
  type CommandPayloads,
  type StoredCommand,
} from '@/offline/queue/commands';
import {
  openOfflineDb,
  QUEUE_FORMAT_VERSION,
  readQueue,
  type ChangeSummary,
  type OfflineDb,
  type QueueItem,
  type QueueStatus,
} from '@/offline/store/db';

export { readQueue as listQueue };

/** A command as the screens queue it: its type and action, and its payload (none for a payload of null). */
type CommandChange<Name extends CommandName> = Name extends `${infer Type}/${infer Action}`
  ? { type: Type; action: Action } & (CommandPayloads[Name] extends null
      ? { payload?: null }
      : { payload: CommandPayloads[Name] })
  : never;

/** A change the screens queue; the engine turns each into one call of the API (decision 0021). */
export type QueuedChange = {
  entityId: string;
  dependsOn?: string[];
  /**
   * The key of a direct call that failed on the network: if the server applied it and only the answer was
   * lost, the queued change replays it instead of applying it twice. A new one otherwise.
   */
  mutationId?: string;
  summary?: ChangeSummary;
} & { [Name in CommandName]: CommandChange<Name> }[CommandName];

/** The command a record holds; null for a type, action or payload this build does not know. */
export function commandOf(item: Pick<QueueItem, 'type' | 'action' | 'payload'>): StoredCommand | null {
  const name = `${item.type}/${item.action}`;
  if (!isCommandName(name) || COMMANDS[name].readable?.(item.payload) === false) return null;
  // Only enqueue writes records, with a payload the compiler checked against the commands' map; a layout
  // that changes raises the record's formatVersion.
  return { name, payload: item.payload } as StoredCommand;
}

/**
 * What a rep can send again: a parked failure, or a refusal whose cause went away (a channel reopened, a
 * product assigned). A conflict cannot: the activity is done, the same edit would be refused again.
 */
const RETRYABLE: readonly QueueStatus[] = ['failed', 'rejected'];

const queueListeners = new Set<() => void>();

/** Counts the changes this page made to the queue outside the engine: the engine reads it again after one. */
let queueEdits = 0;

export function queueEditCount(): number {
  return queueEdits;
}

let persistenceAsked = false;

/** Best-effort storage may be evicted with the queue in it (research pitfall 14): ask once, on the first change. */
function askForPersistentStorage(): void {
  if (persistenceAsked) return;
  persistenceAsked = true;
  // Absent in older browsers (and in tests).
  const storage: Partial<StorageManager> | undefined = (globalThis.navigator as Partial<Navigator> | undefined)
    ?.storage;
  void storage?.persist?.().catch(() => false);
}

/** Called after every enqueue: the engine starts a sync when online. */
export function onEnqueue(listener: () => void): () => void {
  queueListeners.add(listener);
  return () => queueListeners.delete(listener);
}

/** A new queue record of `owner`'s change, pending, before the store gives it its place (seq). */
export function queueItemDraft(owner: string, change: QueuedChange, now = Date.now()): Omit<QueueItem, 'seq'> {
  return {
    formatVersion: QUEUE_FORMAT_VERSION,
    mutationId: change.mutationId ?? crypto.randomUUID(),
    owner,
    type: change.type,
    action: change.action,
    entityId: change.entityId,
    payload: change.payload ?? null,
    dependsOn: change.dependsOn ?? [],
    timestamp: now,
    synced: false,
    status: 'pending',
    retryCount: 0,
    lastError: null,
    updatedAt: now,
    ...(change.summary === undefined ? {} : { summary: change.summary }),
  };
}

/**
 * Stores a change of `owner` before anything is shown as saved, with a new mutation id, and returns it.
 * Every change is its own record: a queued payload is never edited, since the server may already hold it
 * under its key (research pitfall 9).
 */
export async function enqueue(owner: string, change: QueuedChange): Promise<QueueItem> {
  const db = await openOfflineDb();
  const draft = queueItemDraft(owner, change);
  // The key path fills seq in; the typed store wants a complete value.
  const seq = await db.add('queue', draft as QueueItem);
  queueEdits += 1;
  askForPersistentStorage();
  for (const listener of queueListeners) listener();
  return { ...draft, seq };
}

async function findOwned(db: OfflineDb, owner: string, mutationId: string): Promise<QueueItem | undefined> {
  const item = await db.getFromIndex('queue', 'mutationId', mutationId);
  return item?.owner === owner ? item : undefined;
}

/** Sends a failed or rejected change again, with a fresh set of attempts. False if there is none. */
export async function retry(owner: string, mutationId: string): Promise<boolean> {
  const db = await openOfflineDb();
  const item = await findOwned(db, owner, mutationId);
  if (item === undefined || !RETRYABLE.includes(item.status)) return false;
  await db.put('queue', { ...item, status: 'pending', retryCount: 0, lastError: null, updatedAt: Date.now() });
  queueEdits += 1;
  for (const listener of queueListeners) listener();
  return true;
}

/** Removes a change the rep gave up (the screens ask first). Synced records are the engine's to prune. */
export async function discard(owner: string, mutationId: string): Promise<boolean> {
  const db = await openOfflineDb();
  const item = await findOwned(db, owner, mutationId);
  if (item === undefined || item.status === 'synced' || item.status === 'sending') return false;
  await db.delete('queue', item.seq);
  queueEdits += 1;
  return true;
}

/**
 * The earlier unsynced change that `item` must wait for: one on the same entity, or on an entity it depends
 * on (a doctor created offline). Null when it may be sent.
 */
export function blockingItem(queue: readonly QueueItem[], item: QueueItem): QueueItem | null {
  const entities = new Set([item.entityId, ...item.dependsOn]);
  return (
    queue.find((other) => other.seq < item.seq && other.status !== 'synced' && entities.has(other.entityId)) ?? null
  );
}

// What the engine alone does to records, under its lock.

/**
 * Writes the engine's new state of changes, in one transaction with the check that each is still queued.
 * Answers those written: one not queued any more (the rep discarded it meanwhile, here or in another tab) is
 * left out, and the rep's choice stands.
 */
export async function saveItems(items: readonly QueueItem[]): Promise<QueueItem[]> {
  const db = await openOfflineDb();
  const tx = db.transaction('queue', 'readwrite');
  const queued = await Promise.all(items.map((item) => tx.store.getKey(item.seq)));
  const written = items.filter((_item, index) => queued[index] !== undefined);
  await Promise.all(written.map((item) => tx.store.put(item)));
  await tx.done;
  return written;
}

/** One change's new state (see saveItems); false when it is not queued any more. */
export async function saveItem(item: QueueItem): Promise<boolean> {
  return (await saveItems([item])).length === 1;
}

/** Changes left 'sending' by a tab closed mid-call go back to pending: a replay under their key is safe. */
export async function recoverInterrupted(): Promise<number> {
  const db = await openOfflineDb();
  const stuck = await db.getAllFromIndex('queue', 'status', 'sending');
  for (const item of stuck) await db.put('queue', { ...item, status: 'pending' });
  return stuck.length;
}

/** Synced records are kept a while (the screens may show what just went), then deleted. */
export async function pruneSynced(olderThan: number): Promise<void> {
  const db = await openOfflineDb();
  const synced = await db.getAllFromIndex('queue', 'status', 'synced');
  for (const item of synced) if (item.updatedAt < olderThan) await db.delete('queue', item.seq);
}
