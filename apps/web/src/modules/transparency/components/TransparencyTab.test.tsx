import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { TransparencyTab } from '@/modules/transparency/components/TransparencyTab';
import { benefit, benefitYear, convention, TS_DOCTOR, YEAR } from '@/modules/transparency/test/fixtures';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { listQueue } from '@/offline/queue/queue';
import { freshOfflineStore } from '@/offline/store/test-store';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { choose } from '@/test/select';

const BENEFITS = `/api/doctors/${TS_DOCTOR.id}/benefits`;
const CONVENTIONS = `/api/doctors/${TS_DOCTOR.id}/conventions`;
const MEAL = benefit();
const BOOK = benefit({ id: '0190a0c4-0000-7000-8000-0000000b0002', nature: 'book_or_journal', amountCents: 2990 });
const HOTEL = convention({ status: 'filed', paidCents: 18_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const api = stubFetchWith({
  [`GET ${BENEFITS}?year=${YEAR}`]: () => jsonResponse(benefitYear([MEAL, BOOK])),
  [`GET ${CONVENTIONS}`]: () => jsonResponse({ conventions: [HOTEL] }),
  [`GET /api/activities?doctorId=${TS_DOCTOR.id}&page=1&limit=20`]: () =>
    jsonResponse({ activities: [], total: 0, currentPage: 1, pages: 0 }),
});

function renderTab() {
  return renderRoutes(
    [{ path: '/doctors/:id', element: <TransparencyTab doctor={TS_DOCTOR} /> }],
    `/doctors/${TS_DOCTOR.id}`,
  );
}

/** Opens the benefit form and fills a nature and an amount as typed. */
async function fillBenefit(user: UserEvent, nature: string, amount: string) {
  await user.click(await screen.findByTestId('record-benefit'));
  await screen.findByTestId('benefit-form');
  await choose(user, 'Nature', nature);
  await user.click(screen.getByTestId('benefit-amount'));
  await user.paste(amount);
}

function amountField(): HTMLElement {
  const item = screen.getByTestId('benefit-amount').closest<HTMLElement>('.ant-form-item');
  if (item === null) throw new Error('No amount field');
  return item;
}

beforeEach(async () => {
  await freshOfflineStore();
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

afterEach(() => {
  setSimulatedOffline(false);
  onlineManager.setOnline(true);
  clearSession();
  vi.unstubAllGlobals();
});

describe('TransparencyTab', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("shows the year's benefits, what is left before each limit and the conventions, in English", async () => {
    api();
    renderTab();
    const meals = await screen.findByTestId('year-limit-mealCount');
    expect(within(meals).getByTestId('year-limit-left')).toHaveTextContent('1 of 2 left');
    expect(within(screen.getByTestId('year-limit-bookYear')).getByTestId('year-limit-left')).toHaveTextContent(
      '€120.10 of €150.00 left',
    );
    expect(screen.getByTestId('year-limit-officeSupplyYear')).toHaveTextContent('At most €20.00 incl. VAT in the year');

    const rows = within(await screen.findByTestId('benefit-table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Meal €24.50No conventionJulien Lefèvre'),
      expect.stringContaining('Book or journal €29.90No conventionJulien Lefèvre'),
    ]);
    const conventions = await screen.findByTestId('convention-table');
    expect(conventions).toHaveTextContent('Hospitality');
    expect(conventions).toHaveTextContent('Authorisation regime');
    expect(conventions).toHaveTextContent('Filed');
    expect(conventions).toHaveTextContent('€180.00 paid of €360.00');
    expect(screen.getByTestId('record-benefit')).toBeInTheDocument();
    expect(screen.getByTestId('create-convention')).toBeInTheDocument();
  });

  it('says the same in French, amounts formatted the French way', async () => {
    await i18n.changeLanguage('fr');
    api({
      [`GET ${BENEFITS}?year=${YEAR}`]: () =>
        jsonResponse(benefitYear([MEAL, benefit({ id: '0190a0c4-0000-7000-8000-0000000b0003', nature: 'snack' })])),
    });
    renderTab();
    const meals = await screen.findByTestId('year-limit-mealCount');
    expect(meals).toHaveTextContent('Repas et collations');
    expect(within(meals).getByTestId('year-limit-left')).toHaveTextContent('Limite atteinte');
    expect(screen.getByTestId('year-limit-bookYear')).toHaveTextContent(/Reste 150,00\s€ sur 150,00\s€/);
    const table = await screen.findByTestId('benefit-table');
    expect(table).toHaveTextContent(/Repas 24,50\s€Sans convention/);
    expect(table).toHaveTextContent('Collation');
    const conventions = await screen.findByTestId('convention-table');
    expect(conventions).toHaveTextContent("Régime d'autorisation");
    expect(conventions).toHaveTextContent('Déposée');
    expect(screen.getByTestId('record-benefit')).toHaveTextContent('Enregistrer un avantage');
  });

  it('hides every write from a reader', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    api();
    renderTab();
    await screen.findByTestId('convention-table');
    expect(screen.queryByTestId('record-benefit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('create-convention')).not.toBeInTheDocument();
    expect(screen.queryByTestId(`convention-edit-${HOTEL.id}`)).not.toBeInTheDocument();
  });

  it('sends the typed euros as exact cents, under a client id and an idempotency key', async () => {
    const fetchMock = api({ [`POST ${BENEFITS}`]: () => jsonResponse(benefit({ amountCents: 29 }), 201) });
    const { user } = renderTab();
    await fillBenefit(user, 'Book or journal', '0,29');
    await user.click(screen.getByTestId('benefit-save'));

    expect(await screen.findByText('Benefit recorded')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, `POST ${BENEFITS}`);
    expect(jsonBody(call?.[1])).toMatchObject({ nature: 'book_or_journal', amountCents: 29, conventionId: null });
    expect((jsonBody(call?.[1]) as { id: string }).id).toMatch(UUID);
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(UUID);
  });

  it('refuses on the device what the rule refuses, naming the rule and its figure, and keeps what was typed', async () => {
    const fetchMock = api();
    const { user } = renderTab();
    await fillBenefit(user, 'Meal', '30,01');
    await user.click(screen.getByTestId('benefit-save'));

    expect(
      await within(amountField()).findByText(
        'A meal or snack given without a convention may not exceed €30 incl. VAT (negligible value, arrêté of 7 August 2020)',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${BENEFITS}`)).toHaveLength(0);
    expect(screen.getByTestId('benefit-amount')).toHaveValue('30,01');
  });

  it("shows the server's refusal under the amount, in the form still filled", async () => {
    api({
      [`POST ${BENEFITS}`]: () =>
        jsonResponse(
          {
            code: 'NEGLIGIBLE_VALUE_EXCEEDED',
            message:
              'At most 2 meals or snacks a year may be given to this professional without a convention (2 already this year; arrêté of 7 August 2020)',
          },
          422,
        ),
    });
    const { user } = renderTab();
    await fillBenefit(user, 'Snack', '8,50');
    await user.click(screen.getByTestId('benefit-save'));

    expect(await within(amountField()).findByText(/At most 2 meals or snacks a year/)).toBeInTheDocument();
    expect(screen.getByTestId('benefit-amount')).toHaveValue('8,50');
    expect(screen.getByTestId('benefit-form')).toBeInTheDocument();
  });

  it('queues a benefit recorded offline and lists it as waiting', async () => {
    setSession('token', DEMO_ADMIN_USER);
    const fetchMock = api();
    const { user } = renderTab();
    await screen.findByTestId('benefit-table');
    setSimulatedOffline(true);
    onlineManager.setOnline(false);
    await fillBenefit(user, 'Sample', '12');
    await user.click(screen.getByTestId('benefit-save'));

    expect(await screen.findByText('Saved offline - will sync when connection is restored')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${BENEFITS}`)).toHaveLength(0);
    const [item] = await listQueue(DEMO_ADMIN_USER.id);
    expect(item).toMatchObject({ type: 'benefit', action: 'create', status: 'pending' });
    expect(item?.payload).toMatchObject({ doctorId: TS_DOCTOR.id, nature: 'sample', amountCents: 1200 });

    const waiting = await screen.findByTestId('pending-sync-tag');
    expect(waiting.closest('tr')).toHaveTextContent(/Sample.*€12\.00.*Camille Durand/);
    expect(screen.getByTestId('transparency-device-only')).toBeInTheDocument();
    await waitFor(() => {
      expect(within(screen.getByTestId('year-limit-sampleCount')).getByTestId('year-limit-left')).toHaveTextContent(
        '2 of 3 left',
      );
    });
  });
});
