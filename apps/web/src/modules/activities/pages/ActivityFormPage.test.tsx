import type { Activity, Channel, SessionUser } from '@crm/shared';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { ActivityFormPage } from '@/modules/activities/pages/ActivityFormPage';
import {
  activity,
  CALL,
  CHANNELS,
  EVENT,
  FACE_TO_FACE,
  pendingApproval,
  PRODUCTS,
  TIME_OFF,
} from '@/modules/activities/test/fixtures';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { doctor, doctorListItem, doctorOffice, office } from '@/test/directory';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';
import { choose } from '@/test/select';

const DOCTOR = doctor();
const OFFICE = DOCTOR.offices[0];
const ACK = "I confirm that this activity follows the company's compliance rules";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const api = stubFetchWith({
  'GET /api/configuration/channels/active': () => jsonResponse({ channels: CHANNELS }),
  'GET /api/auth/me/products': () => jsonResponse({ products: PRODUCTS }),
  [`GET /api/doctors/${DOCTOR.id}`]: () => jsonResponse(DOCTOR),
  'POST /api/recent-doctors': () => new Response(null, { status: 204 }),
});

function apiWith(existing: Activity, extra: Record<string, FetchHandler> = {}) {
  return api({ [`GET /api/activities/${existing.id}`]: () => jsonResponse(existing), ...extra });
}

/** A product the signed-in user is not assigned. */
const ONCORIA = { id: '0190a0c4-0000-7000-8000-00000000d009', name: 'Oncoria', description: null, active: true };

/** The representative's manager (REP_USER.managerId): reads their activities, decides their budgets. */
const MANAGER_USER: SessionUser = {
  id: REP_USER.managerId ?? '',
  email: 'manager@demo-crm.fr',
  displayName: 'Hélène Moreau',
  firstName: 'Hélène',
  lastName: 'Moreau',
  isAdmin: false,
  readWrite: true,
  managerId: null,
};

function renderForm(path: string) {
  return renderRoutes(
    [
      { path: '/activities', element: <CurrentLocation /> },
      { path: '/activities/new', element: <ActivityFormPage /> },
      { path: '/activities/:id', element: <ActivityFormPage /> },
      { path: '/calendar', element: <CurrentLocation /> },
      { path: '/doctors/:id', element: <CurrentLocation /> },
      { path: '/doctors/:id/signatures', element: <CurrentLocation /> },
      { path: '/offices/:id', element: <CurrentLocation /> },
    ],
    path,
  );
}

/** The form ignores everything during its first 500 ms (the mount guard): wait for it to listen. */
async function formReady() {
  const form = await screen.findByTestId('activity-form');
  // The suite-wide 10 s wait (test/setup.ts): on a loaded CI machine the 500 ms timer has fired as late as 5 s.
  await waitFor(() => {
    expect(form).toHaveAttribute('data-ready', 'true');
  });
  return form;
}

/** The form item of a labelled field, to read what a select shows or the message under it. */
function field(label: string): HTMLElement {
  const item = screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item');
  if (item === null) throw new Error(`No form item for ${label}`);
  return item;
}

const sentTo = (fetchMock: ReturnType<typeof api>, method: string, path: string) =>
  callsTo(fetchMock, `${method} ${path}`);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  vi.unstubAllGlobals();
});

