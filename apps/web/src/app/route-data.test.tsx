import type { ActivityStats } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { createRouteLoaders } from '@/app/route-data';
import { RouteGuard } from '@/app/router';
import { doctorQueries } from '@/modules/doctors/api';
import { DoctorListPage } from '@/modules/doctors/pages/DoctorListPage';
import { fetchChunks } from '@/modules/calendar/utils/calendar-range';
import { doctor, doctorListItem, TARGETS } from '@/test/directory';
import { callsTo, jsonResponse, requestOf, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes, testQueryClient } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { REP_USER } from '@/test/tokens';

const LEFEBVRE = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000111',
  lastName: 'Lefebvre',
  firstName: 'Claire',
  isRecent: true,
});
const LEFEBVRE_DETAIL = doctor({ id: LEFEBVRE.id, lastName: 'Lefebvre', firstName: 'Claire' });

const NO_ACTIVITY_STATS: ActivityStats = {
  upcomingCount: 0,
  incompleteCount: 0,
  doneCount: 0,
  waitingApprovalCount: 0,
  needApprovalCount: 0,
};

const RECENT = 'GET /api/recent-doctors';
const META = 'GET /api/meta';
const SSO_CONFIG = 'GET /api/auth/sso-config';
const DETAIL = `GET /api/doctors/${LEFEBVRE.id}`;

function api() {
  return stubFetch({
    'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
    [RECENT]: () => jsonResponse({ doctors: [LEFEBVRE] }),
    'GET /api/doctors/search?search=mar&page=2&limit=20': () => jsonResponse({ doctors: [], total: 0, pages: 1 }),
    [DETAIL]: () => jsonResponse(LEFEBVRE_DETAIL),
    'POST /api/recent-doctors': () => new Response(null, { status: 204 }),
    'GET /api/dashboard/stats': () => jsonResponse({}),
    // A valid answer: the badges' query retries a failed one (spec 001 §9), past the test's end.
    'GET /api/activities/stats': () => jsonResponse(NO_ACTIVITY_STATS),
    'GET /api/configuration/channels/active': () => jsonResponse({ channels: [] }),
    [META]: () => jsonResponse({ demoMode: true, version: '1.2.3' }),
    [SSO_CONFIG]: () => jsonResponse({ enabled: false }),
  });
}

/** A page that asks for nothing itself: whatever is fetched, its route's loader asked for. */
function Quiet({ name }: { name: string }) {
  return <p>{name} page</p>;
}

/** The doctor's page, reduced to its query: it shows the doctor once the detail is in the cache. */
function DoctorName() {
  const { id = '' } = useParams();
  const { data } = useQuery(doctorQueries.detail(id));
  return <p>{data === undefined ? 'Loading doctor' : `Doctor ${data.lastName}`}</p>;
}

type Pages = { doctors?: React.ReactNode };

/** The app's loaders over the test's query cache, behind the app's route guard. */
function appRoutes(pages: Pages = {}) {
  return (queryClient: Parameters<typeof createRouteLoaders>[0]): RouteObject[] => {
    const loaders = createRouteLoaders(queryClient);
    return [
      {
        element: <RouteGuard />,
        children: [
          { path: 'login', loader: loaders.login, element: <Quiet name="Login" /> },
          { index: true, loader: loaders.dashboard, element: <Quiet name="Dashboard" /> },
          { path: 'doctors', loader: loaders.doctorList, element: pages.doctors ?? <Quiet name="Doctors" /> },
          { path: 'doctors/:id', loader: loaders.doctor, element: <DoctorName /> },
          { path: 'activities', loader: loaders.activityList, element: <Quiet name="Activities" /> },
          { path: 'calendar', loader: loaders.calendar, element: <Quiet name="Calendar" /> },
        ],
      },
    ];
  };
}

signedInAsRepInEnglish();

