import type { EmailInput, EmailListResult, EmailSummary, MailFolder, SessionUser } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { MailboxPage } from '@/modules/mailbox/pages/MailboxPage';
import { callsTo, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { email, emailStats, emailSummary, mailId } from '@/test/mailbox';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { emptyRangeLayoutForTheEditor } from '@/test/editor';

const UNREAD = emailSummary({ id: mailId(1), subject: 'Point secteur', isRead: false });
const READ = emailSummary({
  id: mailId(2),
  subject: 'Congrès de Lyon',
  preview: 'Les inscriptions sont ouvertes.',
  sender: { email: 'admin@demo-crm.fr', displayName: null },
  createdAt: '2026-11-18T08:00:00.000Z',
});
const SENT = emailSummary({
  id: mailId(3),
  subject: 'Compte rendu',
  sender: { email: REP_USER.email, displayName: 'Julien Lefèvre' },
  recipients: ['manager@demo-crm.fr', 'admin@demo-crm.fr'],
  folder: 'sent',
  originFolder: 'sent',
});
/** READ answers a message of the representative's, which it quotes. */
const READ_DETAIL = email({
  id: READ.id,
  subject: READ.subject,
  sender: READ.sender,
  createdAt: READ.createdAt,
  body: '<p>C’est noté, merci.</p>',
  parentEmail: {
    subject: 'Congrès',
    body: '<p>Qui vient au congrès ?</p>',
    createdAt: '2026-11-17T16:45:00.000Z',
    sender: { email: REP_USER.email, displayName: null },
  },
});
const BINNED = emailSummary({ id: mailId(4), subject: 'Ancienne note', folder: 'bin', originFolder: 'inbox' });

const listOf = (emails: EmailSummary[], total = emails.length): EmailListResult => ({
  emails,
  total,
  currentPage: 1,
  pages: Math.max(1, Math.ceil(total / 50)),
});

const listPath = (folder: MailFolder, extra = '') => `GET /api/emails?folder=${folder}&page=1&limit=50${extra}`;

/** The server of a mailbox holding UNREAD and READ in the inbox, SENT in sent and BINNED in the bin. */
function api(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/emails/stats': () => jsonResponse(emailStats({ inbox: 2, sent: 1, bin: 1, unreadCount: 1 })),
    [listPath('inbox')]: () => jsonResponse(listOf([UNREAD, READ])),
    [listPath('sent')]: () => jsonResponse(listOf([SENT])),
    [listPath('bin')]: () => jsonResponse(listOf([BINNED])),
    [`GET /api/emails/${UNREAD.id}`]: () => jsonResponse(email({ id: UNREAD.id, isRead: false })),
    [`GET /api/emails/${READ.id}`]: () => jsonResponse(READ_DETAIL),
    [`GET /api/emails/${BINNED.id}`]: () =>
      jsonResponse(email({ id: BINNED.id, subject: BINNED.subject, folder: 'bin', originFolder: 'inbox' })),
    ...extra,
  });
}

const renderMailbox = (path = '/emails') => renderRoutes([{ path: '/emails', element: <MailboxPage /> }], path);

/** The list's message lines, without its header, once it has some. */
async function lines() {
  const table = await screen.findByTestId('mail-list');
  return waitFor(() => {
    const rows = table.querySelectorAll<HTMLElement>('tr.ant-table-row');
    expect(rows.length).toBeGreaterThan(0);
    return [...rows];
  });
}

/** The line of the message with this subject, once the list shows it. */
async function lineOf(subject: string) {
  const line = (await within(await screen.findByTestId('mail-list')).findByText(subject)).closest('tr');
  if (line === null) throw new Error(`No line for ${subject}`);
  return line;
}

const folderNames = (folders: HTMLElement) =>
  [...folders.querySelectorAll('.mail-folder-name')].map((name) => name.textContent);

signedInAsRepInEnglish();
emptyRangeLayoutForTheEditor();

