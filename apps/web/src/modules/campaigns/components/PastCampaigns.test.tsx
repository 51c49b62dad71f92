import type { Campaign, CampaignList } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { PastCampaigns } from '@/modules/campaigns/components/PastCampaigns';
import { campaign, campaignId } from '@/test/campaigns';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const FIRST_PAGE = 'GET /api/campaigns?page=1&limit=10';

const list = (campaigns: Campaign[], total = campaigns.length): CampaignList => ({
  campaigns,
  total,
  pages: Math.ceil(total / 10),
});

/** One of each status; the names carry markup, which must stay text. */
const CAMPAIGNS: Campaign[] = [
  campaign({ name: `Rentrée <img src=x onerror="alert('name')">` }),
  campaign({
    id: campaignId(2),
    name: 'Congrès de cardiologie',
    templateName: 'Congress invitation',
    status: 'failed',
    recipientCount: 3,
    sentCount: 0,
    failedCount: 3,
    skippedCount: 0,
  }),
  campaign({ id: campaignId(3), name: 'Brouillon', status: 'draft', sentAt: null }),
  campaign({
    id: campaignId(4),
    name: 'En cours',
    status: 'sending',
    recipientCount: 40,
    sentCount: 9,
    failedCount: 1,
    skippedCount: 0,
    sentAt: null,
  }),
];

const renderPast = () => renderRoutes([{ path: '/', element: <PastCampaigns /> }], '/');

const bodyRows = async () => {
  const card = await screen.findByTestId('past-campaigns');
  await within(card).findAllByRole('row');
  return within(card)
    .getAllByRole('row')
    .filter((row) => row.classList.contains('ant-table-row'));
};

signedInAsRepInEnglish();

describe('PastCampaigns', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows each campaign’s name as text, template, recipients, status and sent date with its time', async () => {
    stubFetch({ [FIRST_PAGE]: () => jsonResponse(list(CAMPAIGNS)) });
    const { user } = renderPast();
    expect(await screen.findByText('Past Campaigns')).toBeInTheDocument();
    const rows = await bodyRows();
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual([
      `Rentrée <img src=x onerror="alert('name')">`,
      'General update',
      '10',
      'Sent',
      expect.stringMatching(/^November 20, 2026 \d{2}:15$/),
    ]);
    expect(rows[0]?.querySelector('img')).toBeNull();
    expect(cells(rows[1])).toEqual([
      'Congrès de cardiologie',
      'Congress invitation',
      '3',
      'Failed',
      expect.stringMatching(/^November 20, 2026 \d{2}:15$/),
    ]);
    expect(cells(rows[2])).toEqual(['Brouillon', 'General update', '10', 'Draft', '—']);
    // While it sends: how many of its doctors are done so far.
    expect(cells(rows[3])).toEqual(['En cours', 'General update', '40', 'Sending10 / 40', '—']);
    expect(within(rows[3] as HTMLElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

    await user.hover(within(rows[0] as HTMLElement).getByText('10'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('8 sent, 1 failed, 1 skipped');
  });

  it('asks for 10 campaigns a page, and for the next page when asked', async () => {
    const secondPage = 'GET /api/campaigns?page=2&limit=10';
    const fetchMock = stubFetch({
      [FIRST_PAGE]: () => jsonResponse(list(CAMPAIGNS, 12)),
      [secondPage]: () => jsonResponse(list([campaign({ id: campaignId(11), name: 'La onzième' })], 12)),
    });
    const { user } = renderPast();
    await bodyRows();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('La onzième')).toBeInTheDocument();
    expect(callsTo(fetchMock, secondPage)).toHaveLength(1);
    expect(await bodyRows()).toHaveLength(1);
  });

  it('says when no campaign was sent yet', async () => {
    stubFetch({ [FIRST_PAGE]: () => jsonResponse(list([])) });
    renderPast();
    expect(await screen.findByText('No campaign sent yet')).toBeInTheDocument();
  });

  it('says why the list could not be loaded', async () => {
    stubFetch({ [FIRST_PAGE]: () => jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500) });
    renderPast();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected');
    expect(screen.queryByTestId('past-campaigns')).not.toBeInTheDocument();
  });

  it('follows a campaign while it sends, until it is sent', async () => {
    const sending = campaign({ status: 'sending', sentCount: 4, failedCount: 0, skippedCount: 0, sentAt: null });
    let answers = 0;
    const fetchMock = stubFetch({
      [FIRST_PAGE]: () => {
        answers += 1;
        return jsonResponse(list([answers === 1 ? sending : campaign()]));
      },
    });
    renderPast();
    const status = async () => within((await bodyRows())[0] as HTMLElement).getAllByRole('cell')[3]?.textContent;
    expect(await status()).toBe('Sending4 / 10');
    // The list asks again by itself while a campaign sends.
    await waitFor(async () => expect(await status()).toBe('Sent'));
    expect(callsTo(fetchMock, FIRST_PAGE)).toHaveLength(2);
  });

  it('speaks French: titles, statuses and dates', async () => {
    await i18n.changeLanguage('fr');
    stubFetch({ [FIRST_PAGE]: () => jsonResponse(list(CAMPAIGNS)) });
    renderPast();
    expect(await screen.findByText('Campagnes passées')).toBeInTheDocument();
    const rows = await bodyRows();
    const card = screen.getByTestId('past-campaigns');
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nom', 'Modèle', 'Destinataires', 'Statut', 'Envoyée le']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Envoyée',
      'Échec',
      'Brouillon',
      "En cours d'envoi10 / 40",
    ]);
    expect(within(rows[0] as HTMLElement).getByText(/^20 novembre 2026 \d{2}:15$/)).toBeInTheDocument();
  });
});
