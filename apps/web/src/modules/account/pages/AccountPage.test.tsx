import type { Account, AccountSession } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AccountPage } from '@/modules/account/pages/AccountPage';
import { callsTo, jsonBody, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { REP_USER } from '@/test/tokens';

signedInAsRepInEnglish();

const ACCOUNT: Account = {
  id: REP_USER.id,
  email: REP_USER.email,
  firstName: 'Julien',
  lastName: 'Lefèvre',
  displayName: 'Julien Lefèvre',
  isAdmin: false,
  readWrite: true,
  hasPassword: true,
  identities: [],
  createdAt: '2026-01-05T09:00:00.000Z',
  lastLogin: '2026-11-25T08:10:00.000Z',
};

const THIS_SESSION: AccountSession = {
  id: 'session-here',
  current: true,
  method: 'password',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0.0.0 Safari/537.36',
  ip: '10.0.0.1',
  createdAt: '2026-11-25T08:10:00.000Z',
  lastUsedAt: '2026-11-25T08:10:00.000Z',
};

const PHONE_SESSION: AccountSession = {
  id: 'session-phone',
  current: false,
  method: 'sso',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) Version/18.5 Mobile/15E148 Safari/604.1',
  ip: '10.0.0.2',
  createdAt: '2026-11-20T07:00:00.000Z',
  lastUsedAt: '2026-11-24T18:30:00.000Z',
};

function renderAccount(handlers: Record<string, FetchHandler> = {}, account: Account = ACCOUNT) {
  const fetchMock = stubFetch({
    'GET /api/account': () => jsonResponse(account),
    'GET /api/account/sessions': () => jsonResponse({ sessions: [THIS_SESSION, PHONE_SESSION] }),
    ...handlers,
  });
  return { ...renderRoutes([{ path: '/account', element: <AccountPage /> }], '/account'), fetchMock };
}

