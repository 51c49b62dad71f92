import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SetPasswordPage } from '@/modules/auth/pages/SetPasswordPage';
import { callsTo, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

const LINK_INFO = 'POST /api/auth/password-link';

function openPage() {
  return renderRoutes([{ path: '/set-password', element: <SetPasswordPage /> }], '/set-password');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('SetPasswordPage', () => {
  it('takes the token out of the address, and keeps it when its first render is thrown away', async () => {
    const fetchMock = stubFetch({
      [LINK_INFO]: () => jsonResponse({ email: 'new.rep@labo.fr', purpose: 'invitation' }),
    });
    window.history.replaceState(null, '', '/set-password#token=secret-of-the-link');
    openPage();
    expect(await screen.findByTestId('set-password-email')).toHaveTextContent('new.rep@labo.fr');
    expect(window.location.hash).toBe('');

    // Mounted again, as after a suspended first render: the address has no token any more.
    cleanup();
    openPage();
    expect(await screen.findByTestId('set-password-email')).toHaveTextContent('new.rep@labo.fr');
    expect(callsTo(fetchMock, LINK_INFO).map(([, init]) => jsonBody(init))).toContainEqual({
      token: 'secret-of-the-link',
    });
  });
});
