import type { Activity } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { activity, CALL, listResult } from '@/modules/activities/test/fixtures';
import { DoctorDetailPage } from '@/modules/doctors/pages/DoctorDetailPage';
import { doctor, TARGETS } from '@/test/directory';
import { type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';

const DOCTOR = doctor();
const timelineUrl = (page = 1) => `/api/activities?doctorId=${DOCTOR.id}&page=${page}&limit=20`;
const TIMELINE_URL = timelineUrl();

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

function api(extra: Record<string, FetchHandler>) {
  return stubFetch({
    'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
    [`GET /api/doctors/${DOCTOR.id}`]: () => jsonResponse(DOCTOR),
    ...extra,
  });
}

function renderTab() {
  return renderRoutes(
    [
      { path: '/doctors/:id', element: <DoctorDetailPage /> },
      { path: '/activities/new', element: <CurrentLocation /> },
      { path: '/activities/:id', element: <CurrentLocation /> },
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

  it('pages through a doctor with more than 100 activities, 20 at a time, in the spec order', async () => {
    // 12 upcoming (from 21 November, a day apart) and 118 past (from 19 November back), 130 in all.
    const made = (index: number, start: string): Activity =>
      activity({
        ...withDoctor,
        id: `0190a0c4-0000-7000-8000-${String(index).padStart(12, '0')}`,
        title: `Visit ${String(index)}`,
        start,
        status: Date.parse(start) > Date.now() ? 'upcoming' : 'incomplete',
      });
    const upcoming = Array.from({ length: 12 }, (_, index) => made(index, at(10, 21 + index)));
    const past = Array.from({ length: 118 }, (_, index) => made(100 + index, at(10, 19 - index)));
    const expected = [...upcoming, ...past];
    const pages = Array.from({ length: 7 }, (_, index) => index + 1);
    api(
      Object.fromEntries(
        pages.map((page) => [
          `GET ${timelineUrl(page)}`,
          () =>
            jsonResponse(
              listResult(expected.slice((page - 1) * 20, page * 20), {
                total: 130,
                needsPagination: true,
                pages: 7,
                currentPage: page,
              }),
            ),
        ]),
      ),
    );
    const { user } = renderTab();

    const timeline = await screen.findByTestId('doctor-activities');
    const titles = () =>
      within(timeline)
        .getAllByTestId(/^activity-item-/)
        .map((item) => within(item).getByRole('link').textContent);
    expect(titles()).toEqual(expected.slice(0, 20).map((item) => item.title));
    expect(screen.getByTestId('doctor-activities-shown')).toHaveTextContent('20 of 130 activities');

    for (const shown of [40, 60, 80, 100, 120]) {
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => {
        expect(titles()).toHaveLength(shown);
      });
      expect(screen.getByTestId('doctor-activities-shown')).toHaveTextContent(`${String(shown)} of 130 activities`);
    }
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => {
      expect(titles()).toHaveLength(130);
    });
    expect(titles()).toEqual(expected.map((item) => item.title));
    // Past 100, and nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when there is no activity with the doctor yet', async () => {
    api({ [`GET ${TIMELINE_URL}`]: () => jsonResponse(listResult([])) });
    renderTab();
    expect(await screen.findByTestId('doctor-activities-empty')).toHaveTextContent('No activity with this doctor yet.');
  });
});