describe('AccountPage', () => {
  it(
    'shows the profile, the language, the password form and the sessions with their devices',
    async () => {
      renderAccount();
      expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
      const profile = await screen.findByTestId('account-profile');
      expect(within(profile).getByText('Julien Lefèvre')).toBeInTheDocument();
      expect(within(profile).getByText(REP_USER.email)).toBeInTheDocument();
      expect(within(profile).getByText('Full Access')).toBeInTheDocument();
      expect(within(profile).getByLabelText('First name')).toHaveValue('Julien');
      expect(within(screen.getByTestId('account-language')).getByText('English')).toBeInTheDocument();
      expect(within(screen.getByTestId('account-password')).getByLabelText('Current password')).toBeInTheDocument();

      const rows = await screen.findAllByTestId('account-session');
      expect(rows).toHaveLength(2);
      expect(within(rows[0] as HTMLElement).getByText('Chrome on Windows')).toBeInTheDocument();
      expect(within(rows[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
      expect(within(rows[0] as HTMLElement).getByText('Active now')).toBeInTheDocument();
      expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'End' })).not.toBeInTheDocument();
      expect(within(rows[1] as HTMLElement).getByText('Safari on iPhone')).toBeInTheDocument();
      expect(within(rows[1] as HTMLElement).getByText('Single sign-on')).toBeInTheDocument();
      expect(within(rows[1] as HTMLElement).getByText('Address 10.0.0.2')).toBeInTheDocument();
      expect(within(rows[1] as HTMLElement).getByText(/^Last active November 24, 2026/)).toBeInTheDocument();
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'saves the names',
    async () => {
      const { user, fetchMock } = renderAccount({
        'PUT /api/account/profile': () =>
          jsonResponse({ ...ACCOUNT, firstName: 'Jules', displayName: 'Jules Lefèvre' }),
      });
      const firstName = await screen.findByLabelText('First name');
      await user.clear(firstName);
      await user.type(firstName, 'Jules');
      await user.click(screen.getByTestId('save-profile'));
      expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
      const [call] = callsTo(fetchMock, 'PUT /api/account/profile');
      expect(jsonBody(call?.[1])).toEqual({ firstName: 'Jules', lastName: 'Lefèvre' });
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'changes the password, sending the current and the new one, and says how many sessions ended',
    async () => {
      const { user, fetchMock } = renderAccount({
        'POST /api/account/password': () => jsonResponse({ ended: 1 }),
      });
      await user.type(await screen.findByLabelText('Current password'), 'Secret-Password-1');
      await user.type(screen.getByLabelText('New password'), 'visite-cabinet-lyon-2026');
      await user.type(screen.getByLabelText('Confirm the new password'), 'visite-cabinet-lyon-2026');
      await user.click(screen.getByTestId('change-password'));
      expect(await screen.findByText('Password changed. 1 other session was ended.')).toBeInTheDocument();
      const [call] = callsTo(fetchMock, 'POST /api/account/password');
      expect(jsonBody(call?.[1])).toEqual({
        currentPassword: 'Secret-Password-1',
        newPassword: 'visite-cabinet-lyon-2026',
      });
      await waitFor(() => {
        expect(screen.getByLabelText('Current password')).toHaveValue('');
      });
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    "shows the server's message next to the current password, and checks the new one before sending",
    async () => {
      const { user, fetchMock } = renderAccount({
        'POST /api/account/password': () =>
          jsonResponse(
            {
              code: 'VALIDATION_ERROR',
              message: 'Some values are invalid',
              fields: { currentPassword: 'The current password is not right' },
            },
            400,
          ),
      });
      await user.type(await screen.findByLabelText('Current password'), 'wrong');
      await user.type(screen.getByLabelText('New password'), 'Password2024!');
      await user.type(screen.getByLabelText('Confirm the new password'), 'something else');
      await user.click(screen.getByTestId('change-password'));
      expect(
        await screen.findByText('This password is too common and easy to guess: choose another one'),
      ).toBeInTheDocument();
      expect(await screen.findByText('The two passwords are different')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/account/password')).toHaveLength(0);

      const newPassword = screen.getByLabelText('New password');
      await user.clear(newPassword);
      await user.type(newPassword, 'visite-cabinet-lyon-2026');
      const confirmation = screen.getByLabelText('Confirm the new password');
      await user.clear(confirmation);
      await user.type(confirmation, 'visite-cabinet-lyon-2026');
      await user.click(screen.getByTestId('change-password'));
      expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'says a single-sign-on user has no password here, naming their provider',
    async () => {
      renderAccount(
        {},
        {
          ...ACCOUNT,
          hasPassword: false,
          identities: [
            {
              issuer: 'https://login.microsoftonline.com/8d5e/v2.0',
              linkedAt: '2026-11-01T08:00:00.000Z',
              lastLoginAt: null,
            },
          ],
        },
      );
      const card = await screen.findByTestId('account-password');
      expect(within(card).getByText('You sign in through your organisation')).toBeInTheDocument();
      expect(within(card).getByText(/single sign-on \(login\.microsoftonline\.com\)/)).toBeInTheDocument();
      expect(within(card).queryByLabelText('Current password')).not.toBeInTheDocument();
      expect(
        within(screen.getByTestId('account-profile')).getByText(
          'login.microsoftonline.com, linked on November 1, 2026',
        ),
      ).toBeInTheDocument();
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'ends one session after confirming, then all the others',
    async () => {
      const { user, fetchMock } = renderAccount({
        'DELETE /api/account/sessions/session-phone': () => new Response(null, { status: 204 }),
        'DELETE /api/account/sessions/others': () => jsonResponse({ ended: 1 }),
      });
      const [, phone] = await screen.findAllByTestId('account-session');
      await user.click(within(phone as HTMLElement).getByRole('button', { name: 'End' }));
      const question = await screen.findByText('End this session? That device will be signed out.');
      await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'End' }));
      await waitFor(() => {
        expect(callsTo(fetchMock, 'DELETE /api/account/sessions/session-phone')).toHaveLength(1);
      });
      expect(await screen.findByText('Session ended')).toBeInTheDocument();

      await user.click(screen.getByTestId('end-other-sessions'));
      const confirm = await screen.findByText('End 1 other session? That device will be signed out.');
      const popover = confirm.closest('.ant-popover') as HTMLElement;
      await user.click(within(popover).getByRole('button', { name: 'End all other sessions' }));
      expect(await screen.findByText('1 session ended')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'DELETE /api/account/sessions/others')).toHaveLength(1);
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'speaks French',
    async () => {
      await i18n.changeLanguage('fr');
      renderAccount();
      expect(await screen.findByRole('heading', { name: 'Mon compte' })).toBeInTheDocument();
      expect(await screen.findByText('Chrome sur Windows')).toBeInTheDocument();
      expect(screen.getByText('Cet appareil')).toBeInTheDocument();
      expect(screen.getByText('Fermer toutes les autres sessions')).toBeInTheDocument();
      expect(screen.getByText(/^Dernière activité le 24 novembre 2026/)).toBeInTheDocument();
    },
    SLOW_TEST_TIMEOUT,
  );
});
