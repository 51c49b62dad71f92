import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddDoctorDialog } from '@/modules/offices/components/AddDoctorDialog';
import { doctor, doctorListItem, office, TARGETS } from '@/test/directory';
import { callsTo, jsonBody, jsonResponse, requestOf, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const OFFICE = office({ doctorCount: 2 });
const ELSEWHERE = office({ id: '0190a0c4-0000-7000-8000-000000000302', name: 'Cabinet des Platanes' });
const summaryOf = ({ id, name, address, postal_code, city }: typeof OFFICE) => ({
  id,
  name,
  address,
  postal_code,
  city,
});

/** Here as their primary office. */
const PRIMARY_HERE = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000101',
  lastName: 'Martin',
  primaryOffice: summaryOf(OFFICE),
});
/** Here too, but their primary office is another one. */
const SECONDARY_HERE = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000102',
  lastName: 'Marchand',
  rpps: '10001234568',
  primaryOffice: summaryOf(ELSEWHERE),
});
/** Not here. */
const NOT_HERE = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000103',
  lastName: 'Marin',
  rpps: '10001234569',
  primaryOffice: summaryOf(ELSEWHERE),
});

const api = stubFetchWith({
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  'GET /api/doctors?search=mar&limit=10': () => jsonResponse({ doctors: [PRIMARY_HERE, SECONDARY_HERE, NOT_HERE] }),
  [`GET /api/offices/${OFFICE.id}/doctors?limit=100&page=1`]: () =>
    jsonResponse({ doctors: [PRIMARY_HERE, SECONDARY_HERE], total: 2, pages: 1 }),
  [`POST /api/doctors/${NOT_HERE.id}/offices`]: () => jsonResponse(doctor({ id: NOT_HERE.id })),
});

function renderDialog() {
  const onClose = vi.fn();
  const rendered = renderRoutes(
    [{ path: '/offices/:id', element: <AddDoctorDialog office={OFFICE} open onClose={onClose} /> }],
    `/offices/${OFFICE.id}`,
  );
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

const rowOf = (results: HTMLElement, lastName: string) =>
  within(
    within(results)
      .getByText(new RegExp(`^${lastName} `))
      .closest('tr') as HTMLElement,
  );

/** The doctor the create tab makes. */
const CREATED = doctor({ id: '0190a0c4-0000-7000-8000-000000000104', firstName: 'Lucie', lastName: 'Bernard' });

async function fill(user: UserEvent, dialog: HTMLElement, label: string, text: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(text);
}

/** Opens the create tab and fills the doctor's required fields. */
async function fillNewDoctor(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('tab', { name: 'Create new' }));
  await within(dialog).findByTestId('doctor-create-form');
  await fill(user, dialog, 'RPPS', '10001234570');
  await fill(user, dialog, 'First name', 'Lucie');
  await fill(user, dialog, 'Last name', 'Bernard');
  await user.click(within(dialog).getByLabelText('Primary specialty'));
  const option = (await screen.findAllByTitle('Neurology')).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (option === undefined) throw new Error('No option Neurology');
  await user.click(option);
}

signedInAsRepInEnglish();

