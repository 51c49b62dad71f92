import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHeader } from '@/app/layout/AppHeader';
import { clearSession, getSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { leavePage } from '@/lib/leave-page';
import { activity } from '@/modules/activities/test/fixtures';
import { syncNow } from '@/offline/engine/sync-triggers';
import { enqueue, listQueue } from '@/offline/queue/queue';
import { openOfflineDb } from '@/offline/store/db';
import { readStoredActivities, readStoredDoctors } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

// The last sync before logging out: what it could not send stays in the queue.
vi.mock('@/offline/engine/sync-triggers', () => ({
  syncNow: vi.fn(() => Promise.resolve({ sent: 0, failed: 0, refused: 0, stopped: null, waiting: 1 })),
}));

const REP = REP_USER.id;
const OTHER = DEMO_ADMIN_USER.id;
const KEPT_ID = '0190a0c4-0000-7000-8000-00000000a0c1';
const CACHED_ID = '0190a0c4-0000-7000-8000-00000000a0c2';

/** The rep's device: a cached activity, one changed offline with its change queued, a doctor, a signature, a cursor. */
async function repDevice() {
  const db = await openOfflineDb();
  await db.put('activities', { ...activity({ id: CACHED_ID }), owner: REP });
  await db.put('activities', {
    ...activity({ id: KEPT_ID, title: 'Faite hors ligne' }),
    owner: REP,
    pendingSync: true,
  });
  await db.put('activities', { owner: REP, id: '__slice:activities', cursor: 'c1', complete: true });
  await db.put('doctors', { ...doctor(), owner: REP });
  await db.put('signatures', { owner: REP, doctorId: doctor().id, signatureImage: 'data:image/png;base64,AAAA' });
  await enqueue(REP, { type: 'activity', action: 'update', entityId: KEPT_ID, payload: { title: 'Faite hors ligne' } });
  // Another user of the device: untouched by the rep's logout.
  await db.put('activities', { ...activity({ id: CACHED_ID }), owner: OTHER });
}

function renderHeader() {
  const view = renderRoutes(
    [
      { path: '/', element: <AppHeader user={REP_USER} /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    '/',
  );
  view.queryClient.setQueryData(['activities', 'detail', CACHED_ID], activity({ id: CACHED_ID }));
  return view;
}

async function storedKeys(store: 'activities' | 'doctors' | 'signatures', owner: string) {
  const db = await openOfflineDb();
  return (await db.getAllKeys(store)).filter((key) => key[0] === owner).map((key) => key[1]);
}

beforeEach(async () => {
  await freshOfflineStore();
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
  stubFetch({
    'POST /api/auth/logout': () => jsonResponse({ providerLogoutUrl: null }),
    'GET /api/health': () => jsonResponse({}),
  });
  await repDevice();
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('logging out with changes waiting', () => {
  it('tries a sync, says how many still wait, and keeps them for the next sign-in while forgetting the rest', async () => {
    const { user, router, queryClient } = renderHeader();
    await user.click(screen.getByTestId('logout-button'));

    const dialog = await screen.findByRole('dialog');
    expect(syncNow).toHaveBeenCalled();
    expect(dialog).toHaveTextContent('1 change made on this device has not reached the server.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep them for my next sign-in' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().isAuthenticated).toBe(false);
    // Nothing answered for the rep is left (the header, still mounted until the login page shows, may ask
    // for the signed-out count again).
    expect(queryClient.getQueryData(['activities', 'detail', CACHED_ID])).toBeUndefined();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => JSON.stringify(query.queryKey).includes(REP)),
    ).toEqual([]);
    // The kept change and the copy it shows on stay, under the rep; the cursor goes, so the next pull starts over.
    expect((await listQueue(REP)).map((item) => item.entityId)).toEqual([KEPT_ID]);
    expect(await storedKeys('activities', REP)).toEqual([KEPT_ID]);
    expect(await storedKeys('doctors', REP)).toEqual([]);
    expect(await storedKeys('signatures', REP)).toEqual([]);
    expect(await storedKeys('activities', OTHER)).toEqual([CACHED_ID]);
  });

  it('discards them with everything else of the rep on the device', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByTestId('logout-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard them' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await listQueue(REP)).toEqual([]);
    expect(await storedKeys('activities', REP)).toEqual([]);
    expect(await storedKeys('doctors', REP)).toEqual([]);
  });

  it('stays signed in with everything in place on cancel', async () => {
    const { user, queryClient } = renderHeader();
    await user.click(screen.getByTestId('logout-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(getSession().user?.id).toBe(REP);
    expect(queryClient.getQueryCache().getAll()).not.toHaveLength(0);
    expect(await listQueue(REP)).toHaveLength(1);
    expect(await storedKeys('activities', REP)).toHaveLength(3);
  });

  it('leaves the next user nothing of the rep to read or send', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByTestId('logout-button'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep them for my next sign-in' }),
    );
    await screen.findByText('Login page');

    setSession('token', DEMO_ADMIN_USER);
    expect(await listQueue(OTHER)).toEqual([]);
    expect((await readStoredActivities(OTHER)).every((stored) => stored.owner === OTHER)).toBe(true);
    expect(await readStoredDoctors(OTHER)).toEqual([]);
  });
});

describe('logging out with nothing waiting', () => {
  it('logs out at once and forgets the cached records', async () => {
    const { user } = renderHeader();
    const [item] = await listQueue(REP);
    const db = await openOfflineDb();
    if (item !== undefined) await db.delete('queue', item.seq);

    await user.click(screen.getByTestId('logout-button'));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await storedKeys('activities', REP)).toEqual([]);
  });
});

describe('logging out of a single-sign-on session', () => {
  it("ends the product's session, forgets the user, then signs out at the provider", async () => {
    const providerLogout = 'https://idp.labo.fr/session/end?id_token_hint=x&post_logout_redirect_uri=y';
    stubFetch({
      'POST /api/auth/logout': () => jsonResponse({ providerLogoutUrl: providerLogout }),
      'GET /api/health': () => jsonResponse({}),
    });
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    const { user } = renderHeader();
    const [item] = await listQueue(REP);
    const db = await openOfflineDb();
    if (item !== undefined) await db.delete('queue', item.seq);

    await user.click(screen.getByTestId('logout-button'));
    await waitFor(() => {
      expect(leave).toHaveBeenCalledWith(providerLogout);
    });
    expect(getSession().isAuthenticated).toBe(false);
    expect(await storedKeys('activities', REP)).toEqual([]);
  });
});
