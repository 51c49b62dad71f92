import type { DashboardActivity, DashboardStats } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { DashboardPage } from '@/modules/dashboard/pages/DashboardPage';
import { COMPLETION_AMBER, COMPLETION_GREEN, COMPLETION_RED } from '@/modules/dashboard/utils/dashboard-rules';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';

const STATS_PATH = 'GET /api/dashboard/stats';

/** Local times today, so the list reads the same in any time zone. */
function today(hour: number, minute = 0): string {
  const date = new Date();
  date.setHours(hour, minute, 0, 0);
  return date.toISOString();
}

function dashboardActivity(overrides: Partial<DashboardActivity> & Pick<DashboardActivity, 'id'>): DashboardActivity {
  return {
    title: null,
    start: today(9),
    end: today(10),
    allDay: false,
    type: 'Face to face',
    color: '#52c41a',
    doctorId: null,
    doctorName: null,
    done: false,
    status: 'upcoming',
    ...overrides,
  };
}

const VISIT = dashboardActivity({
  id: '0190a0c4-0000-7000-8000-00000000d001',
  title: 'Visite Dr Martin',
  doctorId: '0190a0c4-0000-7000-8000-000000000101',
  doctorName: 'Jean Martin',
});
const CALL = dashboardActivity({
  id: '0190a0c4-0000-7000-8000-00000000d002',
  type: 'Call',
  color: '#1890ff',
  start: today(0),
  end: new Date(new Date(today(0)).getTime() + 24 * 3_600_000).toISOString(),
  status: 'incomplete',
});

function stats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    completionRate: 85,
    activitiesThisMonth: 42,
    recentlyContactedDoctors: 17,
    emailsSentThisWeek: 6,
    incompleteActivities: 3,
    activitiesToday: 2,
    todayActivities: [VISIT, CALL],
    unreadMessages: 4,
    totalCampaigns: 9,
    campaignsSentThisMonth: 2,
    totalConsents: 31,
    consentsThisMonth: 5,
    nextActivity: {
      ...VISIT,
      id: '0190a0c4-0000-7000-8000-00000000d003',
      start: new Date(Date.now() + (2 * 24 * 60 + 5) * 60_000).toISOString(),
      end: new Date(Date.now() + (2 * 24 * 60 + 65) * 60_000).toISOString(),
    },
    ...overrides,
  };
}

