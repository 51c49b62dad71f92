import type { LogEntry } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { LogsPage } from '@/modules/logs/pages/LogsPage';
import { callsTo, jsonResponse, requestOf, stubFetch, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER } from '@/test/tokens';

const DOCTOR_ID = '0190a0c4-0000-7000-8000-000000000101';
const OFFICE_ID = '0190a0c4-0000-7000-8000-000000000201';

const log = (overrides: Partial<LogEntry>): LogEntry => ({
  id: crypto.randomUUID(),
  action: 'update',
  entityType: 'doctor',
  entityId: DOCTOR_ID,
  metadata: null,
  changes: null,
  createdAt: '2026-11-20T09:15:00.000Z',
  user: { id: DEMO_ADMIN_USER.id, email: 'rep@demo-crm.fr' },
  ...overrides,
});

const ENTRIES: LogEntry[] = [
  log({
    action: 'create',
    entityType: 'consent',
    metadata: { doctorName: 'Marie Curie' },
    changes: { previous: null, new: { professionalConsent: true, generalConsent: false } },
  }),
  log({
    action: 'update',
    entityType: 'office',
    entityId: OFFICE_ID,
    metadata: { officeName: 'Cabinet du Parc', name: 'Cabinet du Parc' },
    changes: { phone: { before: null, after: '01 42 68 53 00' } },
  }),
  log({ action: 'delete', entityType: 'doctor', metadata: { doctorName: 'Jean Petit' } }),
  log({
    action: 'move',
    entityType: 'email',
    entityId: null,
    metadata: { subject: 'Rentrée' },
    changes: { newFolder: 'bin' },
  }),
  log({
    action: 'clear',
    entityType: 'audit_log',
    entityId: null,
    metadata: { email: 'demo@demo-crm.fr', count: 1200 },
    user: null,
  }),
];

const FILTERS = {
  actions: ['clear', 'create', 'delete', 'move', 'update'],
  entityTypes: ['audit_log', 'consent', 'doctor', 'email', 'office'],
  users: [{ id: DEMO_ADMIN_USER.id, email: 'demo@demo-crm.fr' }],
};

const api = stubFetchWith({
  'GET /api/logs?page=1&limit=50': () => jsonResponse({ logs: ENTRIES, total: 5 }),
  'GET /api/logs/filters': () => jsonResponse(FILTERS),
});

/** The rows of the changes modal's fields, as text: its last table holds them, the first is its summary. */
async function fieldRows() {
  const modal = await screen.findByTestId('changes-modal');
  const table = within(modal).getAllByRole('table').at(-1) as HTMLElement;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

const renderLogs = (path = '/logs') => renderRoutes([{ path: '/logs', element: <LogsPage /> }], path);

signedInAsRepInEnglish();

describe('LogsPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows each entry’s user, action tag, details with its link, and date', async () => {
    api();
    renderLogs();
    const table = await screen.findByTestId('logs-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(within(rows[0] as HTMLElement).getByText('rep@demo-crm.fr')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Created')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Marie Curie' })).toHaveAttribute(
      'href',
      `/doctors/${DOCTOR_ID}?tab=consent`,
    );
    expect(within(rows[0] as HTMLElement).getByText(/^November 20, 2026 \d{2}:15$/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Cabinet du Parc' })).toHaveAttribute(
      'href',
      `/offices/${OFFICE_ID}`,
    );
    // A deleted doctor is named, not linked.
    expect(within(rows[2] as HTMLElement).getByText('Jean Petit')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Moved')).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText('System')).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText(/1200 entries cleared/)).toBeInTheDocument();
    expect(screen.getByText('1-5 of 5')).toBeInTheDocument();
  });

  it('shows a non-administrator their own entries, without the user filter or clear-all', async () => {
    api();
    renderLogs();
    await screen.findByTestId('logs-table');
    expect(screen.getByText(/The changes you made/)).toBeInTheDocument();
    expect(screen.queryByTestId('clear-logs')).not.toBeInTheDocument();
    expect(screen.queryByTestId('log-user-filter')).not.toBeInTheDocument();
  });

  it('opens the changes modal with each field’s before and after, whatever the shape', async () => {
    api();
    const { user } = renderLogs();
    const table = await screen.findByTestId('logs-table');
    const buttons = within(table).getAllByTestId('view-changes');
    expect(buttons).toHaveLength(3);

    await user.click(buttons[0] as HTMLElement);
    expect(await fieldRows()).toEqual(['Professional communication—Yes', 'General communication—No']);
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);

    await user.click(buttons[1] as HTMLElement);
    await waitFor(async () => expect(await fieldRows()).toEqual(['Phone—01 42 68 53 00']));
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);

    await user.click(buttons[2] as HTMLElement);
    await waitFor(async () => expect(await fieldRows()).toEqual(['Folder—Bin']));
  });

  it('asks for the page sizes 10, 20, 50 and 100, and keeps the page in the address', async () => {
    const fetchMock = api({
      'GET /api/logs?page=2&limit=20': () => jsonResponse({ logs: ENTRIES.slice(0, 2), total: 22 }),
    });
    renderLogs('/logs?page=2&limit=20');
    await screen.findByTestId('logs-table');
    expect(callsTo(fetchMock, 'GET /api/logs?page=2&limit=20')).toHaveLength(1);
    expect(screen.getByText('21-22 of 22')).toBeInTheDocument();
  });

  it('sends the filters: action, item, and the period as instants', async () => {
    // The period's days in the user's calendar, from the start of the first to the start of the day after the last.
    const startDate = dayjs('2026-11-01').startOf('day').toISOString();
    const endDate = dayjs('2026-12-01').startOf('day').toISOString();
    const fetchMock = api({
      [`GET /api/logs?page=1&limit=50&action=update&entityType=doctor&startDate=${startDate}&endDate=${endDate}`]: () =>
        jsonResponse({ logs: [], total: 0 }),
    });
    renderLogs('/logs?action=update&entityType=doctor&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('No log entry matches these filters')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET /api/logs', { anyParams: true });
    expect(call).toBeDefined();
    const { params } = requestOf(...(call as [RequestInfo, RequestInit | undefined]));
    expect(Object.fromEntries(params)).toEqual({
      page: '1',
      limit: '50',
      action: 'update',
      entityType: 'doctor',
      startDate,
      endDate,
    });
  });

  it('lets an administrator clear the log after confirming, and says how many entries went', async () => {
    setSession('token', DEMO_ADMIN_USER);
    const fetchMock = api({ 'DELETE /api/logs': () => jsonResponse({ deleted: 1200 }) });
    const { user } = renderLogs();
    await screen.findByTestId('logs-table');
    expect(screen.getByTestId('log-user-filter')).toBeInTheDocument();

    await user.click(screen.getByTestId('clear-logs'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Clear the whole audit log?');
    expect(dialog).toHaveTextContent('All 5 entries will be deleted.');
    expect(callsTo(fetchMock, 'DELETE /api/logs')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Logs cleared successfully: 1200 entries deleted')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/logs')).toHaveLength(1);
  });

  it('says why clearing failed', async () => {
    setSession('token', DEMO_ADMIN_USER);
    api({
      'DELETE /api/logs': () =>
        jsonResponse({ message: 'You do not have permission to do this', code: 'FORBIDDEN' }, 403),
    });
    const { user } = renderLogs();
    await screen.findByTestId('logs-table');
    await user.click(screen.getByTestId('clear-logs'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Failed to clear logs: You do not have permission to do this')).toBeInTheDocument();
  });

  it('says when the log could not be read', async () => {
    api({
      'GET /api/logs?page=1&limit=50': () => jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500),
    });
    renderLogs();
    expect(await screen.findByText('Failed to fetch logs: Unexpected')).toBeInTheDocument();
  });

  it('shows one compact row per entry on phones', async () => {
    const restore = emulatePhoneScreen();
    try {
      api();
      renderLogs();
      const table = await screen.findByTestId('logs-table');
      expect(within(table).getAllByRole('row')).toHaveLength(5);
      expect(within(table).getAllByRole('button', { name: 'View changes' })).toHaveLength(3);
    } finally {
      restore();
    }
  });
});

