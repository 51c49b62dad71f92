import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsentTab } from '@/modules/consents/components/ConsentTab';
import { CONSENT_DOCTOR_ID, consentRecord, DRAWN_SIGNATURE } from '@/modules/consents/test/fixtures';
import { doctor } from '@/test/directory';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { CurrentLocation } from '@/test/location';

const DOCTOR = doctor({ id: CONSENT_DOCTOR_ID });
const SIGNATURES = `/api/doctors/${CONSENT_DOCTOR_ID}/signatures`;
const CURRENT = consentRecord({ signatureImage: DRAWN_SIGNATURE });
const EARLIER = consentRecord({
  id: '0190a0c4-0000-7000-8000-00000000c000',
  kind: 'withdrawal',
  professionalConsent: false,
  generalConsent: false,
  signatureDate: '2026-10-02T08:00:00.000Z',
  recordedAt: '2026-10-02T08:00:01.000Z',
  withdrawalRequestedBy: 'doctor',
  withdrawalReason: 'Appel du médecin',
  imageSha256: null,
});

const api = stubFetchWith({
  [`GET ${SIGNATURES}`]: () => jsonResponse(CURRENT),
  [`GET ${SIGNATURES}/history`]: () =>
    jsonResponse({ items: [{ ...CURRENT, signatureImage: null, signature_image: null }, EARLIER] }),
});

function renderTab() {
  return renderRoutes(
    [
      { path: '/doctors/:id', element: <ConsentTab doctor={DOCTOR} /> },
      { path: '/doctors/:id/signatures', element: <CurrentLocation /> },
    ],
    `/doctors/${CONSENT_DOCTOR_ID}`,
  );
}

signedInAsRepInEnglish();

describe('ConsentTab', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the current consent as evidence: choices, signature, dates, collector, contact, hash, history', async () => {
    api();
    renderTab();
    const current = await screen.findByTestId('consent-current');
    expect(within(current).getByTestId('consent-status')).toHaveTextContent('Consent given');
    expect(within(current).getByTestId('consent-choice-professional')).toHaveAttribute('data-given', 'true');
    expect(within(current).getByTestId('consent-choice-congress')).toHaveAttribute('data-given', 'false');
    expect(within(current).getByTestId('consent-signature-image')).toHaveAttribute('src', DRAWN_SIGNATURE);
    expect(within(current).getByTestId('consent-signed-on')).toHaveAttribute('dateTime', CURRENT.signatureDate);
    expect(within(current).getByTestId('consent-collected-by')).toHaveTextContent('Julien Lefèvre · rep@demo-crm.fr');
    expect(within(current).getByTestId('consent-email')).toHaveTextContent('jean.martin@exemple.fr');
    expect(within(current).getByTestId('consent-record-hash')).toHaveTextContent('b'.repeat(64));
    expect(within(current).getByTestId(`consent-certificate-${CURRENT.id}`)).toBeInTheDocument();

    const history = await screen.findByTestId('consent-history');
    const items = within(history).getAllByTestId(/^consent-history-item-/);
    expect(items.map((item) => item.dataset.testid)).toEqual([
      `consent-history-item-${CURRENT.id}`,
      `consent-history-item-${EARLIER.id}`,
    ]);
    expect(within(items[1] as HTMLElement).getByTestId(`consent-history-reason-${EARLIER.id}`)).toHaveTextContent(
      'The doctor · Appel du médecin',
    );
  });

  it('links to the consent screen to collect a new signature, and says when none was collected', async () => {
    api({ [`GET ${SIGNATURES}`]: () => jsonResponse(null) });
    const { user } = renderTab();
    expect(await screen.findByTestId('consent-empty')).toHaveTextContent('No consent has been collected');
    await user.click(screen.getByTestId('collect-consent-button'));
    expect(await screen.findByText(`At /doctors/${CONSENT_DOCTOR_ID}/signatures`)).toBeInTheDocument();
  });

  it('withdraws the chosen choices with who asked and why, after confirmation', async () => {
    const withdrawal = consentRecord({
      id: '0190a0c4-0000-7000-8000-00000000c002',
      kind: 'withdrawal',
      professionalConsent: true,
      generalConsent: false,
      withdrawalRequestedBy: 'doctor',
      withdrawalReason: 'Plus de communication générale',
      imageSha256: null,
    });
    const fetchMock = api({ [`POST ${SIGNATURES}/withdrawal`]: () => jsonResponse(withdrawal, 201) });
    const { user } = renderTab();
    await user.click(await screen.findByTestId('withdraw-consent-button'));
    const dialog = await screen.findByRole('dialog');
    // Both choices in force are ticked: the rep unticks the one the doctor keeps.
    const choices = within(dialog).getByTestId('withdraw-consent-choices');
    await user.click(within(choices).getByLabelText('Professional communication'));
    await user.click(within(dialog).getByTestId('withdraw-consent-confirm'));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${SIGNATURES}/withdrawal`)).toHaveLength(0);

    await user.click(within(dialog).getByTestId('withdraw-consent-reason'));
    await user.paste('Plus de communication générale');
    await user.click(within(dialog).getByTestId('withdraw-consent-confirm'));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${SIGNATURES}/withdrawal`)).toHaveLength(1));
    expect(jsonBody(callsTo(fetchMock, `POST ${SIGNATURES}/withdrawal`)[0]?.[1])).toEqual({
      requestedBy: 'doctor',
      reason: 'Plus de communication générale',
      choices: ['general'],
    });
    await waitFor(() => expect(document.querySelector('.ant-message')).toHaveTextContent('Consent withdrawn'));
  });
});
