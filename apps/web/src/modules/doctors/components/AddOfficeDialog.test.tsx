import type { Doctor } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { doctorQueries } from '@/modules/doctors/api';
import { AddOfficeDialog } from '@/modules/doctors/components/AddOfficeDialog';
import { doctor, doctorOffice, office, TARGETS } from '@/test/directory';
import { callsTo, jsonBody, jsonResponse, requestOf, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const DOCTOR = doctor();
const LINKED = office({ id: DOCTOR.offices[0]?.id ?? '', name: 'Cabinet du Parc' });
const OTHER = office({ id: '0190a0c4-0000-7000-8000-000000000302', name: 'Cabinet des Platanes' });
const NEW_OFFICE = office({ id: '0190a0c4-0000-7000-8000-000000000303', name: 'Maison de santé Bellecour' });

const linkedTo = (...offices: ReturnType<typeof office>[]): Doctor =>
  doctor({
    offices: [...DOCTOR.offices, ...offices.map((item) => doctorOffice({ ...item, is_primary: false }))],
  });

const api = stubFetchWith({
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  'GET /api/offices?search=cabinet&page=1&limit=20': () =>
    jsonResponse({ offices: [LINKED, OTHER], total: 2, pages: 1 }),
  [`POST /api/doctors/${DOCTOR.id}/offices`]: () => jsonResponse(linkedTo(OTHER)),
  'GET /api/geo/uga?address=3+place+Bellecour&postal_code=69002&city=Lyon': () =>
    jsonResponse({ code: '69123', name: 'Lyon', latitude: 45.757, longitude: 4.832, precision: 'address' }),
  'POST /api/offices': () => jsonResponse(NEW_OFFICE, 201),
});

/** The dialog as the doctor page opens it; its onClose is the mock returned. */
function renderDialog(shown: Doctor = DOCTOR) {
  const onClose = vi.fn();
  const rendered = renderRoutes(
    [{ path: '/doctors/:id', element: <AddOfficeDialog doctor={shown} open onClose={onClose} /> }],
    `/doctors/${DOCTOR.id}`,
  );
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

async function fill(user: UserEvent, dialog: HTMLElement, label: string, text: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(text);
}

async function fillNewOffice(user: UserEvent, dialog: HTMLElement) {
  await fill(user, dialog, 'Name', 'Maison de santé Bellecour');
  await fill(user, dialog, 'Address', '3 place Bellecour');
  await fill(user, dialog, 'Postal code', '69002');
  await fill(user, dialog, 'City', 'Lyon');
  await user.click(within(dialog).getByTestId('extract-uga-button'));
  await waitFor(() => {
    expect(within(dialog).getByLabelText('UGA code')).toHaveValue('69123');
  });
}

signedInAsRepInEnglish();

describe('add-office dialog', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('has two tabs: search existing offices and create a new one', async () => {
    api();
    const { user, dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Add an office');
    const searchTab = within(dialog).getByRole('tab', { name: 'Search existing' });
    const createTab = within(dialog).getByRole('tab', { name: 'Create new' });
    expect(searchTab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByTestId('office-search-input')).toBeInTheDocument();

    await user.click(createTab);
    expect(createTab).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByTestId('office-create-form')).toBeInTheDocument();
    expect(within(dialog).getByTestId('extract-uga-button')).toBeInTheDocument();
  });

  it('searches existing offices and links one', async () => {
    const fetchMock = api();
    const { user, dialog, onClose, queryClient } = renderDialog();
    await user.type(within(dialog).getByTestId('office-search-input'), 'cabinet');
    const results = await within(dialog).findByTestId('office-search-results');
    expect(await within(results).findByText('Cabinet des Platanes')).toBeInTheDocument();
    // The doctor's own office can't be linked twice.
    const linkedRow = within(within(results).getByText('Cabinet du Parc').closest('tr') as HTMLElement);
    expect(linkedRow.getByText('Already linked')).toBeInTheDocument();
    expect(linkedRow.queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(results).getByTestId(`link-office-${OTHER.id}`));
    expect(await screen.findByText('Cabinet des Platanes linked to the doctor')).toBeInTheDocument();
    const [post] = callsTo(fetchMock, `POST /api/doctors/${DOCTOR.id}/offices`);
    expect(post?.[1]?.body).toBe(JSON.stringify({ officeId: OTHER.id }));
    expect(onClose).toHaveBeenCalled();
    // The doctor's page shows the answer at once.
    const cached = queryClient.getQueryData(doctorQueries.detail(DOCTOR.id).queryKey);
    expect(cached?.offices.map((item) => item.id)).toEqual([LINKED.id, OTHER.id]);
  });

  it('marks an office the doctor already has as a secondary one as linked too', async () => {
    api();
    const { user, dialog } = renderDialog(linkedTo(OTHER));
    await user.type(within(dialog).getByTestId('office-search-input'), 'cabinet');
    const results = await within(dialog).findByTestId('office-search-results');
    for (const name of ['Cabinet du Parc', 'Cabinet des Platanes']) {
      const row = within((await within(results).findByText(name)).closest('tr') as HTMLElement);
      expect(row.getByText('Already linked')).toBeInTheDocument();
      expect(row.queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it("shows the server's message when linking fails", async () => {
    api({
      [`POST /api/doctors/${DOCTOR.id}/offices`]: () =>
        jsonResponse({ message: 'This office is already linked', code: 'CONFLICT' }, 409),
    });
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByTestId('office-search-input'), 'cabinet');
    await user.click(await within(dialog).findByTestId(`link-office-${OTHER.id}`));
    expect(await screen.findByText('Failed to link office: This office is already linked')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("creates a new office with the spec's validation and its UGA, and links it", async () => {
    const fetchMock = api({ [`POST /api/doctors/${DOCTOR.id}/offices`]: () => jsonResponse(linkedTo(NEW_OFFICE)) });
    const { user, dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Create new' }));
    await user.click(await within(dialog).findByTestId('create-office-submit'));
    await waitFor(() => {
      expect(within(dialog).getAllByText('This field is required')).toHaveLength(5);
    });

    await fillNewOffice(user, dialog);
    await user.click(within(dialog).getByTestId('create-office-submit'));

    expect(await screen.findByText('Maison de santé Bellecour created and linked to the doctor')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([input, init]) => requestOf(input, init).method === 'POST');
    expect(posts.map(([input]) => requestOf(input).path)).toEqual([
      '/api/offices',
      `/api/doctors/${DOCTOR.id}/offices`,
    ]);
    expect(jsonBody(posts[0]?.[1])).toMatchObject({
      uga: '69123',
      uga_name: 'Lyon',
      latitude: 45.757,
    });
    expect(posts[1]?.[1]?.body).toBe(JSON.stringify({ officeId: NEW_OFFICE.id }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says Office created but linking failed when only the link fails', async () => {
    api({
      [`POST /api/doctors/${DOCTOR.id}/offices`]: () =>
        jsonResponse({ message: 'An unexpected error occurred', code: 'INTERNAL_ERROR' }, 500),
    });
    const { user, dialog } = renderDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Create new' }));
    await fillNewOffice(user, dialog);
    await user.click(within(dialog).getByTestId('create-office-submit'));
    expect(await screen.findByText('Office created but linking failed')).toBeInTheDocument();
  });

  it("says Failed to create office with the server's message when the creation is refused", async () => {
    const fetchMock = api({
      'POST /api/offices': () =>
        jsonResponse(
          { message: 'Some values are invalid: uga: This field is too long', code: 'VALIDATION_ERROR' },
          400,
        ),
    });
    const { user, dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Create new' }));
    await fillNewOffice(user, dialog);
    await user.click(within(dialog).getByTestId('create-office-submit'));
    expect(
      await screen.findByText('Failed to create office: Some values are invalid: uga: This field is too long'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/doctors/${DOCTOR.id}/offices`)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
