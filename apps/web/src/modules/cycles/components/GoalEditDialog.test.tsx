import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { PlanPage } from '@/modules/cycles/pages/PlanPage';
import { RepPlanPage } from '@/modules/cycles/pages/RepPlanPage';
import {
  CYCLE,
  CYCLE_ID,
  DOCTOR_ID,
  MANAGEE_ID,
  planView,
  VISIT_CHANNEL,
  CALL_CHANNEL,
} from '@/modules/cycles/test/plans';
import { callsTo, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { REP_USER } from '@/test/tokens';

const MANAGER = {
  ...REP_USER,
  id: '0190a0c4-7a6b-7c1e-9f00-000000000002',
  managees: [{ id: MANAGEE_ID, displayName: 'Sophie Bernard', email: 'sophie@demo-crm.fr' }],
};
const MANAGEE = { id: MANAGEE_ID, name: 'Sophie Bernard' };
const MANAGEE_PLAN = `GET /api/cycles/${CYCLE_ID}/plans/${MANAGEE_ID}`;
const OWN_TARGETS = `PUT /api/cycles/${CYCLE_ID}/plans/${REP_USER.id}/targets`;
const EDITABLE = planView({ canEditGoals: true, cycle: { ...CYCLE, repsMayEditGoals: true } });

function renderPlan(path: string) {
  return renderRoutes(
    [
      { path: '/plan', element: <PlanPage /> },
      { path: '/plan/:cycleId/:userId', element: <RepPlanPage /> },
    ],
    path,
  );
}

const martinRow = async () => (await screen.findByRole('link', { name: 'Jean Martin' })).closest('tr') as HTMLElement;

signedInAsRepInEnglish();

describe('Adjusting goals on a plan', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('offers a rep nothing to change when their cycle does not let reps adjust goals', async () => {
    stubFetch({ 'GET /api/cycles/current/plan': () => jsonResponse({ plan: planView() }) });
    renderPlan('/plan');
    await martinRow();
    expect(screen.queryByTestId('target-edit-goals')).not.toBeInTheDocument();
  });

  it("lets a rep adjust a target's goals when the cycle allows it, the schema's rules first", async () => {
    const fetchMock = stubFetch({
      'GET /api/cycles/current/plan': () => jsonResponse({ plan: EDITABLE }),
      [OWN_TARGETS]: () => jsonResponse(EDITABLE),
    });
    const { user } = renderPlan('/plan');
    await user.click(within(await martinRow()).getByRole('button', { name: 'Adjust the goals of Jean Martin' }));
    const form = await screen.findByTestId('goal-form');
    expect(screen.getByRole('dialog')).toHaveTextContent('Goals for Jean Martin');
    const visitGoal = within(form).getByLabelText('Face to face goal');
    expect(visitGoal).toHaveValue('4');
    await user.clear(visitGoal);
    await user.type(visitGoal, '6');
    await user.type(within(form).getByLabelText('Face to face cap'), '5');
    await user.click(screen.getByTestId('goal-save'));
    expect(await within(form).findByText('The cap cannot be below the goal')).toBeInTheDocument();
    expect(callsTo(fetchMock, OWN_TARGETS)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Face to face cap'));
    await user.type(within(form).getByLabelText('Face to face cap'), '8');
    await user.click(screen.getByTestId('goal-save'));
    expect(await screen.findByText('Goals saved')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, OWN_TARGETS)[0]?.[1])).toEqual({
      targets: [
        {
          doctorId: DOCTOR_ID,
          goals: [
            { channelId: VISIT_CHANNEL, goal: 6, cap: 8 },
            { channelId: CALL_CHANNEL, goal: 2, cap: null },
          ],
        },
      ],
    });
  });

  it("shows the server's refusal in the dialog", async () => {
    stubFetch({
      'GET /api/cycles/current/plan': () => jsonResponse({ plan: EDITABLE }),
      [OWN_TARGETS]: () =>
        jsonResponse({ code: 'FORBIDDEN', message: 'This cycle does not let representatives adjust their goals' }, 403),
    });
    const { user } = renderPlan('/plan');
    await user.click(within(await martinRow()).getByTestId('target-edit-goals'));
    await screen.findByTestId('goal-form');
    await user.click(screen.getByTestId('goal-save'));
    expect(await screen.findByTestId('goal-refusal')).toHaveTextContent(
      'This cycle does not let representatives adjust their goals',
    );
  });

  it("lets a manager adjust a managee's goals while the cycle is planned", async () => {
    setSession('token', MANAGER);
    stubFetch({
      [MANAGEE_PLAN]: () =>
        jsonResponse(planView({ user: MANAGEE, canEditGoals: true, cycle: { ...CYCLE, status: 'planned' } })),
    });
    renderPlan(`/plan/${CYCLE_ID}/${MANAGEE_ID}`);
    await martinRow();
    expect(screen.getByText("A representative's plan: you may adjust its goals.")).toBeInTheDocument();
    expect(screen.getAllByTestId('target-edit-goals')).toHaveLength(2);
  });

  it('keeps the plan read only for a manager once the cycle has started, as the shared rule says', async () => {
    setSession('token', MANAGER);
    // An answer saying otherwise (read before the cycle started) does not override the rule.
    stubFetch({ [MANAGEE_PLAN]: () => jsonResponse(planView({ user: MANAGEE, canEditGoals: true })) });
    renderPlan(`/plan/${CYCLE_ID}/${MANAGEE_ID}`);
    await martinRow();
    expect(screen.getByText("A representative's plan, read only.")).toBeInTheDocument();
    expect(screen.queryByTestId('target-edit-goals')).not.toBeInTheDocument();
  });
});
