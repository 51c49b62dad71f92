import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { CyclesPage } from '@/modules/cycles/pages/CyclesPage';
import {
  CALL_CHANNEL,
  CONFIGURED_CHANNELS,
  CYCLE,
  CYCLE_ID,
  cycleSummary,
  VISIT_CHANNEL,
} from '@/modules/cycles/test/plans';
import { TARGETS } from '@/test/directory';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER } from '@/test/tokens';
import { userSummary } from '@/test/users';
import { choose } from '@/test/select';

const PLANNED = cycleSummary({
  id: '0190a0c4-0000-7000-8000-00000000c002',
  name: 'T1 2027',
  startDate: '2027-01-01',
  endDate: '2027-03-31',
  status: 'planned',
  plans: 0,
});
const COMPLETED = cycleSummary({
  id: '0190a0c4-0000-7000-8000-00000000c000',
  name: 'T3 2026',
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  status: 'completed',
  plans: 14,
});
const IN_PROGRESS = cycleSummary({ plans: 12 });
const REP = userSummary({ id: '0190a0c4-7a6b-7c1e-9f00-000000000003', displayName: 'Julien Lefèvre' });

const api = stubFetchWith({
  'GET /api/cycles': () => jsonResponse({ cycles: [PLANNED, IN_PROGRESS, COMPLETED] }),
  'GET /api/configuration/channels': () => jsonResponse({ channels: CONFIGURED_CHANNELS }),
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  'GET /api/users?page=1&limit=20': () => jsonResponse({ users: [REP], total: 1 }),
});

