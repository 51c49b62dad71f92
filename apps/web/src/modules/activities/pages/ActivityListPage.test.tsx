import type { ActivityStats } from '@crm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { ActivityListPage } from '@/modules/activities/pages/ActivityListPage';
import { activity, CALL, listResult, pendingApproval } from '@/modules/activities/test/fixtures';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';

const STATS: ActivityStats = {
  upcomingCount: 12,
  incompleteCount: 3,
  doneCount: 41,
  waitingApprovalCount: 2,
  needApprovalCount: 0,
};

const DONE_VISIT = activity({
  title: 'Visite Dr Martin',
  doctorId: '0190a0c4-0000-7000-8000-000000000101',
  doctorName: 'Jean Martin',
  done: true,
  status: 'done',
});
const UNTITLED_CALL = activity({ id: '0190a0c4-0000-7000-8000-00000000a002', title: null, status: 'incomplete' }, CALL);

/** Local times, as the user's clock shows them. */
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const MEETING = activity({ id: '0190a0c4-0000-7000-8000-00000000a003', start: at(25, 14), end: at(25, 15) });
const CONGRESS = activity({
  id: '0190a0c4-0000-7000-8000-00000000a004',
  title: 'Congrès de cardiologie',
  start: at(3, 0),
  end: at(5, 0),
  allDay: true,
});

/** A manager of one representative (GET /api/auth/me names the managees). */
const MANAGER_SESSION = {
  ...REP_USER,
  managees: [{ id: '0190a0c4-7a6b-7c1e-9f00-000000000004', displayName: 'Sophie Bernard', email: 's@demo-crm.fr' }],
};

const listUrl = (status: string, page = 1) => `/api/activities?status=${status}&page=${page}&limit=50`;

function api(stats: ActivityStats, extra: Record<string, FetchHandler> = {}) {
  return stubFetch({
    'GET /api/activities/stats': () => jsonResponse(stats),
    ...extra,
  });
}

function renderPage(path: string) {
  return renderRoutes(
    [
      { path: '/activities', element: <ActivityListPage /> },
      { path: '/activities/:id', element: <CurrentLocation /> },
      { path: '/activities/new', element: <CurrentLocation /> },
      { path: '/doctors/:id', element: <CurrentLocation /> },
    ],
    path,
  );
}

signedInAsRepInEnglish();

