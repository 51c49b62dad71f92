import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AddDoctorDialog } from '@/modules/offices/components/AddDoctorDialog';
import { doctor, doctorListItem, office, TARGETS } from '@/test/directory';
import { callsTo, type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch';
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

function api(extra: Record<string, FetchHandler> = {}) {
  return stubFetch({
    'GET /api/configuration/targets?active=true': () => jsonResponse({ targets: TARGETS }),
    'GET /api/doctors?search=mar&limit=10': () => jsonResponse({ doctors: [PRIMARY_HERE, SECONDARY_HERE, NOT_HERE] }),
    [`GET /api/offices/${OFFICE.id}/doctors?limit=100&page=1`]: () =>
      jsonResponse({ doctors: [PRIMARY_HERE, SECONDARY_HERE], total: 2, pages: 1 }),
    [`POST /api/doctors/${NOT_HERE.id}/offices`]: () => jsonResponse(doctor({ id: NOT_HERE.id })),
    ...extra,
  });
}

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
});
