import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { OfficeDetailPage } from '@/modules/offices/pages/OfficeDetailPage';
import { doctorListItem, office, TARGETS } from '@/test/directory';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { REP_USER } from '@/test/tokens';

const UGA_CALL = 'GET /api/geo/uga?address=3+place+Bellecour&postal_code=69002&city=Lyon';
const UGA = { code: '69123', name: 'Lyon', latitude: 45.757, longitude: 4.832, precision: 'address' };
/** The zone of the postal code, when the address API could not be reached (decision 0017). */
const COMMUNE_UGA = { code: '6909', name: 'Lyon 2e', latitude: 45.749, longitude: 4.827, precision: 'commune' };

function OfficeStub() {
  const { id } = useParams();
  return <p>Office page {id}</p>;
}

const api = stubFetchWith({
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  [UGA_CALL]: () => jsonResponse(UGA),
});

function renderNewOffice() {
  return renderRoutes(
    [
      { path: '/offices/new', element: <OfficeDetailPage /> },
      { path: '/offices/:id', element: <OfficeStub /> },
    ],
    '/offices/new',
  );
}

const input = (label: string) => screen.getByLabelText(label);

/** Pastes rather than types: antd re-renders the whole form at each keystroke, slowly in jsdom. */
async function fill(user: UserEvent, label: string, text: string) {
  await user.click(input(label));
  await user.paste(text);
}

signedInAsRepInEnglish();