describe('route loaders', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("ask for /doctors' recent doctors and targets themselves, not waiting for the page", async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), '/doctors');

    expect(await screen.findByText('Doctors page')).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(fetchMock, RECENT)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/configuration/targets')).toHaveLength(1);
    });
    expect(callsTo(fetchMock, 'GET /api/doctors/search', { anyParams: true })).toHaveLength(0);
  });

  it('ask for the search page the address names instead of the recent doctors', async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), '/doctors?search=mar&page=2&limit=20');

    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/doctors/search?search=mar&page=2&limit=20')).toHaveLength(1);
    });
    expect(callsTo(fetchMock, RECENT)).toHaveLength(0);
  });

  it("ask in the navigation's own call once the page's queries are loaded, not a task later", async () => {
    const fetchMock = api();
    const loaders = createRouteLoaders(testQueryClient());
    const navigateTo = (address: string) => {
      const url = new URL(address, 'http://localhost');
      return loaders.doctorList({
        request: new Request(url),
        url,
        pattern: '/doctors',
        params: {},
        context: undefined,
      });
    };

    await navigateTo('/doctors');
    await waitFor(() => {
      expect(callsTo(fetchMock, RECENT)).toHaveLength(1);
    });
    navigateTo('/doctors?search=mar&page=2&limit=20');
    // Nothing awaited since the call: the request left while the loader ran.
    expect(callsTo(fetchMock, 'GET /api/doctors/search?search=mar&page=2&limit=20')).toHaveLength(1);
  });

  it("leave the page the loader's answer: the recent doctors are asked for once", async () => {
    const fetchMock = api();
    renderRoutes(appRoutes({ doctors: <DoctorListPage /> }), '/doctors');

    const table = await screen.findByTestId('recent-doctors-table');
    expect(await within(table).findByText('Lefebvre')).toBeInTheDocument();
    expect(callsTo(fetchMock, RECENT)).toHaveLength(1);
  });

  it("ask for the sign-in page's public settings with its code", async () => {
    clearSession();
    const fetchMock = api();
    renderRoutes(appRoutes(), '/login');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(fetchMock, META)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(callsTo(fetchMock, SSO_CONFIG)).toHaveLength(1);
    });
  });

  it('ask for no sign-in settings when signed in: the guard sends the browser to the dashboard', async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), '/login');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    // The dashboard's loader ran after the sign-in page's: by then the latter would have asked had it started.
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/dashboard/stats')).toHaveLength(1);
    });
    expect(callsTo(fetchMock, META)).toHaveLength(0);
    expect(callsTo(fetchMock, SSO_CONFIG)).toHaveLength(0);
  });

  it('ask for nothing when signed out: the guard sends the browser to sign in', async () => {
    clearSession();
    const fetchMock = api();
    renderRoutes(appRoutes(), '/doctors');
    expect(await screen.findByText('Login page')).toBeInTheDocument();

    // Signing in sends the browser on to the dashboard, whose loader asks for its figures: by then the
    // doctors' loader, which ran first, would have asked too had it started anything.
    act(() => {
      setSession('token', REP_USER);
    });
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/dashboard/stats')).toHaveLength(1);
    });
    expect(callsTo(fetchMock, RECENT)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET /api/configuration/targets')).toHaveLength(0);
  });

  it("ask for a doctor's page's doctor, which the page then reads from the cache", async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), `/doctors/${LEFEBVRE.id}`);

    expect(await screen.findByText('Doctor Lefebvre')).toBeInTheDocument();
    expect(callsTo(fetchMock, DETAIL)).toHaveLength(1);
  });

  it('ask for a doctor as a finger comes down on its row, before the tap opens the page', async () => {
    const fetchMock = api();
    renderRoutes(appRoutes({ doctors: <DoctorListPage /> }), '/doctors');
    const row = (await screen.findByText('Lefebvre')).closest('tr');
    if (row === null) throw new Error('no row for Lefebvre');

    fireEvent.pointerDown(row);
    await waitFor(() => {
      expect(callsTo(fetchMock, DETAIL)).toHaveLength(1);
    });
    fireEvent.click(row);
    expect(await screen.findByText('Doctor Lefebvre')).toBeInTheDocument();
    expect(callsTo(fetchMock, DETAIL)).toHaveLength(1);
  });

  it('ask for the dashboard figures on /', async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), '/');

    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/dashboard/stats')).toHaveLength(1);
    });
  });

  it("ask for /activities' badges and the filter's page the address names", async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), '/activities?filter=done&page=2');

    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/activities/stats')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/activities?status=done&page=2&limit=50')).toHaveLength(1);
    });
  });

  it("ask for the calendar's opening range, its margins and the legend's channels", async () => {
    const fetchMock = api();
    renderRoutes(appRoutes(), '/calendar?view=dayGridMonth&date=2026-11-01');

    const november = { start: new Date(2026, 9, 26), end: new Date(2026, 11, 7) };
    const expected = fetchChunks('dayGridMonth', november).map((chunk) => chunk.start.toISOString());
    await waitFor(() => {
      const asked = callsTo(fetchMock, 'GET /api/activities', { anyParams: true })
        .map(([input]) => requestOf(input).params)
        .filter((params) => params.has('calendarView'))
        .map((params) => params.get('startDate'));
      expect(asked.sort()).toEqual(expected.sort());
    });
    expect(callsTo(fetchMock, 'GET /api/configuration/channels/active')).toHaveLength(1);
  });
});
