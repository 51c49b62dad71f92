import type { Activity } from '@crm/shared';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { ActivityFormPage } from '@/modules/activities/pages/ActivityFormPage';
import { activity, CHANNELS, EVENT, PRODUCTS } from '@/modules/activities/test/fixtures';
import { benefit, benefitYear } from '@/modules/transparency/test/fixtures';
// The form loads these lazily: loaded with the file, a busy machine's first transform is not a wait of the test's.
import '@/modules/transparency/components/PlannedSpendWarning';
import '@/modules/transparency/components/SpendPromptModal';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { storeReference } from '@/offline/store/slice-store';
import { listQueue } from '@/offline/queue/queue';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const DOCTOR = doctor();
const ATTENDEE = { id: '0190a0c4-0000-7000-8000-000000000102', name: 'Claire Petit' };
const YEAR_OF_ACTIVITY = 2026;

/** An event with a budget shared by its doctor and one attendee: €100, so €50 each. */
function withBudget(overrides: Partial<Activity> = {}): Activity {
  return activity(
    {
      doctorId: DOCTOR.id,
      doctorName: 'Jean Martin',
      attendees: [ATTENDEE],
      budgetEstimate: 100,
      approvalStatus: 'waiting_approval',
      needsApproval: true,
      ...overrides,
    },
    EVENT,
  );
}

function api(existing: Activity, extra: Record<string, FetchHandler> = {}) {
  const emptyYear = () => jsonResponse(benefitYear([], YEAR_OF_ACTIVITY));
  return stubFetch({
    'GET /api/configuration/channels/active': () => jsonResponse({ channels: CHANNELS }),
    'GET /api/auth/me/products': () => jsonResponse({ products: PRODUCTS }),
    'POST /api/recent-doctors': () => new Response(null, { status: 204 }),
    [`GET /api/activities/${existing.id}`]: () => jsonResponse(existing),
    [`GET /api/doctors/${DOCTOR.id}/benefits?year=${YEAR_OF_ACTIVITY}`]: emptyYear,
    [`GET /api/doctors/${ATTENDEE.id}/benefits?year=${YEAR_OF_ACTIVITY}`]: emptyYear,
    [`GET /api/doctors/${DOCTOR.id}/conventions`]: () => jsonResponse({ conventions: [] }),
    [`GET /api/doctors/${ATTENDEE.id}/conventions`]: () => jsonResponse({ conventions: [] }),
    ...extra,
  });
}

function renderForm(existing: Activity) {
  return renderRoutes(
    [
      { path: '/activities/:id', element: <ActivityFormPage /> },
      { path: '/activities', element: <p>Activities</p> },
    ],
    `/activities/${existing.id}`,
  );
}

