import { type Email, type EmailInput, MAX_RECIPIENTS, type UserEmailSearchResult } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ComposeModal } from '@/modules/mailbox/components/ComposeModal';
import { callsTo, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { email, MANAGER } from '@/test/mailbox';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { emptyRangeLayoutForTheEditor } from '@/test/editor';

const SENT = email({ id: '0190a0c4-0000-7000-8000-000000000900', folder: 'sent', originFolder: 'sent' });

function renderComposer(replyTo: Email | null = null) {
  const onClose = vi.fn();
  const onSent = vi.fn();
  const rendered = renderRoutes(
    [{ path: '/emails', element: <ComposeModal replyTo={replyTo} onClose={onClose} onSent={onSent} /> }],
    '/emails',
  );
  return { ...rendered, onClose, onSent };
}

/** The parts of the composer a test fills and reads, found in its dialog. */
async function composer() {
  const dialog = await screen.findByRole('dialog');
  return {
    dialog,
    recipients: within(dialog).getByTestId('compose-recipients'),
    subject: within(dialog).getByTestId('compose-subject'),
    body: within(dialog).getByRole('textbox', { name: 'Message' }),
    send: within(dialog).getByTestId('compose-send'),
  };
}

/** The addresses the recipients field holds, as its tags show them. */
const tagsOf = (recipients: HTMLElement) =>
  [...recipients.querySelectorAll('.ant-select-selection-item-content')].map((tag) => tag.textContent);

async function typeInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.keyboard(text);
}

/** What POST /api/emails received, each call's body and idempotency key. */
function sends(fetchMock: ReturnType<typeof stubFetch>) {
  return callsTo(fetchMock, 'POST /api/emails').map(([, init]) => ({
    input: jsonBody(init) as EmailInput,
    key: new Headers(init?.headers).get('Idempotency-Key'),
  }));
}

signedInAsRepInEnglish();
emptyRangeLayoutForTheEditor();

