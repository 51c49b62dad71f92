import { ActivityInput, type DoctorInput } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { activity, CALL, EVENT, FACE_TO_FACE } from '@/modules/activities/test/fixtures';
import {
  queueActivityCreate,
  queueActivityDelete,
  queueActivityDone,
  queueActivityUpdate,
  queueDoctorCreate,
} from '@/offline/queue/offline-writes';
import { listQueue, saveItem } from '@/offline/queue/queue';
import { mustFollowQueue } from '@/offline/queue/send-or-queue';
import { openOfflineDb } from '@/offline/store/db';
import { isPendingSync } from '@/offline/store/pending-sync';
import { readStoredActivity, readStoredDoctor } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { REP_USER } from '@/test/tokens';

const OWNER = REP_USER.id;
const ID = '0190a0c4-0000-7000-8000-00000000a0a1';
const DOCTOR_ID = '0190a0c4-0000-7000-8000-00000000b0b1';

/** The form's checked input, as checkActivityForm hands it over (the schema's parse of what was entered). */
const input = (overrides: Record<string, unknown> = {}) =>
  ActivityInput.parse({
    id: ID,
    channelId: FACE_TO_FACE.id,
    title: 'Visite Dr Petit',
    start: '2026-12-01T09:00:00.000Z',
    duration: 30,
    productIds: [],
    acknowledgeRules: true,
    budgetEstimate: null,
    ...overrides,
  }) as ActivityInput & { id: string };

const doctorInput: DoctorInput = {
  rpps: '10009998887',
  firstName: 'Claire',
  lastName: 'Petit',
  title: null,
  prefix: 'Dr',
  gender: 'F',
  email: null,
  phone: null,
  primarySpecialty: 'Cardiology',
  secondarySpecialty: null,
};

beforeEach(async () => {
  await freshOfflineStore();
  setSession('token', REP_USER);
});
afterEach(() => {
  clearSession();
});

