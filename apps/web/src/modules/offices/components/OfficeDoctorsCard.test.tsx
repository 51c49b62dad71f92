import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OfficeDoctorsCard } from '@/modules/offices/components/OfficeDoctorsCard';
import { doctorListItem, office, TARGETS } from '@/test/directory';
import { callsTo, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const OFFICE = office({ doctorCount: 12 });
const DOCTORS_PATH = `/api/offices/${OFFICE.id}/doctors`;
const MARTIN = doctorListItem({ id: '0190a0c4-0000-7000-8000-000000000101', lastName: 'Martin' });
const DURAND = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000102',
  firstName: 'Claire',
  lastName: 'Durand',
  rpps: '10001234568',
  primarySpecialty: 'Neurology',
  target: 'B',
});

const api = stubFetchWith({
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  [`GET ${DOCTORS_PATH}?page=1&limit=10`]: () => jsonResponse({ doctors: [MARTIN, DURAND], total: 12, pages: 2 }),
});

function renderCard() {
  return renderRoutes(
    [
      { path: '/offices/:id', element: <OfficeDoctorsCard office={OFFICE} /> },
      { path: '/doctors/:id', element: <p>Doctor page</p> },
    ],
    `/offices/${OFFICE.id}`,
  );
}

async function chooseOption(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // The target options show a colour swatch beside the name: find them by their text, not their title.
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (found === undefined) throw new Error(`No option ${option}`);
    return found;
  });
  await user.click(choice);
}

const table = () => screen.findByTestId('office-doctors-table');

signedInAsRepInEnglish();

describe("office's doctors card", { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('asks for 10 doctors a page and pages through them', async () => {
    const fetchMock = api({
      [`GET ${DOCTORS_PATH}?page=2&limit=10`]: () =>
        jsonResponse({ doctors: [doctorListItem({ id: 'p2', lastName: 'Petit' })], total: 12, pages: 2 }),
    });
    const { user } = renderCard();
    expect(await within(await table()).findByText('Martin Jean')).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET ${DOCTORS_PATH}?page=1&limit=10`)).toHaveLength(1);

    await user.click(screen.getByTitle('2'));
    expect(await within(await table()).findByText('Petit Jean')).toBeInTheDocument();
    expect(within(await table()).queryByText('Martin Jean')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `GET ${DOCTORS_PATH}?page=2&limit=10`)).toHaveLength(1);
  });

  it('searches the doctors by text, specialty and target, together', async () => {
    const fetchMock = api({
      [`GET ${DOCTORS_PATH}?search=dur&page=1&limit=10`]: () => jsonResponse({ doctors: [DURAND], total: 1, pages: 1 }),
      [`GET ${DOCTORS_PATH}?search=dur&specialty=Neurology&page=1&limit=10`]: () =>
        jsonResponse({ doctors: [DURAND], total: 1, pages: 1 }),
      [`GET ${DOCTORS_PATH}?search=dur&specialty=Neurology&target=A&page=1&limit=10`]: () =>
        jsonResponse({ doctors: [], total: 0, pages: 0 }),
    });
    const { user } = renderCard();
    expect(await within(await table()).findByText('Martin Jean')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search a doctor…' }), 'dur');
    await waitFor(async () => {
      expect(within(await table()).queryByText('Martin Jean')).not.toBeInTheDocument();
    });
    expect(within(await table()).getByText('Durand Claire')).toBeInTheDocument();

    await chooseOption(user, 'Specialty', 'Neurology');
    await waitFor(() => {
      expect(callsTo(fetchMock, `GET ${DOCTORS_PATH}?search=dur&specialty=Neurology&page=1&limit=10`)).toHaveLength(1);
    });

    await chooseOption(user, 'Target', 'A');
    expect(await screen.findByText('No doctor of this office matches these filters.')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, `GET ${DOCTORS_PATH}?search=dur&specialty=Neurology&target=A&page=1&limit=10`),
    ).toHaveLength(1);
  });

  it('removes a doctor from the office after confirmation', async () => {
    const fetchMock = api({
      [`DELETE ${DOCTORS_PATH}/${DURAND.id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderCard();
    await user.click(await screen.findByTestId(`remove-doctor-${DURAND.id}`));
    const confirm = await screen.findByText('Remove Claire Durand from this office?');
    expect(callsTo(fetchMock, `DELETE ${DOCTORS_PATH}/${DURAND.id}`)).toHaveLength(0);

    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Claire Durand removed from the office')).toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE ${DOCTORS_PATH}/${DURAND.id}`)).toHaveLength(1);
  });

  it("says Failed to remove doctor with the server's message when the removal is refused", async () => {
    api({
      [`DELETE ${DOCTORS_PATH}/${DURAND.id}`]: () =>
        jsonResponse({ message: 'This doctor is not linked to this office', code: 'NOT_LINKED' }, 404),
    });
    const { user } = renderCard();
    await user.click(await screen.findByTestId(`remove-doctor-${DURAND.id}`));
    const popover = (await screen.findByText('Remove Claire Durand from this office?')).closest(
      '.ant-popover',
    ) as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Failed to remove doctor: This doctor is not linked to this office'),
    ).toBeInTheDocument();
    expect(within(await table()).getByText('Durand Claire')).toBeInTheDocument();
  });
});
