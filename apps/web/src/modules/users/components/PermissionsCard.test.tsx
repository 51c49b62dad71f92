import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionsCard } from '@/modules/users/components/PermissionsCard';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { ADMIN_DETAIL, userDetail } from '@/test/users';

const ANNE = userDetail({ isAdmin: false, readWrite: true });

function renderCard(shown = ANNE, handlers: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch(handlers);
  const rendered = renderRoutes(
    [{ path: '/users/:id', element: <PermissionsCard user={shown} /> }],
    `/users/${shown.id}`,
  );
  return { ...rendered, fetchMock, card: screen.getByTestId('user-permissions-card') };
}

signedInAsRepInEnglish();

describe('PermissionsCard', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the flags with what each gives, and saves them', async () => {
    const { user, card, fetchMock } = renderCard(ANNE, {
      [`PATCH /api/users/${ANNE.id}/permissions`]: () => jsonResponse(userDetail({ isAdmin: true, readWrite: false })),
    });
    const admin = within(card).getByRole('checkbox', { name: /^Administrator/ });
    const readWrite = within(card).getByRole('checkbox', { name: /^Full access to doctors and offices/ });
    expect(admin).not.toBeChecked();
    expect(readWrite).toBeChecked();
    expect(card).toHaveTextContent('Full system access including user management, logs and configuration.');
    expect(card).toHaveTextContent(
      'Full Access: create, modify and delete doctors and offices. Read Only: view data and create activities only.',
    );

    await user.click(admin);
    await user.click(readWrite);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, `PATCH /api/users/${ANNE.id}/permissions`)[0]?.[1])).toEqual({
      isAdmin: true,
      readWrite: false,
    });
  });

  it('says why the change was refused, keeping the boxes as ticked', async () => {
    const { user, card } = renderCard(ADMIN_DETAIL, {
      [`PATCH /api/users/${ADMIN_DETAIL.id}/permissions`]: () =>
        jsonResponse({ message: 'At least one administrator must remain', code: 'LAST_ADMIN' }, 409),
    });
    const admin = within(card).getByRole('checkbox', { name: /^Administrator/ });
    await user.click(admin);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one administrator must remain')).toBeInTheDocument();
    await waitFor(() => expect(admin).toBeEnabled());
    expect(admin).not.toBeChecked();
  });
});
