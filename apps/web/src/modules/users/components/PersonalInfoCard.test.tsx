import type { UserDetail } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { PersonalInfoCard } from '@/modules/users/components/PersonalInfoCard';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { userDetail } from '@/test/users';

const ANNE = userDetail();
const PUT_CALL = `PUT /api/users/${ANNE.id}`;

function renderCard(shown: UserDetail = ANNE, handlers: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch(handlers);
  const rendered = renderRoutes(
    [{ path: '/users/:id', element: <PersonalInfoCard user={shown} /> }],
    `/users/${shown.id}`,
  );
  return { ...rendered, fetchMock, card: screen.getByTestId('user-info-card') };
}

async function replace(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text !== '') {
    await user.click(field);
    await user.paste(text);
  }
}

signedInAsRepInEnglish();

describe('PersonalInfoCard', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('requires first name, last name and e-mail, checks the e-mail, keeps what was typed and sends nothing', async () => {
    const { user, card, fetchMock } = renderCard();
    const field = (label: string) => within(card).getByLabelText(label);
    await replace(user, field('First name'), '');
    await replace(user, field('Last name'), '   ');
    await replace(user, field('E-mail'), 'anne.martin@labo');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(card).getAllByText('This field is required')).toHaveLength(2));
    expect(await within(card).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Last name')).toHaveValue('   ');
    expect(field('E-mail')).toHaveValue('anne.martin@labo');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives the messages in French', async () => {
    await i18n.changeLanguage('fr');
    const { user, card } = renderCard();
    await replace(user, within(card).getByLabelText('Prénom'), '');
    await replace(user, within(card).getByLabelText('E-mail'), 'anne.martin@');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findByText('Ce champ est obligatoire')).toBeInTheDocument();
    expect(await within(card).findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
  });

  it('fills the display name from the names while typing, until it is changed by hand', async () => {
    const { user, card } = renderCard(userDetail({ displayName: null }));
    const field = (label: string) => within(card).getByLabelText(label);
    expect(field('Display name')).toHaveValue('');
    await replace(user, field('First name'), 'Anne-Sophie');
    expect(field('Display name')).toHaveValue('Anne-Sophie Martin');

    await replace(user, field('Display name'), 'ASM');
    await replace(user, field('Last name'), 'Roux');
    expect(field('Display name')).toHaveValue('ASM');
  });

  it('saves the four fields and says so', async () => {
    const { user, card, fetchMock } = renderCard(ANNE, {
      [PUT_CALL]: () => jsonResponse(userDetail({ lastName: 'Roux', displayName: 'Anne Roux' })),
    });
    await replace(user, within(card).getByLabelText('Last name'), 'Roux');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Personal information saved')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, PUT_CALL)[0]?.[1])).toEqual({
      firstName: 'Anne',
      lastName: 'Roux',
      email: ANNE.email,
      displayName: 'Anne Roux',
    });
  });

  it('says why the save was refused and keeps the edits', async () => {
    const { user, card } = renderCard(ANNE, {
      [PUT_CALL]: () => jsonResponse({ message: 'A user with this e-mail already exists', code: 'CONFLICT' }, 409),
    });
    await replace(user, within(card).getByLabelText('E-mail'), 'paul.durand@labo.fr');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A user with this e-mail already exists')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByLabelText('E-mail')).toBeEnabled());
    expect(within(card).getByLabelText('E-mail')).toHaveValue('paul.durand@labo.fr');
  });

  it('says Failed to update personal information when the server gives no message', async () => {
    const { user, card } = renderCard(ANNE, {
      [PUT_CALL]: () => jsonResponse({ message: '', code: 'INTERNAL_ERROR' }, 500),
    });
    await replace(user, within(card).getByLabelText('E-mail'), 'paul.durand@labo.fr');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update personal information')).toBeInTheDocument();
  });
});
