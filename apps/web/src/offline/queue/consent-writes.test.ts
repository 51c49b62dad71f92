import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { CONSENT_DOCTOR_ID, consentRecord, DRAWN_SIGNATURE } from '@/modules/consents/test/fixtures';
import { changeKind } from '@/modules/sync-queue/components/WaitingChangeCard';
import { classifyFailure } from '@/offline/engine/classify';
import { toRequest, UnknownChangeError } from '@/offline/engine/requests';
import {
  consentMustFollowQueue,
  queueConsentCreate,
  readStoredConsent,
  storeServerConsent,
  type ConsentDraft,
} from '@/offline/queue/consent-writes';
import { forgetLocalCopy } from '@/offline/queue/offline-writes';
import { discard, enqueue, listQueue, saveItem } from '@/offline/queue/queue';
import { freshOfflineStore } from '@/offline/store/test-store';

const OWNER = '0190a0c4-7a6b-7c1e-9f00-000000000003';
const CONSENT_ID = '0190a0c4-0000-7000-8000-00000000c101';

function draft(overrides: Partial<ConsentDraft> = {}): ConsentDraft {
  return {
    id: CONSENT_ID,
    doctorId: CONSENT_DOCTOR_ID,
    signatureImage: DRAWN_SIGNATURE,
    professionalConsent: true,
    congressConsent: false,
    generalConsent: true,
    signatureDate: '2026-11-25T08:30:00.000Z',
    email: 'jean.martin@exemple.fr',
    phone: null,
    language: 'fr',
    ...overrides,
  };
}

beforeEach(async () => {
  await freshOfflineStore();
});

describe('a consent signed offline', () => {
  it('is a queue record first, then the device copy, with the signing time of the device', async () => {
    const pending = await queueConsentCreate(OWNER, draft(), { doctorName: 'Dr Jean Martin' });
    const [item] = await listQueue(OWNER);
    expect(item).toMatchObject({
      type: 'consent',
      action: 'create',
      entityId: CONSENT_ID,
      status: 'pending',
      dependsOn: [],
      summary: { title: null, doctorName: 'Dr Jean Martin', start: null },
    });
    // The payload is the API's body without the id (the entity's) nor anything the device keeps for itself.
    expect(item?.payload).toEqual({
      doctorId: CONSENT_DOCTOR_ID,
      signatureImage: DRAWN_SIGNATURE,
      professionalConsent: true,
      congressConsent: false,
      generalConsent: true,
      signatureDate: '2026-11-25T08:30:00.000Z',
      email: 'jean.martin@exemple.fr',
      phone: null,
      language: 'fr',
    });
    expect(pending).toMatchObject({ id: CONSENT_ID, pendingSync: true, doctorName: 'Dr Jean Martin' });
    expect(await readStoredConsent(OWNER, CONSENT_DOCTOR_ID)).toEqual(pending);
    expect(changeKind(item ?? { type: '', action: '' })).toBe('consentCreate');
  });

  it('is sent as POST /doctors/{id}/signatures with its client id, under its mutation id', async () => {
    await queueConsentCreate(OWNER, draft(), { doctorName: null, mutationId: 'a2a4a3a0-0000-4000-8000-000000000009' });
    const [item] = await listQueue(OWNER);
    if (item === undefined) throw new Error('nothing queued');
    expect(toRequest(item)).toEqual({
      method: 'POST',
      path: `/doctors/${CONSENT_DOCTOR_ID}/signatures`,
      body: {
        signatureImage: DRAWN_SIGNATURE,
        professionalConsent: true,
        congressConsent: false,
        generalConsent: true,
        signatureDate: '2026-11-25T08:30:00.000Z',
        email: 'jean.martin@exemple.fr',
        phone: null,
        language: 'fr',
        id: CONSENT_ID,
      },
      idempotencyKey: 'a2a4a3a0-0000-4000-8000-000000000009',
    });
    expect(() => toRequest({ ...item, payload: { signatureImage: DRAWN_SIGNATURE } })).toThrow(UnknownChangeError);
  });

  it('waits behind the creation of its doctor, and makes later consents of that doctor queue behind it', async () => {
    await enqueue(OWNER, {
      type: 'doctor',
      action: 'create',
      entityId: CONSENT_DOCTOR_ID,
      payload: { rpps: '1', firstName: 'Jean', lastName: 'Martin', primarySpecialty: 'Cardiology' },
    });
    expect(await consentMustFollowQueue(OWNER, CONSENT_DOCTOR_ID)).toBe(true);
    await queueConsentCreate(OWNER, draft(), { doctorName: null });
    const [, consent] = await listQueue(OWNER);
    expect(consent?.dependsOn).toEqual([CONSENT_DOCTOR_ID]);
    expect(await consentMustFollowQueue('someone-else', CONSENT_DOCTOR_ID)).toBe(false);
  });

  it("is what the screen shows until it synced; then the server's record replaces it", async () => {
    await queueConsentCreate(OWNER, draft(), { doctorName: null });
    const server = consentRecord({ id: '0190a0c4-0000-7000-8000-00000000c0ff' });
    expect(await storeServerConsent(OWNER, CONSENT_DOCTOR_ID, server)).toMatchObject({ pendingSync: true });
    const [item] = await listQueue(OWNER);
    if (item === undefined) throw new Error('nothing queued');
    await saveItem({ ...item, status: 'synced', synced: true });
    expect(await storeServerConsent(OWNER, CONSENT_DOCTOR_ID, server)).toEqual(server);
    expect(await readStoredConsent(OWNER, CONSENT_DOCTOR_ID)).toEqual(server);
  });

  it('is discarded with its device copy only', async () => {
    await queueConsentCreate(OWNER, draft(), { doctorName: null });
    const [item] = await listQueue(OWNER);
    if (item === undefined) throw new Error('nothing queued');
    await discard(OWNER, item.mutationId);
    await forgetLocalCopy(OWNER, item);
    expect(await readStoredConsent(OWNER, CONSENT_DOCTOR_ID)).toBeNull();
  });

  it('is refused for good on a 413 or a 409 (S5: permanent), retried when the network fails', async () => {
    await queueConsentCreate(OWNER, draft(), { doctorName: null });
    const [item] = await listQueue(OWNER);
    if (item === undefined) throw new Error('nothing queued');
    const tooLarge = new ApiError(
      413,
      'Signature image is too large. Please redraw with fewer strokes.',
      'PAYLOAD_TOO_LARGE',
    );
    expect(classifyFailure(item, tooLarge)).toEqual({
      kind: 'rejected',
      message: 'Signature image is too large. Please redraw with fewer strokes.',
    });
    expect(classifyFailure(item, new ApiError(409, 'A different consent', 'CONFLICT'))).toMatchObject({
      kind: 'rejected',
    });
    expect(classifyFailure(item, new ApiError(0, 'Network error', NETWORK_ERROR_CODE))).toMatchObject({
      kind: 'retry',
      unreachable: true,
    });
  });
});