describe('MailboxPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the folders with their totals and the unread badge, and the inbox with unread lines marked', async () => {
    const fetchMock = api();
    renderMailbox();
    expect(screen.getByRole('heading', { name: 'Mail', level: 1 })).toBeInTheDocument();
    const [first, second] = await lines();
    expect(first).toHaveTextContent('Hélène Bernard');
    expect(first).toHaveTextContent('Point secteur');
    expect(first).toHaveTextContent('Réunion jeudi à 9 h.');
    expect(first).toHaveTextContent('November 20, 2026');
    expect(first).toHaveClass('mail-unread');
    expect(second).toHaveTextContent('admin@demo-crm.fr');
    expect(second).not.toHaveClass('mail-unread');
    expect(screen.getByRole('columnheader', { name: 'From' })).toBeInTheDocument();
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
    expect(callsTo(fetchMock, listPath('inbox'))).toHaveLength(1);

    const folders = screen.getByRole('navigation', { name: 'Folders' });
    expect(await within(folders).findByTitle('1 unread message')).toBeInTheDocument();
    expect(within(screen.getByTestId('folder-inbox')).getByText('Inbox')).toBeInTheDocument();
    // Unread mail does not hide the inbox's total.
    expect(within(screen.getByTestId('folder-inbox')).getByLabelText('2 messages')).toHaveTextContent('2');
    expect(within(screen.getByTestId('folder-sent')).getByLabelText('1 message')).toHaveTextContent('1');
    expect(within(screen.getByTestId('folder-bin')).getByLabelText('1 message')).toHaveTextContent('1');
  });

  it('leaves the subject room in a narrow list: the sender a share of it, not a fixed width', async () => {
    api();
    renderMailbox();
    await lines();
    // The list's table in a 1024 px window with the side menu open and the folders at their widest.
    const tableWidth = 430;
    const cols = [...screen.getByTestId('mail-list').querySelectorAll('colgroup:first-of-type > col')].filter(
      (col) => col instanceof HTMLElement,
    );
    expect(cols).toHaveLength(4);
    const asked = cols.map((col) => col.style.width);
    // The subject's column (third, after the checkbox and the sender) asks for nothing: it takes the rest.
    expect(asked[2]).toBe('');
    const taken = asked.reduce((sum, width) => {
      if (width.endsWith('%')) return sum + (parseFloat(width) / 100) * tableWidth;
      return sum + (width === '' ? 0 : parseFloat(width));
    }, 0);
    // 220 px for the sender and 150 for the date left the subject 20 px there: nothing readable.
    expect(tableWidth - taken).toBeGreaterThanOrEqual(120);
  });

  it('switches folders from the menu, with the folder in the address and the list back on page 1', async () => {
    const fetchMock = api({
      'GET /api/emails?folder=inbox&page=2&limit=50': () =>
        jsonResponse({ ...listOf([READ], 51), currentPage: 2, pages: 2 }),
    });
    const { user, router } = renderMailbox('/emails?page=2');
    expect(await screen.findByText('51-51 of 51')).toBeInTheDocument();

    await user.click(screen.getByTestId('folder-sent'));
    expect(router.state.location.search).toBe('?folder=sent');
    const [sent] = await lines();
    expect(sent).toHaveTextContent('To: manager@demo-crm.fr, admin@demo-crm.fr');
    expect(screen.getByRole('columnheader', { name: 'To' })).toBeInTheDocument();
    expect(callsTo(fetchMock, listPath('sent'))).toHaveLength(1);

    await user.click(screen.getByTestId('folder-bin'));
    expect(router.state.location.search).toBe('?folder=bin');
    expect(await screen.findByText('Ancienne note')).toBeInTheDocument();

    await user.click(screen.getByTestId('folder-inbox'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Point secteur')).toBeInTheDocument();
    expect(callsTo(fetchMock, listPath('inbox'))).toHaveLength(1);
  });

  it('opens the folder the address names, and says when a folder is empty or a search finds nothing', async () => {
    const empty = () => jsonResponse(listOf([]));
    const fetchMock = api({
      [listPath('inbox')]: empty,
      [listPath('sent')]: empty,
      [listPath('bin')]: empty,
      [listPath('bin', '&search=congrès')]: empty,
    });
    const { user, router } = renderMailbox('/emails?folder=sent');
    expect(await screen.findByText('You have not sent any message yet')).toBeInTheDocument();
    expect(callsTo(fetchMock, listPath('inbox'))).toHaveLength(0);

    await user.click(screen.getByTestId('folder-inbox'));
    expect(await screen.findByText('Your inbox is empty')).toBeInTheDocument();
    await user.click(screen.getByTestId('folder-bin'));
    expect(await screen.findByText('The bin is empty')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search the folder' }), 'congrès');
    expect(await screen.findByText('No message matches “congrès”')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?folder=bin&search=congr%C3%A8s');
    expect(callsTo(fetchMock, listPath('bin', '&search=congrès'))).toHaveLength(1);
  });

  it('says when the list could not be loaded, and loads it again on Try again', async () => {
    let isDown = true;
    const fetchMock = api({
      [listPath('inbox')]: () =>
        isDown ? jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500) : jsonResponse(listOf([READ])),
    });
    const { user } = renderMailbox();
    expect(await screen.findByText('Failed to fetch emails')).toBeInTheDocument();
    expect(screen.queryByTestId('mail-list')).not.toBeInTheDocument();

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Congrès de Lyon')).toBeInTheDocument();
    expect(callsTo(fetchMock, listPath('inbox'))).toHaveLength(2);
  });

  it('opens an unread message, marks it read and takes it off the unread badge', async () => {
    let unreadCount = 1;
    const fetchMock = api({
      'GET /api/emails/stats': () => jsonResponse(emailStats({ unreadCount })),
      [`PATCH /api/emails/${UNREAD.id}/read`]: () => {
        unreadCount = 0;
        return jsonResponse({ id: UNREAD.id, isRead: true });
      },
    });
    const { user, router } = renderMailbox();
    expect(await screen.findByTitle('1 unread message')).toBeInTheDocument();
    await user.click(await lineOf('Point secteur'));

    expect(router.state.location.search).toBe(`?open=${UNREAD.id}`);
    const view = await screen.findByTestId('mail-view');
    expect(within(view).getByRole('heading', { name: 'Point secteur' })).toBeInTheDocument();
    expect(view).toHaveTextContent('FromHélène Bernard <manager@demo-crm.fr>');
    expect(view).toHaveTextContent('Torep@demo-crm.fr');
    expect(within(view).getByTitle('Message')).toHaveAttribute(
      'srcdoc',
      expect.stringContaining('Bonjour Julien, <strong>réunion jeudi</strong> à 9 h.'),
    );
    await waitFor(() => expect(screen.queryByTitle('1 unread message')).not.toBeInTheDocument());
    const marks = callsTo(fetchMock, `PATCH /api/emails/${UNREAD.id}/read`);
    expect(marks).toHaveLength(1);
    expect(jsonBody(marks[0]?.[1])).toEqual({ isRead: true });
  });

  it('does not mark again a message already read', async () => {
    const fetchMock = api();
    renderMailbox(`/emails?open=${READ.id}`);
    expect(await screen.findByTestId('mail-subject')).toHaveTextContent('Congrès de Lyon');
    expect(callsTo(fetchMock, `PATCH /api/emails/${READ.id}/read`)).toHaveLength(0);
  });

  it('says when a message could not be loaded, and Back returns to the list', async () => {
    // A message the server does not know: answered 404.
    api();
    const { user, router } = renderMailbox(`/emails?folder=sent&open=${mailId(99)}`);
    expect(await screen.findByText('Failed to fetch email details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.search).toBe('?folder=sent');
    expect(await screen.findByText('Compte rendu')).toBeInTheDocument();
  });

  it('replies from a message with the composer pre-filled and locked, and shows Sent once it is sent', async () => {
    const fetchMock = api({ 'POST /api/emails': () => jsonResponse(email({ id: mailId(5), folder: 'sent' }), 201) });
    const { user, router } = renderMailbox(`/emails?open=${READ.id}`);
    await user.click(await screen.findByTestId('mail-reply'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reply', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('compose-subject')).toHaveValue('Re: Congrès de Lyon');
    expect(within(dialog).getByTestId('compose-subject')).toBeDisabled();
    expect(within(dialog).getByTestId('compose-recipients')).toHaveTextContent('admin@demo-crm.fr');
    await user.click(within(dialog).getByRole('textbox', { name: 'Message' }));
    await user.keyboard('Merci');
    await user.click(within(dialog).getByTestId('compose-send'));

    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?folder=sent');
    expect(await screen.findByText('Compte rendu')).toBeInTheDocument();
    const input = jsonBody(callsTo(fetchMock, 'POST /api/emails')[0]?.[1]) as EmailInput;
    expect(input).toMatchObject({ recipients: ['admin@demo-crm.fr'], parentEmailId: READ.id });
  });

  it('closes the composer of a new message once it is sent, and shows Sent', async () => {
    const fetchMock = api({ 'POST /api/emails': () => jsonResponse(email({ id: mailId(5), folder: 'sent' }), 201) });
    const { user, router } = renderMailbox('/emails?compose=1');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(within(dialog).getByTestId('compose-recipients')).getByRole('combobox'));
    await user.keyboard('manager@demo-crm.fr,');
    await user.click(within(dialog).getByTestId('compose-subject'));
    await user.keyboard('Point secteur');
    await user.click(within(dialog).getByRole('textbox', { name: 'Message' }));
    await user.keyboard('Bonjour');
    await user.click(within(dialog).getByTestId('compose-send'));

    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?folder=sent');
    expect(await screen.findByText('Compte rendu')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/emails')).toHaveLength(1);
  });

  it('opens the composer from ?compose=1 and from Compose, and Cancel closes it', async () => {
    api();
    const { user, router } = renderMailbox('/emails?compose=1');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('New message');
    expect(within(dialog).getByTestId('compose-subject')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('compose-button'));
    expect(router.state.location.search).toBe('?compose=1');
    expect(await screen.findByRole('dialog')).toHaveTextContent('New message');
  });

  it('moves an open message to the bin and returns to the list', async () => {
    const fetchMock = api({ [`DELETE /api/emails/${READ.id}`]: () => jsonResponse({ permanent: false }) });
    const { user, router } = renderMailbox(`/emails?open=${READ.id}`);
    await user.click(await screen.findByTestId('mail-delete'));
    expect(await screen.findByText('Email moved to the bin')).toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE /api/emails/${READ.id}`)).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByTestId('mail-list')).toBeInTheDocument();
  });

  it('restores a message of the bin to the folder it came from, and offers no reply there', async () => {
    const fetchMock = api({
      [`PATCH /api/emails/${BINNED.id}/folder`]: () => jsonResponse({ id: BINNED.id, folder: 'inbox' }),
    });
    const { user, router } = renderMailbox(`/emails?folder=bin&open=${BINNED.id}`);
    const view = await screen.findByTestId('mail-view');
    expect(within(view).getByText('Bin')).toBeInTheDocument();
    expect(screen.queryByTestId('mail-reply')).not.toBeInTheDocument();
    expect(screen.getByTestId('mail-delete')).toHaveTextContent('Delete permanently');

    await user.click(screen.getByTestId('mail-restore'));
    expect(await screen.findByText('Email restored to Inbox')).toBeInTheDocument();
    const moves = callsTo(fetchMock, `PATCH /api/emails/${BINNED.id}/folder`);
    expect(moves).toHaveLength(1);
    expect(jsonBody(moves[0]?.[1])).toEqual({ folder: 'inbox' });
    expect(router.state.location.search).toBe('?folder=bin');
  });

  it('deletes a message of the bin for good only once confirmed', async () => {
    const fetchMock = api({ [`DELETE /api/emails/${BINNED.id}`]: () => jsonResponse({ permanent: true }) });
    const { user } = renderMailbox(`/emails?folder=bin&open=${BINNED.id}`);
    await user.click(await screen.findByTestId('mail-delete'));
    const confirm = await screen.findByText("Delete this message permanently? It can't be restored.");
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, `DELETE /api/emails/${BINNED.id}`)).toHaveLength(0);

    await user.click(screen.getByTestId('mail-delete'));
    await user.click(within(popover).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Email permanently deleted')).toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE /api/emails/${BINNED.id}`)).toHaveLength(1);
  });

  it('marks the selected lines read or unread and moves them to the bin, in bulk', async () => {
    const fetchMock = api({
      'PATCH /api/emails/read': () => jsonResponse({ updated: 2 }),
      [`PATCH /api/emails/${UNREAD.id}/read`]: () => jsonResponse({ id: UNREAD.id, isRead: false }),
      'POST /api/emails/delete': () => jsonResponse({ movedToBin: 2, deleted: 0 }),
    });
    const { user } = renderMailbox();
    const select = async (...subjects: string[]) => {
      for (const subject of subjects) await user.click(within(await lineOf(subject)).getByRole('checkbox'));
    };
    const bar = async () => screen.findByTestId('mail-bulk-bar');

    await select('Point secteur', 'Congrès de Lyon');
    expect(await bar()).toHaveTextContent('2 messages selected');
    await user.click(within(await bar()).getByRole('button', { name: /Mark as read$/ }));
    expect(await screen.findByText('Marked as read')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, 'PATCH /api/emails/read')[0]?.[1])).toEqual({
      ids: [UNREAD.id, READ.id],
      isRead: true,
    });
    await waitFor(() => expect(screen.queryByTestId('mail-bulk-bar')).not.toBeInTheDocument());

    await select('Point secteur');
    expect(await bar()).toHaveTextContent('1 message selected');
    const asked = callsTo(fetchMock, listPath('inbox')).length;
    await user.click(within(await bar()).getByRole('button', { name: /Mark as unread$/ }));
    expect(await screen.findByText('Marked as unread')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, `PATCH /api/emails/${UNREAD.id}/read`)[0]?.[1])).toEqual({ isRead: false });
    // The list is asked again, for the lines to show what changed.
    expect(callsTo(fetchMock, listPath('inbox')).length).toBeGreaterThan(asked);

    await select('Point secteur', 'Congrès de Lyon');
    await user.click(within(await bar()).getByRole('button', { name: /Delete$/ }));
    expect(await screen.findByText('2 emails moved to the bin')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, 'POST /api/emails/delete')[0]?.[1])).toEqual({ ids: [UNREAD.id, READ.id] });
  });

  const READ_ONLY_REP: SessionUser = { ...REP_USER, readWrite: false };
  it.each([
    ['a read-only representative', READ_ONLY_REP],
    ['an administrator', DEMO_ADMIN_USER],
  ])('gives %s the same mailbox: compose, reply, mark unread and delete', async (_role, user) => {
    setSession('token', user);
    api();
    renderMailbox(`/emails?open=${READ.id}`);
    const view = await screen.findByTestId('mail-view');
    expect(screen.getByTestId('compose-button')).toBeEnabled();
    expect(within(view).getByRole('button', { name: /Reply$/ })).toBeEnabled();
    expect(within(view).getByRole('button', { name: /Mark as unread$/ })).toBeEnabled();
    expect(within(view).getByRole('button', { name: /Delete$/ })).toBeEnabled();
    expect(folderNames(screen.getByRole('navigation', { name: 'Folders' }))).toEqual(['Inbox', 'Sent', 'Bin']);
  });

  it('speaks French: folders, columns, the message answered, moving to the bin and restoring', async () => {
    await i18n.changeLanguage('fr');
    api({
      [`DELETE /api/emails/${READ.id}`]: () => jsonResponse({ permanent: false }),
      [`PATCH /api/emails/${BINNED.id}/folder`]: () => jsonResponse({ id: BINNED.id, folder: 'inbox' }),
    });
    const { user } = renderMailbox();
    expect(screen.getByRole('heading', { name: 'Messagerie', level: 1 })).toBeInTheDocument();
    expect(folderNames(screen.getByRole('navigation', { name: 'Dossiers' }))).toEqual([
      'Boîte de réception',
      'Envoyés',
      'Corbeille',
    ]);
    expect(await screen.findByText('1-2 sur 2')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'De' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Objet' })).toBeInTheDocument();

    await user.click(await lineOf('Congrès de Lyon'));
    const parent = await screen.findByTestId('mail-parent');
    expect(parent).toHaveTextContent(/^Le 17 novembre 2026 \d{2}:45, rep@demo-crm\.fr a écrit :$/);
    expect(within(parent).getByTitle('Message auquel il répond')).toHaveAttribute(
      'srcdoc',
      expect.stringContaining('<p>Qui vient au congrès ?</p>'),
    );
    await user.click(screen.getByRole('button', { name: /Supprimer$/ }));
    expect(await screen.findByText('E-mail déplacé dans la corbeille')).toBeInTheDocument();

    await user.click(screen.getByTestId('folder-bin'));
    await user.click(await lineOf('Ancienne note'));
    await user.click(await screen.findByRole('button', { name: /Restaurer$/ }));
    expect(await screen.findByText('E-mail restauré dans Boîte de réception')).toBeInTheDocument();
  });

  it('on a phone, shows the folders as a switch and an open message instead of the list', async () => {
    const restore = emulatePhoneScreen();
    try {
      api();
      const { user } = renderMailbox();
      const line = await lineOf('Congrès de Lyon');
      expect(screen.queryByRole('navigation', { name: 'Folders' })).not.toBeInTheDocument();
      expect(screen.getByTestId('folder-sent').closest('.mail-folders-compact')).not.toBeNull();

      await user.click(line);
      expect(await screen.findByTestId('mail-view')).toBeInTheDocument();
      expect(screen.queryByTestId('mail-list')).not.toBeInTheDocument();
      expect(screen.queryByTestId('folder-inbox')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
