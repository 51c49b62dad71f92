import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TargetsToSchedule } from '@/modules/cycles/components/TargetsToSchedule';
import {
  CALL_CHANNEL,
  DOCTOR_ID,
  DURAND,
  MARTIN,
  OTHER_DOCTOR_ID,
  planView,
  VISIT_CHANNEL,
} from '@/modules/cycles/test/plans';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { CurrentLocation } from '@/test/location';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const PLAN_PATH = 'GET /api/cycles/current/plan';
const REMOVED_DOCTOR = { ...DURAND, doctorId: '0190a0c4-0000-7000-8000-000000000199', doctorName: null };

function renderList() {
  return renderRoutes(
    [
      { path: '/calendar', element: <TargetsToSchedule /> },
      { path: '/activities/new', element: <CurrentLocation /> },
    ],
    '/calendar',
  );
}

const itemIds = () =>
  within(screen.getByTestId('targets-to-schedule-list'))
    .getAllByRole('link')
    .map((link) => link.dataset.testid);

signedInAsRepInEnglish();

describe('TargetsToSchedule', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('lists what is left to schedule per target, the targets behind first, each channel with its done of goal', async () => {
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView({ targets: [MARTIN, REMOVED_DOCTOR, DURAND] }) }) });
    renderList();

    const list = await screen.findByTestId('targets-to-schedule-list');
    // Durand is behind; Martin's visit (4 − 2 done − 1 scheduled) and call (2 − 1) have one each, in the cycle's
    // channel order; a doctor removed from the directory can't be given an activity.
    expect(itemIds()).toEqual([
      `to-schedule-${OTHER_DOCTOR_ID}-${VISIT_CHANNEL}`,
      `to-schedule-${DOCTOR_ID}-${VISIT_CHANNEL}`,
      `to-schedule-${DOCTOR_ID}-${CALL_CHANNEL}`,
    ]);
    // The doctor's name once, above their channels; each link says it to a screen reader.
    expect(within(list).getByTestId(`to-schedule-${DOCTOR_ID}`)).toHaveTextContent(/^Jean Martin/);
    expect(within(list).getByRole('link', { name: 'Claire Durand, Face to face 0/4 4 to schedule' })).toBe(
      within(list).getByTestId(`to-schedule-${OTHER_DOCTOR_ID}-${VISIT_CHANNEL}`),
    );
    const call = within(list).getByTestId(`to-schedule-${DOCTOR_ID}-${CALL_CHANNEL}`);
    expect(call).toHaveTextContent('Call 1/2');
    expect(call).toHaveTextContent('1 to schedule');
  });

  it('opens a new activity with the doctor and the channel filled in, from the keyboard too', async () => {
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView() }) });
    const { user } = renderList();
    const item = await screen.findByTestId(`to-schedule-${DOCTOR_ID}-${CALL_CHANNEL}`);
    expect(item).toHaveAttribute(
      'href',
      `/activities/new?channel=${CALL_CHANNEL}&doctorId=${DOCTOR_ID}&doctorName=Jean+Martin`,
    );

    item.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `At /activities/new?channel=${CALL_CHANNEL}&doctorId=${DOCTOR_ID}&doctorName=Jean+Martin`,
    );
  });

  it('says when everything is scheduled, and when there is no plan', async () => {
    const scheduled = { ...DURAND, channels: DURAND.channels.map((counts) => ({ ...counts, toSchedule: 0 })) };
    let plan: ReturnType<typeof planView> | null = planView({ targets: [scheduled] });
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan }) });
    renderList();
    expect(await screen.findByTestId('targets-to-schedule-none')).toHaveTextContent(
      'Everything in the plan is scheduled.',
    );

    plan = null;
    renderList();
    expect(await screen.findByTestId('targets-to-schedule-no-plan')).toHaveTextContent(
      'You have no plan in the current cycle.',
    );
  });

  it('says why the plan could not be read, and tries again', async () => {
    let fail = true;
    stubFetch({
      [PLAN_PATH]: () =>
        fail ? jsonResponse({ code: 'INTERNAL', message: 'Server down' }, 500) : jsonResponse({ plan: planView() }),
    });
    const { user } = renderList();
    expect(await screen.findByText('Could not load the plan: Server down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('targets-to-schedule-list')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView() }) });
    renderList();
    const list = await screen.findByTestId('targets-to-schedule-list');
    expect(
      within(list).getByRole('link', { name: 'Claire Durand, Face-à-face 0/4 4 à planifier' }),
    ).toBeInTheDocument();
  });
});
