import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { DoctorDetailPage } from '@/modules/doctors/pages/DoctorDetailPage';
import { doctor, doctorOffice, TARGETS } from '@/test/directory';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
// The page loads the tab lazily: loaded with the file, a busy machine's first transform is not a wait of the test's.
import '@/modules/transparency/components/TransparencyTab';
import { REP_USER } from '@/test/tokens';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { CurrentLocation } from '@/test/location';

const PRIMARY = doctorOffice();
const SECOND = doctorOffice({ id: '0190a0c4-0000-7000-8000-000000000202', name: 'Clinique du Lac', is_primary: false });
const DOCTOR = doctor({ offices: [PRIMARY, SECOND] });
const DOCTOR_PATH = `/api/doctors/${DOCTOR.id}`;

const api = stubFetchWith({
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  [`GET ${DOCTOR_PATH}`]: () => jsonResponse(DOCTOR),
});

function renderPage(path = `/doctors/${DOCTOR.id}`) {
  return renderRoutes(
    [
      { path: '/doctors', element: <CurrentLocation /> },
      { path: '/doctors/new', element: <DoctorDetailPage /> },
      { path: '/doctors/:id', element: <DoctorDetailPage /> },
      { path: '/activities/new', element: <CurrentLocation /> },
    ],
    path,
  );
}