function renderCycles(path = '/cycles') {
  return renderRoutes([{ path: '/cycles', element: <CyclesPage /> }], path);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', DEMO_ADMIN_USER);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('CyclesPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('lists the cycles with their days, status, weighted channels and plans; a completed one is not editable', async () => {
    api();
    renderCycles();
    const table = await screen.findByTestId('cycles-table');
    const current = within(table).getByRole('link', { name: 'T4 2026' }).closest('tr') as HTMLElement;
    expect(current).toHaveTextContent('In progress');
    expect(current).toHaveTextContent('Face to face ×3 · Call ×1');
    expect(current).toHaveTextContent('12');
    expect(within(current).getByTestId('cycle-edit')).toBeEnabled();
    const past = within(table).getByRole('link', { name: 'T3 2026' }).closest('tr') as HTMLElement;
    expect(past).toHaveTextContent('Completed');
    expect(within(past).getByRole('button', { name: 'A completed cycle no longer changes' })).toBeDisabled();
  });

  it("creates a cycle, and puts the server's fault under the field it names", async () => {
    const fetchMock = api({
      'POST /api/cycles': () =>
        jsonResponse(
          {
            code: 'VALIDATION_ERROR',
            message: 'Validation error: channels.0.channelId: Unknown channel',
            fields: { 'channels.0.channelId': 'Unknown channel' },
          },
          400,
        ),
    });
    const { user } = renderCycles();
    await user.click(await screen.findByTestId('cycle-create'));
    const form = await screen.findByTestId('cycle-form');
    await user.type(within(form).getByLabelText('Name'), 'T1 2027');
    await user.type(within(form).getByLabelText('First day'), '01/01/2027{Enter}');
    await user.type(within(form).getByLabelText('Last day'), '03/31/2027{Enter}');
    await choose(user, 'Channel 1', 'Face to face');
    // Time off is no channel a plan counts.
    await user.click(within(form).getByLabelText('Channel 1'));
    expect(screen.queryByTitle('Time off')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('cycle-save'));

    const channelItem = within(form).getByTestId('cycle-channel-0').closest('.ant-form-item') as HTMLElement;
    expect(await within(channelItem).findByText('Unknown channel')).toBeInTheDocument();
    expect(screen.queryByTestId('cycle-refusal')).not.toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, 'POST /api/cycles')[0]?.[1])).toEqual({
      name: 'T1 2027',
      startDate: '2027-01-01',
      endDate: '2027-03-31',
      gracePeriodDays: 30,
      overThresholdPercent: 10,
      underThresholdPercent: 10,
      repsMayEditGoals: false,
      channels: [{ channelId: VISIT_CHANNEL, weight: 1 }],
    });
  });

  it("keeps a started cycle's first day, and shows the server's refusal of a change above the form", async () => {
    const fetchMock = api({
      [`PUT /api/cycles/${CYCLE_ID}`]: () =>
        jsonResponse({ code: 'CONFLICT', message: 'The first day of a cycle in progress cannot change' }, 409),
    });
    const { user } = renderCycles();
    const table = await screen.findByTestId('cycles-table');
    const current = within(table).getByRole('link', { name: 'T4 2026' }).closest('tr') as HTMLElement;
    await user.click(within(current).getByTestId('cycle-edit'));
    const form = await screen.findByTestId('cycle-form');
    expect(within(form).getByLabelText('First day')).toBeDisabled();
    expect(form).toHaveTextContent('A started cycle keeps its first day.');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'T4 2026 (revised)');
    await user.click(screen.getByTestId('cycle-save'));

    expect(await screen.findByTestId('cycle-refusal')).toHaveTextContent(
      'The first day of a cycle in progress cannot change',
    );
    expect(jsonBody(callsTo(fetchMock, `PUT /api/cycles/${CYCLE_ID}`)[0]?.[1])).toMatchObject({
      name: 'T4 2026 (revised)',
      startDate: CYCLE.startDate,
      channels: [
        { channelId: VISIT_CHANNEL, weight: 3 },
        { channelId: CALL_CHANNEL, weight: 1 },
      ],
    });
  });

  it("sets goals by segment for the reps chosen and says how many doctors each one's plan received", async () => {
    const fetchMock = api({
      [`POST /api/cycles/${CYCLE_ID}/plans/segment`]: () =>
        jsonResponse({ plans: [{ userId: REP.id, doctors: 4 }], doctors: 4 }),
    });
    const { user } = renderCycles(`/cycles?cycle=${CYCLE_ID}&tab=segment`);
    const form = await screen.findByTestId('segment-form');
    await choose(user, 'Representatives', 'Julien Lefèvre');
    await choose(user, 'Targets', 'A');
    await user.click(within(form).getByLabelText('Include potential targets'));
    await user.type(within(form).getByLabelText('Face to face goal'), '3');
    await user.type(within(form).getByLabelText('Face to face cap'), '4');
    await user.click(screen.getByTestId('segment-apply'));

    const result = await screen.findByTestId('segment-result');
    expect(result).toHaveTextContent('4 doctors received these goals');
    expect(result).toHaveTextContent('Julien Lefèvre: 4 doctors');
    expect(jsonBody(callsTo(fetchMock, `POST /api/cycles/${CYCLE_ID}/plans/segment`)[0]?.[1])).toEqual({
      userIds: [REP.id],
      targets: ['A'],
      includePotential: true,
      goals: [{ channelId: VISIT_CHANNEL, goal: 3, cap: 4 }],
    });
  });

  it('previews an import with its rejected lines, writes nothing until confirmed, then imports the valid lines', async () => {
    const csv = 'email;rpps;channel;goal;cap\nrep@demo-crm.fr;10001234567;Call;2;\nrep@demo-crm.fr;19999999999;Call;2;';
    const report = {
      lines: 2,
      accepted: 1,
      rejected: 1,
      rejections: [
        {
          line: 3,
          text: 'rep@demo-crm.fr;19999999999;Call;2;',
          error: 'cycles.import.unknownDoctor',
          message: 'Aucun médecin n’a ce numéro RPPS',
        },
      ],
      plans: 1,
      targets: 1,
    };
    const fetchMock = api({
      [`POST /api/cycles/${CYCLE_ID}/plans/import`]: (init) =>
        jsonResponse({
          ...report,
          confirmed: (jsonBody(init) as { confirm: boolean }).confirm,
        }),
    });
    const { user } = renderCycles(`/cycles?cycle=${CYCLE_ID}&tab=import`);
    await user.click(await screen.findByLabelText('Or paste the lines'));
    await user.paste(csv);
    await user.click(screen.getByTestId('import-preview'));

    const counts = await screen.findByTestId('import-counts');
    expect(counts).toHaveTextContent('2 lines read');
    expect(counts).toHaveTextContent('1 valid');
    expect(counts).toHaveTextContent('1 rejected');
    const rejected = within(screen.getByTestId('import-rejections')).getAllByRole('row')[1] as HTMLElement;
    expect(rejected).toHaveTextContent('3');
    // The reason in the user's language, from the catalogue.
    expect(rejected).toHaveTextContent('No doctor has this RPPS number');
    const calls = () => callsTo(fetchMock, `POST /api/cycles/${CYCLE_ID}/plans/import`);
    expect(calls().map(([, init]) => jsonBody(init))).toEqual([{ csv, confirm: false }]);

    await user.click(screen.getByRole('button', { name: 'Import 1 valid line' }));
    expect(await screen.findByTestId('import-done')).toHaveTextContent('1 line imported into 1 plan(s)');
    expect(calls().map(([, init]) => jsonBody(init))).toEqual([
      { csv, confirm: false },
      { csv, confirm: true },
    ]);
    await waitFor(() => {
      expect(screen.queryByTestId('import-confirm')).not.toBeInTheDocument();
    });
  });
});
