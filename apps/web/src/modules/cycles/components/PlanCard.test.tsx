import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_COLOR } from '@/app/theme';
import { i18n } from '@/lib/i18n';
import { PlanCard } from '@/modules/cycles/components/PlanCard';
import { planView } from '@/modules/cycles/test/plans';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const PLAN_PATH = 'GET /api/cycles/current/plan';

function renderCard() {
  return renderRoutes([{ path: '/', element: <PlanCard /> }], '/');
}

signedInAsRepInEnglish();

describe('PlanCard', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the attainment against the time elapsed, in the colour of its pace, with each channel', async () => {
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView() }) });
    renderCard();
    const attainment = await screen.findByTestId('plan-card-attainment');
    expect(attainment).toHaveTextContent('36%');
    expect(attainment).toHaveStyle({ color: ERROR_COLOR });
    const card = screen.getByTestId('plan-card');
    expect(within(card).getByTestId('pace-tag')).toHaveTextContent('Behind');
    expect(screen.getByTestId('plan-card-expected')).toHaveTextContent('50% of the cycle elapsed');
    expect(card).toHaveTextContent('2 of 8 Face to face');
    expect(within(card).getByRole('link', { name: 'Open the plan' })).toHaveAttribute('href', '/plan');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    stubFetch({ [PLAN_PATH]: () => jsonResponse({ plan: planView({ pace: 'ahead', attainment: 80 }) }) });
    renderCard();
    expect(await screen.findByTestId('plan-card-attainment')).toHaveTextContent('80 %');
    expect(screen.getByTestId('pace-tag')).toHaveTextContent('En avance');
    expect(screen.getByTestId('plan-card')).toHaveTextContent('Mon plan · T4 2026');
    expect(screen.getByTestId('plan-card')).toHaveTextContent('2 sur 8 Face-à-face');
  });

  it('waits in a loading card, then shows nothing to a user without a plan', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({ [PLAN_PATH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderCard();
    expect(await screen.findByTestId('plan-card')).toBeInTheDocument();
    answer(jsonResponse({ plan: null }));
    await waitFor(() => {
      expect(screen.queryByTestId('plan-card')).not.toBeInTheDocument();
    });
  });

  it('says why the plan could not be read, and tries again', async () => {
    let fail = true;
    stubFetch({
      [PLAN_PATH]: () =>
        fail ? jsonResponse({ code: 'INTERNAL', message: 'Server down' }, 500) : jsonResponse({ plan: planView() }),
    });
    const { user } = renderCard();
    expect(await screen.findByText(/Could not load the plan/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plan-card-attainment')).toHaveTextContent('36%');
  });
});