function renderDashboard() {
  return renderRoutes(
    [
      { path: '/', element: <DashboardPage /> },
      { path: '*', element: <CurrentLocation /> },
    ],
    '/',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('DashboardPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('greets the user by first name for the local hour', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 14, 30));
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    renderDashboard();
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Good afternoon, Julien');
    expect(screen.getByText('Here is your day: November 24, 2026.')).toBeInTheDocument();
  });

  it('shows the next activity with how soon it starts', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    renderDashboard();

    const next = await screen.findByTestId('next-activity-card');
    expect(within(next).getByText('Visite Dr Martin')).toBeInTheDocument();
    expect(within(next).getByText('Jean Martin')).toBeInTheDocument();
    expect(within(next).getByTestId('next-activity-relative')).toHaveTextContent('in 2 days');
  });

  it('opens the next activity or the calendar from its card', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    const { user, router } = renderDashboard();
    await user.click(await screen.findByTestId('next-activity-details'));
    expect(await screen.findByText('At /activities/0190a0c4-0000-7000-8000-00000000d003')).toBeInTheDocument();

    await router.navigate('/');
    await user.click(await screen.findByTestId('next-activity-calendar'));
    expect(await screen.findByText('At /calendar')).toBeInTheDocument();
  });

  it('says when nothing is coming up', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats({ nextActivity: null })) });
    renderDashboard();
    expect(await screen.findByTestId('next-activity-empty')).toHaveTextContent('No upcoming activity');
    expect(screen.queryByTestId('next-activity-details')).not.toBeInTheDocument();
  });

  it('links each performance card to its list, the completion rate coloured by its level', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    renderDashboard();
    const rate = await screen.findByTestId('stat-completion-rate');
    expect(rate).toHaveAttribute('href', '/activities?filter=done');
    expect(rate).toHaveTextContent('Completion rate');
    expect(rate).toHaveTextContent('85%');
    expect(rate.querySelector('.ant-statistic-content')).toHaveStyle({ color: COMPLETION_GREEN });

    expect(screen.getByTestId('stat-activities-this-month')).toHaveAttribute('href', '/calendar');
    expect(screen.getByTestId('stat-activities-this-month')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-recently-contacted-doctors')).toHaveAttribute('href', '/doctors');
    expect(screen.getByTestId('stat-recently-contacted-doctors')).toHaveTextContent('17');
    expect(screen.getByTestId('stat-emails-sent-this-week')).toHaveAttribute('href', '/emails');
    expect(screen.getByTestId('stat-emails-sent-this-week')).toHaveTextContent('6');
  });

  it.each([
    [80, COMPLETION_GREEN],
    [79, COMPLETION_AMBER],
    [59, COMPLETION_RED],
  ])('colours a completion rate of %i with %s', async (completionRate, color) => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats({ completionRate })) });
    renderDashboard();
    const rate = await screen.findByTestId('stat-completion-rate');
    expect(rate).toHaveTextContent(`${completionRate}%`);
    expect(rate.querySelector('.ant-statistic-content')).toHaveStyle({ color });
  });

  it("lists today's activities with their time or 'all day', and opens one", async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    const { user } = renderDashboard();
    const list = await screen.findByTestId('today-list');
    const visit = within(list).getByTestId(`today-activity-${VISIT.id}`);
    expect(visit).toHaveTextContent('09:00 – 10:00');
    expect(visit).toHaveTextContent('Visite Dr Martin');
    expect(visit).toHaveTextContent('Jean Martin');
    // Midnight to midnight is all-day; no title: its channel.
    const call = within(list).getByTestId(`today-activity-${CALL.id}`);
    expect(call).toHaveTextContent('All day');
    expect(call).toHaveTextContent('Call');
    expect(call).toHaveTextContent('Incomplete');

    await user.click(visit);
    expect(await screen.findByText(`At /activities/${VISIT.id}`)).toBeInTheDocument();
  });

  it('offers to schedule an activity today when none is planned', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats({ todayActivities: [], activitiesToday: 0 })) });
    const { user } = renderDashboard();
    expect(await screen.findByTestId('today-empty')).toHaveTextContent('Nothing planned for today');
    expect(screen.queryByTestId('today-list')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('schedule-activity'));
    const date = new Date();
    const ymd = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(await screen.findByText(`At /activities/new?date=${ymd}`)).toBeInTheDocument();
  });

  it('warns about incomplete activities and unread messages, with links to them', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    renderDashboard();
    expect(await screen.findByTestId('incomplete-warning')).toHaveTextContent(
      '3 incomplete activities are waiting to be closed',
    );
    expect(screen.getByTestId('incomplete-link')).toHaveAttribute('href', '/activities?filter=incomplete');
    expect(screen.getByTestId('unread-alert')).toHaveTextContent('You have 4 unread messages');
    expect(screen.getByTestId('unread-link')).toHaveAttribute('href', '/emails');
  });

  it('shows neither warning when there is nothing incomplete or unread', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats({ incompleteActivities: 0, unreadMessages: 0 })) });
    renderDashboard();
    await screen.findByTestId('today-list');
    expect(screen.queryByTestId('incomplete-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unread-alert')).not.toBeInTheDocument();
  });

  it('shows the communication figures and the quick actions', async () => {
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    const { user } = renderDashboard();
    const communication = await screen.findByTestId('communication-panel');
    expect(within(communication).getByTestId('communication-totalCampaigns')).toHaveTextContent('9');
    expect(within(communication).getByTestId('communication-campaignsSentThisMonth')).toHaveTextContent('2');
    expect(within(communication).getByTestId('communication-totalConsents')).toHaveTextContent('31');
    expect(within(communication).getByTestId('communication-consentsThisMonth')).toHaveTextContent('5');

    expect(screen.getByTestId('quick-compose-email')).toBeInTheDocument();
    expect(screen.getByTestId('quick-add-doctor')).toBeInTheDocument();
    await user.click(screen.getByTestId('quick-new-activity'));
    expect(await screen.findByText('At /activities/new')).toBeInTheDocument();
  });

  it('hides adding a doctor from a read-only user', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    renderDashboard();
    expect(await screen.findByTestId('quick-new-activity')).toBeInTheDocument();
    expect(screen.queryByTestId('quick-add-doctor')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an error with a retry that loads the figures', async () => {
    let fail = true;
    const fetchMock = stubFetch({
      [STATS_PATH]: () =>
        fail ? jsonResponse({ message: 'Database unavailable', code: 'INTERNAL' }, 500) : jsonResponse(stats()),
    });
    const { user } = renderDashboard();
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the dashboard')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByTestId('dashboard-retry'));
    expect(await screen.findByTestId('stat-completion-rate')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/dashboard/stats')).toHaveLength(2));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    stubFetch({ [STATS_PATH]: () => jsonResponse(stats()) });
    renderDashboard();
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent(/^(Bonjour|Bon après-midi|Bonsoir) Julien$/);
    expect(await screen.findByTestId('next-activity-relative')).toHaveTextContent('dans 2 jours');
    expect(screen.getByText('Taux de réalisation')).toBeInTheDocument();
    expect(screen.getByText('Priorités du jour')).toBeInTheDocument();
    expect(screen.getByTestId('incomplete-warning')).toHaveTextContent(
      "3 activités incomplètes attendent d'être clôturées",
    );
  });
});
