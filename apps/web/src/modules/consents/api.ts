import {
  ConsentHistory,
  Doctor,
  ConsentRecord,
  CurrentConsent,
  SIGNATURE_GC_MS,
  SIGNATURE_STALE_MS,
  type ConsentWithdrawalInput,
  type CurrentConsent as CurrentConsentAnswer,
} from '@crm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { saveBlob } from '@/lib/save-blob';
import { consentKeys } from '@/modules/consents/query-keys';
import { dashboardKeys } from '@/modules/dashboard/query-keys';
import { doctorKeys } from '@/modules/doctors/query-keys';
import { useNetworkStatus } from '@/offline/engine/network-monitor';
import {
  consentMustFollowQueue,
  queueConsentCreate,
  readStoredConsent,
  storeServerConsent,
  type ConsentDraft,
  type DeviceConsent,
} from '@/offline/queue/consent-writes';
import { isNetworkFailure, queueOwner, sendOrQueue, writesGoToQueue } from '@/offline/queue/send-or-queue';
import { doctorFromSlice } from '@/offline/slice/slice-queries';

export type { DeviceConsent, PendingConsent } from '@/offline/queue/consent-writes';

const signaturesPath = (doctorId: string) => `/doctors/${encodeURIComponent(doctorId)}/signatures`;
const recordPath = (doctorId: string, consentId: string) =>
  `${signaturesPath(doctorId)}/${encodeURIComponent(consentId)}`;

/** The device's copy, or none when the store can't be read (a browser without IndexedDB). */
async function storedCopy(owner: string, doctorId: string): Promise<DeviceConsent | null> {
  try {
    return await readStoredConsent(owner, doctorId);
  } catch {
    return null;
  }
}

/** The server's answer kept for offline use; what the device holds instead while a consent of it waits to be sent. */
async function keepForOffline(
  owner: string,
  doctorId: string,
  consent: CurrentConsentAnswer,
): Promise<DeviceConsent | null> {
  try {
    return await storeServerConsent(owner, doctorId, consent);
  } catch {
    return consent;
  }
}

/**
 * GET /api/doctors/{id}/signatures, kept in the signatures store; offline, the store answers. When the call
 * fails without a refusal (no answer, the server's own trouble), spec 000 §8 falls back to the offline copy,
 * and to none: the rep can still collect the consent.
 */
async function fetchCurrentConsent(doctorId: string, signal: AbortSignal): Promise<DeviceConsent | null> {
  const owner = queueOwner();
  if (owner === null) return apiClient.get(signaturesPath(doctorId), CurrentConsent, { signal });
  if (writesGoToQueue()) return storedCopy(owner, doctorId);
  try {
    const consent = await apiClient.get(signaturesPath(doctorId), CurrentConsent, { signal });
    return await keepForOffline(owner, doctorId, consent);
  } catch (error) {
    const refused = isApiError(error) && error.status >= 400 && error.status < 500;
    if (refused || !isApiError(error)) throw error;
    // Spec 000 §8: the fetch error is logged, and the screen goes on with the device's copy.
    console.warn(`The doctor's consent could not be fetched (${error.message}); the device's copy is shown.`);
    return storedCopy(owner, doctorId);
  }
}

/** The doctor from the device's doctors store (pulled with the rep's slice, or created offline), if there. */
async function deviceDoctor(doctorId: string): Promise<Doctor | null> {
  const owner = queueOwner();
  if (owner === null) return null;
  try {
    return await doctorFromSlice(owner, doctorId);
  } catch {
    return null;
  }
}

/**
 * GET /api/doctors/{id} for the screen's name and contact; offline, or without an answer, the device's copy,
 * and null when the device doesn't hold the doctor (the screen then names nobody). A doctor the server
 * doesn't know yet (created offline, still queued) is the device's too.
 */
async function fetchDoctor(doctorId: string, signal: AbortSignal): Promise<Doctor | null> {
  if (writesGoToQueue()) return deviceDoctor(doctorId);
  try {
    return await apiClient.get(`/doctors/${encodeURIComponent(doctorId)}`, Doctor, { signal });
  } catch (error) {
    const missing = isApiError(error) && error.status === 404;
    if (!isNetworkFailure(error) && !missing) throw error;
    const copy = await deviceDoctor(doctorId);
    if (copy === null && missing) throw error;
    return copy;
  }
}

export const consentQueries = {
  current: (doctorId: string, online: boolean) =>
    queryOptions({
      queryKey: consentKeys.current(doctorId),
      queryFn: ({ signal }) => fetchCurrentConsent(doctorId, signal),
      // Offline the store answers: the query must run then, where the default network mode would pause it.
      networkMode: 'always',
      // Spec 000 §7: fresh 5 minutes and kept 30 online; offline nothing is cached (the store answers).
      staleTime: online ? SIGNATURE_STALE_MS : 0,
      gcTime: online ? SIGNATURE_GC_MS : 0,
    }),
  doctor: (doctorId: string) =>
    queryOptions({
      queryKey: consentKeys.doctorRecord(doctorId),
      queryFn: ({ signal }) => fetchDoctor(doctorId, signal),
      networkMode: 'always',
    }),
  /** GET /api/doctors/{id}/signatures/history: every record, newest first, without images. */
  history: (doctorId: string) =>
    queryOptions({
      queryKey: consentKeys.history(doctorId),
      queryFn: ({ signal }) => apiClient.get(`${signaturesPath(doctorId)}/history`, ConsentHistory, { signal }),
      select: (history) => history.items,
    }),
  /** GET …/signatures/{consentId}/image as a data URL (the call needs the bearer token an <img> can't send). */
  image: (doctorId: string, consentId: string) =>
    queryOptions({
      queryKey: consentKeys.image(doctorId, consentId),
      queryFn: async ({ signal }) =>
        blobAsDataUrl(await apiClient.blob(`${recordPath(doctorId, consentId)}/image`, { signal })),
      staleTime: Infinity,
    }),
};

function blobAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/** The doctor's current consent (the latest record), from the server or, offline, from the device; null when none. */
export function useCurrentConsent(doctorId: string) {
  const { isEffectivelyOnline } = useNetworkStatus();
  return useQuery(consentQueries.current(doctorId, isEffectivelyOnline));
}

/** The doctor the consent screen is about; null offline when the device doesn't hold them. */
export function useConsentDoctor(doctorId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...consentQueries.doctor(doctorId),
    // Opened from the doctor's page: the name shows at once.
    placeholderData: () => queryClient.getQueryData<Doctor>(doctorKeys.detail(doctorId)),
  });
}

/** One record's signature, fetched when shown (the history comes without images). */
export function useConsentImage(doctorId: string, consentId: string) {
  return useQuery(consentQueries.image(doctorId, consentId));
}

export function useConsentHistory(doctorId: string) {
  return useQuery(consentQueries.history(doctorId));
}

/** After a consent or a withdrawal: the doctor's current consent and history, and the dashboard's counts. */
function afterWrite(queryClient: QueryClient, doctorId: string, consent: DeviceConsent): void {
  queryClient.setQueryData(consentKeys.current(doctorId), consent);
  void queryClient.invalidateQueries({ queryKey: consentKeys.history(doctorId) });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** What the screen collects; the doctor's name only names the change on the waiting-changes page. */
export type ConsentSave = {
  signatureImage: string;
  professionalConsent: boolean;
  congressConsent: boolean;
  generalConsent: boolean;
  email: string | null;
  phone: string | null;
  doctorName: string | null;
};

/** Spec 000 §4: the result says whether the consent reached the server or waits in the queue. */
export type SavedConsent = { consent: DeviceConsent; synced: boolean };

/**
 * POST /api/doctors/{id}/signatures. Offline, or online when the call gets no answer, the consent goes to the
 * queue under its client-made id and key (a replay of a call the server did apply records nothing twice),
 * with the device's signing time; so does a consent of a doctor whose earlier consent still waits there,
 * so that the server records them in the order they were signed.
 */
export function useSaveConsent(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it writes to the queue, which needs no network (the default mode would pause it).
    networkMode: 'always',
    mutationFn: async ({ doctorName, ...collected }: ConsentSave): Promise<SavedConsent> => {
      // The same fields, in the same order, as the queued change sends: a replay is the same request.
      const draft: ConsentDraft = {
        id: crypto.randomUUID(),
        doctorId,
        ...collected,
        signatureDate: new Date().toISOString(),
        language: currentLanguage(),
      };
      // The call's key: a consent queued after the call got no answer replays it rather than recording it twice.
      const mutationId = crypto.randomUUID();
      const { id, doctorId: _path, ...fields } = draft;
      return sendOrQueue<SavedConsent>({
        mustFollow: (owner) => consentMustFollowQueue(owner, doctorId),
        send: async (owner) => {
          const answer = await apiClient.post(signaturesPath(doctorId), { ...fields, id }, ConsentRecord, {
            headers: { 'Idempotency-Key': mutationId },
          });
          // The answer leaves the image out: the screen has it, exactly as the server stored it.
          const consent = { ...answer, signatureImage: draft.signatureImage, signature_image: draft.signatureImage };
          if (owner !== null) await keepForOffline(owner, doctorId, consent);
          return { consent, synced: true };
        },
        queue: async (owner) => ({
          consent: await queueConsentCreate(owner, draft, { doctorName, mutationId }),
          synced: false,
        }),
      });
    },
    onSuccess: ({ consent }) => afterWrite(queryClient, doctorId, consent),
  });
}

/** POST /api/doctors/{id}/signatures/withdrawal: a new record withdrawing all three choices (online only). */
export function useWithdrawConsent(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConsentWithdrawalInput) => {
      const consent = await apiClient.post(`${signaturesPath(doctorId)}/withdrawal`, input, ConsentRecord);
      const owner = queueOwner();
      if (owner !== null) await keepForOffline(owner, doctorId, consent);
      return consent;
    },
    onSuccess: (consent) => afterWrite(queryClient, doctorId, consent),
  });
}

/** GET …/signatures/{consentId}/certificate?lang: the record's PDF certificate, saved to the device. */
export async function downloadConsentCertificate(
  doctorId: string,
  consentId: string,
  lang: 'fr' | 'en',
  fileName: string,
): Promise<void> {
  const blob = await apiClient.blob(`${recordPath(doctorId, consentId)}/certificate?lang=${lang}`);
  saveBlob(blob, fileName);
}
