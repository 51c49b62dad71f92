import { Activity, Doctor } from '@crm/shared';
import type { SyncedChange } from '@/offline/engine/sync-engine';
import { openOfflineDb, WAITING_STATUSES } from '@/offline/store/db';
import type { StoredActivity, StoredDoctor } from '@/offline/store/slice-store';

/** The activity changes whose answer is the activity as the server now holds it. */
const ANSWERED_WITH_THE_ACTIVITY: readonly string[] = ['create', 'update', 'done'];

/**
 * Puts the server's answers to changes just synced, in their order, in place of the device's copies, which
 * the rep's changes had marked as waiting to sync: the lists and the calendar stop showing them as waiting at
 * once, instead of at the next pull. A copy stays while another change of the same entity still waits in the
 * queue (it shows that change). A doctor created on the device whose RPPS the server already knew is answered
 * with the existing doctor (decision 0020): the device's copy under the client's id gives way to it, and the
 * copies of the activities naming the client's id name the existing doctor, as the server stores them. One
 * transaction for a whole batch, reading the queue once.
 */
export async function storeServerAnswers(synced: readonly SyncedChange[]): Promise<void> {
  const owner = synced[0]?.item.owner;
  if (owner === undefined) return;
  const tx = await openWithQueue();
  const waiting = await waitingEntities(tx, owner);
  for (const { item, answer } of synced) {
    if (item.type === 'activity' && ANSWERED_WITH_THE_ACTIVITY.includes(item.action)) {
      const activity = Activity.safeParse(answer);
      if (activity.success) await replaceActivityCopy(tx, waiting, owner, activity.data);
    } else if (item.type === 'doctor' && item.action === 'create') {
      const doctor = Doctor.safeParse(answer);
      if (doctor.success) await replaceDoctorCopy(tx, waiting, owner, item.entityId, doctor.data);
    }
  }
  await tx.done;
}

async function openWithQueue() {
  const db = await openOfflineDb();
  return db.transaction(['queue', 'activities', 'doctors'], 'readwrite');
}

type Transaction = Awaited<ReturnType<typeof openWithQueue>>;

/** The entities with a change of the owner's still waiting: their copies show that change. */
async function waitingEntities(tx: Transaction, owner: string): Promise<Set<string>> {
  const items = await tx
    .objectStore('queue')
    .index('owner_seq')
    .getAll(IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]));
  return new Set(items.filter((queued) => WAITING_STATUSES.includes(queued.status)).map((queued) => queued.entityId));
}

async function replaceActivityCopy(
  tx: Transaction,
  waiting: ReadonlySet<string>,
  owner: string,
  activity: Activity,
): Promise<void> {
  if (!waiting.has(activity.id)) {
    await tx.objectStore('activities').put({ ...activity, owner } satisfies StoredActivity);
  }
}

async function replaceDoctorCopy(
  tx: Transaction,
  waiting: ReadonlySet<string>,
  owner: string,
  clientId: string,
  doctor: Doctor,
): Promise<void> {
  const doctors = tx.objectStore('doctors');
  if (!waiting.has(doctor.id)) await doctors.put({ ...doctor, owner } satisfies StoredDoctor);
  if (doctor.id !== clientId) {
    if (!waiting.has(clientId)) await doctors.delete([owner, clientId]);
    await repointActivities(tx, owner, clientId, doctor);
  }
}

/** The owner's activity copies naming the alias (as their doctor or an attendee) name the existing doctor. */
async function repointActivities(tx: Transaction, owner: string, aliasId: string, doctor: Doctor): Promise<void> {
  const name = `${doctor.firstName} ${doctor.lastName}`;
  let cursor = await tx.objectStore('activities').index('owner').openCursor(owner);
  while (cursor !== null) {
    const stored = cursor.value as Partial<StoredActivity>;
    const isDoctor = stored.doctorId === aliasId;
    const attendees = Array.isArray(stored.attendees) ? stored.attendees : [];
    const isAttendee = attendees.some((attendee) => attendee.id === aliasId);
    if (isDoctor || isAttendee) {
      await cursor.update({
        ...cursor.value,
        ...(isDoctor && { doctorId: doctor.id, doctorName: name }),
        ...(isAttendee && {
          attendees: attendees.map((attendee) => (attendee.id === aliasId ? { id: doctor.id, name } : attendee)),
        }),
      });
    }
    cursor = await cursor.continue();
  }
}