async function formReady() {
  const form = await screen.findByTestId('activity-form');
  await waitFor(() => {
    expect(form).toHaveAttribute('data-ready', 'true');
  });
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

describe('the activity form and Transparence Santé', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('warns, without blocking, when the planned spend per doctor crosses a negligible value', async () => {
    const existing = withBudget();
    api(existing);
    renderForm(existing);
    await formReady();

    const warning = await screen.findByTestId('planned-spend-warning');
    expect(warning).toHaveTextContent('Planned spend per professional: €50.00 (2 attendee(s))');
    expect(warning).toHaveTextContent(
      'Jean Martin: A meal or snack given without a convention may not exceed €30 incl. VAT',
    );
    expect(warning).toHaveTextContent('Claire Petit: A meal or snack');
    expect(screen.getByTestId('save-activity')).toBeEnabled();
  });

  it('stays quiet when the spend per doctor stays within the negligible values', async () => {
    const existing = withBudget({ budgetEstimate: 50 });
    const fetchMock = api(existing);
    renderForm(existing);
    await formReady();
    await waitFor(() => {
      expect(callsTo(fetchMock, `GET /api/doctors/${ATTENDEE.id}/benefits?year=${YEAR_OF_ACTIVITY}`)).toHaveLength(1);
    });
    expect(screen.queryByTestId('planned-spend-warning')).not.toBeInTheDocument();
  });

  it('says offline that the check could not be made', async () => {
    const existing = withBudget();
    setSession('token', DEMO_ADMIN_USER);
    const fetchMock = api({ ...existing, ownerId: DEMO_ADMIN_USER.id });
    renderForm(existing);
    await formReady();
    await storeReference(DEMO_ADMIN_USER.id, { channels: CHANNELS, products: PRODUCTS });
    await screen.findByTestId('planned-spend-warning');
    const askedOnline = callsTo(fetchMock, `GET /api/doctors/${DOCTOR.id}/benefits`, { anyParams: true }).length;
    setSimulatedOffline(true);
    onlineManager.setOnline(false);

    expect(await screen.findByTestId('planned-spend-unchecked')).toHaveTextContent(
      "Offline, these professionals' benefits of the year could not be checked",
    );
    expect(screen.queryByTestId('planned-spend-warning')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/doctors/${DOCTOR.id}/benefits`, { anyParams: true })).toHaveLength(askedOnline);
  });

  it('asks what was spent once the activity is done, and records one benefit per doctor given an amount', async () => {
    let current = withBudget({ approvalStatus: 'approved' });
    const fetchMock = api(current, {
      [`PUT /api/activities/${current.id}`]: () => {
        current = { ...current, done: true, status: 'done' };
        return jsonResponse(current);
      },
      [`POST /api/doctors/${DOCTOR.id}/benefits`]: () => jsonResponse(benefit({ doctorId: DOCTOR.id }), 201),
    });
    const { user } = renderForm(current);
    await formReady();
    await user.click(screen.getByTestId('mark-done-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as done' }));

    const prompt = await screen.findByTestId('spend-form');
    expect(within(prompt).getByLabelText('Amount incl. VAT for Jean Martin')).toBeInTheDocument();
    await user.click(within(prompt).getByLabelText('Amount incl. VAT for Jean Martin'));
    await user.paste('24,50');
    await user.click(screen.getByTestId('spend-save'));

    expect(await screen.findByText('Benefits recorded')).toBeInTheDocument();
    const posted = callsTo(fetchMock, `POST /api/doctors/${DOCTOR.id}/benefits`);
    expect(posted).toHaveLength(1);
    expect(jsonBody(posted[0]?.[1])).toMatchObject({
      nature: 'meal',
      amountCents: 2450,
      date: '2026-11-25',
      activityId: current.id,
      conventionId: null,
    });
    expect(callsTo(fetchMock, `POST /api/doctors/${ATTENDEE.id}/benefits`)).toHaveLength(0);
    await waitFor(() => {
      expect(screen.queryByTestId('spend-form')).not.toBeInTheDocument();
    });
  });

  it("offline, queues the spend behind the activity's done mark", async () => {
    const existing = withBudget({ approvalStatus: 'approved', ownerId: DEMO_ADMIN_USER.id });
    setSession('token', DEMO_ADMIN_USER);
    const fetchMock = api(existing);
    const { user } = renderForm(existing);
    await formReady();
    await storeReference(DEMO_ADMIN_USER.id, { channels: CHANNELS, products: PRODUCTS });
    setSimulatedOffline(true);
    onlineManager.setOnline(false);
    await user.click(screen.getByTestId('mark-done-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as done' }));

    const prompt = await screen.findByTestId('spend-form');
    await user.click(within(prompt).getByLabelText('Amount incl. VAT for Jean Martin'));
    await user.paste('24,50');
    await user.click(screen.getByTestId('spend-save'));
    await waitFor(() => {
      expect(screen.queryByTestId('spend-form')).not.toBeInTheDocument();
    });

    const queue = await listQueue(DEMO_ADMIN_USER.id);
    expect(queue.map((item) => `${item.type}/${item.action}`)).toEqual(['activity/done', 'benefit/create']);
    expect(queue[1]?.payload).toMatchObject({ doctorId: DOCTOR.id, amountCents: 2450, activityId: existing.id });
    expect(queue[1]?.dependsOn).toEqual([existing.id]);
    expect(callsTo(fetchMock, 'POST /api/doctors', { anyParams: true })).toHaveLength(0);
  });

  it('lets the rep skip the question, and refuses an amount the rule refuses under that doctor', async () => {
    let current = withBudget({ approvalStatus: 'approved' });
    const fetchMock = api(current, {
      [`PUT /api/activities/${current.id}`]: () => {
        current = { ...current, done: true, status: 'done' };
        return jsonResponse(current);
      },
    });
    const { user } = renderForm(current);
    await formReady();
    await user.click(screen.getByTestId('mark-done-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as done' }));

    const prompt = await screen.findByTestId('spend-form');
    await user.click(within(prompt).getByLabelText('Amount incl. VAT for Claire Petit'));
    await user.paste('45');
    await user.click(screen.getByTestId('spend-save'));
    expect(
      await within(screen.getByTestId(`spend-doctor-${ATTENDEE.id}`)).findByText(
        /A meal or snack given without a convention may not exceed €30/,
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/doctors/${ATTENDEE.id}/benefits`)).toHaveLength(0);

    await user.click(screen.getByTestId('spend-skip'));
    await waitFor(() => {
      expect(screen.queryByTestId('spend-form')).not.toBeInTheDocument();
    });
    expect(callsTo(fetchMock, 'POST /api/doctors', { anyParams: true })).toHaveLength(0);
  });
});