describe('new office form', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('requires name, address, postal code, city and UGA', async () => {
    const fetchMock = api();
    const { user } = renderNewOffice();
    expect(screen.getByRole('heading', { name: 'New office' })).toBeInTheDocument();
    await user.click(screen.getByTestId('create-office-submit'));

    await waitFor(() => {
      expect(screen.getAllByText('This field is required')).toHaveLength(5);
    });
    for (const label of ['Name', 'Address', 'Postal code', 'City', 'UGA code']) {
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(input('Sector')).not.toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('wants a French phone number, a 5-digit postal code and a valid e-mail', async () => {
    api();
    const { user } = renderNewOffice();
    await fill(user, 'Phone', '12345');
    await fill(user, 'Postal code', '690');
    await fill(user, 'E-mail', 'cabinet@');
    await user.click(screen.getByTestId('create-office-submit'));

    expect(
      await screen.findByText(
        'The phone must be in French format: 0 followed by 9 digits (0123456789 or 01 23 45 67 89)',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('The postal code must have 5 digits')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    // Both French spellings are accepted.
    for (const phone of ['0478000000', '04 78 00 00 00']) {
      await user.clear(input('Phone'));
      await user.type(input('Phone'), phone);
      await waitFor(() => {
        expect(
          screen.queryByText(
            'The phone must be in French format: 0 followed by 9 digits (0123456789 or 01 23 45 67 89)',
          ),
        ).not.toBeInTheDocument();
      });
    }
  });

  it('warns instead of extracting the UGA while the address, city or postal code is empty', async () => {
    const fetchMock = api();
    const { user } = renderNewOffice();
    await fill(user, 'Address', '3 place Bellecour');
    await fill(user, 'City', 'Lyon');
    await user.click(screen.getByTestId('extract-uga-button'));

    expect(
      await screen.findByText('Fill in the address, the city and the postal code before extracting the UGA'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/geo/uga', { anyParams: true })).toHaveLength(0);
  });

  it('extracts the UGA into the form, creates the office and opens it', async () => {
    const created = office({ id: 'new-office' });
    const fetchMock = api({ 'POST /api/offices': () => jsonResponse(created, 201) });
    const { user, router } = renderNewOffice();
    await fill(user, 'Name', 'Centre médical Bellecour');
    await fill(user, 'Address', '3 place Bellecour');
    await fill(user, 'Postal code', '69002');
    await fill(user, 'City', 'Lyon');
    await fill(user, 'Phone', '04 78 00 00 00');
    await user.click(screen.getByTestId('extract-uga-button'));

    expect(await screen.findByText('UGA found: 69123 - Lyon')).toBeInTheDocument();
    expect(input('UGA code')).toHaveValue('69123');
    expect(input('UGA name')).toHaveValue('Lyon');

    await user.click(screen.getByTestId('create-office-submit'));
    expect(await screen.findByText('Office page new-office')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/offices/new-office');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(post?.[1])).toEqual({
      name: 'Centre médical Bellecour',
      sector: null,
      address: '3 place Bellecour',
      postal_code: '69002',
      city: 'Lyon',
      uga: '69123',
      uga_name: 'Lyon',
      latitude: 45.757,
      longitude: 4.832,
      phone: '04 78 00 00 00',
      email: null,
    });
  });

  it("shows the geocoder's failure", async () => {
    api({
      [UGA_CALL]: () =>
        jsonResponse({ message: 'No results found for this address', code: 'GEOCODING_NO_RESULT' }, 404),
    });
    const { user } = renderNewOffice();
    await fill(user, 'Address', '3 place Bellecour');
    await fill(user, 'Postal code', '69002');
    await fill(user, 'City', 'Lyon');
    await user.click(screen.getByTestId('extract-uga-button'));
    expect(await screen.findByText('UGA extraction failed: No results found for this address')).toBeInTheDocument();
    expect(input('UGA code')).toHaveValue('');
  });

  it('fills the zone of the postal code when the address API is unreachable, and says so', async () => {
    api({ [UGA_CALL]: () => jsonResponse(COMMUNE_UGA) });
    const { user } = renderNewOffice();
    await fill(user, 'Address', '3 place Bellecour');
    await fill(user, 'Postal code', '69002');
    await fill(user, 'City', 'Lyon');
    await user.click(screen.getByTestId('extract-uga-button'));

    expect(
      await screen.findByText('UGA found: 6909 - Lyon 2e (zone found from the postal code only)'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('uga-commune-only')).toHaveTextContent('Zone found from the postal code only');
    expect(input('UGA code')).toHaveValue('6909');
    expect(input('UGA name')).toHaveValue('Lyon 2e');
  });

  it('shows a read-only user the read-only notice instead of the form', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    const fetchMock = api();
    renderNewOffice();
    expect(await screen.findByTestId('read-only-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('create-office-submit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('extract-uga-button')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's message when the creation fails", async () => {
    api({
      'POST /api/offices': () =>
        jsonResponse(
          {
            message: 'Some values are invalid: uga: This field is too long',
            code: 'VALIDATION_ERROR',
            fields: { uga: 'This field is too long' },
          },
          400,
        ),
    });
    const { user } = renderNewOffice();
    await fill(user, 'Name', 'Cabinet');
    await fill(user, 'Address', '3 place Bellecour');
    await fill(user, 'Postal code', '69002');
    await fill(user, 'City', 'Lyon');
    await fill(user, 'UGA code', '69123');
    await user.click(screen.getByTestId('create-office-submit'));
    expect(
      await screen.findByText('Failed to create office: Some values are invalid: uga: This field is too long'),
    ).toBeInTheDocument();
    const ugaItem = input('UGA code').closest('.ant-form-item');
    // The field's error is set just after the message: wait for it rather than read it at once.
    expect(await within(ugaItem as HTMLElement).findByText('This field is too long')).toBeInTheDocument();
  });
});

describe('office page', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const OFFICE = office();
  const OFFICE_PATH = `/api/offices/${OFFICE.id}`;

  it("says Failed to update office with the server's message when an inline edit is refused", async () => {
    const refusal = 'Some values are invalid: name: This field is too long';
    api({
      [`GET ${OFFICE_PATH}`]: () => jsonResponse(OFFICE),
      [`PUT ${OFFICE_PATH}`]: () =>
        jsonResponse({ message: refusal, code: 'VALIDATION_ERROR', fields: { name: 'This field is too long' } }, 400),
    });
    const { user } = renderRoutes([{ path: '/offices/:id', element: <OfficeDetailPage /> }], `/offices/${OFFICE.id}`);
    const name = await screen.findByTestId('inline-edit-name');
    await user.click(within(name).getByRole('button'));
    const field = within(name).getByRole('textbox');
    await user.clear(field);
    await user.paste('Cabinet Bellecour');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(`Failed to update office: ${refusal}`)).toBeInTheDocument();
    expect(screen.queryByText('Failed to save')).not.toBeInTheDocument();
    expect(within(name).getByRole('textbox')).toHaveValue('Cabinet Bellecour');
  });

  function renderOffice(extra: Record<string, FetchHandler> = {}) {
    const fetchMock = api({
      [`GET ${OFFICE_PATH}`]: () => jsonResponse(OFFICE),
      [`GET ${OFFICE_PATH}/doctors?page=1&limit=10`]: () => jsonResponse({ doctors: [], total: 0, pages: 0 }),
      ...extra,
    });
    const rendered = renderRoutes(
      [
        { path: '/offices', element: <p>Office list</p> },
        { path: '/offices/:id', element: <OfficeDetailPage /> },
      ],
      `/offices/${OFFICE.id}`,
    );
    return { ...rendered, fetchMock };
  }

  it('shows who changed the office last, and when', async () => {
    renderOffice();
    const card = await screen.findByTestId('last-update');
    expect(within(card).getByText('Last update')).toBeInTheDocument();
    expect(within(card).getByText('Updated by')).toBeInTheDocument();
    expect(within(card).getByTestId('last-update-by')).toHaveTextContent('rep@demo-crm.fr');
    expect(within(card).getByTestId('last-update-at')).toHaveTextContent(/^November 20, 2026 \d{2}:\d{2}$/);
  });

  it('deletes the office only once the confirmation is accepted, then goes back to the list', async () => {
    const { user, router, fetchMock } = renderOffice({
      [`DELETE ${OFFICE_PATH}`]: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByTestId('delete-office-button'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(`Delete ${OFFICE.name}?`);
    expect(
      within(confirm).getByText('The office and its links to 0 doctor(s) will be deleted. This cannot be undone.'),
    ).toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(callsTo(fetchMock, `DELETE ${OFFICE_PATH}`)).toHaveLength(0);

    await user.click(screen.getByTestId('delete-office-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Office list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/offices');
    expect(callsTo(fetchMock, `DELETE ${OFFICE_PATH}`)).toHaveLength(1);
    expect(await screen.findByText('Office deleted')).toBeInTheDocument();
  });

  it("says Failed to delete office with the server's message when the deletion is refused", async () => {
    const { user, router } = renderOffice({
      [`DELETE ${OFFICE_PATH}`]: () => jsonResponse({ message: 'Office not found', code: 'OFFICE_NOT_FOUND' }, 404),
    });
    await user.click(await screen.findByTestId('delete-office-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete office: Office not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/offices/${OFFICE.id}`);
  });
  it('offers a read-only user no write on the office: no edit, extraction, deletion, doctor added or removed', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    const martin = doctorListItem({ id: '0190a0c4-0000-7000-8000-000000000101', lastName: 'Martin' });
    renderOffice({
      [`GET ${OFFICE_PATH}/doctors?page=1&limit=10`]: () => jsonResponse({ doctors: [martin], total: 1, pages: 1 }),
    });
    const table = await screen.findByTestId('office-doctors-table');
    expect(await within(table).findByText(/Martin/)).toBeInTheDocument();
    for (const name of ['name', 'address', 'postal_code', 'city', 'uga', 'phone', 'email']) {
      expect(within(screen.getByTestId(`inline-edit-${name}`)).queryByRole('button')).not.toBeInTheDocument();
    }
    for (const testId of [
      'extract-uga-button',
      'add-doctor-button',
      'delete-office-button',
      `remove-doctor-${martin.id}`,
    ]) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
  });

  it.each([
    ['GEOCODING_NO_RESULT', 404, 'Aucun résultat pour cette adresse'],
    ['GEOCODING_FAILED', 502, 'Échec de la requête de géocodage'],
  ])(
    "says why the extraction failed (%s) in French, and leaves the office's UGA as it was",
    async (code, status, text) => {
      await i18n.changeLanguage('fr');
      const { user, fetchMock } = renderOffice({ [UGA_CALL]: () => jsonResponse({ code, message: text }, status) });
      await user.click(await screen.findByTestId('extract-uga-button'));

      expect(await screen.findByText(`Échec de l'extraction de l'UGA : ${text}`)).toBeInTheDocument();
      expect(callsTo(fetchMock, `PUT ${OFFICE_PATH}`)).toHaveLength(0);
      expect(screen.getByTestId('inline-edit-uga')).toHaveTextContent('69123');
      expect(screen.queryByTestId('uga-commune-only')).not.toBeInTheDocument();
    },
  );

  it("saves the postal code's zone on the office when the address API is unreachable, and says so in French", async () => {
    await i18n.changeLanguage('fr');
    const { user, fetchMock } = renderOffice({
      [UGA_CALL]: () => jsonResponse(COMMUNE_UGA),
      [`PUT ${OFFICE_PATH}`]: () =>
        jsonResponse({ ...OFFICE, uga: '6909', uga_name: 'Lyon 2e', latitude: 45.749, longitude: 4.827 }),
    });
    await user.click(await screen.findByTestId('extract-uga-button'));

    expect(
      await screen.findByText('UGA trouvée : 6909 - Lyon 2e (zone trouvée à partir du code postal seulement)'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('uga-commune-only')).toHaveTextContent(
      'Zone trouvée à partir du code postal seulement',
    );
    const [put] = callsTo(fetchMock, `PUT ${OFFICE_PATH}`);
    expect(jsonBody(put?.[1])).toEqual({ uga: '6909', uga_name: 'Lyon 2e', latitude: 45.749, longitude: 4.827 });
    await waitFor(() => {
      expect(screen.getByTestId('inline-edit-uga')).toHaveTextContent('6909');
    });
  });
});