describe('add-doctor dialog', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("marks every doctor of the office as already here, whichever office is the doctor's primary one", async () => {
    api();
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByTestId('doctor-picker-input'), 'mar');
    const results = await within(dialog).findByTestId('doctor-picker-results');
    expect(await within(results).findByTestId(`add-existing-doctor-${NOT_HERE.id}`)).toBeInTheDocument();

    for (const lastName of ['Martin', 'Marchand']) {
      const row = rowOf(results, lastName);
      expect(await row.findByText('Already in this office')).toBeInTheDocument();
      expect(row.queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('adds a doctor who is not in the office yet', async () => {
    const fetchMock = api();
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByTestId('doctor-picker-input'), 'mar');
    await user.click(await within(dialog).findByTestId(`add-existing-doctor-${NOT_HERE.id}`));

    expect(await screen.findByText('Jean Marin added to the office')).toBeInTheDocument();
    const [post] = callsTo(fetchMock, `POST /api/doctors/${NOT_HERE.id}/offices`);
    expect(post?.[1]?.body).toBe(JSON.stringify({ officeId: OFFICE.id }));
    expect(onClose).toHaveBeenCalled();
  });

  it("reads every page of the office's doctors", async () => {
    const fetchMock = api({
      [`GET /api/offices/${OFFICE.id}/doctors?page=1&limit=100`]: () =>
        jsonResponse({ doctors: [PRIMARY_HERE], total: 101, pages: 2 }),
      [`GET /api/offices/${OFFICE.id}/doctors?page=2&limit=100`]: () =>
        jsonResponse({ doctors: [SECONDARY_HERE], total: 101, pages: 2 }),
    });
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByTestId('doctor-picker-input'), 'mar');
    const results = await within(dialog).findByTestId('doctor-picker-results');
    expect(await within(results).findByTestId(`add-existing-doctor-${NOT_HERE.id}`)).toBeInTheDocument();
    expect(await rowOf(results, 'Marchand').findByText('Already in this office')).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/offices/${OFFICE.id}/doctors`, { anyParams: true })).toHaveLength(2);
  });

  it("says Failed to add doctor with the server's message when the link is refused", async () => {
    api({
      [`POST /api/doctors/${NOT_HERE.id}/offices`]: () =>
        jsonResponse({ message: 'This office is already linked', code: 'CONFLICT' }, 409),
    });
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByTestId('doctor-picker-input'), 'mar');
    await user.click(await within(dialog).findByTestId(`add-existing-doctor-${NOT_HERE.id}`));
    expect(await screen.findByText('Failed to add doctor: This office is already linked')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("creates a new doctor with the spec's validation, and adds them to the office", async () => {
    const fetchMock = api({
      'POST /api/doctors': () => jsonResponse(CREATED, 201),
      [`POST /api/doctors/${CREATED.id}/offices`]: () => jsonResponse(CREATED),
    });
    const { user, dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Create new' }));
    await user.click(await within(dialog).findByTestId('create-doctor-submit'));
    await waitFor(() => {
      expect(within(dialog).getAllByText('This field is required')).toHaveLength(4);
    });
    await fill(user, dialog, 'RPPS', '12345678901234');
    await fill(user, dialog, 'E-mail', 'lucie@');
    await user.click(within(dialog).getByTestId('create-doctor-submit'));
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('RPPS')).toHaveValue('123456789012');
    expect(callsTo(fetchMock, 'POST /api/doctors')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('RPPS'));
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await fillNewDoctor(user, dialog);
    await user.click(within(dialog).getByTestId('create-doctor-submit'));

    expect(await screen.findByText('Lucie Bernard created and added to the office')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([input, init]) => requestOf(input, init).method === 'POST');
    expect(posts.map(([input]) => requestOf(input).path)).toEqual([
      '/api/doctors',
      `/api/doctors/${CREATED.id}/offices`,
    ]);
    expect(jsonBody(posts[0]?.[1])).toMatchObject({
      rpps: '10001234570',
      firstName: 'Lucie',
      lastName: 'Bernard',
      primarySpecialty: 'Neurology',
      email: null,
    });
    expect(jsonBody(posts[1]?.[1])).toEqual({ officeId: OFFICE.id });
    expect(onClose).toHaveBeenCalled();
  });

  it('says Doctor created but linking failed when only the link fails', async () => {
    api({
      'POST /api/doctors': () => jsonResponse(CREATED, 201),
      [`POST /api/doctors/${CREATED.id}/offices`]: () =>
        jsonResponse({ message: 'An unexpected error occurred', code: 'INTERNAL_ERROR' }, 500),
    });
    const { user, dialog } = renderDialog();
    await fillNewDoctor(user, dialog);
    await user.click(within(dialog).getByTestId('create-doctor-submit'));
    expect(await screen.findByText('Doctor created but linking failed')).toBeInTheDocument();
  });
});