describe('LogsPage in French', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const FRENCH_ENTRIES: LogEntry[] = [
    log({ action: 'login', entityType: 'user', metadata: { email: 'rep@demo-crm.fr', method: 'password' } }),
    log({
      action: 'update',
      entityType: 'doctor',
      metadata: { doctorName: 'Anne Martin' },
      changes: {
        firstName: { before: 'Anne', after: 'Anne-Marie' },
        primarySpecialty: { before: 'Cardiology', after: 'Neurology' },
        gender: { before: null, after: 'F' },
      },
    }),
    log({
      action: 'update',
      entityType: 'activity',
      metadata: { title: 'Visite de suivi', doctorName: 'Anne Martin' },
      changes: {
        type: { before: 'Call', after: 'Face to face' },
        approvalStatus: { before: 'none', after: 'waiting_approval' },
        allDay: { before: false, after: true },
        newField: { before: 'x', after: 'y' },
      },
    }),
    log({
      action: 'update_permissions',
      entityType: 'user',
      metadata: { email: 'reader@demo-crm.fr' },
      changes: { readWrite: { before: false, after: true } },
    }),
  ];

  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    stubFetch({
      'GET /api/logs?page=1&limit=50': () => jsonResponse({ logs: FRENCH_ENTRIES, total: FRENCH_ENTRIES.length }),
      'GET /api/logs/filters': () => jsonResponse({ actions: ['login', 'update'], entityTypes: ['user'], users: [] }),
    });
  });

  it('labels a sign-in and its method in French, with no English label', async () => {
    renderLogs();
    const table = await screen.findByTestId('logs-table');
    const [login] = within(table).getAllByRole('row').slice(1);
    expect(within(login as HTMLElement).getByText('Connexion')).toBeInTheDocument();
    expect(within(login as HTMLElement).getByText('Par mot de passe')).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/Method|password/);
  });

  it('shows the changes with the forms’ field names and translated values', async () => {
    const { user } = renderLogs();
    const table = await screen.findByTestId('logs-table');
    const buttons = within(table).getAllByRole('button', { name: 'Voir les modifications' });
    expect(buttons).toHaveLength(3);

    await user.click(buttons[0] as HTMLElement);
    expect(await fieldRows()).toEqual([
      'PrénomAnneAnne-Marie',
      'Spécialité principaleCardiologieNeurologie',
      'Genre—Femme',
    ]);
    await user.click(screen.getAllByRole('button', { name: 'Fermer' }).at(-1) as HTMLElement);

    await user.click(buttons[1] as HTMLElement);
    // A field no form names keeps its stored key rather than failing.
    await waitFor(async () =>
      expect(await fieldRows()).toEqual([
        'CanalAppelFace-à-face',
        'Validation du budgetAucuneEn attente de validation',
        'Toute la journéeNonOui',
        'newFieldxy',
      ]),
    );
    await user.click(screen.getAllByRole('button', { name: 'Fermer' }).at(-1) as HTMLElement);

    await user.click(buttons[2] as HTMLElement);
    await waitFor(async () =>
      expect(await fieldRows()).toEqual(['Accès complet aux médecins et cabinetsLecture seuleAccès complet']),
    );
  });
});
