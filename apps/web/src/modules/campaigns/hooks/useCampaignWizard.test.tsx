import type { CampaignSendResult } from '@crm/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecipientSelection } from '@/modules/campaigns/components/recipient-selection';
import { useCampaignWizard } from '@/modules/campaigns/hooks/useCampaignWizard';
import { campaign, template } from '@/test/campaigns';
import { callsTo, type FetchMock, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { renderHookInApp } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const GENERAL = template();
const OTHER_GENERAL = template({ id: 'general-2', name: 'Another update' });
const CONGRESS = template({ id: 'congress-invitation', type: 'congress' });
const TWO_DOCTORS: RecipientSelection = {
  mode: 'some',
  doctors: new Map([
    ['0190a0c4-0000-7000-8000-000000000101', 'Nom1 Prénom1'],
    ['0190a0c4-0000-7000-8000-000000000102', 'Nom2 Prénom2'],
  ]),
};
const SENT: CampaignSendResult = {
  campaign: campaign({ skippedCount: 0 }),
  recipientCount: 2,
  skipped: { notFound: 0, noEmail: 0, noConsent: 0, withdrawn: 0 },
};

/** The Idempotency-Key and the body of each POST /api/campaigns. */
const sends = (fetchMock: FetchMock) =>
  callsTo(fetchMock, 'POST /api/campaigns').map(([, init]) => ({
    key: new Headers(init?.headers).get('Idempotency-Key'),
    body: jsonBody(init) as Record<string, unknown>,
  }));

/** The wizard at its review: a general template and two doctors chosen. */
function atReview() {
  const rendered = renderHookInApp(useCampaignWizard);
  act(() => {
    rendered.result.current.selectTemplate(GENERAL);
  });
  act(() => {
    rendered.result.current.goNext();
    rendered.result.current.setSelection(TWO_DOCTORS);
  });
  act(() => {
    rendered.result.current.goNext();
  });
  return rendered;
}

signedInAsRepInEnglish();

describe('useCampaignWizard', () => {
  it('opens on the template step and moves on only with a template, then with recipients', () => {
    const { result } = renderHookInApp(useCampaignWizard);
    expect(result.current.step).toBe(0);
    expect(result.current.canGoNext).toBe(false);
    act(() => {
      result.current.goNext();
    });
    expect(result.current.step).toBe(0);

    act(() => {
      result.current.selectTemplate(GENERAL);
    });
    expect(result.current.canGoNext).toBe(true);
    act(() => {
      result.current.goNext();
    });
    expect(result.current.step).toBe(1);
    expect(result.current.canGoNext).toBe(false);
    act(() => {
      result.current.goNext();
    });
    expect(result.current.step).toBe(1);

    act(() => {
      result.current.setSelection(TWO_DOCTORS);
    });
    act(() => {
      result.current.goNext();
    });
    expect(result.current.step).toBe(2);
    act(() => {
      result.current.goBack();
    });
    expect(result.current.step).toBe(1);
  });

  it('keeps the doctors for a template of the same type, and drops them, back to their step, for another type', () => {
    const { result } = atReview();
    act(() => {
      result.current.selectTemplate(OTHER_GENERAL);
    });
    expect(result.current.selection).toBe(TWO_DOCTORS);
    expect(result.current.step).toBe(2);

    act(() => {
      result.current.selectTemplate(CONGRESS);
    });
    expect(result.current.selection).toEqual({ mode: 'some', doctors: new Map() });
    // The review needs recipients: the wizard shows the step that asks for them.
    expect(result.current.step).toBe(1);
  });

  it('refuses to send without a template or recipients, and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { result } = renderHookInApp(useCampaignWizard);
    await act(() => result.current.send());
    expect(await screen.findByText('Please complete all steps before sending')).toBeInTheDocument();
    expect(sends(fetchMock)).toHaveLength(0);
  });

  // The review's form is not drawn here (the page's tests fill it): with no field to check, the send goes on.
  it('sends the template and the doctors, retries a failed send under the same key, and starts again with a new one', async () => {
    let answer = () => jsonResponse({ message: 'No mail server is configured', code: 'MAIL_SERVER_MISSING' }, 503);
    const fetchMock = stubFetch({ 'POST /api/campaigns': () => answer() });
    const { result } = atReview();

    await act(() => result.current.send());
    await waitFor(() => expect(result.current.sendError).toBe('No mail server is configured'));
    expect(result.current.step).toBe(2);

    answer = () => jsonResponse(SENT, 201);
    await act(() => result.current.send());
    await waitFor(() => expect(result.current.step).toBe(0));
    expect(result.current.template).toBeNull();
    expect(result.current.selection).toEqual({ mode: 'some', doctors: new Map() });

    const [failed, retried, ...others] = sends(fetchMock);
    expect(others).toHaveLength(0);
    expect(retried?.key).toBe(failed?.key);
    expect(retried?.body).toMatchObject({
      templateId: GENERAL.id,
      doctorIds: [...TWO_DOCTORS.doctors.keys()],
      allMatching: null,
    });

    // The next campaign is another request: a key of its own.
    act(() => {
      result.current.selectTemplate(GENERAL);
    });
    act(() => {
      result.current.goNext();
      result.current.setSelection(TWO_DOCTORS);
    });
    await act(() => result.current.send());
    await waitFor(() => expect(sends(fetchMock)).toHaveLength(3));
    expect(sends(fetchMock)[2]?.key).not.toBe(failed?.key);
  });
});
