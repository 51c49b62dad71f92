import type { TemplateType } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  NO_RECIPIENTS,
  recipientsPayload,
  type RecipientSelection,
} from '@/modules/campaigns/components/recipient-selection';
import { RecipientsStep } from '@/modules/campaigns/components/RecipientsStep';
import { campaignId, eligibleDoctor, eligiblePage } from '@/test/campaigns';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const eligible = (query: string) => `GET /api/campaigns/doctors-with-consent?${query}`;
const GENERAL_PAGE_1 = eligible('type=general&page=1&limit=20');

/** The step as the page holds it: the selection in state, and what a send would carry shown below. */
function Harness({ type }: { type: TemplateType }) {
  const [selection, setSelection] = useState<RecipientSelection>(NO_RECIPIENTS);
  return (
    <>
      <RecipientsStep type={type} selection={selection} onChange={setSelection} />
      <output data-testid="payload">{JSON.stringify(recipientsPayload(selection))}</output>
    </>
  );
}

const renderStep = (type: TemplateType = 'general') =>
  renderRoutes([{ path: '/', element: <Harness type={type} /> }], '/');

const payload = () => JSON.parse(screen.getByTestId('payload').textContent) as unknown;

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest<HTMLElement>('tr');
  if (row === null) throw new Error(`No row for ${text}`);
  return row;
};

const bodyRows = () =>
  within(screen.getByTestId('recipients-step'))
    .getAllByRole('row')
    .filter((row) => row.classList.contains('ant-table-row'));

signedInAsRepInEnglish();

describe('RecipientsStep', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('asks the server for the doctors the template’s type may reach, and lists them', async () => {
    const fetchMock = stubFetch({
      [eligible('type=congress&page=1&limit=20')]: () =>
        jsonResponse({
          doctors: [
            eligibleDoctor(1, { firstName: 'Jean', lastName: 'Martin', email: 'jean.martin@exemple.fr' }),
            eligibleDoctor(2, { primarySpecialty: 'Neurology' }),
          ],
          total: 2,
          pages: 1,
        }),
    });
    renderStep('congress');
    expect(await screen.findByText('Dr Jean Martin')).toBeInTheDocument();
    expect(callsTo(fetchMock, eligible('type=congress&page=1&limit=20'))).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/campaigns/doctors-with-consent', { anyParams: true })).toHaveLength(1);
    expect(bodyRows().map((row) => row.textContent)).toEqual([
      'Dr Jean MartinCardiologyjean.martin@exemple.fr10000000001',
      'Dr Prénom2 Nom2Neurologymedecin2@exemple.fr10000000002',
    ]);
    // Counted from the server's answer: only the doctors who consented are offered.
    expect(screen.getByTestId('select-all')).toHaveTextContent('Select All (2)');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('0 doctors selected');
  });

  it('says when no doctor has given the consent the template needs, with nothing to select', async () => {
    stubFetch({ [GENERAL_PAGE_1]: () => jsonResponse(eligiblePage(1, 0)) });
    renderStep();
    expect(
      await screen.findByText('No doctor with an e-mail has given the consent this template needs'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('select-all')).toHaveTextContent('Select All (0)');
    expect(screen.getByTestId('select-all')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear Selection' })).toBeDisabled();
  });

  it('says why the doctors could not be loaded', async () => {
    stubFetch({ [GENERAL_PAGE_1]: () => jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500) });
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected');
    expect(screen.queryByTestId('select-all')).not.toBeInTheDocument();
  });

  it('keeps the doctors picked by hand from page to page, and clears them', async () => {
    const fetchMock = stubFetch({
      [GENERAL_PAGE_1]: () => jsonResponse(eligiblePage(1, 20, 25)),
      [eligible('type=general&page=2&limit=20')]: () => jsonResponse(eligiblePage(21, 5, 25)),
    });
    const { user } = renderStep();
    await screen.findByText('Dr Prénom1 Nom1');
    expect(screen.getByText('1-20 of 25')).toBeInTheDocument();
    await user.click(within(rowOf('Dr Prénom2 Nom2')).getByRole('checkbox'));
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('1 doctor selected');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('Dr Prénom21 Nom21');
    expect(callsTo(fetchMock, eligible('type=general&page=2&limit=20'))).toHaveLength(1);
    await user.click(within(rowOf('Dr Prénom22 Nom22')).getByRole('checkbox'));
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('2 doctors selected');
    expect(payload()).toEqual({ doctorIds: [campaignId(102), campaignId(122)], allMatching: null });

    await user.click(screen.getByRole('listitem', { name: '1' }));
    await screen.findByText('Dr Prénom1 Nom1');
    expect(within(rowOf('Dr Prénom2 Nom2')).getByRole('checkbox')).toBeChecked();
    expect(within(rowOf('Dr Prénom1 Nom1')).getByRole('checkbox')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('0 doctors selected');
    expect(within(rowOf('Dr Prénom2 Nom2')).getByRole('checkbox')).not.toBeChecked();
    expect(payload()).toEqual({ doctorIds: [], allMatching: null });
  });

  it('selects every doctor that matches with Select All (n), not only the page shown, and locks the boxes', async () => {
    stubFetch({ [GENERAL_PAGE_1]: () => jsonResponse(eligiblePage(1, 20, 45)) });
    const { user } = renderStep();
    await screen.findByText('Dr Prénom1 Nom1');
    await user.click(within(rowOf('Dr Prénom3 Nom3')).getByRole('checkbox'));
    await user.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('select-all')).toHaveTextContent('Select All (45)');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('All 45 matching doctors selected');
    for (const row of bodyRows()) {
      expect(within(row).getByRole('checkbox')).toBeChecked();
      expect(within(row).getByRole('checkbox')).toBeDisabled();
    }
    // The server expands the search when it sends; no id travels.
    expect(payload()).toEqual({ doctorIds: [], allMatching: { search: '' } });
  });

  it('searches by name or RPPS, says when nothing matches, and drops "select all" when the search changes', async () => {
    const fetchMock = stubFetch({
      [GENERAL_PAGE_1]: () => jsonResponse(eligiblePage(1, 3)),
      [eligible('type=general&page=1&limit=20&search=zz')]: () => jsonResponse(eligiblePage(1, 0)),
    });
    const { user } = renderStep();
    await screen.findByText('Dr Prénom1 Nom1');
    await user.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('All 3 matching doctors selected');

    await user.type(screen.getByRole('textbox', { name: 'Search by name or RPPS' }), 'zz');
    // "All that match" belonged to the former search.
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('0 doctors selected');
    expect(payload()).toEqual({ doctorIds: [], allMatching: null });
    expect(await screen.findByText('No eligible doctor matches “zz”')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, eligible('type=general&page=1&limit=20&search=zz'))).toHaveLength(1));
    // Asked once typing paused, not for each letter.
    expect(callsTo(fetchMock, eligible('type=general&page=1&limit=20&search=z'))).toHaveLength(0);
    expect(screen.getByTestId('select-all')).toBeDisabled();
  });
});