describe('ActivityListPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('opens the filter of the query with the counts of the stats, and lists that status', async () => {
    const fetchMock = api(STATS, { [`GET ${listUrl('done')}`]: () => jsonResponse(listResult([DONE_VISIT])) });
    const { user } = renderPage('/activities?filter=done');

    expect(await screen.findByRole('heading', { name: 'Activities' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Done/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => {
      expect(screen.getByTestId('filter-count-done')).toHaveTextContent('41');
    });
    expect(screen.getByTestId('filter-count-upcoming')).toHaveTextContent('12');
    expect(screen.getByTestId('filter-count-incomplete')).toHaveTextContent('3');
    expect(screen.getByTestId('filter-count-waiting_approval')).toHaveTextContent('2');
    // Nothing waits for this user's approval: no need_approval filter.
    expect(screen.queryByTestId('filter-need_approval')).not.toBeInTheDocument();

    const item = await screen.findByTestId(`activity-item-${DONE_VISIT.id}`);
    expect(item).toHaveTextContent('Visite Dr Martin');
    expect(item).toHaveTextContent('Face to face');
    expect(within(item).getByTestId('activity-status-tag')).toHaveTextContent('Done');
    expect(within(item).getByTestId('activity-doctor-link')).toHaveAttribute(
      'href',
      `/doctors/${DONE_VISIT.doctorId ?? ''}`,
    );
    expect(callsTo(fetchMock, `GET ${listUrl('done')}`).length).toBeGreaterThan(0);

    await user.click(within(item).getByText('Face to face'));
    expect(await screen.findByText(`At /activities/${DONE_VISIT.id}`)).toBeInTheDocument();
  });

  it('starts on upcoming, names an untitled activity by its channel, and switches filters', async () => {
    api(STATS, {
      [`GET ${listUrl('upcoming')}`]: () => jsonResponse(listResult([])),
      [`GET ${listUrl('incomplete')}`]: () => jsonResponse(listResult([UNTITLED_CALL])),
    });
    const { user, router } = renderPage('/activities');

    expect(await screen.findByRole('tab', { name: /Upcoming/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('activities-empty')).toHaveTextContent('Nothing planned yet');

    await user.click(screen.getByRole('tab', { name: /Incomplete/ }));
    const item = await screen.findByTestId(`activity-item-${UNTITLED_CALL.id}`);
    expect(within(item).getByRole('link', { name: 'Call' })).toHaveAttribute('href', `/activities/${UNTITLED_CALL.id}`);
    expect(within(item).getByTestId('activity-status-tag')).toHaveTextContent('Incomplete');
    expect(router.state.location.search).toBe('?filter=incomplete');

    await user.click(screen.getByTestId('new-activity-button'));
    expect(await screen.findByText('At /activities/new')).toBeInTheDocument();
  });

  it('shows a manager the need_approval filter with 0 and an empty state when nothing waits', async () => {
    setSession('token', MANAGER_SESSION);
    const fetchMock = api(STATS, {
      [`GET ${listUrl('upcoming')}`]: () => jsonResponse(listResult([])),
      'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [] }),
    });
    const { user, router } = renderPage('/activities');

    await waitFor(() => {
      expect(screen.getByTestId('filter-count-need_approval')).toHaveTextContent('0');
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Upcoming12',
      'Incomplete3',
      'Done41',
      'Waiting for approval2',
      'To approve0',
    ]);

    await user.click(screen.getByRole('tab', { name: /To approve/ }));
    expect(await screen.findByTestId('activities-empty')).toHaveTextContent('Nothing waits for your approval.');
    expect(router.state.location.search).toBe('?filter=need_approval');
    expect(callsTo(fetchMock, 'GET /api/activities/pending-approvals')).not.toHaveLength(0);
  });

  it('shows a manager the need_approval filter with 0 and its empty state in French too', async () => {
    await i18n.changeLanguage('fr');
    setSession('token', MANAGER_SESSION);
    api(STATS, {
      [`GET ${listUrl('upcoming')}`]: () => jsonResponse(listResult([])),
      'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [] }),
    });
    const { user, router } = renderPage('/activities');

    await waitFor(() => {
      expect(screen.getByTestId('filter-count-need_approval')).toHaveTextContent('0');
    });
    await user.click(screen.getByRole('tab', { name: /À valider/ }));
    expect(await screen.findByTestId('activities-empty')).toHaveTextContent("Rien n'attend votre validation.");
    expect(router.state.location.search).toBe('?filter=need_approval');
  });

  it("writes the dates 'MMMM D, YYYY' with no weekday, in French, then in English once switched", async () => {
    await i18n.changeLanguage('fr');
    api(STATS, { [`GET ${listUrl('upcoming')}`]: () => jsonResponse(listResult([MEETING, CONGRESS])) });
    renderPage('/activities');

    const when = async (item: typeof MEETING) =>
      within(await screen.findByTestId(`activity-item-${item.id}`)).getByText(/2026/);
    expect(await when(MEETING)).toHaveTextContent(/^25 novembre 2026 · 14:00 – 15:00$/);
    expect(await when(CONGRESS)).toHaveTextContent(/^3 novembre 2026 – 4 novembre 2026 · Toute la journée$/);

    await act(() => i18n.changeLanguage('en'));
    expect(await when(MEETING)).toHaveTextContent(/^November 25, 2026 · 14:00 – 15:00$/);
    expect(await when(CONGRESS)).toHaveTextContent(/^November 3, 2026 – November 4, 2026 · All day$/);
  });

  it('never shows need_approval to a user who manages nobody, even when asked for in the address', async () => {
    setSession('token', { ...REP_USER, managees: [] });
    const fetchMock = api(STATS, { [`GET ${listUrl('upcoming')}`]: () => jsonResponse(listResult([UNTITLED_CALL])) });
    renderPage('/activities?filter=need_approval');

    expect(await screen.findByTestId(`activity-item-${UNTITLED_CALL.id}`)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Upcoming/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('filter-need_approval')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/activities/pending-approvals')).toHaveLength(0);
  });

  it('lists the pending approvals with owner and budget, and approves one', async () => {
    const approval = pendingApproval();
    const fetchMock = api(
      { ...STATS, needApprovalCount: 1 },
      {
        'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [approval] }),
        [`PUT /api/activities/${approval.id}/approve`]: () => jsonResponse({ ...approval, approvalStatus: 'approved' }),
      },
    );
    const { user } = renderPage('/activities?filter=need_approval');

    const row = await screen.findByTestId(`approval-${approval.id}`);
    expect(row).toHaveTextContent('Julien Lefèvre');
    expect(row).toHaveTextContent('rep@demo-crm.fr');
    expect(within(row).getByTestId('approval-budget')).toHaveTextContent(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(1250.5),
    );
    expect(screen.getByTestId(`activity-item-${approval.id}`)).toHaveTextContent('Waiting for Approval');
    await waitFor(() => {
      expect(screen.getByTestId('filter-count-need_approval')).toHaveTextContent('1');
    });

    await user.click(screen.getByTestId(`approve-${approval.id}`));
    expect(await screen.findByText('Budget approved')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT /api/activities/${approval.id}/approve`)).not.toHaveLength(0);
  });

  it('rejects after confirmation, sending the notes', async () => {
    const approval = pendingApproval();
    const fetchMock = api(
      { ...STATS, needApprovalCount: 1 },
      {
        'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [approval] }),
        [`PUT /api/activities/${approval.id}/reject`]: () => jsonResponse({ ...approval, approvalStatus: 'rejected' }),
      },
    );
    const { user } = renderPage('/activities?filter=need_approval');

    await user.click(await screen.findByTestId(`reject-${approval.id}`));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject this budget request?');
    const rejectCalls = () => callsTo(fetchMock, `PUT /api/activities/${approval.id}/reject`);
    expect(rejectCalls()).toHaveLength(0);

    await user.click(within(dialog).getByTestId('reject-notes'));
    await user.paste('Budget trop élevé pour 12 participants');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Budget rejected')).toBeInTheDocument();
    expect(rejectCalls()).toHaveLength(1);
    expect(rejectCalls()[0]?.[1]?.method).toBe('PUT');
    expect(jsonBody(rejectCalls()[0]?.[1])).toEqual({ notes: 'Budget trop élevé pour 12 participants' });
  });

  it('says Failed to approve activity and Failed to reject activity when the server refuses', async () => {
    const approval = pendingApproval();
    const refused = () => jsonResponse({ message: 'Only their manager can decide', code: 'NOT_APPROVER' }, 403);
    api(
      { ...STATS, needApprovalCount: 1 },
      {
        'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [approval] }),
        [`PUT /api/activities/${approval.id}/approve`]: refused,
        [`PUT /api/activities/${approval.id}/reject`]: refused,
      },
    );
    const { user } = renderPage('/activities?filter=need_approval');

    await user.click(await screen.findByTestId(`approve-${approval.id}`));
    expect(await screen.findByText('Failed to approve activity')).toBeInTheDocument();

    await user.click(screen.getByTestId(`reject-${approval.id}`));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to reject activity')).toBeInTheDocument();
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