describe('ComposeModal', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('is 1000 px wide, asks for a recipient, a subject and a message, sends nothing, and Cancel closes it', async () => {
    const fetchMock = stubFetch({});
    const { user, onClose, onSent } = renderComposer();
    const { dialog, send } = await composer();
    expect(dialog).toHaveTextContent('New message');
    // The spec's width (001 §9).
    expect(dialog).toHaveStyle({ width: '1000px' });

    await user.click(send);
    expect(await within(dialog).findByText('Please add at least one recipient')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a subject')).toBeInTheDocument();
    expect(within(dialog).getByText('Please write a message')).toBeInTheDocument();
    expect(sends(fetchMock)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('names the addresses that are not valid and keeps everything typed', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderComposer();
    const { dialog, recipients, subject, body, send } = await composer();
    await typeInto(user, within(recipients).getByRole('combobox'), 'hb@demo.fr;pas-une-adresse, x@demo,');
    await typeInto(user, subject, 'Point secteur');
    await typeInto(user, body, 'Bonjour');
    await user.click(send);

    expect(await within(dialog).findByText('Not a valid e-mail address: pas-une-adresse, x@demo')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter a subject')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Please write a message')).not.toBeInTheDocument();
    expect(tagsOf(recipients)).toEqual(['hb@demo.fr', 'pas-une-adresse', 'x@demo']);
    expect(subject).toHaveValue('Point secteur');
    expect(body).toHaveTextContent('Bonjour');
    expect(sends(fetchMock)).toHaveLength(0);
  });

  it('says what is missing or wrong in French', async () => {
    await i18n.changeLanguage('fr');
    stubFetch({});
    const { user } = renderComposer();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nouveau message');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Veuillez ajouter au moins un destinataire')).toBeInTheDocument();
    expect(within(dialog).getByText('Veuillez saisir un objet')).toBeInTheDocument();
    expect(within(dialog).getByText('Veuillez écrire un message')).toBeInTheDocument();

    await typeInto(user, within(dialog).getByRole('combobox', { name: 'À' }), 'pas-une-adresse;');
    expect(await within(dialog).findByText('Adresse e-mail invalide : pas-une-adresse')).toBeInTheDocument();
  });

  it('refuses one recipient over the request schema’s limit before any request, in English and French', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderComposer();
    const { dialog, recipients, subject, body, send } = await composer();
    const addresses = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, index) => `rep${index}@demo-crm.fr`);
    await user.click(within(recipients).getByRole('combobox'));
    await user.paste(`${addresses.join(';')};`);
    expect(tagsOf(recipients)).toHaveLength(MAX_RECIPIENTS + 1);
    await typeInto(user, subject, 'Point secteur');
    await typeInto(user, body, 'Bonjour');
    await user.click(send);
    expect(await within(dialog).findByText('A message can have at most 100 recipients')).toBeInTheDocument();

    await i18n.changeLanguage('fr');
    await user.click(send);
    expect(await within(dialog).findByText('Un message peut avoir au plus 100 destinataires')).toBeInTheDocument();
    expect(sends(fetchMock)).toHaveLength(0);
  });

  it('checks each address with the request schema’s e-mail rule, as the server does', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderComposer();
    const { dialog, recipients, subject, body, send } = await composer();
    // The composer's own pattern took these; the shared e-mail field, and so the server, refuses them.
    await typeInto(user, within(recipients).getByRole('combobox'), 'hb@demo.fr;jean..martin@demo.fr;a@b.c;');
    await typeInto(user, subject, 'Point secteur');
    await typeInto(user, body, 'Bonjour');
    await user.click(send);
    expect(
      await within(dialog).findByText('Not a valid e-mail address: jean..martin@demo.fr, a@b.c'),
    ).toBeInTheDocument();
    expect(sends(fetchMock)).toHaveLength(0);
  });

  it('sends the addresses typed with commas and semicolons, the subject and the message once, as a new message', async () => {
    const fetchMock = stubFetch({ 'POST /api/emails': () => jsonResponse(SENT, 201) });
    const { user, onSent } = renderComposer();
    const { recipients, subject, body, send } = await composer();
    await typeInto(user, within(recipients).getByRole('combobox'), 'manager@demo-crm.fr;admin@demo-crm.fr, ');
    expect(tagsOf(recipients)).toEqual(['manager@demo-crm.fr', 'admin@demo-crm.fr']);
    await typeInto(user, subject, 'Point secteur');
    await typeInto(user, body, 'Bonjour Hélène');
    await user.click(send);

    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    expect(onSent).toHaveBeenCalledTimes(1);
    const [call, ...others] = sends(fetchMock);
    expect(others).toHaveLength(0);
    expect(call?.input).toEqual({
      recipients: ['manager@demo-crm.fr', 'admin@demo-crm.fr'],
      subject: 'Point secteur',
      body: '<p>Bonjour Hélène</p>',
      attachments: [],
      parentEmailId: null,
    });
    expect(call?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('suggests the product’s users once typing pauses, and adds the one picked', async () => {
    const found: UserEmailSearchResult = { users: [MANAGER, { email: 'manon@demo-crm.fr', displayName: null }] };
    const fetchMock = stubFetch({ 'GET /api/users/emails?search=man': () => jsonResponse(found) });
    const { user } = renderComposer();
    const { recipients } = await composer();
    await typeInto(user, within(recipients).getByRole('combobox'), 'man');

    const options = await screen.findAllByTitle('Hélène Bernard <manager@demo-crm.fr>');
    const option = options.find((element) => element.classList.contains('ant-select-item-option'));
    expect(screen.getAllByTitle('manon@demo-crm.fr').length).toBeGreaterThan(0);
    // One question for the word, none for each letter typed on the way.
    expect(callsTo(fetchMock, 'GET /api/users/emails', { anyParams: true })).toHaveLength(1);

    await user.click(option as HTMLElement);
    expect(tagsOf(recipients)).toEqual(['manager@demo-crm.fr']);
  });

  it('shows why sending failed, keeps the draft, and sends it again under the same key', async () => {
    let isDown = true;
    const fetchMock = stubFetch({
      'POST /api/emails': () =>
        isDown
          ? jsonResponse({ message: 'The mail server is unavailable', code: 'INTERNAL_ERROR' }, 500)
          : jsonResponse(SENT, 201),
    });
    const { user, onSent } = renderComposer();
    const { dialog, recipients, subject, body, send } = await composer();
    await typeInto(user, within(recipients).getByRole('combobox'), 'manager@demo-crm.fr,');
    await typeInto(user, subject, 'Point secteur');
    await typeInto(user, body, 'Bonjour');
    await user.click(send);

    const error = await within(dialog).findByTestId('compose-error');
    expect(error).toHaveTextContent('Failed to send email');
    expect(error).toHaveTextContent('The mail server is unavailable');
    expect(onSent).not.toHaveBeenCalled();
    expect(tagsOf(recipients)).toEqual(['manager@demo-crm.fr']);
    expect(subject).toHaveValue('Point secteur');
    expect(body).toHaveTextContent('Bonjour');

    isDown = false;
    await user.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [first, second] = sends(fetchMock);
    expect(second?.input).toEqual(first?.input);
    expect(second?.key).toBe(first?.key);
  });

  it('replies to the sender under “Re:”, both locked, quoting the message and naming it as the parent', async () => {
    const received = email();
    const fetchMock = stubFetch({ 'POST /api/emails': () => jsonResponse(SENT, 201) });
    const { user, onSent } = renderComposer(received);
    const { dialog, recipients, subject, body, send } = await composer();
    expect(within(dialog).getByText('Reply', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(subject).toHaveValue('Re: Point secteur');
    expect(subject).toBeDisabled();
    expect(tagsOf(recipients)).toEqual(['manager@demo-crm.fr']);
    expect(within(recipients).getByRole('combobox')).toBeDisabled();
    expect(
      within(dialog).getByText(/^On November 20, 2026 \d{2}:30, manager@demo-crm\.fr wrote:$/),
    ).toBeInTheDocument();
    expect(within(dialog).getByTitle('Message replied to')).toHaveAttribute(
      'srcdoc',
      expect.stringContaining('<strong>réunion jeudi</strong>'),
    );

    await typeInto(user, body, 'C’est noté, merci.');
    await user.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(sends(fetchMock)[0]?.input).toEqual({
      recipients: ['manager@demo-crm.fr'],
      subject: 'Re: Point secteur',
      body: '<p>C’est noté, merci.</p>',
      attachments: [],
      parentEmailId: received.id,
    });
  });
});
