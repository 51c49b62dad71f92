import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useImperativeHandle, useState, type Ref } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import type { SignaturePadHandle } from '@/modules/consents/components/SignaturePadField';
import { ConsentPage } from '@/modules/consents/pages/ConsentPage';
import { CONSENT_DOCTOR_ID, consentRecord, DRAWN_SIGNATURE } from '@/modules/consents/test/fixtures';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { readStoredConsent, storeServerConsent } from '@/offline/queue/consent-writes';
import { listQueue } from '@/offline/queue/queue';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';

// jsdom has no canvas: the pad is a button that "draws" a PNG data URL. The pad itself is tried in Chromium
// (e2e/tests/consents.spec.ts), with a mouse and with touch events.
vi.mock('@/modules/consents/components/SignaturePadField', () => ({
  SignaturePadField: ({ ref, onChange }: { ref?: Ref<SignaturePadHandle>; onChange: (drawn: boolean) => void }) => {
    const [image, setImage] = useState('');
    useImperativeHandle(
      ref,
      () => ({ isEmpty: () => image === '', toDataURL: () => image, clear: () => setImage('') }),
      [image],
    );
    return (
      <button
        type="button"
        data-testid="fake-pad"
        onClick={() => {
          setImage(DRAWN_SIGNATURE);
          onChange(true);
        }}
      >
        draw
      </button>
    );
  },
}));

const DOCTOR = doctor({ id: CONSENT_DOCTOR_ID });
const SIGNATURES = `/api/doctors/${CONSENT_DOCTOR_ID}/signatures`;
const PAGE = `/doctors/${CONSENT_DOCTOR_ID}/signatures`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const api = stubFetchWith({
  [`GET /api/doctors/${CONSENT_DOCTOR_ID}`]: () => jsonResponse(DOCTOR),
  [`GET ${SIGNATURES}`]: () => jsonResponse(null),
  [`POST ${SIGNATURES}`]: (init) =>
    jsonResponse(consentRecord({ ...(jsonBody(init) as object), signatureImage: null }), 201),
});

function renderPage(path = PAGE) {
  return renderRoutes(
    [
      { path: '/doctors/:id', element: <CurrentLocation /> },
      { path: '/doctors/:doctorId/signatures', element: <ConsentPage /> },
    ],
    path,
  );
}

