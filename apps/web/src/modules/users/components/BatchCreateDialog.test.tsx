import { type BulkCreateResult, USERS_BATCH_MAX } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { BatchCreateDialog } from '@/modules/users/components/BatchCreateDialog';
import { callsTo, type FetchHandler, jsonBody, jsonResponse } from '@/test/fetch';
import { renderOpenDialog } from '@/test/dialog';
import { SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { userId } from '@/test/users';

const PARTIAL: BulkCreateResult = {
  results: [
    {
      email: 'claire.petit@labo.fr',
      status: 'success',
      outcome: 'created',
      message: 'Created; invitation sent',
      userId: userId(20),
    },
    {
      email: 'rep@demo-crm.fr',
      status: 'error',
      outcome: 'exists',
      message: 'A user with this e-mail already exists',
    },
  ],
  created: 1,
  failed: 1,
  message: '1 users created successfully. 1 failed.',
  delivery: 'smtp',
};

const renderDialog = (handlers: Record<string, FetchHandler> = {}) =>
  renderOpenDialog(BatchCreateDialog, '/users', handlers);

async function typeEmails(user: UserEvent, dialog: HTMLElement, text: string) {
  await user.click(within(dialog).getByLabelText('E-mail addresses'));
  await user.paste(text);
}

signedInAsRepInEnglish();

describe('BatchCreateDialog', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('requires at least one address, blanks between commas not counting', async () => {
    const { user, dialog, fetchMock } = renderDialog();
    expect(dialog).toHaveTextContent('Create users in a batch');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please enter at least one e-mail address')).toBeInTheDocument();
    await typeEmails(user, dialog, ' , ,');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // antd redraws the message on each validation, the old one leaving with a motion: wait for the one that
    // stays, not whichever is found first.
    await waitFor(() => {
      expect(within(dialog).getByText('Please enter at least one e-mail address')).toBeInTheDocument();
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the invalid addresses, keeps what was typed and sends nothing', async () => {
    const { user, dialog, fetchMock, onClose } = renderDialog();
    const typed = 'anne.martin@labo.fr,  paul , marc@labo, claire.petit@labo.fr';
    await typeEmails(user, dialog, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Invalid e-mail addresses: paul, marc@labo')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail addresses')).toHaveValue(typed);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the invalid addresses in French', async () => {
    await i18n.changeLanguage('fr');
    const { user, dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Créer des utilisateurs en groupe');
    await user.click(within(dialog).getByLabelText('Adresses e-mail'));
    await user.paste('anne.martin@labo.fr, paul');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Adresses e-mail invalides : paul')).toBeInTheDocument();
  });

  it('refuses one address over the request schema’s limit before any request, in English and French', async () => {
    const { user, dialog, fetchMock } = renderDialog();
    const addresses = Array.from({ length: USERS_BATCH_MAX + 1 }, (_, index) => `user${index}@labo.fr`);
    await typeEmails(user, dialog, addresses.join(', '));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('At most 200 addresses at a time')).toBeInTheDocument();

    await i18n.changeLanguage('fr');
    await user.click(await within(dialog).findByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('200 adresses au plus à la fois')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows each address’s outcome after a partial success, with the e-mails-sent notice, until Close', async () => {
    const { user, dialog, fetchMock, onClose } = renderDialog({ 'POST /api/users/bulk': () => jsonResponse(PARTIAL) });
    await typeEmails(user, dialog, 'claire.petit@labo.fr, rep@demo-crm.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const results = await within(dialog).findByTestId('batch-results');
    // The counts in the right plural, whatever the server's own message says.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^1 user created successfully\. 1 failed\.$/);
    const items = within(results).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'claire.petit@labo.frCreatedCreated; invitation sent',
      'rep@demo-crm.frAlready existsA user with this e-mail already exists',
    ]);
    expect(await screen.findByText('E-mails sent')).toBeInTheDocument();
    expect(screen.getByText('Invitation e-mails with a link to choose a password were sent (1).')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, 'POST /api/users/bulk')[0]?.[1])).toEqual({
      emails: 'claire.petit@labo.fr, rep@demo-crm.fr',
    });
    expect(onClose).not.toHaveBeenCalled();

    // The footer's Close, not the dialog's ×, also named Close.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when every address was created, and warns that the links are in the server log without SMTP', async () => {
    const answer: BulkCreateResult = {
      results: [PARTIAL.results[0] as BulkCreateResult['results'][number]],
      created: 1,
      failed: 0,
      message:
        '1 users created successfully. SMTP is not configured: the invitation links were written to the server log. Check server logs.',
      delivery: 'log',
    };
    const { user, dialog, onClose } = renderDialog({ 'POST /api/users/bulk': () => jsonResponse(answer) });
    await typeEmails(user, dialog, 'claire.petit@labo.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('E-mails not sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        'SMTP is not configured: the invitation links (1) were written to the server log. Check server logs.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1 user created successfully.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('gives no mail notice when no user was created', async () => {
    const answer: BulkCreateResult = {
      results: [PARTIAL.results[1] as BulkCreateResult['results'][number]],
      created: 0,
      failed: 1,
      message: '0 users created successfully. 1 failed.',
      delivery: 'smtp',
    };
    const { user, dialog } = renderDialog({ 'POST /api/users/bulk': () => jsonResponse(answer) });
    await typeEmails(user, dialog, 'rep@demo-crm.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByTestId('batch-results')).toHaveTextContent('Already exists');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('0 users created successfully. 1 failed.');
    expect(screen.queryByText('E-mails sent')).not.toBeInTheDocument();
    expect(screen.queryByText('E-mails not sent')).not.toBeInTheDocument();
  });

  it('counts the users created and the addresses refused in the plural', async () => {
    const many: BulkCreateResult = {
      ...PARTIAL,
      created: 2,
      failed: 3,
      message: '2 users created successfully. 3 failed.',
    };
    const { user, dialog } = renderDialog({ 'POST /api/users/bulk': () => jsonResponse(many) });
    await typeEmails(user, dialog, 'claire.petit@labo.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^2 users created successfully\. 3 failed\.$/);
  });

  it('counts them in French', async () => {
    await i18n.changeLanguage('fr');
    const { user, dialog } = renderDialog({ 'POST /api/users/bulk': () => jsonResponse(PARTIAL) });
    await user.click(within(dialog).getByLabelText('Adresses e-mail'));
    await user.paste('claire.petit@labo.fr, rep@demo-crm.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^1 utilisateur créé avec succès\. 1 en échec\.$/,
    );
  });

  it('says why the batch failed and keeps the addresses typed', async () => {
    const { user, dialog, onClose } = renderDialog({
      'POST /api/users/bulk': () =>
        jsonResponse({ message: 'At most 200 addresses at a time', code: 'VALIDATION' }, 400),
    });
    await typeEmails(user, dialog, 'claire.petit@labo.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('At most 200 addresses at a time')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled());
    expect(within(dialog).getByLabelText('E-mail addresses')).toHaveValue('claire.petit@labo.fr');
    expect(onClose).not.toHaveBeenCalled();
  });
});