describe('ActivityFormPage: a new activity', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('proposes the first active channel, the next full hour and 60 minutes, and asks for a doctor before a location', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 9, 20));
    api();
    renderForm('/activities/new');
    await formReady();

    expect(screen.getByRole('heading', { name: 'New activity' })).toBeInTheDocument();
    expect(field('Channel')).toHaveTextContent('Face to face');
    expect(screen.getByLabelText('Start date')).toHaveValue('11/23/2026');
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00');
    expect(field('Duration')).toHaveTextContent('1 h');
    expect(screen.getByLabelText('All day')).not.toBeChecked();
    expect(screen.getByTestId('select-doctor-first')).toHaveTextContent('Select a doctor first');
    expect(screen.queryByLabelText('Office')).not.toBeInTheDocument();
    // Face to face needs no budget approval; the form has no mark-as-done or delete yet.
    expect(screen.queryByLabelText('Budget estimate')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mark-done-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-activity-button')).not.toBeInTheDocument();
  });

  it('takes date, time, duration from the end time, channel and doctor from the query, and fills the location from an office', async () => {
    api();
    const { user } = renderForm(
      `/activities/new?date=2026-11-25&time=14:00&endTime=15:30&channel=call&doctorId=${DOCTOR.id}&doctorName=Jean+Martin`,
    );
    await formReady();

    expect(field('Channel')).toHaveTextContent('Call');
    expect(screen.getByLabelText('Start date')).toHaveValue('11/25/2026');
    expect(screen.getByLabelText('Start time')).toHaveValue('14:00');
    expect(field('Duration')).toHaveTextContent('1 h 30');
    expect(field('Doctor')).toHaveTextContent('Jean Martin');
    expect(screen.queryByTestId('select-doctor-first')).not.toBeInTheDocument();

    await choose(user, 'Office', `${OFFICE?.name ?? ''} · 69003 Lyon`);
    expect(screen.getByLabelText('Location')).toHaveValue('Cabinet du Parc');
    expect(screen.getByLabelText('Address')).toHaveValue('12 rue du Parc');
    expect(screen.getByLabelText('Postal code')).toHaveValue('69003');
    expect(screen.getByLabelText('City')).toHaveValue('Lyon');
  });

  it('prefills an all-day range: no time nor duration, the last day before the exclusive end', async () => {
    api();
    renderForm('/activities/new?date=2026-11-25&endDate=2026-11-27&allDay=true');
    await formReady();

    expect(screen.getByLabelText('All day')).toBeChecked();
    expect(screen.queryByLabelText('Start time')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Duration')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Start date')).toHaveValue('11/25/2026');
    expect(screen.getByLabelText('Last day')).toHaveValue('11/26/2026');
  });

  it('finds a doctor from 2 characters, shows RPPS and primary office, and records the choice as recent', async () => {
    const match = doctorListItem();
    const fetchMock = api({
      'GET /api/doctors?search=ma&limit=10': () => jsonResponse({ doctors: [match] }),
    });
    const { user } = renderForm('/activities/new');
    await formReady();

    await user.click(screen.getByLabelText('Doctor'));
    await user.keyboard('m');
    expect(await screen.findByText('Type at least 2 characters')).toBeInTheDocument();
    await user.keyboard('a');
    const option = await screen.findByTestId(`doctor-option-${match.id}`);
    expect(option).toHaveTextContent('Jean Martin');
    expect(option).toHaveTextContent('RPPS 10001234567 · Cabinet du Parc, Lyon');
    expect(callsTo(fetchMock, 'GET /api/doctors?search=m&limit=10')).toHaveLength(0);

    await user.click(option);
    await waitFor(() => {
      expect(sentTo(fetchMock, 'POST', '/api/recent-doctors')).toHaveLength(1);
    });
    expect(jsonBody(sentTo(fetchMock, 'POST', '/api/recent-doctors')[0]?.[1])).toEqual({ doctorId: match.id });
    expect(await screen.findByLabelText('Office')).toBeInTheDocument();
  });

  it('creates a doctor from the form, links an office to them and takes it as the location', async () => {
    const other = doctorOffice({
      id: '0190a0c4-0000-7000-8000-000000000302',
      name: 'Cabinet des Platanes',
      is_primary: false,
    });
    const fetchMock = api({
      'POST /api/doctors': () => jsonResponse(DOCTOR, 201),
      'GET /api/offices?search=platanes&page=1&limit=20': () =>
        jsonResponse({ offices: [office({ ...other, doctorCount: 0 })], total: 1, pages: 1 }),
      [`POST /api/doctors/${DOCTOR.id}/offices`]: () =>
        jsonResponse({ ...DOCTOR, offices: [...DOCTOR.offices, other] }),
    });
    const { user } = renderForm('/activities/new');
    await formReady();

    await user.click(screen.getByTestId('create-doctor-button'));
    const doctorDialog = await screen.findByRole('dialog');
    for (const [label, text] of [
      ['RPPS', '10001234567'],
      ['First name', 'Jean'],
      ['Last name', 'Martin'],
    ] as const) {
      await user.click(within(doctorDialog).getByLabelText(label));
      await user.paste(text);
    }
    await user.click(within(doctorDialog).getByLabelText('Primary specialty'));
    await user.click(await screen.findByTitle('Cardiology'));
    await user.click(within(doctorDialog).getByTestId('create-doctor-submit'));
    expect(await screen.findByText('Doctor created')).toBeInTheDocument();
    await waitFor(() => {
      expect(field('Doctor')).toHaveTextContent('Jean Martin');
    });
    expect(sentTo(fetchMock, 'POST', '/api/doctors')).toHaveLength(1);

    await user.click(await screen.findByTestId('add-office-button'));
    const officeDialog = await screen.findByRole('dialog', { name: 'Add an office' });
    await user.type(within(officeDialog).getByTestId('office-search-input'), 'platanes');
    await user.click(await within(officeDialog).findByTestId(`link-office-${other.id}`));
    expect(await screen.findByText('Cabinet des Platanes linked to the doctor')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByLabelText('Location')).toHaveValue('Cabinet des Platanes');
    });
    expect(field('Office')).toHaveTextContent('Cabinet des Platanes');
    expect(jsonBody(sentTo(fetchMock, 'POST', `/api/doctors/${DOCTOR.id}/offices`)[0]?.[1])).toEqual({
      officeId: other.id,
    });
  });

  it("says the spec's messages under the fields: acknowledgement and products", async () => {
    const fetchMock = api();
    const { user } = renderForm('/activities/new');
    await formReady();

    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('You must acknowledge the rules')).toBeInTheDocument();
    expect(within(field('Products')).getByText('Please select at least one product')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && init.body !== undefined)).toBe(false);
  });

  it("says the spec's messages under the fields after a channel change: time-off title, budget", async () => {
    const fetchMock = api();
    const { user } = renderForm('/activities/new');
    await formReady();

    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('You must acknowledge the rules')).toBeInTheDocument();

    await choose(user, 'Channel', TIME_OFF.name);
    expect(screen.queryByLabelText(ACK)).not.toBeInTheDocument();
    await user.click(screen.getByTestId('save-activity'));
    expect(
      await within(field('Title')).findByText('Title, channel, and date are required for time-off activities'),
    ).toBeInTheDocument();
    // Time-off needs no products: that message goes (once its fade-out ends).
    await waitFor(() => {
      expect(within(field('Products')).queryByText('Please select at least one product')).not.toBeInTheDocument();
    });

    await choose(user, 'Channel', EVENT.name);
    await user.click(screen.getByTestId('save-activity'));
    expect(
      await within(field('Budget estimate')).findByText('A budget estimate is required for this channel'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && init.body !== undefined)).toBe(false);
  });

  it("says the spec's messages under the fields a channel shows when saved in the instant it is chosen", async () => {
    const fetchMock = api();
    const { user } = renderForm('/activities/new?channel=time-off');
    await formReady();

    // fireEvent, not user-event: user-event pauses between actions, which lets the form settle first; a user's
    // save can land before it has (a quick click, Enter on the button).
    const saveRightAfterChoosing = async (option: string) => {
      await user.click(screen.getByLabelText('Channel'));
      const choice = (await screen.findAllByTitle(option)).find((element) =>
        element.classList.contains('ant-select-item-option'),
      );
      if (choice === undefined) throw new Error(`No option ${option}`);
      fireEvent.click(choice);
      fireEvent.click(screen.getByTestId('save-activity'));
    };

    // Time-off shows no budget nor acknowledgement: the event shows both, and both say what they need.
    await saveRightAfterChoosing(EVENT.name);
    const budgetMessage = await screen.findByText('A budget estimate is required for this channel');
    expect(field('Budget estimate')).toContainElement(budgetMessage);
    expect(screen.getByText('You must acknowledge the rules')).toBeInTheDocument();
    expect(within(field('Products')).getByText('Please select at least one product')).toBeInTheDocument();

    // Back to time-off: its title says what it needs, and no field it hides is left on screen with a message.
    await saveRightAfterChoosing(TIME_OFF.name);
    expect(
      await within(field('Title')).findByText('Title, channel, and date are required for time-off activities'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Budget estimate')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(ACK)).not.toBeInTheDocument();
    await waitFor(() => {
      expect(within(field('Products')).queryByText('Please select at least one product')).not.toBeInTheDocument();
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && init.body !== undefined)).toBe(false);
  });

  it('creates with a client id and an Idempotency-Key that a retry of the same submission keeps', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 9, 20));
    let tries = 0;
    const fetchMock = api({
      'POST /api/activities': (init) => {
        tries += 1;
        if (tries === 1) return jsonResponse({ message: 'Database unavailable', code: 'INTERNAL' }, 500);
        const body = jsonBody(init) as Activity;
        return jsonResponse(activity({ id: body.id, title: 'Visite découverte' }), 201);
      },
    });
    const { user } = renderForm('/activities/new');
    await formReady();

    await user.click(screen.getByLabelText('Title'));
    await user.paste('Visite découverte');
    await choose(user, 'Products', 'Cardiolix');
    await user.click(screen.getByLabelText(ACK));
    await user.click(screen.getByTestId('save-activity'));

    expect(await screen.findByText('Error: Database unavailable')).toBeInTheDocument();
    // Nothing typed is lost.
    expect(screen.getByLabelText('Title')).toHaveValue('Visite découverte');
    expect(screen.getByLabelText(ACK)).toBeChecked();

    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('At /activities')).toBeInTheDocument();

    const posts = sentTo(fetchMock, 'POST', '/api/activities');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map(([, init]) => ({
      body: jsonBody(init) as Record<string, unknown>,
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }));
    expect(first?.key).toMatch(UUID);
    expect(second?.key).toBe(first?.key);
    expect(first?.body.id).toMatch(UUID);
    expect(second?.body).toEqual(first?.body);
    expect(first?.body).toMatchObject({
      channelId: FACE_TO_FACE.id,
      title: 'Visite découverte',
      start: new Date(2026, 10, 23, 10, 0).toISOString(),
      allDay: false,
      duration: 60,
      productIds: [PRODUCTS[0]?.id],
      acknowledgeRules: true,
      budgetEstimate: null,
    });
  });
});