beforeEach(async () => {
  await freshOfflineStore();
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

afterEach(() => {
  setSimulatedOffline(false);
  onlineManager.setOnline(true);
  clearSession();
  vi.unstubAllGlobals();
});

describe('ConsentPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the screen of spec 000 §2 for a doctor without consent: Save waits for a drawing', async () => {
    api();
    renderPage();
    expect(await screen.findByTestId('consent-heading')).toHaveTextContent('Communication Consent for Dr Jean Martin');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Consent and signature');
    expect(screen.getByTestId('consent-mode')).toHaveTextContent('New consent');
    expect(screen.queryByTestId('consent-previous')).not.toBeInTheDocument();
    expect(screen.getByTestId('consent-email')).toHaveAttribute('type', 'email');
    expect(screen.getByTestId('consent-email')).toHaveValue('jean.martin@exemple.fr');
    expect(screen.getByTestId('consent-email')).toHaveAttribute('placeholder', 'dr.martin@example.com');
    expect(screen.getByTestId('consent-phone')).toHaveAttribute('placeholder', '06 12 34 56 78');
    for (const choice of ['professional', 'congress', 'general']) {
      expect(screen.getByTestId(`consent-checkbox-${choice}`)).not.toBeChecked();
    }
    expect(screen.getByText('Professional communication')).toBeInTheDocument();
    expect(screen.getByText('Congress invitations')).toBeInTheDocument();
    expect(screen.getByText('General communication')).toBeInTheDocument();
    expect(screen.getByTestId('consent-doctor-label')).toHaveTextContent('Doctor: Dr Jean Martin');
    expect(screen.getByTestId('consent-date')).toHaveTextContent(/^Date: /);
    expect(screen.getByTestId('consent-save')).toBeDisabled();
    expect(screen.getByTestId('consent-save')).toHaveTextContent('Save Consent');
    expect(screen.getByTestId('consent-cancel')).toHaveTextContent('Cancel');
  });

  it('saves online once, however often pressed, then returns with the success message', async () => {
    const fetchMock = api();
    const { user } = renderPage();
    await screen.findByTestId('consent-form');
    await user.click(screen.getByTestId('consent-checkbox-professional'));
    await user.click(screen.getByTestId('consent-checkbox-general'));
    await user.click(screen.getByTestId('fake-pad'));
    const save = screen.getByTestId('consent-save');
    expect(save).toBeEnabled();
    fireEvent.click(save);
    fireEvent.click(save);

    expect(await screen.findByText('Consent saved successfully')).toBeInTheDocument();
    expect(await screen.findByText(`At /doctors/${CONSENT_DOCTOR_ID}?tab=consent`)).toBeInTheDocument();
    const posts = callsTo(fetchMock, `POST ${SIGNATURES}`);
    expect(posts).toHaveLength(1);
    const body = jsonBody(posts[0]?.[1]) as Record<string, unknown>;
    expect(body).toMatchObject({
      signatureImage: DRAWN_SIGNATURE,
      professionalConsent: true,
      congressConsent: false,
      generalConsent: true,
      email: 'jean.martin@exemple.fr',
      phone: '01 23 45 67 89',
      language: 'en',
    });
    expect(body.id).toMatch(UUID);
    expect(Math.abs(Date.parse(String(body.signatureDate)) - Date.now())).toBeLessThan(60_000);
    const headers = new Headers(posts[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(UUID);
    // The device keeps the consent, image included, for the screen offline.
    expect(await readStoredConsent(REP_USER.id, CONSENT_DOCTOR_ID)).toMatchObject({
      signatureImage: DRAWN_SIGNATURE,
      professionalConsent: true,
    });
  });

  it('opens in update mode with the current choices and the previous signing date, never the old drawing', async () => {
    api({ [`GET ${SIGNATURES}`]: () => jsonResponse(consentRecord({ signatureImage: DRAWN_SIGNATURE })) });
    renderPage();
    expect(await screen.findByTestId('consent-mode')).toHaveTextContent('Update');
    expect(screen.getByTestId('consent-previous')).toHaveTextContent(/^Previous consent signed on November 20, 2026/);
    expect(screen.getByTestId('consent-checkbox-professional')).toBeChecked();
    expect(screen.getByTestId('consent-checkbox-congress')).not.toBeChecked();
    expect(screen.getByTestId('consent-checkbox-general')).toBeChecked();
    expect(screen.getByTestId('consent-save')).toBeDisabled();
  });

  it("shows the server's refusal with spec 000 §8's wording and stays, the drawing kept to redraw", async () => {
    api({
      [`POST ${SIGNATURES}`]: () =>
        jsonResponse(
          {
            message: 'Signature image is too large. Please redraw with fewer strokes.',
            code: 'PAYLOAD_TOO_LARGE',
            fields: { signatureImage: 'Signature image is too large. Please redraw with fewer strokes.' },
          },
          413,
        ),
    });
    const { user } = renderPage();
    await screen.findByTestId('consent-form');
    await user.click(screen.getByTestId('fake-pad'));
    await user.click(screen.getByTestId('consent-save'));
    expect(
      await screen.findByText(
        'Failed to save signature: Signature image is too large. Please redraw with fewer strokes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('consent-form')).toBeInTheDocument();
    expect(screen.getByTestId('consent-save')).toBeEnabled();
    expect(await listQueue(REP_USER.id)).toHaveLength(0);
  });

  it('keeps the consent in the queue when the call gets no answer, under the key it was sent with', async () => {
    const fetchMock = api({
      [`POST ${SIGNATURES}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderPage();
    await screen.findByTestId('consent-form');
    await user.click(screen.getByTestId('fake-pad'));
    await user.click(screen.getByTestId('consent-save'));
    expect(await screen.findByText('Saved offline - will sync when connection is restored')).toBeInTheDocument();
    const [post] = callsTo(fetchMock, `POST ${SIGNATURES}`);
    const [item] = await listQueue(REP_USER.id);
    expect(item).toMatchObject({ type: 'consent', action: 'create', status: 'pending' });
    expect(item?.mutationId).toBe(new Headers(post?.[1]?.headers).get('Idempotency-Key'));
    expect(item?.entityId).toBe((jsonBody(post?.[1]) as { id: string }).id);
  });

  it('offline, saves to the queue with the device signing time and stays on the screen', async () => {
    setSession('token', DEMO_ADMIN_USER);
    setSimulatedOffline(true);
    onlineManager.setOnline(false);
    const fetchMock = api();
    const { user } = renderPage();
    expect(await screen.findByTestId('consent-offline-notice')).toBeInTheDocument();
    await user.click(screen.getByTestId('consent-checkbox-congress'));
    await user.click(screen.getByTestId('fake-pad'));
    await user.click(screen.getByTestId('consent-save'));

    expect(await screen.findByText('Saved offline - will sync when connection is restored')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${SIGNATURES}`)).toHaveLength(0);
    const [item] = await listQueue(DEMO_ADMIN_USER.id);
    expect(item).toMatchObject({
      type: 'consent',
      action: 'create',
      status: 'pending',
      payload: { doctorId: CONSENT_DOCTOR_ID, signatureImage: DRAWN_SIGNATURE, congressConsent: true, language: 'en' },
    });
    const signatureDate = (item?.payload as { signatureDate: string }).signatureDate;
    expect(Math.abs(Date.parse(signatureDate) - Date.now())).toBeLessThan(60_000);
    expect(await screen.findByTestId('consent-previous')).toHaveTextContent('(waiting to sync)');
    expect(screen.getByTestId('consent-save')).toBeDisabled();
  });

  it("loads from the device's copy when the server can't be reached", async () => {
    await storeServerConsent(REP_USER.id, CONSENT_DOCTOR_ID, consentRecord());
    api({
      [`GET ${SIGNATURES}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByTestId('consent-mode')).toHaveTextContent('Update');
    expect(screen.getByTestId('consent-previous')).toHaveTextContent('Previous consent signed on');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the device's copy is shown"));
    warn.mockRestore();
  });

  it('lets a read-only rep collect consent with the contact read-only, and sends no doctor edit', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    const fetchMock = api();
    renderPage();
    const email = await screen.findByTestId('consent-email');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByTestId('consent-phone')).toHaveAttribute('readonly');
    fireEvent.change(email, { target: { value: 'new@exemple.fr' } });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(callsTo(fetchMock, `PUT /api/doctors/${CONSENT_DOCTOR_ID}`)).toHaveLength(0);
  });

  it('saves the contact to the doctor 2 s after typing stops, the e-mail only when valid', async () => {
    const fetchMock = api({
      [`PUT /api/doctors/${CONSENT_DOCTOR_ID}`]: (init) => jsonResponse({ ...DOCTOR, ...(jsonBody(init) as object) }),
    });
    renderPage();
    const email = await screen.findByTestId('consent-email');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByTestId('consent-phone'), { target: { value: '06 00 00 00 01' } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(callsTo(fetchMock, `PUT /api/doctors/${CONSENT_DOCTOR_ID}`)).toHaveLength(0);
    await waitFor(() => expect(callsTo(fetchMock, `PUT /api/doctors/${CONSENT_DOCTOR_ID}`)).toHaveLength(1), {
      timeout: 3_000,
    });
    expect(jsonBody(callsTo(fetchMock, `PUT /api/doctors/${CONSENT_DOCTOR_ID}`)[0]?.[1])).toEqual({
      phone: '06 00 00 00 01',
    });
    expect(await screen.findByTestId('contact-save-status')).toHaveTextContent('Saved successfully');
  });

  it('says the doctor could not be found when the server knows no such doctor', async () => {
    api({
      [`GET /api/doctors/${CONSENT_DOCTOR_ID}`]: () =>
        jsonResponse({ message: 'Doctor not found', code: 'NOT_FOUND' }, 404),
    });
    renderPage();
    expect(await screen.findByTestId('consent-doctor-not-found')).toHaveTextContent('This doctor could not be found.');
  });

  it('says the doctor could not be found for a malformed id, without calling the server', async () => {
    const fetchMock = api();
    renderPage('/doctors/not-an-id/signatures');
    expect(await screen.findByTestId('consent-doctor-not-found')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
