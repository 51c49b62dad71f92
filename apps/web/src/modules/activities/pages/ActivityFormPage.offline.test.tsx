import type { Activity } from '@crm/shared';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { ActivityFormPage } from '@/modules/activities/pages/ActivityFormPage';
import { activity, CHANNELS, FACE_TO_FACE, PRODUCTS } from '@/modules/activities/test/fixtures';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { listQueue } from '@/offline/queue/queue';
import { openOfflineDb } from '@/offline/store/db';
import { readStoredActivity, readStoredDoctor, storeReference } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { callsTo, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';
import { choose } from '@/test/select';

const ACK = "I confirm that this activity follows the company's compliance rules";
const SAVED_OFFLINE = 'Saved offline - will sync when connection is restored';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const api = stubFetchWith({
  'GET /api/configuration/channels/active': () => jsonResponse({ channels: CHANNELS }),
  'GET /api/auth/me/products': () => jsonResponse({ products: PRODUCTS }),
  'POST /api/recent-doctors': () => new Response(null, { status: 204 }),
});

function renderForm(path: string) {
  return renderRoutes(
    [
      { path: '/activities', element: <CurrentLocation /> },
      { path: '/activities/new', element: <ActivityFormPage /> },
      { path: '/activities/:id', element: <ActivityFormPage /> },
      { path: '/calendar', element: <CurrentLocation /> },
    ],
    path,
  );
}

async function formReady() {
  const form = await screen.findByTestId('activity-form');
  await waitFor(() => {
    expect(form).toHaveAttribute('data-ready', 'true');
  });
  return form;
}

function field(label: string): HTMLElement {
  const item = screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item');
  if (item === null) throw new Error(`No form item for ${label}`);
  return item;
}

async function fillNewActivity(user: UserEvent, title: string) {
  await user.click(screen.getByLabelText('Title'));
  await user.paste(title);
  await choose(user, 'Products', 'Cardiolix');
  await user.click(screen.getByLabelText(ACK));
}

/** Offline as the app sees it: the demo administrator's simulation, with the slice's channels and products stored. */
async function goOffline() {
  setSession('token', DEMO_ADMIN_USER);
  setSimulatedOffline(true);
  onlineManager.setOnline(false);
  await storeReference(DEMO_ADMIN_USER.id, { channels: CHANNELS, products: PRODUCTS });
}

const OWNER = DEMO_ADMIN_USER.id;

beforeEach(async () => {
  await freshOfflineStore();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  setSimulatedOffline(false);
  onlineManager.setOnline(true);
  clearSession();
  vi.unstubAllGlobals();
});

describe('ActivityFormPage offline: the writes go to the queue', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('creates into the queue under a client id, says it is saved offline and shows it at once', async () => {
    await goOffline();
    const fetchMock = api();
    const { user } = renderForm('/activities/new');
    await formReady();
    await fillNewActivity(user, 'Visite hors ligne');
    await user.click(screen.getByTestId('save-activity'));

    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    expect(await screen.findByText('At /activities')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/activities')).toHaveLength(0);
    const [item] = await listQueue(OWNER);
    expect(item).toMatchObject({ type: 'activity', action: 'create', status: 'pending', owner: OWNER });
    expect(item?.entityId).toMatch(UUID);
    expect(item?.payload).toMatchObject({
      channelId: FACE_TO_FACE.id,
      title: 'Visite hors ligne',
      productIds: [PRODUCTS[0]?.id],
      acknowledgeRules: true,
    });
    expect(await readStoredActivity(OWNER, item?.entityId ?? '')).toMatchObject({
      title: 'Visite hors ligne',
      pendingSync: true,
    });
  });

  it('ignores a second press while the first save runs', async () => {
    await goOffline();
    api();
    const { user } = renderForm('/activities/new');
    await formReady();
    await fillNewActivity(user, 'Une seule fois');
    const save = screen.getByTestId('save-activity');
    fireEvent.click(save);
    fireEvent.click(save);

    expect(await screen.findByText('At /activities')).toBeInTheDocument();
    expect(await listQueue(OWNER)).toHaveLength(1);
  });

  it('queues an edit of the changed fields under the same id', async () => {
    await goOffline();
    api();
    const existing: Activity = activity({
      ownerId: OWNER,
      productIds: [PRODUCTS[0]?.id ?? ''],
      acknowledgeRules: true,
    });
    const db = await openOfflineDb();
    await db.put('activities', { ...existing, owner: OWNER });
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.clear(screen.getByLabelText('Title'));
    await user.paste('Titre corrigé');
    await user.click(screen.getByTestId('save-activity'));

    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    const [item] = await listQueue(OWNER);
    expect(item).toMatchObject({ action: 'update', entityId: existing.id, payload: { title: 'Titre corrigé' } });
    expect(await readStoredActivity(OWNER, existing.id)).toMatchObject({ title: 'Titre corrigé', pendingSync: true });
  });

  it('marks done and deletes into the queue after their confirmations', async () => {
    await goOffline();
    api();
    const existing: Activity = activity({ ownerId: OWNER, start: '2026-11-20T09:00:00.000Z', status: 'incomplete' });
    const db = await openOfflineDb();
    await db.put('activities', { ...existing, owner: OWNER });
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.click(screen.getByTestId('mark-done-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    expect((await listQueue(OWNER)).map((item) => item.action)).toEqual(['done']);
    expect(await readStoredActivity(OWNER, existing.id)).toMatchObject({ done: true, pendingSync: true });
  });

  it('deletes into the queue and removes the device copy', async () => {
    await goOffline();
    api();
    const existing: Activity = activity({ ownerId: OWNER });
    const db = await openOfflineDb();
    await db.put('activities', { ...existing, owner: OWNER });
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.click(screen.getByTestId('delete-activity-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    expect((await listQueue(OWNER)).map((item) => [item.action, item.entityId])).toEqual([['delete', existing.id]]);
    expect(await readStoredActivity(OWNER, existing.id)).toBeNull();
  });

  it('creates a doctor into the queue and sends the activity naming them after them', async () => {
    await goOffline();
    const fetchMock = api();
    const { user } = renderForm('/activities/new');
    await formReady();

    await user.click(screen.getByTestId('create-doctor-button'));
    const doctorDialog = await screen.findByRole('dialog');
    for (const [label, text] of [
      ['RPPS', '10009998887'],
      ['First name', 'Claire'],
      ['Last name', 'Petit'],
    ] as const) {
      await user.click(within(doctorDialog).getByLabelText(label));
      await user.paste(text);
    }
    await user.click(within(doctorDialog).getByLabelText('Primary specialty'));
    await user.click(await screen.findByTitle('Cardiology'));
    await user.click(within(doctorDialog).getByTestId('create-doctor-submit'));
    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    await waitFor(() => {
      expect(field('Doctor')).toHaveTextContent('Claire Petit');
    });

    await fillNewActivity(user, 'Première visite');
    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('At /activities')).toBeInTheDocument();

    expect(callsTo(fetchMock, 'POST /api/doctors')).toHaveLength(0);
    const [doctorItem, activityItem] = await listQueue(OWNER);
    expect(doctorItem).toMatchObject({ type: 'doctor', action: 'create', payload: { rpps: '10009998887' } });
    expect(await readStoredDoctor(OWNER, doctorItem?.entityId ?? '')).toMatchObject({ lastName: 'Petit' });
    expect(activityItem).toMatchObject({
      type: 'activity',
      action: 'create',
      dependsOn: [doctorItem?.entityId],
      payload: { doctorId: doctorItem?.entityId, doctorName: 'Claire Petit' },
    });
  });
});

describe(
  'ActivityFormPage online: a call that gets no answer falls back to the queue',
  { timeout: SLOW_TEST_TIMEOUT },
  () => {
    it('queues the creation under the key of the failed call', async () => {
      setSession('token', REP_USER);
      const fetchMock = api({ 'POST /api/activities': () => Promise.reject(new TypeError('Failed to fetch')) });
      const { user } = renderForm('/activities/new');
      await formReady();
      await fillNewActivity(user, 'Réseau coupé');
      await user.click(screen.getByTestId('save-activity'));

      expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
      const [post] = callsTo(fetchMock, 'POST /api/activities');
      const key = (post?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
      const [item] = await listQueue(REP_USER.id);
      expect(item).toMatchObject({ action: 'create', mutationId: key, payload: { title: 'Réseau coupé' } });
    });

    it('still sends directly when the network works, and shows the server refusal without queueing', async () => {
      setSession('token', REP_USER);
      api({
        'POST /api/activities': () => jsonResponse({ message: 'Channel inactive', code: 'VALIDATION' }, 422),
      });
      const { user } = renderForm('/activities/new');
      await formReady();
      await fillNewActivity(user, 'Refusée');
      await user.click(screen.getByTestId('save-activity'));

      expect(await screen.findByText('Error: Channel inactive')).toBeInTheDocument();
      expect(await listQueue(REP_USER.id)).toEqual([]);
    });
  },
);
