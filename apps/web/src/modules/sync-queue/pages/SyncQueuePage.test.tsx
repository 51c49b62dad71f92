import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { activity, FACE_TO_FACE } from '@/modules/activities/test/fixtures';
import { SyncQueuePage } from '@/modules/sync-queue/pages/SyncQueuePage';
import { syncNow } from '@/offline/engine/sync-triggers';
import { enqueue, listQueue, saveItem } from '@/offline/queue/queue';
import { openOfflineDb, type QueueItem } from '@/offline/store/db';
import { readStoredActivity } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

vi.mock('@/offline/engine/sync-triggers', () => ({
  syncNow: vi.fn(() => Promise.resolve({ sent: 1, failed: 0, refused: 0, stopped: null, waiting: 0 })),
}));

const REP = REP_USER.id;
const NEW_ID = '0190a0c4-0000-7000-8000-00000000a0d1';
const EDITED_ID = '0190a0c4-0000-7000-8000-00000000a0d2';
const DOCTOR_ID = '0190a0c4-0000-7000-8000-00000000b0d1';

/** A doctor created offline and refused, an activity waiting for them, a failed edit and a conflict. */
async function waitingChanges() {
  const doctor = await enqueue(REP, {
    type: 'doctor',
    action: 'create',
    entityId: DOCTOR_ID,
    payload: { rpps: '123', firstName: 'Claire', lastName: 'Petit', primarySpecialty: 'Cardiology' },
  });
  await saveItem({ ...doctor, status: 'rejected', lastError: 'RPPS must be a numeric value up to 12 digits!' });
  const created = await enqueue(REP, {
    type: 'activity',
    action: 'create',
    entityId: NEW_ID,
    payload: {
      channelId: FACE_TO_FACE.id,
      title: 'Visite Dr Petit',
      start: '2026-12-01T09:00:00.000Z',
      doctorId: DOCTOR_ID,
    },
    dependsOn: [DOCTOR_ID],
    summary: { title: 'Visite Dr Petit', doctorName: 'Claire Petit', start: '2026-12-01T09:00:00.000Z' },
  });
  const edit = await enqueue(REP, {
    type: 'activity',
    action: 'update',
    entityId: EDITED_ID,
    payload: { callNotes: 'x' },
  });
  await saveItem({ ...edit, status: 'failed', retryCount: 3, lastError: 'The server is not answering' });
  const done = await enqueue(REP, {
    type: 'activity',
    action: 'done',
    entityId: EDITED_ID,
    summary: { title: 'Visite Dr Martin', doctorName: null, start: null },
  });
  await saveItem({ ...done, status: 'conflict' });
  const db = await openOfflineDb();
  await db.put('activities', { ...activity({ id: NEW_ID }), owner: REP, pendingSync: true });
  // Another user's change on the same device is not shown.
  await enqueue(DEMO_ADMIN_USER.id, { type: 'activity', action: 'delete', entityId: 'theirs' });
  return { doctor, created, edit, done };
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/sync', element: <SyncQueuePage /> },
      { path: '/activities/:id', element: <p>Activity form</p> },
    ],
    '/sync',
  );
}

const card = (item: QueueItem) => screen.findByTestId(`waiting-change-${item.mutationId}`);

beforeEach(async () => {
  await freshOfflineStore();
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

afterEach(() => {
  clearSession();
  vi.mocked(syncNow).mockClear();
});

describe('the waiting-changes page', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("lists the user's waiting changes with what they are, their state and why they failed", async () => {
    const { doctor, created, edit, done } = await waitingChanges();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Changes waiting to sync' })).toBeInTheDocument();
    const doctorCard = await card(doctor);
    expect(doctorCard).toHaveTextContent('New doctor');
    expect(doctorCard).toHaveTextContent('Claire Petit');
    expect(within(doctorCard).getByTestId('waiting-change-state')).toHaveTextContent('Refused');
    expect(doctorCard).toHaveTextContent('Why: RPPS must be a numeric value up to 12 digits!');

    const createdCard = await card(created);
    expect(createdCard).toHaveTextContent('New activity');
    expect(createdCard).toHaveTextContent('Visite Dr Petit');
    expect(createdCard).toHaveTextContent('Waits for the doctor created before it');
    expect(createdCard).toHaveTextContent(/Made on/);

    expect(await card(edit)).toHaveTextContent('Failed');
    expect(await card(edit)).toHaveTextContent('Why: The server is not answering');
    const doneCard = await card(done);
    expect(doneCard).toHaveTextContent('Activity marked done');
    expect(doneCard).toHaveTextContent('The activity was marked done elsewhere');
    expect(within(doneCard).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(within(doneCard).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();

    expect(screen.getAllByTestId(/^waiting-change-/).filter((node) => node.dataset.state !== undefined)).toHaveLength(
      4,
    );
  });

  it('sends a failed or refused change again', async () => {
    const { doctor } = await waitingChanges();
    const { user } = renderPage();
    await user.click(within(await card(doctor)).getByRole('button', { name: /Retry/ }));

    expect(await screen.findByText('The change will be sent again')).toBeInTheDocument();
    await waitFor(async () => {
      expect((await listQueue(REP)).find((item) => item.mutationId === doctor.mutationId)).toMatchObject({
        status: 'pending',
        retryCount: 0,
        lastError: null,
      });
    });
  });

  it('asks before discarding, then forgets the change and the copy it showed on', async () => {
    const { created } = await waitingChanges();
    const { user } = renderPage();

    await user.click(within(await card(created)).getByRole('button', { name: /Discard/ }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Discard this change?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await listQueue(REP)).toHaveLength(4);

    await user.click(within(await card(created)).getByRole('button', { name: /Discard/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));

    expect(await screen.findByText('Change discarded')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByTestId(`waiting-change-${created.mutationId}`)).not.toBeInTheDocument();
    });
    expect((await listQueue(REP)).map((item) => item.mutationId)).not.toContain(created.mutationId);
    expect(await readStoredActivity(REP, NEW_ID)).toBeNull();
  });

  it("opens an activity's change in the form", async () => {
    const { created } = await waitingChanges();
    const { user, router } = renderPage();
    await user.click(within(await card(created)).getByRole('button', { name: /Edit/ }));
    expect(await screen.findByText('Activity form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/activities/${NEW_ID}`);
  });

  it('syncs now, and says when nothing waits', async () => {
    await waitingChanges();
    const { user } = renderPage();
    await user.click(await screen.findByTestId('sync-now'));
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('All changes are synchronised')).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    renderPage();
    expect(await screen.findByTestId('sync-queue-empty')).toHaveTextContent('Nothing is waiting');
    expect(screen.queryByTestId('sync-now')).not.toBeInTheDocument();
  });
});
