import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { activity, CALL, listResult } from '@/modules/activities/test/fixtures';
import { DoctorDetailPage } from '@/modules/doctors/pages/DoctorDetailPage';
import { doctor, TARGETS } from '@/test/directory';
import { type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { REP_USER } from '@/test/tokens';

const DOCTOR = doctor();
const TIMELINE_URL = `/api/activities?doctorId=${DOCTOR.id}&limit=100`;

/** Local dates around "now", 20 November 2026 at noon. */
const at = (month: number, day: number, hour = 10) => new Date(2026, month, day, hour).toISOString();
const withDoctor = { doctorId: DOCTOR.id, doctorName: 'Jean Martin' };
const SOON = activity({ ...withDoctor, id: '0190a0c4-0000-7000-8000-00000000a011', title: 'Soon', start: at(10, 21) });
const LATER = activity({
  ...withDoctor,
  id: '0190a0c4-0000-7000-8000-00000000a012',
  title: 'Later',
  start: at(10, 25),
});
const MISSED = activity(
  {
    ...withDoctor,
    id: '0190a0c4-0000-7000-8000-00000000a013',
    title: 'Missed',
    start: at(10, 18),
    status: 'incomplete',
  },
  CALL,
);
const DONE = activity({
  ...withDoctor,
  id: '0190a0c4-0000-7000-8000-00000000a014',
  title: 'Done',
  start: at(10, 10),
  done: true,
  status: 'done',
});
const OLD = activity({
  ...withDoctor,
  id: '0190a0c4-0000-7000-8000-00000000a015',
  title: 'Old',
  start: at(9, 1),
  status: 'incomplete',
});

function Where() {
  const location = useLocation();
  return (
    <p>
      At {location.pathname}
      {location.search}
    </p>
  );
}

function api(extra: Record<string, FetchHandler>) {
  return stubFetch({
    'GET /api/configuration/targets?active=true': () => jsonResponse({ targets: TARGETS }),
    [`GET /api/doctors/${DOCTOR.id}`]: () => jsonResponse(DOCTOR),
    ...extra,
  });
}

function renderTab() {
  return renderRoutes(
    [
      { path: '/doctors/:id', element: <DoctorDetailPage /> },
      { path: '/activities/new', element: <Where /> },
      { path: '/activities/:id', element: <Where /> },
    ],
    `/doctors/${DOCTOR.id}?tab=activities`,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12));
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the doctor page activities tab', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('lists upcoming activities soonest first, then past ones latest first, with their status tags', async () => {
    api({ [`GET ${TIMELINE_URL}`]: () => jsonResponse(listResult([OLD, LATER, DONE, SOON, MISSED])) });
    const { user } = renderTab();

    const timeline = await screen.findByTestId('doctor-activities');
    const items = within(timeline).getAllByTestId(/^activity-item-/);
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Soon',
      'Later',
      'Missed',
      'Done',
      'Old',
    ]);
    expect(items.map((item) => within(item).getByTestId('activity-status-tag').textContent)).toEqual([
      'Upcoming',
      'Upcoming',
      'Incomplete',
      'Done',
      'Incomplete',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', `/activities/${SOON.id}`);

    await user.click(screen.getByTestId('doctor-tab-create-activity'));
    expect(
      await screen.findByText(`At /activities/new?doctorId=${DOCTOR.id}&doctorName=Jean+Martin`),
    ).toBeInTheDocument();
  });

  it('says when there is no activity with the doctor yet', async () => {
    api({ [`GET ${TIMELINE_URL}`]: () => jsonResponse(listResult([])) });
    renderTab();
    expect(await screen.findByTestId('doctor-activities-empty')).toHaveTextContent('No activity with this doctor yet.');
  });
});
