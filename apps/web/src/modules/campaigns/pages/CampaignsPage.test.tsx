import type { CampaignList, CampaignSendResult, CampaignTemplate, CampaignTemplateInput } from '@crm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { CampaignsPage } from '@/modules/campaigns/pages/CampaignsPage';
import { BUILT_IN_TEMPLATES, campaign, campaignId, eligiblePage, template } from '@/test/campaigns';
import { callsTo, jsonBody, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { emptyRangeLayoutForTheEditor } from '@/test/editor';

const TEMPLATES = 'GET /api/campaigns/templates';
const PAST = 'GET /api/campaigns?page=1&limit=10';
const SEND = 'POST /api/campaigns';
const eligible = (type: string, query = 'page=1&limit=20') =>
  `GET /api/campaigns/doctors-with-consent?type=${type}&${query}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PAST_CAMPAIGNS: CampaignList = { campaigns: [campaign()], total: 1, pages: 1 };

/** The POST's answer: the campaign recorded and sending, for `recipientCount` doctors, `skipped` left out. */
function sendResult(recipientCount: number, skipped = 0): CampaignSendResult {
  const counts = { notFound: 0, noEmail: 0, noConsent: skipped, withdrawn: 0 };
  return {
    campaign: campaign({
      status: 'sending',
      recipientCount,
      sentCount: 0,
      failedCount: 0,
      skippedCount: skipped,
      skipped: counts,
      sentAt: null,
    }),
    recipientCount,
    skipped: counts,
  };
}

/** What every send of a campaign without event details or custom text carries besides its own fields. */
const NOTHING_CUSTOM = {
  customSubject: null,
  customContent: null,
  eventName: null,
  eventDate: null,
  eventLocation: null,
  eventTopics: null,
};

function api(extra: Record<string, FetchHandler> = {}, templates: CampaignTemplate[] = BUILT_IN_TEMPLATES) {
  return stubFetch({
    [TEMPLATES]: () => jsonResponse({ templates }),
    [PAST]: () => jsonResponse(PAST_CAMPAIGNS),
    [eligible('general')]: () => jsonResponse(eligiblePage(1, 3)),
    ...extra,
  });
}

const renderPage = () => renderRoutes([{ path: '/campaigns', element: <CampaignsPage /> }], '/campaigns');

const card = (id: string) => screen.getByTestId(`template-${id}`);
const selectedCards = () => document.querySelectorAll('.template-card-selected');

async function chooseTemplate(user: UserEvent, id: string) {
  await user.click(within(await screen.findByTestId(`template-${id}`)).getByTestId('select-template'));
}

async function next(user: UserEvent) {
  await user.click(screen.getByTestId('wizard-next'));
}

async function previous(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: /Previous/ }));
}

/** Ticks the doctors' rows once the step shows them. */
async function pickDoctors(user: UserEvent, ...names: string[]) {
  const step = await screen.findByTestId('recipients-step');
  for (const name of names) {
    const row = (await within(step).findByText(name)).closest<HTMLElement>('tr');
    if (row === null) throw new Error(`No row for ${name}`);
    await user.click(within(row).getByRole('checkbox'));
  }
}

const reviewNames = () =>
  within(screen.getByTestId('review-recipients'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The messages under the review's fields. */
const fieldErrors = () =>
  [...screen.getByTestId('review-step').querySelectorAll('.ant-form-item-explain-error')].map(
    (element) => element.textContent,
  );

/** Types in a rich-text editor: focused as a click would (jsdom can't place a caret from coordinates). */
async function typeInEditor(user: UserEvent, label: string, text: string) {
  const editor = await screen.findByRole('textbox', { name: label });
  act(() => {
    editor.focus();
  });
  await user.keyboard(text);
}

emptyRangeLayoutForTheEditor();
signedInAsRepInEnglish();

describe('CampaignsPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('walks template → recipients → review, sends the chosen doctors with a custom subject and message, then starts again empty', async () => {
    const fetchMock = api({ [SEND]: () => jsonResponse(sendResult(2), 201) });
    const { user } = renderPage();
    expect(await screen.findByText('Select Template')).toBeInTheDocument();
    expect(screen.getByText('Choose Recipients')).toBeInTheDocument();
    expect(screen.getByText('Review and Send')).toBeInTheDocument();
    await screen.findByTestId('template-general-update');
    // Next shows once a template is chosen; there is nothing before the first step.
    expect(screen.queryByTestId('wizard-next')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Previous/ })).not.toBeInTheDocument();
    await chooseTemplate(user, 'general-update');
    expect(card('general-update')).toHaveClass('template-card-selected');
    expect(within(card('general-update')).getByTestId('select-template')).toHaveTextContent('Selected');

    await next(user);
    // Next shows once a doctor is chosen.
    await screen.findByText('Dr Prénom1 Nom1');
    expect(screen.queryByTestId('wizard-next')).not.toBeInTheDocument();
    await pickDoctors(user, 'Dr Prénom1 Nom1', 'Dr Prénom3 Nom3');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('2 doctors selected');

    await next(user);
    const review = await screen.findByTestId('review-step');
    expect(review).toHaveTextContent('NameGeneral update');
    expect(review).toHaveTextContent('TypeGeneral');
    expect(review).toHaveTextContent('SubjectNews from your representative');
    expect(within(review).getByText('2 recipients')).toBeInTheDocument();
    expect(reviewNames()).toEqual(['Dr Prénom1 Nom1', 'Dr Prénom3 Nom3']);
    expect(screen.getByTestId('review-recipients')).toHaveStyle({ maxHeight: '200px' });
    expect(screen.queryByTestId('wizard-next')).not.toBeInTheDocument();
    await user.type(within(review).getByTestId('campaign-name'), 'Rentrée 2026');
    await user.type(within(review).getByLabelText('Custom subject (optional)'), 'Nouvelles de novembre');
    await typeInEditor(user, 'Custom message (optional)', 'Bonjour {{{{doctorName}}');
    await user.click(screen.getByTestId('send-campaign'));

    expect(await screen.findByText('Campaign sent successfully')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, SEND);
    expect(jsonBody(call?.[1])).toEqual({
      ...NOTHING_CUSTOM,
      name: 'Rentrée 2026',
      templateId: 'general-update',
      doctorIds: [campaignId(101), campaignId(103)],
      allMatching: null,
      customSubject: 'Nouvelles de novembre',
      customContent: expect.stringContaining('<p>Bonjour {{doctorName}}</p>') as unknown,
    });
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(UUID);
    // The past campaigns are asked again to show the new one.
    await waitFor(() => expect(callsTo(fetchMock, PAST)).toHaveLength(2));

    // Back at the first step with nothing chosen: no template, no doctor, no name.
    await screen.findByTestId('template-step');
    expect(selectedCards()).toHaveLength(0);
    expect(screen.queryByTestId('wizard-next')).not.toBeInTheDocument();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await screen.findByText('Dr Prénom1 Nom1');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('0 doctors selected');
    await pickDoctors(user, 'Dr Prénom2 Nom2');
    await next(user);
    expect(within(await screen.findByTestId('review-step')).getByTestId('campaign-name')).toHaveValue('');
  });

  it('goes back and forth keeping the template, the doctors and the campaign name', async () => {
    api();
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await pickDoctors(user, 'Dr Prénom2 Nom2');
    await next(user);
    await user.type(within(await screen.findByTestId('review-step')).getByTestId('campaign-name'), 'Rentrée');

    await previous(user);
    await screen.findByTestId('recipients-step');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('1 doctor selected');
    await previous(user);
    await screen.findByTestId('template-step');
    expect(card('general-update')).toHaveClass('template-card-selected');

    await next(user);
    await screen.findByTestId('recipients-step');
    await next(user);
    const review = await screen.findByTestId('review-step');
    expect(reviewNames()).toEqual(['Dr Prénom2 Nom2']);
    expect(within(review).getByTestId('campaign-name')).toHaveValue('Rentrée');
  });

  it('keeps the doctors for a template of the same type, and asks again for another type’s', async () => {
    const own = template({ id: 'own-general', name: 'Point trimestriel', isBuiltIn: false });
    const [medicine, , , general] = BUILT_IN_TEMPLATES;
    const fetchMock = api({ [eligible('medicine')]: () => jsonResponse(eligiblePage(7, 2)) }, [
      own,
      medicine as CampaignTemplate,
      general as CampaignTemplate,
    ]);
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await pickDoctors(user, 'Dr Prénom1 Nom1');
    await previous(user);

    await chooseTemplate(user, 'own-general');
    await next(user);
    await screen.findByTestId('recipients-step');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('1 doctor selected');
    await previous(user);

    await chooseTemplate(user, 'new-medicine');
    await next(user);
    // Another consent decides who may receive it: the list is the medicine one, the choice starts again.
    expect(await screen.findByText('Dr Prénom7 Nom7')).toBeInTheDocument();
    expect(callsTo(fetchMock, eligible('medicine'))).toHaveLength(1);
    expect(screen.queryByText('Dr Prénom1 Nom1')).not.toBeInTheDocument();
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('0 doctors selected');
    expect(screen.queryByTestId('wizard-next')).not.toBeInTheDocument();
  });

  it('refuses to send without a campaign name, with both messages, and keeps what was typed', async () => {
    const fetchMock = api();
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await pickDoctors(user, 'Dr Prénom1 Nom1');
    await next(user);
    const review = await screen.findByTestId('review-step');
    await user.type(within(review).getByTestId('campaign-name'), '   ');
    await user.type(within(review).getByLabelText('Custom subject (optional)'), 'Nouvelles de novembre');
    await user.click(screen.getByTestId('send-campaign'));

    expect(await screen.findByText('Please complete all steps before sending')).toBeInTheDocument();
    await waitFor(() => expect(fieldErrors()).toEqual(['Please enter campaign name']));
    expect(within(review).getByLabelText('Custom subject (optional)')).toHaveValue('Nouvelles de novembre');
    expect(reviewNames()).toEqual(['Dr Prénom1 Nom1']);
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);
  });

  it('asks for the event details a congress template uses, sends them, and says how many doctors were left out', async () => {
    const fetchMock = api({
      [eligible('congress')]: () => jsonResponse(eligiblePage(1, 3)),
      [SEND]: () => jsonResponse(sendResult(1, 1), 201),
    });
    const { user } = renderPage();
    await chooseTemplate(user, 'congress-invitation');
    await next(user);
    await pickDoctors(user, 'Dr Prénom1 Nom1', 'Dr Prénom2 Nom2');
    await next(user);
    const review = await screen.findByTestId('review-step');
    expect(within(review).getByText('Event details')).toBeInTheDocument();
    await user.type(within(review).getByTestId('campaign-name'), 'Congrès 2026');
    await user.click(screen.getByTestId('send-campaign'));
    const required = 'The template uses this detail: please fill it in';
    await waitFor(() => expect(fieldErrors()).toEqual([required, required, required, required]));
    expect(callsTo(fetchMock, SEND)).toHaveLength(0);

    await user.type(within(review).getByLabelText('Event name'), 'Journées de cardiologie');
    await user.type(within(review).getByLabelText('Date'), '12 mars 2027');
    await user.type(within(review).getByLabelText('Location'), 'Lyon');
    await user.type(within(review).getByLabelText('Topics'), 'Insuffisance cardiaque');
    await user.click(screen.getByTestId('send-campaign'));
    expect(
      await screen.findByText('Campaign sent successfully to 1 doctors; 1 left out (no e-mail or no consent)'),
    ).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, SEND)[0]?.[1])).toEqual({
      ...NOTHING_CUSTOM,
      name: 'Congrès 2026',
      templateId: 'congress-invitation',
      doctorIds: [campaignId(101), campaignId(102)],
      allMatching: null,
      eventName: 'Journées de cardiologie',
      eventDate: '12 mars 2027',
      eventLocation: 'Lyon',
      eventTopics: 'Insuffisance cardiaque',
    });
  });

  it('says why a send failed, keeps the review, and retries with the same Idempotency-Key', async () => {
    let attempts = 0;
    const fetchMock = api({
      [SEND]: () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ message: 'No mail server is configured', code: 'MAIL_SERVER_MISSING' }, 503)
          : jsonResponse({ message: '', code: 'INTERNAL_ERROR' }, 500);
      },
    });
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await pickDoctors(user, 'Dr Prénom1 Nom1');
    await next(user);
    const review = await screen.findByTestId('review-step');
    await user.type(within(review).getByTestId('campaign-name'), 'Rentrée');
    await user.click(screen.getByTestId('send-campaign'));

    expect(await screen.findByTestId('campaign-error')).toHaveTextContent('No mail server is configured');
    expect(within(review).getByTestId('campaign-name')).toHaveValue('Rentrée');
    expect(reviewNames()).toEqual(['Dr Prénom1 Nom1']);

    // Without a message from the server, the spec's own.
    await user.click(screen.getByTestId('send-campaign'));
    await waitFor(() => expect(screen.getByTestId('campaign-error')).toHaveTextContent('Failed to send campaign'));
    const keys = callsTo(fetchMock, SEND).map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByTestId('review-step')).toBeInTheDocument();
  });

  it('says Failed to send campaign when the answer is not the API’s: a proxy’s HTML page, or one that does not parse', async () => {
    const html = (status: number) =>
      new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status,
        headers: { 'Content-Type': 'text/html' },
      });
    let attempts = 0;
    const fetchMock = api({
      [SEND]: () => {
        attempts += 1;
        return html(attempts === 2 ? 200 : 502);
      },
    });
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await pickDoctors(user, 'Dr Prénom1 Nom1');
    await next(user);
    await user.type(within(await screen.findByTestId('review-step')).getByTestId('campaign-name'), 'Rentrée');
    const sendAndWaitForAnswer = async () => {
      const before = callsTo(fetchMock, SEND).length;
      await user.click(screen.getByTestId('send-campaign'));
      await waitFor(() => expect(callsTo(fetchMock, SEND)).toHaveLength(before + 1));
      await waitFor(() => expect(screen.getByTestId('send-campaign')).not.toHaveClass('ant-btn-loading'));
    };

    await sendAndWaitForAnswer();
    expect(screen.getByTestId('campaign-error')).toHaveTextContent(/^Failed to send campaign$/);
    await sendAndWaitForAnswer();
    expect(screen.getByTestId('campaign-error')).toHaveTextContent(/^Failed to send campaign$/);
    await act(() => i18n.changeLanguage('fr'));
    await sendAndWaitForAnswer();
    expect(screen.getByTestId('campaign-error')).toHaveTextContent(/^Échec de l'envoi de la campagne$/);
    expect(screen.getByTestId('review-step')).toBeInTheDocument();
  });

  it('sends "select all" as the search, and the review names the page shown and counts the rest', async () => {
    const fetchMock = api({
      [eligible('general')]: () => jsonResponse(eligiblePage(1, 20, 45)),
      [SEND]: () => jsonResponse(sendResult(45), 201),
    });
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    await next(user);
    await screen.findByText('Dr Prénom1 Nom1');
    await user.click(screen.getByTestId('select-all'));
    await next(user);
    const review = await screen.findByTestId('review-step');
    expect(within(review).getByText('45 recipients')).toBeInTheDocument();
    expect(reviewNames()).toHaveLength(20);
    expect(within(review).getByText('and 25 more doctors')).toBeInTheDocument();
    await user.type(within(review).getByTestId('campaign-name'), 'Tous');
    await user.click(screen.getByTestId('send-campaign'));
    expect(await screen.findByText('Campaign sent successfully')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, SEND)[0]?.[1])).toEqual({
      ...NOTHING_CUSTOM,
      name: 'Tous',
      templateId: 'general-update',
      doctorIds: [],
      allMatching: { search: '' },
    });
  });

  it('previews a template’s subject as text and its body sanitised in a sandboxed frame, and selects it from there', async () => {
    const hostile = template({
      id: 'own-hostile',
      name: `Modèle <img src=x onerror="alert('name')">`,
      subject: `Objet <script>alert('subject')</script> {{doctorName}}`,
      content: `<p>Tout le catalogue</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">lien</a>`,
      isBuiltIn: false,
    });
    api({}, [hostile, ...BUILT_IN_TEMPLATES]);
    const { user } = renderPage();
    const hostileCard = await screen.findByTestId('template-own-hostile');
    expect(hostileCard).toHaveTextContent(hostile.name);
    expect(hostileCard.querySelector('img')).toBeNull();

    await user.click(within(hostileCard).getByRole('button', { name: /Preview/ }));
    const preview = await screen.findByTestId('template-preview');
    expect(preview).toHaveTextContent(hostile.subject);
    expect(preview.querySelector('script')).toBeNull();
    const frame = within(preview).getByTitle('Template preview');
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-scripts');
    const body = frame.getAttribute('srcdoc') ?? '';
    expect(body).toContain('<p>Tout le catalogue</p>');
    expect(body).not.toMatch(/<script|onerror|javascript:/i);
    // Close leaves the choice as it was.
    // The footer's Close, after the title bar's.
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectedCards()).toHaveLength(0);

    await user.click(within(hostileCard).getByRole('button', { name: /Preview/ }));
    await user.click(await screen.findByTestId('preview-select'));
    expect(hostileCard).toHaveClass('template-card-selected');
    await next(user);
    await pickDoctors(user, 'Dr Prénom1 Nom1');
    await next(user);
    const review = await screen.findByTestId('review-step');
    expect(review).toHaveTextContent(hostile.name);
    expect(review).toHaveTextContent(hostile.subject);
    expect(review.querySelector('img, script')).toBeNull();
  });

  it('shows the template cards four a page, the built-in ones marked and the user’s own dated', async () => {
    const own = [
      template({ id: 'own-1', name: 'Point trimestriel', createdAt: '2026-11-20T09:30:00.000Z', isBuiltIn: false }),
      template({ id: 'own-2', name: 'Vœux', createdAt: '2026-11-02T09:30:00.000Z', isBuiltIn: false }),
    ];
    api({}, [...own, ...BUILT_IN_TEMPLATES]);
    const { user } = renderPage();
    const step = await screen.findByTestId('template-step');
    await screen.findByTestId('template-own-1');
    const cards = () => within(step).getAllByTestId(/^template-(?!step)/);
    expect(cards().map((element) => element.dataset.testid)).toEqual([
      'template-own-1',
      'template-own-2',
      'template-new-medicine',
      'template-congress-invitation',
    ]);
    expect(card('own-1')).toHaveTextContent('Nov 20, 2026');
    expect(card('new-medicine')).toHaveTextContent('Built-in template');
    expect(card('new-medicine')).toHaveTextContent('Medicine');
    await user.click(within(step).getByRole('listitem', { name: '2' }));
    await screen.findByTestId('template-general-update');
    expect(cards().map((element) => element.dataset.testid)).toEqual([
      'template-pharma-event',
      'template-general-update',
    ]);
  });

  it('offers only Add New Template when there is no template yet', async () => {
    api({}, []);
    renderPage();
    expect(await screen.findByText('No template yet')).toBeInTheDocument();
    expect(screen.getByTestId('add-template')).toHaveTextContent('Add New Template');
    expect(screen.queryByTestId('wizard-next')).not.toBeInTheDocument();
  });

  it('says when the templates could not be loaded, and still lists the past campaigns', async () => {
    api({ [TEMPLATES]: () => jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500) });
    renderPage();
    expect(await screen.findByText('Could not load the templates')).toBeInTheDocument();
    expect(screen.queryByTestId('template-step')).not.toBeInTheDocument();
    expect(await screen.findByText('Rentrée 2026')).toBeInTheDocument();
  });

  it('creates a template from the wizard, then shows it chosen', async () => {
    const created = template({
      id: 'own-new',
      name: 'Point trimestriel',
      description: 'Les nouvelles du trimestre',
      subject: 'Les nouvelles',
      content: '<p>Bonjour</p>',
      createdAt: '2026-11-20T09:30:00.000Z',
      isBuiltIn: false,
    });
    let stored: CampaignTemplate[] = BUILT_IN_TEMPLATES;
    const fetchMock = api({
      [TEMPLATES]: () => jsonResponse({ templates: stored }),
      'POST /api/campaigns/templates': (init) => {
        const input = jsonBody(init) as CampaignTemplateInput;
        stored = [{ ...created, ...input }, ...BUILT_IN_TEMPLATES];
        return jsonResponse(stored[0], 201);
      },
    });
    const { user } = renderPage();
    await screen.findByTestId('template-general-update');
    await user.click(screen.getByTestId('add-template'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('template-name'), 'Point trimestriel');
    await user.click(within(dialog).getByLabelText('Type'));
    const general = (await screen.findAllByTitle('General')).find((element) =>
      element.classList.contains('ant-select-item-option'),
    );
    await user.click(general as HTMLElement);
    await user.type(within(dialog).getByTestId('template-description'), 'Les nouvelles du trimestre');
    await user.type(within(dialog).getByTestId('template-subject'), 'Les nouvelles');
    await typeInEditor(user, 'Content', 'Bonjour');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the new template comes first, chosen.
    expect(await screen.findByTestId('template-own-new')).toHaveClass('template-card-selected');
    expect(within(screen.getByTestId('template-step')).getAllByTestId(/^template-(?!step)/)[0]).toBe(
      screen.getByTestId('template-own-new'),
    );
    expect(callsTo(fetchMock, TEMPLATES)).toHaveLength(2);
    expect(selectedCards()).toHaveLength(1);
    await next(user);
    expect(await screen.findByTestId('recipients-step')).toBeInTheDocument();
  });

  it.each([
    ['a read-only representative', { ...REP_USER, readWrite: false }],
    ['an administrator', DEMO_ADMIN_USER],
  ])('gives %s the whole wizard and the campaigns the server lists', async (_role, sessionUser) => {
    setSession('token', sessionUser);
    const fetchMock = api();
    const { user } = renderPage();
    await chooseTemplate(user, 'general-update');
    expect(screen.getByTestId('add-template')).toBeEnabled();
    await next(user);
    expect(await screen.findByTestId('recipients-step')).toBeInTheDocument();
    expect(await screen.findByText('Rentrée 2026')).toBeInTheDocument();
    expect(callsTo(fetchMock, PAST)).toHaveLength(1);
  });

  it('speaks French along the way: steps, cards, recipients, review, its messages and the success', async () => {
    await i18n.changeLanguage('fr');
    const actualites = template({ name: 'Actualités', subject: 'Les actualités de votre délégué' });
    api({ [SEND]: () => jsonResponse(sendResult(1), 201) }, [actualites]);
    const { user } = renderPage();
    expect(await screen.findByText('Campagnes')).toBeInTheDocument();
    expect(screen.getByText('Choisir un modèle')).toBeInTheDocument();
    expect(screen.getByText('Choisir les destinataires')).toBeInTheDocument();
    expect(screen.getByText('Vérifier et envoyer')).toBeInTheDocument();
    const general = await screen.findByTestId('template-general-update');
    expect(general).toHaveTextContent('Général');
    expect(general).toHaveTextContent('Modèle fourni');
    expect(within(general).getByRole('button', { name: /Aperçu/ })).toBeInTheDocument();
    expect(screen.getByTestId('add-template')).toHaveTextContent('Ajouter un modèle');
    await user.click(within(general).getByTestId('select-template'));
    expect(screen.getByTestId('wizard-next')).toHaveTextContent('Suivant');

    await next(user);
    await screen.findByText('Dr Prénom1 Nom1');
    expect(screen.getByTestId('select-all')).toHaveTextContent('Tout sélectionner (3)');
    expect(screen.getByRole('button', { name: 'Effacer la sélection' })).toBeDisabled();
    await pickDoctors(user, 'Dr Prénom1 Nom1');
    expect(screen.getByTestId('recipients-count')).toHaveTextContent('1 médecin sélectionné');

    await next(user);
    const review = await screen.findByTestId('review-step');
    expect(within(review).getByText('1 destinataire')).toBeInTheDocument();
    expect(within(review).getByText('Objet personnalisé (facultatif)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Précédent/ })).toBeInTheDocument();
    await user.click(screen.getByTestId('send-campaign'));
    expect(await screen.findByText("Veuillez compléter toutes les étapes avant l'envoi")).toBeInTheDocument();
    expect(await within(review).findByText('Veuillez saisir le nom de la campagne')).toBeInTheDocument();
    await user.type(within(review).getByTestId('campaign-name'), 'Rentrée');
    await user.click(screen.getByTestId('send-campaign'));
    expect(await screen.findByText('Campagne envoyée avec succès')).toBeInTheDocument();
    expect(await screen.findByText('Envoyée')).toBeInTheDocument();
  });
});
