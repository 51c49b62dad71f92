import type { CreateUserResult } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AddUserDialog } from '@/modules/users/components/AddUserDialog';
import { callsTo, type FetchHandler, jsonBody, jsonResponse } from '@/test/fetch';
import { renderOpenDialog } from '@/test/dialog';
import { SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { userSummary } from '@/test/users';

const EMAIL = 'claire.petit@labo.fr';

const created = (delivery: CreateUserResult['delivery']): CreateUserResult => ({
  message:
    delivery === 'smtp'
      ? `User ${EMAIL} created. An invitation e-mail with a link to choose a password was sent.`
      : `User ${EMAIL} created. SMTP is not configured: the invitation link was written to the server log. Check server logs.`,
  user: userSummary({ email: EMAIL, firstName: null, lastName: null, displayName: null, invitationPending: true }),
  delivery,
});

const renderDialog = (handlers: Record<string, FetchHandler> = {}) =>
  renderOpenDialog(AddUserDialog, '/users', handlers);

async function typeEmail(user: UserEvent, dialog: HTMLElement, text: string) {
  await user.click(within(dialog).getByLabelText('E-mail'));
  await user.paste(text);
}

signedInAsRepInEnglish();

describe('AddUserDialog', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('requires an e-mail, then a valid one, keeping what was typed and sending nothing', async () => {
    const { user, dialog, fetchMock, onClose } = renderDialog();
    expect(dialog).toHaveTextContent('Add user');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();

    await typeEmail(user, dialog, 'claire.petit@');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('claire.petit@');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('gives the required and invalid-e-mail messages in French', async () => {
    await i18n.changeLanguage('fr');
    const { user, dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Ajouter un utilisateur');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('E-mail'));
    await user.paste('claire.petit@');
    expect(await within(dialog).findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
  });

  it('creates the user with the chosen permissions, shows the server’s message and that the e-mail was sent', async () => {
    const { user, dialog, fetchMock, onClose } = renderDialog({
      'POST /api/users': () => jsonResponse(created('smtp'), 201),
    });
    await typeEmail(user, dialog, EMAIL);
    // Full access is ticked at first; administrator is not.
    expect(within(dialog).getByRole('checkbox', { name: 'Full access to doctors and offices' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Administrator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(created('smtp').message)).toBeInTheDocument();
    expect(await screen.findByText('E-mails sent')).toBeInTheDocument();
    expect(screen.getByText('Invitation e-mails with a link to choose a password were sent (1).')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    const [call] = callsTo(fetchMock, 'POST /api/users');
    expect(jsonBody(call?.[1])).toEqual({ email: EMAIL, isAdmin: true, readWrite: true });
  });

  it('warns that the invitation link went to the server log when SMTP is not configured', async () => {
    const { user, dialog, onClose } = renderDialog({ 'POST /api/users': () => jsonResponse(created('log'), 201) });
    await typeEmail(user, dialog, EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('E-mails not sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        'SMTP is not configured: the invitation links (1) were written to the server log. Check server logs.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('E-mails sent')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says why the server refused, and keeps the dialog open with the address typed', async () => {
    const { user, dialog, onClose } = renderDialog({
      'POST /api/users': () =>
        jsonResponse({ message: 'A user with this e-mail already exists', code: 'CONFLICT' }, 409),
    });
    await typeEmail(user, dialog, EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('A user with this e-mail already exists')).toBeInTheDocument();
    // The server's message alone (spec 001 §8), without the fallback before it.
    expect(screen.queryByText(/Failed to create users/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled());
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue(EMAIL);
    expect(screen.queryByText('E-mails sent')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says Failed to create users when the answer carries no message of the server’s, in French too', async () => {
    await i18n.changeLanguage('fr');
    const { user, dialog } = renderDialog({
      'POST /api/users': () => new Response('<html>502 Bad Gateway</html>', { status: 502 }),
    });
    await user.click(within(dialog).getByLabelText('E-mail'));
    await user.paste(EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Échec de la création des utilisateurs')).toBeInTheDocument();
  });
});
