import { filingDeadline } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { formatDate } from '@/lib/format';
import { TransparencyTab } from '@/modules/transparency/components/TransparencyTab';
import { benefitYear, convention, TS_DOCTOR, YEAR } from '@/modules/transparency/test/fixtures';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { choose } from '@/test/select';

const CONVENTIONS = `/api/doctors/${TS_DOCTOR.id}/conventions`;
const DRAFT = convention();

const api = stubFetchWith({
  [`GET /api/doctors/${TS_DOCTOR.id}/benefits?year=${YEAR}`]: () => jsonResponse(benefitYear([])),
  [`GET ${CONVENTIONS}`]: () => jsonResponse({ conventions: [DRAFT] }),
});

function renderTab() {
  return renderRoutes(
    [{ path: '/doctors/:id', element: <TransparencyTab doctor={TS_DOCTOR} /> }],
    `/doctors/${TS_DOCTOR.id}`,
  );
}

signedInAsRepInEnglish();

describe('ConventionFormModal', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the regime and the filing deadline as the amounts are typed, and creates a draft in cents', async () => {
    const fetchMock = api({ [`POST ${CONVENTIONS}`]: () => jsonResponse(DRAFT, 201) });
    const { user } = renderTab();
    await user.click(await screen.findByTestId('create-convention'));
    const form = await screen.findByTestId('convention-form');
    await choose(user, 'Object', 'Hospitality');
    await choose(user, 'Kind of amount', 'Hotel night');
    await user.click(within(form).getByLabelText('Unit amount incl. VAT'));
    await user.paste('180,50');

    const preview = await screen.findByTestId('convention-preview');
    const start = dayjs().add(1, 'month').format('YYYY-MM-DD');
    expect(preview).toHaveTextContent('Authorisation regime');
    expect(preview).toHaveTextContent(`File by ${formatDate(filingDeadline('authorisation', start))}`);
    expect(preview).toHaveTextContent('Authorisation thresholds exceeded: hospitality above €150 a night');

    await user.click(screen.getByTestId('convention-save'));
    expect(await screen.findByText('Convention saved')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, `POST ${CONVENTIONS}`);
    expect(jsonBody(call?.[1])).toMatchObject({
      object: 'hospitality',
      startDate: start,
      event: null,
      items: [{ kind: 'hotel_night', unitAmountCents: 18_050, quantity: 1 }],
    });
  });

  it('moves a draft to filed by sending the status alone', async () => {
    const fetchMock = api({
      [`PUT /api/conventions/${DRAFT.id}`]: () => jsonResponse({ ...DRAFT, status: 'filed' }),
    });
    const { user } = renderTab();
    await user.click(await screen.findByTestId(`convention-edit-${DRAFT.id}`));
    await screen.findByTestId('convention-form');
    await choose(user, 'Status', 'Filed');
    await user.click(screen.getByTestId('convention-save'));

    await waitFor(() => {
      expect(callsTo(fetchMock, `PUT /api/conventions/${DRAFT.id}`)).toHaveLength(1);
    });
    expect(jsonBody(callsTo(fetchMock, `PUT /api/conventions/${DRAFT.id}`)[0]?.[1])).toEqual({ status: 'filed' });
  });
});