describe('ActivityFormPage: the first 500 ms and the time picker', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('ignores a save clicked in the first 500 ms after the form opens, and takes one after', async () => {
    // Only the timeouts are faked, and moved by hand: the guard's 500 ms pass only when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    /** Lets the app run what is due (promises, zero-delay timeouts, fetch answers) for `ms` fake milliseconds. */
    const settle = async (ms: number) => {
      await act(() => vi.advanceTimersByTimeAsync(ms));
      await act(() => new Promise((resolve) => setImmediate(resolve)));
    };
    const fetchMock = api();
    const { user } = renderForm('/activities/new');
    let form = screen.queryByTestId('activity-form');
    for (let step = 0; form === null && step < 200; step += 1) {
      await settle(0);
      form = screen.queryByTestId('activity-form');
    }
    if (form === null) throw new Error('The form did not open');

    await settle(400);
    // fireEvent, not user-event: testing-library's user-event wrapper waits on a timeout, faked here.
    fireEvent.click(screen.getByTestId('save-activity'));
    // Once the guard is lifted, a click marks the unticked acknowledgement invalid within these steps.
    for (let step = 0; step < 3; step += 1) await settle(10);
    expect(form).toHaveAttribute('data-ready', 'false');
    expect(screen.getByLabelText(ACK)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('You must acknowledge the rules')).not.toBeInTheDocument();

    await settle(70);
    expect(form).toHaveAttribute('data-ready', 'true');
    vi.useRealTimers();
    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('You must acknowledge the rules')).toBeInTheDocument();
    expect(screen.getByLabelText(ACK)).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(fetchMock, 'POST', '/api/activities')).toHaveLength(0);
  });

  it('offers start minutes in steps of 15', async () => {
    api();
    const { user } = renderForm('/activities/new');
    await formReady();
    await user.click(screen.getByLabelText('Start time'));
    const columns = await waitFor(() => {
      const found = document.querySelectorAll('.ant-picker-dropdown .ant-picker-time-panel-column');
      expect(found).toHaveLength(2);
      return found;
    });
    const minutes = Array.from(columns[1]?.querySelectorAll('.ant-picker-time-panel-cell-inner') ?? []).map(
      (cell) => cell.textContent,
    );
    expect(minutes).toEqual(['00', '15', '30', '45']);
  });
});