describe('queued activity writes', () => {
  it('queues a creation under the client id with the body the online call sends, and stores the copy marked pending', async () => {
    const stored = await queueActivityCreate(OWNER, input(), FACE_TO_FACE);

    const [item] = await listQueue(OWNER);
    expect(item).toMatchObject({ type: 'activity', action: 'create', entityId: ID, status: 'pending', dependsOn: [] });
    // What requests.ts sends: the payload plus id: entityId, i.e. the online POST's body.
    expect({ ...(item?.payload as object), id: item?.entityId }).toEqual(input());
    expect(item?.summary).toEqual({ title: 'Visite Dr Petit', doctorName: null, start: '2026-12-01T09:00:00.000Z' });
    expect(stored).toMatchObject({
      id: ID,
      end: '2026-12-01T09:30:00.000Z',
      channel: { id: FACE_TO_FACE.id, name: 'Face to face' },
      status: 'upcoming',
      ownerId: OWNER,
    });
    const copy = await readStoredActivity(OWNER, ID);
    expect(copy).toEqual(stored);
    expect(isPendingSync(copy ?? {})).toBe(true);
  });

  it('keeps the key of a direct call that failed on the network, so a creation the server applied is replayed', async () => {
    await queueActivityCreate(OWNER, input(), FACE_TO_FACE, 'key-of-the-direct-call');
    expect((await listQueue(OWNER))[0]?.mutationId).toBe('key-of-the-direct-call');
  });

  it('makes a budget on an approval channel wait for approval on the device as on the server', async () => {
    const stored = await queueActivityCreate(OWNER, input({ channelId: EVENT.id, budgetEstimate: 120 }), EVENT);
    expect(stored).toMatchObject({ approvalStatus: 'waiting_approval', needsApproval: true, budgetEstimate: 120 });
  });

  it('sends an activity after the doctor created offline that it names', async () => {
    const doctor = await queueDoctorCreate(OWNER, doctorInput);
    await queueActivityCreate(OWNER, input({ doctorId: doctor.id, doctorName: 'Claire Petit' }), FACE_TO_FACE);

    const [doctorItem, activityItem] = await listQueue(OWNER);
    expect(doctorItem).toMatchObject({ type: 'doctor', action: 'create', entityId: doctor.id });
    expect({ ...(doctorItem?.payload as object), id: doctorItem?.entityId }).toEqual({ ...doctorInput, id: doctor.id });
    expect(activityItem?.dependsOn).toEqual([doctor.id]);
    // The picker finds the new doctor offline.
    expect(await readStoredDoctor(OWNER, doctor.id)).toMatchObject({ lastName: 'Petit', pendingSync: true });
  });

  it('does not make an activity wait for a doctor the server already has', async () => {
    await queueActivityCreate(OWNER, input({ doctorId: DOCTOR_ID }), FACE_TO_FACE);
    expect((await listQueue(OWNER))[0]?.dependsOn).toEqual([]);
  });

  it('queues an edit of the changed fields under the same id and updates the stored copy', async () => {
    const existing = activity({ id: ID });
    const stored = await queueActivityUpdate(OWNER, existing, { callNotes: 'Intéressée', channelId: CALL.id }, CALL);

    const [item] = await listQueue(OWNER);
    expect(item).toMatchObject({
      action: 'update',
      entityId: ID,
      payload: { callNotes: 'Intéressée', channelId: CALL.id },
    });
    expect(stored).toMatchObject({ id: ID, callNotes: 'Intéressée', type: 'Call', channel: { name: 'Call' } });
    expect(await readStoredActivity(OWNER, ID)).toMatchObject({ callNotes: 'Intéressée', pendingSync: true });
  });

  it('moves an activity in the calendar from its stored copy, which the calendar projection only partly holds', async () => {
    await queueActivityCreate(OWNER, input({ callNotes: 'Notes' }), FACE_TO_FACE);
    const { callNotes: _notes, ...projection } = activity({ id: ID });
    await queueActivityUpdate(OWNER, projection, { start: '2026-12-02T10:00:00.000Z' });

    expect(await readStoredActivity(OWNER, ID)).toMatchObject({
      start: '2026-12-02T10:00:00.000Z',
      end: '2026-12-02T10:30:00.000Z',
      callNotes: 'Notes',
    });
    // Two records: a queued payload is never edited.
    expect((await listQueue(OWNER)).map((item) => item.action)).toEqual(['create', 'update']);
  });

  it('replaces a refused creation with one carrying the correction, instead of queueing behind it forever', async () => {
    await queueActivityCreate(OWNER, input(), FACE_TO_FACE);
    const [refused] = await listQueue(OWNER);
    if (refused === undefined) throw new Error('not queued');
    await saveItem({ ...refused, status: 'rejected', lastError: 'Products are required' });

    await queueActivityUpdate(OWNER, activity({ id: ID }), { title: 'Corrigée' });

    const queue = await listQueue(OWNER);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ action: 'create', entityId: ID, status: 'pending' });
    expect(queue[0]?.mutationId).not.toBe(refused.mutationId);
    expect(queue[0]?.payload).toEqual({ ...(refused.payload as object), title: 'Corrigée' });
  });

  it('marks done on the device at once and queues it', async () => {
    const stored = await queueActivityDone(OWNER, activity({ id: ID }));
    expect(stored).toMatchObject({ done: true, status: 'done', pendingSync: true });
    expect((await listQueue(OWNER))[0]).toMatchObject({ action: 'done', entityId: ID, payload: null });
  });

  it('queues a deletion of an activity the server has, keeping its name for the waiting-changes page', async () => {
    const db = await openOfflineDb();
    await db.put('activities', { ...activity({ id: ID }), owner: OWNER });
    await queueActivityDelete(OWNER, activity({ id: ID }));

    expect(await readStoredActivity(OWNER, ID)).toBeNull();
    expect((await listQueue(OWNER))[0]).toMatchObject({
      action: 'delete',
      entityId: ID,
      summary: { title: 'Visite Dr Martin' },
    });
  });

  it('sends nothing when deleting an activity whose creation never left the device', async () => {
    await queueActivityCreate(OWNER, input(), FACE_TO_FACE);
    await queueActivityUpdate(OWNER, activity({ id: ID }), { title: 'Encore' });
    await queueActivityDelete(OWNER, activity({ id: ID }));

    expect(await listQueue(OWNER)).toEqual([]);
    expect(await readStoredActivity(OWNER, ID)).toBeNull();
  });

  it('sends a later change of a queued activity, or of one naming a queued doctor, through the queue even online', async () => {
    expect(await mustFollowQueue(OWNER, [ID])).toBe(false);
    await queueActivityCreate(OWNER, input(), FACE_TO_FACE);
    const doctor = await queueDoctorCreate(OWNER, doctorInput);
    expect(await mustFollowQueue(OWNER, [ID])).toBe(true);
    expect(await mustFollowQueue(OWNER, ['other', doctor.id])).toBe(true);
    expect(await mustFollowQueue('someone-else', [ID])).toBe(false);
  });
});
