import {
  BenefitYear,
  Benefit,
  Convention,
  ConventionList,
  SemesterOverview,
  yearLimitStatuses,
  type BenefitInputForm,
  type ConventionInputForm,
  type ConventionUpdate,
  type LedgerEntry,
} from '@crm/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getSession } from '@/app/session';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { saveBlob } from '@/lib/save-blob';
import { transparencyKeys } from '@/modules/transparency/query-keys';
import {
  queueBenefitCreate,
  waitingBenefits,
  type BenefitDraft,
  type DeviceBenefit,
  type PendingBenefit,
} from '@/offline/queue/benefit-writes';
import { followsEntities, queueOwner, sendOrQueue, writesGoToQueue } from '@/offline/queue/send-or-queue';

export type { DeviceBenefit, PendingBenefit } from '@/offline/queue/benefit-writes';

const doctorPath = (doctorId: string) => `/doctors/${encodeURIComponent(doctorId)}`;

/** The year as the doctor's tab shows it: the server's answer with the device's waiting benefits added. */
export type DeviceBenefitYear = Omit<BenefitYear, 'benefits'> & {
  benefits: DeviceBenefit[];
  /** False offline, or when the server could not be asked: only the device's waiting benefits are there. */
  fromServer: boolean;
};

/** The signed-in user as a waiting benefit names who recorded it (the queue is theirs). */
function recorder(owner: string): Benefit['recordedBy'] {
  const user = getSession().user;
  return { id: owner, name: user?.displayName ?? '' };
}

/** The device's waiting benefits of the doctor, none when the store can't be read (a browser without IndexedDB). */
async function deviceBenefits(doctorId: string): Promise<PendingBenefit[]> {
  const owner = queueOwner();
  if (owner === null) return [];
  try {
    return await waitingBenefits(owner, doctorId, recorder(owner));
  } catch {
    return [];
  }
}

/**
 * GET /api/doctors/{id}/benefits?year, with the benefits still waiting in the device's queue, listed first and
 * counted in the year's limits (the server will count them once they arrive). Offline only the waiting ones.
 */
async function fetchYear(doctorId: string, year: number, signal: AbortSignal): Promise<DeviceBenefitYear> {
  const waiting = (await deviceBenefits(doctorId)).filter((benefit) => benefit.date.startsWith(String(year)));
  const server = writesGoToQueue()
    ? null
    : await apiClient.get(`${doctorPath(doctorId)}/benefits${queryString({ year })}`, BenefitYear, { signal });
  const known = new Set(server?.benefits.map((benefit) => benefit.id));
  const pending = waiting.filter((benefit) => !known.has(benefit.id));
  const benefits: DeviceBenefit[] = [...pending.reverse(), ...(server?.benefits ?? [])];
  // The server's totals, unless the device holds benefits it has not counted yet: the same shared rule adds them.
  const limits = server !== null && pending.length === 0 ? server.limits : yearLimitStatuses(ledgerOf(benefits), year);
  return { year, benefits, limits, fromServer: server !== null };
}

export const transparencyQueries = {
  year: (doctorId: string, year: number) =>
    queryOptions({
      queryKey: transparencyKeys.year(doctorId, year),
      queryFn: ({ signal }) => fetchYear(doctorId, year, signal),
      // Offline the queue answers: the query must run then, where the default network mode would pause it.
      networkMode: 'always',
    }),
  /** GET /api/doctors/{id}/conventions: newest start first. */
  conventions: (doctorId: string) =>
    queryOptions({
      queryKey: transparencyKeys.conventions(doctorId),
      queryFn: ({ signal }) => apiClient.get(`${doctorPath(doctorId)}/conventions`, ConventionList, { signal }),
      select: (list) => list.conventions,
    }),
  /** GET /api/transparency/semesters/{semester}?page: the administrators' view of a declaration. */
  semester: (semester: string, page: number) =>
    queryOptions({
      queryKey: transparencyKeys.semester(semester, page),
      queryFn: ({ signal }) =>
        apiClient.get(
          `/transparency/semesters/${encodeURIComponent(semester)}${queryString({ page })}`,
          SemesterOverview,
          { signal },
        ),
    }),
};

/** The benefits the shared rules count a new one against: the server's and the device's, as ledger entries. */
export function ledgerOf(benefits: readonly DeviceBenefit[]): LedgerEntry[] {
  return benefits.map(({ nature, amountCents, date, conventionId }) => ({ nature, amountCents, date, conventionId }));
}

function afterBenefit(queryClient: QueryClient, doctorId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: transparencyKeys.doctor(doctorId) });
}

export type RecordBenefitVariables = {
  doctorId: string;
  /** The form's fields with the client-made id, the same on every try of one submission. */
  input: BenefitInputForm & { id: string };
  /** The key of this submission: a replay after a lost answer is answered, not recorded twice. */
  idempotencyKey: string;
  /** How the waiting-changes page names the doctor. */
  doctorName: string | null;
};

/**
 * POST /api/doctors/{id}/benefits. Offline, or online when the call gets no answer, the benefit goes to the
 * queue (command 'benefit/create') under its client-made id and key, behind any waiting change of its doctor
 * or its activity; the tab then lists it as waiting. A refusal of the server is not queued: the form shows it.
 */
export function useRecordBenefitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ doctorId, input, idempotencyKey, doctorName }: RecordBenefitVariables) => {
      const draft: BenefitDraft = { ...input, doctorId };
      return sendOrQueue<{ queued: boolean }>({
        mustFollow: followsEntities([doctorId, input.activityId]),
        send: async () => {
          await apiClient.post(`${doctorPath(doctorId)}/benefits`, input, Benefit, {
            headers: { 'Idempotency-Key': idempotencyKey },
          });
          return { queued: false };
        },
        queue: async (owner) => {
          await queueBenefitCreate(owner, draft, { doctorName, mutationId: idempotencyKey });
          return { queued: true };
        },
      });
    },
    onSettled: (_result, _error, { doctorId }) => afterBenefit(queryClient, doctorId),
  });
}

/** POST /api/doctors/{id}/conventions: a draft, with its client-made id (online only). */
export function useCreateConventionMutation(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConventionInputForm) =>
      apiClient.post(`${doctorPath(doctorId)}/conventions`, input, Convention),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transparencyKeys.doctor(doctorId) }),
  });
}

/** PUT /api/conventions/{id}: what changed, or the status alone. */
export function useUpdateConventionMutation(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: ConventionUpdate }) =>
      apiClient.put(`/conventions/${encodeURIComponent(id)}`, update, Convention),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transparencyKeys.doctor(doctorId) }),
  });
}

/** The declaration file's name, as the administrator will file it. */
export const declarationFileName = (semester: string) => `declarations-${semester}.csv`;

/** GET /api/transparency/declarations.csv?semester: the semester's file, saved to the device. */
export function useDownloadDeclarationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (semester: string) => {
      const blob = await apiClient.blob(`/transparency/declarations.csv${queryString({ semester })}`);
      saveBlob(blob, declarationFileName(semester));
    },
    // The export marks the lines exported: the screen's statuses change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: transparencyKeys.semesters() }),
  });
}