describe('ActivityFormPage: an existing activity', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('sends only the changed fields, and shows the server field errors under the fields', async () => {
    const existing = activity({ productIds: [PRODUCTS[0]?.id ?? ''] });
    let tries = 0;
    const fetchMock = apiWith(existing, {
      [`PUT /api/activities/${existing.id}`]: (init) => {
        tries += 1;
        if (tries === 1) {
          return jsonResponse(
            { message: 'Invalid data', code: 'VALIDATION', fields: { title: 'Title already used today' } },
            400,
          );
        }
        return jsonResponse({ ...existing, ...(jsonBody(init) as object) });
      },
    });
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();
    expect(screen.getByRole('heading', { name: 'Visite Dr Martin' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Title'));
    await user.paste('Visite de suivi');
    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('Error: Invalid data')).toBeInTheDocument();
    expect(within(field('Title')).getByText('Title already used today')).toBeInTheDocument();

    await user.click(screen.getByTestId('save-activity'));
    expect(await screen.findByText('At /activities')).toBeInTheDocument();
    const puts = sentTo(fetchMock, 'PUT', `/api/activities/${existing.id}`);
    expect(jsonBody(puts[1]?.[1])).toEqual({ title: 'Visite de suivi' });
  });

  it('shows a done activity read-only, locked, without save, delete or mark as done', async () => {
    const done = activity({ done: true, status: 'done', doneAt: '2026-11-25T15:00:00.000Z' });
    apiWith(done);
    renderForm(`/activities/${done.id}`);
    await formReady();

    expect(screen.getByTestId('locked-alert')).toHaveTextContent('This activity is done and locked');
    for (const label of ['Title', 'Channel', 'Start date', 'Start time', 'Call notes']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    for (const testId of ['save-activity', 'delete-activity-button', 'mark-done-button']) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
  });

  it('keeps showing a channel made inactive since on the activity that uses it', async () => {
    // Not among the active channels the form is given (GET /api/configuration/channels/active).
    const video: Channel = { ...CALL, id: '0190a0c4-0000-7000-8000-00000000c004', name: 'Video', color: '#722ed1' };
    const onVideo = activity({ title: 'Visio Dr Martin' }, video);
    apiWith(onVideo);
    renderForm(`/activities/${onVideo.id}`);
    await formReady();

    expect(screen.getByLabelText('Title')).toHaveValue('Visio Dr Martin');
    expect(field('Channel')).toHaveTextContent('Video');
    expect(field('Channel')).not.toHaveTextContent(video.id);
  });

  it('locks the budget once approved, and the channel when that budget is above 0', async () => {
    const approved = activity(
      { approvalStatus: 'approved', budgetEstimate: 300, approvalNotes: null, needsApproval: true },
      EVENT,
    );
    apiWith(approved);
    renderForm(`/activities/${approved.id}`);
    await formReady();

    expect(screen.getByLabelText('Budget estimate')).toBeDisabled();
    expect(screen.getByLabelText('Channel')).toBeDisabled();
    expect(screen.getByTestId('approval-status')).toHaveTextContent('Validated by Manager');
    expect(screen.getByLabelText('Title')).toBeEnabled();
    expect(screen.getByTestId('mark-done-button')).toBeInTheDocument();
  });

  it.each([
    ['a time-off', activity({ title: 'Congés' }, TIME_OFF)],
    [
      'an activity waiting for approval',
      activity({ approvalStatus: 'waiting_approval', budgetEstimate: 500, needsApproval: true }, EVENT),
    ],
  ])('hides mark as done for %s', async (_name, shown) => {
    apiWith(shown);
    renderForm(`/activities/${shown.id}`);
    await formReady();
    expect(screen.getByTestId('delete-activity-button')).toBeInTheDocument();
    expect(screen.queryByTestId('mark-done-button')).not.toBeInTheDocument();
  });

  it('marks as done after a confirmation saying it is definitive, with PUT {done: true}', async () => {
    let current = activity({}, CALL);
    const fetchMock = api({
      [`GET /api/activities/${current.id}`]: () => jsonResponse(current),
      [`PUT /api/activities/${current.id}`]: () => {
        current = { ...current, done: true, status: 'done' };
        return jsonResponse(current);
      },
    });
    const existing = current;
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.click(screen.getByTestId('mark-done-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This is definitive');
    expect(sentTo(fetchMock, 'PUT', `/api/activities/${existing.id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('Activity marked as done')).toBeInTheDocument();
    expect(jsonBody(sentTo(fetchMock, 'PUT', `/api/activities/${existing.id}`)[0]?.[1])).toEqual({ done: true });
    expect(await screen.findByTestId('locked-alert')).toBeInTheDocument();
  });

  it("says Failed to mark activity as done with the server's message", async () => {
    const existing = activity({}, CALL);
    apiWith(existing, {
      [`PUT /api/activities/${existing.id}`]: () =>
        jsonResponse({ message: 'This activity is done and locked', code: 'ACTIVITY_LOCKED' }, 409),
    });
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.click(screen.getByTestId('mark-done-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as done' }));
    expect(
      await screen.findByText('Failed to mark activity as done: This activity is done and locked'),
    ).toBeInTheDocument();
  });

  it('deletes after confirmation and goes back', async () => {
    const existing = activity();
    const fetchMock = apiWith(existing, {
      [`DELETE /api/activities/${existing.id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.click(screen.getByTestId('delete-activity-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this activity?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Activity deleted')).toBeInTheDocument();
    expect(await screen.findByText('At /activities')).toBeInTheDocument();
    expect(sentTo(fetchMock, 'DELETE', `/api/activities/${existing.id}`)).toHaveLength(1);
    // The deleted activity is not asked for again (which would answer 404).
    expect(sentTo(fetchMock, 'GET', `/api/activities/${existing.id}`)).toHaveLength(1);
  });

  it("says Failed to delete activity with the server's message when the deletion is refused, and stays", async () => {
    const existing = activity();
    apiWith(existing, {
      [`DELETE /api/activities/${existing.id}`]: () =>
        jsonResponse(
          {
            message: 'This activity is done and locked: it can no longer be changed or deleted',
            code: 'ACTIVITY_LOCKED',
          },
          409,
        ),
    });
    const { user, router } = renderForm(`/activities/${existing.id}`);
    await formReady();

    await user.click(screen.getByTestId('delete-activity-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Failed to delete activity: This activity is done and locked: it can no longer be changed or deleted',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/activities/${existing.id}`);
    expect(screen.queryByText('Activity deleted')).not.toBeInTheDocument();
  });

  it('says an unknown activity could not be found, then opens the calendar after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const missing = '0190a0c4-0000-7000-8000-00000000a0ff';
    api({
      [`GET /api/activities/${missing}`]: () => jsonResponse({ message: 'Activity not found', code: 'NOT_FOUND' }, 404),
    });
    const { router } = renderForm(`/activities/${missing}`);

    expect(await screen.findByTestId('activity-not-found')).toBeInTheDocument();
    // Said twice: the page, and the error message over it.
    await waitFor(() => {
      expect(screen.getAllByText('Activity could not be found, redirecting to calendar')).toHaveLength(2);
    });
    expect(router.state.location.pathname).toBe(`/activities/${missing}`);

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/calendar');
    });
  });
});

describe(
  'ActivityFormPage: an activity that does not exist or cannot be reached',
  { timeout: SLOW_TEST_TIMEOUT },
  () => {
    afterEach(() => {
      setSimulatedOffline(false);
      onlineManager.setOnline(true);
    });

    it('takes a malformed id for an unknown activity without asking the server, then opens the calendar', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetchMock = api();
      const { router } = renderForm('/activities/not-an-id');

      expect(await screen.findByTestId('activity-not-found')).toHaveTextContent(
        'Activity could not be found, redirecting to calendar',
      );
      expect(screen.queryByText('The activity could not be loaded.')).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET /api/activities/not-an-id')).toHaveLength(0);

      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/calendar');
      });
    });

    it("takes the server's refusal of the id (400) for an unknown activity", async () => {
      const refused = '0190a0c4-0000-7000-8000-00000000a0fe';
      api({
        [`GET /api/activities/${refused}`]: () =>
          jsonResponse({ message: 'Invalid data', code: 'VALIDATION', fields: { id: 'Invalid identifier' } }, 400),
      });
      renderForm(`/activities/${refused}`);
      expect(await screen.findByTestId('activity-not-found')).toHaveTextContent(
        'Activity could not be found, redirecting to calendar',
      );
    });

    it('says an activity not loaded yet is not available offline, then opens the calendar', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      // The demo administrator's simulation is the network state the app acts on; queries pause as in the app.
      setSession('token', DEMO_ADMIN_USER);
      setSimulatedOffline(true);
      onlineManager.setOnline(false);
      const missing = '0190a0c4-0000-7000-8000-00000000a0fd';
      api();
      const { router } = renderForm(`/activities/${missing}`);

      expect(await screen.findByTestId('activity-not-found')).toHaveTextContent(
        'Activity not available offline, redirecting to calendar',
      );
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/calendar');
      });
    });

    it('says it in French too', async () => {
      await i18n.changeLanguage('fr');
      api();
      renderForm('/activities/not-an-id');
      expect(await screen.findByTestId('activity-not-found')).toHaveTextContent(
        'Activité introuvable, redirection vers le calendrier',
      );
    });
  },
);

describe('ActivityFormPage: what the viewer may do', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const waiting = activity(
    {
      title: 'Congrès de cardiologie',
      approvalStatus: 'waiting_approval',
      budgetEstimate: 1250.5,
      needsApproval: true,
    },
    EVENT,
  );

  it('offers a read-only user neither a new doctor nor a new office, but lets them pick and create', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    api();
    renderForm(`/activities/new?doctorId=${DOCTOR.id}&doctorName=Jean+Martin`);
    await formReady();

    expect(field('Doctor')).toHaveTextContent('Jean Martin');
    expect(await screen.findByLabelText('Office')).toBeEnabled();
    expect(screen.queryByTestId('create-doctor-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('add-office-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('save-activity')).toHaveTextContent('Create activity');
  });

  it("shows the manager a managee's waiting activity read-only, with approve and reject instead of save and delete", async () => {
    setSession('token', MANAGER_USER);
    const theirs = { ...waiting, productIds: [ONCORIA.id] };
    apiWith(theirs, {
      'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [pendingApproval()] }),
      'GET /api/users/products/all': () => jsonResponse({ products: [...PRODUCTS, ONCORIA] }),
    });
    renderForm(`/activities/${theirs.id}`);
    await formReady();

    expect(await screen.findByTestId('approve-activity-button')).toHaveTextContent('Approve');
    // The representative's product, which the manager is not assigned, by its name.
    await waitFor(() => {
      expect(field('Products')).toHaveTextContent('Oncoria');
    });
    // The budget's hints speak to its owner ('your manager').
    expect(within(field('Budget estimate')).queryByText(/Your manager validates it/)).not.toBeInTheDocument();
    expect(screen.getByTestId('reject-activity-button')).toHaveTextContent('Reject');
    expect(screen.getByTestId('not-owner-alert')).toHaveTextContent(
      'This activity belongs to Julien Lefèvre: you can view it, only its owner can change it.',
    );
    for (const label of ['Title', 'Channel', 'Start date', 'Budget estimate', 'Call notes']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    for (const testId of ['save-activity', 'delete-activity-button', 'mark-done-button', 'create-doctor-button']) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
  });

  it('rejects after a confirmation with the notes, then shows the rejection', async () => {
    setSession('token', MANAGER_USER);
    let current = waiting;
    const fetchMock = api({
      [`GET /api/activities/${waiting.id}`]: () => jsonResponse(current),
      'GET /api/activities/pending-approvals': () =>
        jsonResponse({ activities: current.approvalStatus === 'waiting_approval' ? [pendingApproval()] : [] }),
      [`PUT /api/activities/${waiting.id}/reject`]: (init) => {
        const { notes } = jsonBody(init) as { notes: string };
        current = {
          ...current,
          approvalStatus: 'rejected',
          approvalNotes: notes,
        };
        return jsonResponse(current);
      },
    });
    const { user } = renderForm(`/activities/${waiting.id}`);
    await formReady();

    await user.click(await screen.findByTestId('reject-activity-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this budget request?' });
    expect(sentTo(fetchMock, 'PUT', `/api/activities/${waiting.id}/reject`)).toHaveLength(0);
    await user.click(within(dialog).getByTestId('reject-notes'));
    await user.paste('Too expensive');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Budget rejected')).toBeInTheDocument();
    expect(jsonBody(sentTo(fetchMock, 'PUT', `/api/activities/${waiting.id}/reject`)[0]?.[1])).toEqual({
      notes: 'Too expensive',
    });
    await waitFor(() => {
      expect(screen.getByTestId('approval-status')).toHaveTextContent('Rejected');
    });
    // The server stores only the notes; the reason is the reader's language's.
    expect(screen.getByTestId('approval-status')).toHaveTextContent(
      'Budget approval rejected by manager: Too expensive',
    );
    expect(screen.queryByTestId('approve-activity-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reject-activity-button')).not.toBeInTheDocument();
  });

  it("approves, says 'Failed to approve activity' when refused, then the new status once approved", async () => {
    setSession('token', MANAGER_USER);
    let tries = 0;
    let current = waiting;
    api({
      [`GET /api/activities/${waiting.id}`]: () => jsonResponse(current),
      'GET /api/activities/pending-approvals': () =>
        jsonResponse({ activities: current.approvalStatus === 'waiting_approval' ? [pendingApproval()] : [] }),
      [`PUT /api/activities/${waiting.id}/approve`]: () => {
        tries += 1;
        if (tries === 1) return jsonResponse({ message: 'Database unavailable', code: 'INTERNAL' }, 500);
        current = { ...current, approvalStatus: 'approved', approvedBy: MANAGER_USER.id };
        return jsonResponse(current);
      },
    });
    const { user } = renderForm(`/activities/${waiting.id}`);
    await formReady();

    await user.click(await screen.findByTestId('approve-activity-button'));
    expect(await screen.findByText('Failed to approve activity')).toBeInTheDocument();
    expect(screen.getByTestId('approval-status')).toHaveTextContent('Waiting for Approval');

    await user.click(screen.getByTestId('approve-activity-button'));
    expect(await screen.findByText('Budget approved')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('approval-status')).toHaveTextContent('Validated by Manager');
    });
    expect(screen.queryByTestId('approve-activity-button')).not.toBeInTheDocument();
  });

  it("says 'Failed to reject activity' and keeps the dialog with its notes", async () => {
    setSession('token', MANAGER_USER);
    apiWith(waiting, {
      'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [pendingApproval()] }),
      [`PUT /api/activities/${waiting.id}/reject`]: () =>
        jsonResponse({ message: 'Database unavailable', code: 'INTERNAL' }, 500),
    });
    const { user } = renderForm(`/activities/${waiting.id}`);
    await formReady();

    await user.click(await screen.findByTestId('reject-activity-button'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('reject-notes'));
    await user.paste('Too expensive');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to reject activity')).toBeInTheDocument();
    expect(within(dialog).getByTestId('reject-notes')).toHaveValue('Too expensive');
  });

  it("shows an admin who is not the owner's manager the activity read-only, without a decision", async () => {
    setSession('token', DEMO_ADMIN_USER);
    apiWith(waiting, { 'GET /api/activities/pending-approvals': () => jsonResponse({ activities: [] }) });
    renderForm(`/activities/${waiting.id}`);
    await formReady();

    expect(screen.getByTestId('not-owner-alert')).toHaveTextContent(
      'This activity belongs to another user: you can view it, only its owner can change it.',
    );
    expect(screen.getByLabelText('Title')).toBeDisabled();
    for (const testId of [
      'save-activity',
      'delete-activity-button',
      'approve-activity-button',
      'reject-activity-button',
    ]) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
  });

  it('names a product the owner is no longer assigned', async () => {
    const kept = activity({ productIds: [ONCORIA.id] });
    apiWith(kept, { 'GET /api/users/products/all': () => jsonResponse({ products: [...PRODUCTS, ONCORIA] }) });
    renderForm(`/activities/${kept.id}`);
    await formReady();
    await waitFor(() => {
      expect(field('Products')).toHaveTextContent('Oncoria (no longer assigned to you)');
    });
  });

  it('gives the owner of a waiting activity no decision on it, and does not ask for approvals', async () => {
    const fetchMock = apiWith(waiting);
    renderForm(`/activities/${waiting.id}`);
    await formReady();

    expect(screen.getByTestId('delete-activity-button')).toBeInTheDocument();
    expect(screen.queryByTestId('not-owner-alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('approve-activity-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reject-activity-button')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/activities/pending-approvals')).toHaveLength(0);
  });

  it('links the chosen doctor to their page and consent, and the chosen office to its page, also read-only', async () => {
    setSession('token', MANAGER_USER);
    const visit = activity({
      doctorId: DOCTOR.id,
      doctorName: 'Jean Martin',
      officeId: OFFICE?.id ?? null,
      location: OFFICE?.name ?? null,
    });
    apiWith(visit);
    const { user } = renderForm(`/activities/${visit.id}`);
    await formReady();

    expect(screen.getByTestId('activity-doctor-link')).toHaveAttribute('href', `/doctors/${DOCTOR.id}`);
    expect(screen.getByTestId('activity-doctor-link')).toHaveTextContent("Doctor's page");
    expect(screen.getByTestId('activity-consent-link')).toHaveAttribute('href', `/doctors/${DOCTOR.id}/signatures`);
    expect(await screen.findByTestId('activity-office-link')).toHaveAttribute('href', `/offices/${OFFICE?.id ?? ''}`);

    await user.click(screen.getByTestId('activity-doctor-link'));
    expect(await screen.findByText(`At /doctors/${DOCTOR.id}`)).toBeInTheDocument();
  });

  it('shows no link while no doctor is chosen', async () => {
    api();
    renderForm('/activities/new');
    await formReady();
    for (const testId of ['activity-doctor-link', 'activity-consent-link', 'activity-office-link']) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
  });
});
