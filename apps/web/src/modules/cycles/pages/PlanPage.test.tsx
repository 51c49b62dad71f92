import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { PlanPage } from '@/modules/cycles/pages/PlanPage';
import { RepPlanPage } from '@/modules/cycles/pages/RepPlanPage';
import { CYCLE, CYCLE_ID, MANAGEE_ID, planView, team } from '@/modules/cycles/test/plans';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { REP_USER } from '@/test/tokens';

const PLAN_PATH = 'GET /api/cycles/current/plan';
const MANAGER = {
  ...REP_USER,
  managees: [{ id: MANAGEE_ID, displayName: 'Sophie Bernard', email: 'sophie@demo-crm.fr' }],
};

function renderPlan(path = '/plan') {
  return renderRoutes(
    [
      { path: '/plan', element: <PlanPage /> },
      { path: '/plan/:cycleId/:userId', element: <RepPlanPage /> },
    ],
    path,
  );
}

signedInAsRepInEnglish();

describe('PlanPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("lists the plan's targets with each channel's done of goal, what is left and the pace", async () => {
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView() }) });
    renderPlan();
    const targets = await screen.findByTestId('plan-targets');
    const martin = within(targets).getByRole('link', { name: 'Jean Martin' }).closest('tr');
    expect(martin).toHaveTextContent('2 of 4');
    expect(martin).toHaveTextContent('2 left · 1 scheduled · 1 to schedule');
    expect(martin).toHaveTextContent('On track');
    expect(within(targets).getByRole('link', { name: 'Claire Durand' }).closest('tr')).toHaveTextContent('Behind');
    expect(screen.getByTestId('plan-attainment')).toHaveTextContent('36%');
    expect(screen.getByTestId('plan-totals')).toHaveTextContent('2 of 8');
    // A rep without managees has no team tab.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows compact rows on a phone, in French', async () => {
    await i18n.changeLanguage('fr');
    const restore = emulatePhoneScreen(390);
    try {
      stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView() }) });
      renderPlan();
      const targets = await screen.findByTestId('plan-targets');
      const martin = within(targets).getByRole('link', { name: 'Jean Martin' }).closest('tr');
      expect(martin).toHaveTextContent('Face-à-face 2/4 · Appel 1/2');
      expect(martin).toHaveTextContent('Dans les temps');
      expect(martin).toHaveTextContent('50 %');
    } finally {
      restore();
    }
  });

  it('says so when the user has no plan in the current cycle', async () => {
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: null }) });
    renderPlan();
    expect(await screen.findByTestId('plan-none')).toHaveTextContent('You have no plan in the current cycle.');
  });

  it("shows the server's message when the plan cannot be read", async () => {
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ code: 'INTERNAL', message: 'Server down' }, 500) });
    renderPlan();
    expect(await screen.findByTestId('plan-error')).toHaveTextContent('Could not load the plan');
  });

  it("shows a manager their team, the targets falling behind, and opens one rep's plan read only", async () => {
    setSession('token', MANAGER);
    stubFetch({
      [PLAN_PATH]: () => jsonResponse({ plan: null }),
      'GET /api/cycles': () => jsonResponse({ cycles: [{ ...CYCLE, plans: 2 }] }),
      [`GET /api/cycles/${CYCLE_ID}/team`]: () => jsonResponse(team()),
      [`GET /api/cycles/${CYCLE_ID}/plans/${MANAGEE_ID}`]: () =>
        jsonResponse(planView({ user: { id: MANAGEE_ID, name: 'Sophie Bernard' } })),
    });
    const { user, router } = renderPlan('/plan?tab=team');
    const table = await screen.findByTestId('team-table');
    const sophie = within(table).getByRole('link', { name: 'Sophie Bernard' }).closest('tr');
    expect(sophie).toHaveTextContent('36%');
    expect(sophie).toHaveTextContent('Behind');
    expect(within(sophie as HTMLElement).getByTestId('team-behind')).toHaveTextContent('Claire Durand 0%');
    expect(sophie).toHaveTextContent('and 11 more');
    expect(within(table).getByRole('link', { name: 'Paul Petit' }).closest('tr')).toHaveTextContent(
      'No plan in this cycle',
    );

    await user.click(within(table).getByRole('link', { name: 'Sophie Bernard' }));
    expect(router.state.location.pathname).toBe(`/plan/${CYCLE_ID}/${MANAGEE_ID}`);
    expect(await screen.findByRole('heading', { name: "Sophie Bernard's plan · T4 2026" })).toBeInTheDocument();
    expect(screen.getByText("A representative's plan, read only.")).toBeInTheDocument();
    expect(screen.getByTestId('plan-targets')).toHaveTextContent('Jean Martin');
  });

  it("refuses a plan the user may not read with the server's message", async () => {
    stubFetch({
      [`GET /api/cycles/${CYCLE_ID}/plans/${MANAGEE_ID}`]: () =>
        jsonResponse(
          { code: 'FORBIDDEN', message: 'You can only see the plans of the representatives you manage' },
          403,
        ),
    });
    renderPlan(`/plan/${CYCLE_ID}/${MANAGEE_ID}`);
    expect(await screen.findByTestId('plan-error')).toHaveTextContent(
      'You can only see the plans of the representatives you manage',
    );
  });
});