async function fill(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

signedInAsRepInEnglish();

describe('DoctorDetailPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the details tab: fields, targets, offices with the primary one, last update', async () => {
    api();
    renderPage();
    expect(await screen.findByTestId('doctor-name')).toHaveTextContent('Dr Jean Martin');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    // The cards come in a second pass, after the header.
    expect(await screen.findByTestId('inline-edit-rpps')).toHaveTextContent('10001234567');
    expect(screen.getByTestId('inline-edit-primarySpecialty')).toHaveTextContent('Cardiology');
    expect(screen.getByTestId('last-update-by')).toHaveTextContent('rep@demo-crm.fr');
    expect(screen.getByTestId('last-update-at')).toHaveAttribute('dateTime', DOCTOR.updatedAt);
    // 'MMMM D, YYYY HH:mm' (the hour depends on the machine's time zone).
    expect(screen.getByTestId('last-update-at')).toHaveTextContent(/^November 20, 2026 \d\d:30$/);

    const offices = screen.getByTestId('linked-offices-table');
    expect(within(offices).getByTestId(`primary-tag-${PRIMARY.id}`)).toHaveTextContent('Primary');
    expect(within(offices).queryByTestId(`primary-tag-${SECOND.id}`)).not.toBeInTheDocument();
    expect(within(offices).queryByTestId(`set-primary-${PRIMARY.id}`)).not.toBeInTheDocument();
    expect(within(offices).getByTestId(`set-primary-${SECOND.id}`)).toBeInTheDocument();
    expect(screen.getByTestId('delete-doctor-button')).toBeInTheDocument();
    expect(screen.getByTestId('add-office-button')).toBeInTheDocument();
    expect(screen.queryByTestId('doctor-inactive')).not.toBeInTheDocument();
  });

  it('says since when the national directory no longer lists the doctor', async () => {
    api({ [`GET ${DOCTOR_PATH}`]: () => jsonResponse({ ...DOCTOR, inactiveSince: '2026-11-02' }) });
    renderPage();
    expect(await screen.findByTestId('doctor-inactive')).toHaveTextContent(
      'Not in the national directory since November 2, 2026',
    );
  });

  it('keeps showing a target deactivated since, in its colour, without offering it to others', async () => {
    const retired = {
      id: 't9',
      name: 'Ancienne cible',
      description: null,
      color: '#722ed1',
      priority: 0,
      active: false,
    };
    api({
      'GET /api/configuration/targets': () => jsonResponse({ targets: [...TARGETS, retired] }),
      [`GET ${DOCTOR_PATH}`]: () => jsonResponse({ ...DOCTOR, target: 'Ancienne cible' }),
    });
    const { user } = renderPage();
    const select = await screen.findByTestId('target-select');
    await waitFor(() => expect(select.querySelector('[data-color="#722ed1"]')).not.toBeNull());
    expect(select).toHaveTextContent('Ancienne cible');
    await user.click(within(screen.getByTestId('potential_target-select')).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).not.toContain('Ancienne cible');
  });

  it("opens the consent tab from ?tab=consent, with the doctor's consent", async () => {
    api({ [`GET ${DOCTOR_PATH}/signatures`]: () => jsonResponse(null) });
    renderPage(`/doctors/${DOCTOR.id}?tab=consent`);
    expect(await screen.findByRole('tab', { name: 'Consent and signature' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('consent-empty')).toBeVisible();
  });

  it('opens the Transparence tab from ?tab=transparency, its code loaded with it', async () => {
    const year = new Date().getFullYear();
    api({
      [`GET ${DOCTOR_PATH}/benefits?year=${year}`]: () => jsonResponse({ year, benefits: [], limits: [] }),
      [`GET ${DOCTOR_PATH}/conventions`]: () => jsonResponse({ conventions: [] }),
    });
    renderPage(`/doctors/${DOCTOR.id}?tab=transparency`);
    expect(await screen.findByRole('tab', { name: 'Transparency' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('benefits-empty')).toHaveTextContent(`No benefit recorded in ${year}`);
    expect(await screen.findByTestId('conventions-empty')).toBeVisible();
  });

  it('saves an inline edit with PUT and the one field, and makes an office primary', async () => {
    const fetchMock = api({
      [`PUT ${DOCTOR_PATH}`]: () => jsonResponse({ ...DOCTOR, lastName: 'Durand' }),
      [`PUT ${DOCTOR_PATH}/offices/${SECOND.id}/primary`]: () =>
        jsonResponse({
          ...DOCTOR,
          offices: [
            { ...PRIMARY, is_primary: false },
            { ...SECOND, is_primary: true },
          ],
          primaryOffice: { ...SECOND, is_primary: true },
        }),
    });
    const { user } = renderPage();
    const lastName = await screen.findByTestId('inline-edit-lastName');
    await user.click(within(lastName).getByRole('button'));
    const input = within(lastName).getByRole('textbox');
    await user.clear(input);
    await user.paste('Durand');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    const [put] = callsTo(fetchMock, `PUT ${DOCTOR_PATH}`);
    expect(jsonBody(put?.[1])).toEqual({ lastName: 'Durand' });
    expect(await screen.findByTestId('doctor-name')).toHaveTextContent('Dr Jean Durand');

    await user.click(screen.getByTestId(`set-primary-${SECOND.id}`));
    expect(await screen.findByText('Clinique du Lac is now the primary office')).toBeInTheDocument();
    expect(await screen.findByTestId(`primary-tag-${SECOND.id}`)).toBeInTheDocument();
    expect(screen.queryByTestId(`primary-tag-${PRIMARY.id}`)).not.toBeInTheDocument();
  });

  it('shows a read-only user no edit control, but lets them create an activity', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    api();
    const { user } = renderPage();
    expect(await screen.findByTestId('doctor-name')).toBeInTheDocument();
    await screen.findByTestId('inline-edit-rpps');
    for (const name of ['rpps', 'firstName', 'lastName', 'email', 'primarySpecialty']) {
      expect(within(screen.getByTestId(`inline-edit-${name}`)).queryByRole('button')).not.toBeInTheDocument();
    }
    for (const testId of ['delete-doctor-button', 'add-office-button', `set-primary-${SECOND.id}`]) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
    // Targets are the user's own (spec 000 §6): a read-only user still sets them.
    expect(within(screen.getByTestId('target-select')).getByRole('combobox')).toBeEnabled();

    await user.click(screen.getByTestId('create-activity-button'));
    expect(
      await screen.findByText(`At /activities/new?doctorId=${DOCTOR.id}&doctorName=Jean+Martin`),
    ).toBeInTheDocument();
  });

  it('deletes the doctor after confirmation and returns to the list', async () => {
    const fetchMock = api({ [`DELETE ${DOCTOR_PATH}`]: () => new Response(null, { status: 204 }) });
    const { user } = renderPage();
    await user.click(await screen.findByTestId('delete-doctor-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Jean Martin?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('At /doctors')).toBeInTheDocument();
    expect(screen.getByText('Doctor deleted')).toBeInTheDocument();
  });

  it('creates a doctor on /doctors/new and opens it', async () => {
    const fetchMock = api({ 'POST /api/doctors': () => jsonResponse(DOCTOR, 201) });
    const { user, router } = renderPage('/doctors/new');
    expect(await screen.findByRole('heading', { name: 'New doctor' })).toBeInTheDocument();
    await user.click(screen.getByTestId('create-doctor-submit'));
    await waitFor(() => {
      expect(screen.getAllByText('This field is required')).toHaveLength(4);
    });

    await fill(user, 'RPPS', '10001234567');
    await fill(user, 'First name', 'Jean');
    await fill(user, 'Last name', 'Martin');
    await fill(user, 'E-mail', 'jean@');
    await user.click(screen.getByLabelText('Primary specialty'));
    await user.click(await screen.findByTitle('Cardiology'));
    await user.click(screen.getByTestId('create-doctor-submit'));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByTestId('create-doctor-submit'));
    expect(await screen.findByText('Doctor created')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/doctors/${DOCTOR.id}`);
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(post?.[1])).toMatchObject({
      rpps: '10001234567',
      firstName: 'Jean',
      lastName: 'Martin',
      primarySpecialty: 'Cardiology',
      email: null,
    });
  });

  it("says Failed to update doctor with the server's message when an inline edit is refused", async () => {
    const refusal = 'A doctor with this RPPS already exists';
    api({
      [`PUT ${DOCTOR_PATH}`]: () =>
        jsonResponse({ message: refusal, code: 'CONFLICT', fields: { rpps: refusal } }, 400),
    });
    const { user } = renderPage();
    const rpps = await screen.findByTestId('inline-edit-rpps');
    await user.click(within(rpps).getByRole('button'));
    const input = within(rpps).getByRole('textbox');
    await user.clear(input);
    await user.paste('10009999999');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(`Failed to update doctor: ${refusal}`)).toBeInTheDocument();
    expect(screen.queryByText('Failed to save')).not.toBeInTheDocument();
    expect(within(rpps).getByRole('textbox')).toHaveValue('10009999999');
  });

  it("says 'Échec de la mise à jour du médecin' with the server's reason in French", async () => {
    await i18n.changeLanguage('fr');
    const refusal = 'Un médecin avec ce RPPS existe déjà';
    api({
      [`PUT ${DOCTOR_PATH}`]: () =>
        jsonResponse({ message: refusal, code: 'CONFLICT', fields: { rpps: refusal } }, 409),
    });
    const { user } = renderPage();
    const rpps = await screen.findByTestId('inline-edit-rpps');
    await user.click(within(rpps).getByRole('button'));
    await user.clear(within(rpps).getByRole('textbox'));
    await user.paste('10009999999');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(`Échec de la mise à jour du médecin : ${refusal}`)).toBeInTheDocument();
    expect(screen.queryByText("Échec de l'enregistrement")).not.toBeInTheDocument();
    expect(within(rpps).getByRole('textbox')).toHaveValue('10009999999');
  });

  it("says Failed to create doctor with the server's message", async () => {
    api({
      'POST /api/doctors': () =>
        jsonResponse(
          {
            message: 'A doctor with this RPPS already exists',
            code: 'CONFLICT',
            fields: { rpps: 'A doctor with this RPPS already exists' },
          },
          409,
        ),
    });
    const { user } = renderPage('/doctors/new');
    await screen.findByRole('heading', { name: 'New doctor' });
    await fill(user, 'RPPS', '10001234567');
    await fill(user, 'First name', 'Jean');
    await fill(user, 'Last name', 'Martin');
    await user.click(screen.getByLabelText('Primary specialty'));
    await user.click(await screen.findByTitle('Cardiology'));
    await user.click(screen.getByTestId('create-doctor-submit'));
    expect(
      await screen.findByText('Failed to create doctor: A doctor with this RPPS already exists'),
    ).toBeInTheDocument();
    // And next to the field concerned: set just after the message, so waited for rather than read at once.
    const rppsItem = screen.getByLabelText('RPPS').closest('.ant-form-item') as HTMLElement;
    expect(await within(rppsItem).findByText('A doctor with this RPPS already exists')).toBeInTheDocument();
  });

  it("says Failed to delete doctor with the server's message when the deletion is refused, and stays", async () => {
    api({
      [`DELETE ${DOCTOR_PATH}`]: () => jsonResponse({ message: 'Doctor not found', code: 'DOCTOR_NOT_FOUND' }, 404),
    });
    const { user, router } = renderPage();
    await user.click(await screen.findByTestId('delete-doctor-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete doctor: Doctor not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/doctors/${DOCTOR.id}`);
  });

  it("says Failed to set primary office with the server's message when it is refused, the primary unchanged", async () => {
    api({
      [`PUT ${DOCTOR_PATH}/offices/${SECOND.id}/primary`]: () =>
        jsonResponse({ message: 'This office is not linked to this doctor', code: 'NOT_LINKED' }, 404),
    });
    const { user } = renderPage();
    await user.click(await screen.findByTestId(`set-primary-${SECOND.id}`));
    expect(
      await screen.findByText('Failed to set primary office: This office is not linked to this doctor'),
    ).toBeInTheDocument();
    expect(screen.getByTestId(`primary-tag-${PRIMARY.id}`)).toBeInTheDocument();
    expect(screen.queryByTestId(`primary-tag-${SECOND.id}`)).not.toBeInTheDocument();
  });
});
