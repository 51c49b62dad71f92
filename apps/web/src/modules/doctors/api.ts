import {
  Doctor,
  DoctorList,
  DoctorSearchResult,
  type DoctorInput,
  type DoctorUpdate,
  type DoctorUserDataInput,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ignoreFailure, PREFETCHED_FRESH_MS } from '@/lib/prefetch';
import { queryString } from '@/lib/query-string';
import { listParamsFrom } from '@/lib/use-list-params';
import { configurationQueries } from '@/modules/configuration/api';
import { doctorKeys, type DoctorSearchParams } from '@/modules/doctors/query-keys';
import { officeKeys } from '@/modules/offices/query-keys';
import { asDoctor, queueDoctorCreate } from '@/offline/queue/offline-writes';
import { followsEntities, sendOrQueue } from '@/offline/queue/send-or-queue';

/** Recent doctors answer with DoctorListItems too. */
const RecentDoctorList = DoctorList;

export const doctorQueries = {
  /** GET /api/doctors/search: the doctors list's paged results (the previous page stays while the next loads). */
  search: (params: DoctorSearchParams) =>
    queryOptions({
      queryKey: doctorKeys.search(params),
      queryFn: ({ signal }) => apiClient.get(`/doctors/search${queryString(params)}`, DoctorSearchResult, { signal }),
      placeholderData: keepPreviousData,
      staleTime: PREFETCHED_FRESH_MS,
    }),
  /** GET /api/doctors: the best matches, for pickers (the office's add-doctor dialog). */
  picker: (search: string, limit = 10) =>
    queryOptions({
      queryKey: doctorKeys.picker({ search, limit }),
      queryFn: ({ signal }) => apiClient.get(`/doctors${queryString({ search, limit })}`, DoctorList, { signal }),
      select: (list) => list.doctors,
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: doctorKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(`/doctors/${encodeURIComponent(id)}`, Doctor, { signal }),
      staleTime: PREFETCHED_FRESH_MS,
    }),
  /** GET /api/recent-doctors: the caller's recently viewed doctors, most recent first. */
  recent: () =>
    queryOptions({
      queryKey: doctorKeys.recentList(),
      queryFn: ({ signal }) => apiClient.get('/recent-doctors', RecentDoctorList, { signal }),
      select: (list) => list.doctors,
      staleTime: PREFETCHED_FRESH_MS,
    }),
};

/**
 * Asks for what /doctors will show at this address (spec 000 §2: the search results, or the recent doctors
 * when nothing is searched) and the targets' colours, without waiting: a route loader calls it before the
 * page's code has arrived, and the page finds the answers under the same keys.
 */
export function prefetchDoctorList(queryClient: QueryClient, address: URLSearchParams): void {
  const { search, page, limit } = listParamsFrom(address);
  if (search === '') queryClient.query(doctorQueries.recent()).catch(ignoreFailure);
  else queryClient.query(doctorQueries.search({ search, page, limit })).catch(ignoreFailure);
  queryClient.query(configurationQueries.targets()).catch(ignoreFailure);
}

/** The same for a doctor's page: on the way there (a route loader), or as soon as a row is touched. */
export function prefetchDoctor(queryClient: QueryClient, id: string): void {
  queryClient.query(doctorQueries.detail(id)).catch(ignoreFailure);
  queryClient.query(configurationQueries.targets()).catch(ignoreFailure);
}

/**
 * Everything that lists doctors: search results, pickers, the recent list and the offices' doctor tables.
 * A change to a doctor (name, targets, primary office) shows in all of them.
 */
function invalidateDoctorLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: doctorKeys.searches() }),
    queryClient.invalidateQueries({ queryKey: doctorKeys.pickers() }),
    queryClient.invalidateQueries({ queryKey: doctorKeys.recent() }),
    queryClient.invalidateQueries({ queryKey: officeKeys.doctorLists() }),
  ]);
}

/** A doctor's offices changed: their doctor counts, doctor tables and (specialty) filters too. */
function invalidateOfficesOf(queryClient: QueryClient, officeIds: readonly string[]): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: officeKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: officeKeys.specialties() }),
    ...officeIds.map((officeId) => queryClient.invalidateQueries({ queryKey: officeKeys.detail(officeId) })),
  ]);
}

function storeDoctor(queryClient: QueryClient, doctor: Doctor): void {
  queryClient.setQueryData(doctorQueries.detail(doctor.id).queryKey, doctor);
}

export function useCreateDoctorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DoctorInput) => apiClient.post('/doctors', input, Doctor),
    onSuccess: (doctor) => {
      storeDoctor(queryClient, doctor);
      void invalidateDoctorLists(queryClient);
    },
  });
}

/**
 * A doctor created from the activity form, which works offline: offline, or online when the call gets no
 * answer, the creation is queued under a client-made id (the server answers an RPPS it already knows with
 * that doctor, decision 0020) and the activity form names the new doctor at once.
 */
export function useCreateDoctorForActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it writes to the queue, which needs no network (the default mode would pause it).
    networkMode: 'always',
    mutationFn: (input: DoctorInput) =>
      sendOrQueue<{ doctor: Doctor; queued: boolean }>({
        // A doctor whose creation already waits in the queue (same client-made id) is created after it.
        mustFollow: followsEntities([input.id]),
        send: async () => ({ doctor: await apiClient.post('/doctors', input, Doctor), queued: false }),
        queue: async (owner) => ({ doctor: asDoctor(await queueDoctorCreate(owner, input)), queued: true }),
      }),
    onSuccess: ({ doctor }) => {
      storeDoctor(queryClient, doctor);
      void invalidateDoctorLists(queryClient);
    },
  });
}

/** PUT /api/doctors/{id}: inline edits send the one field that changed. */
export function useUpdateDoctorMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: DoctorUpdate) => apiClient.put(`/doctors/${encodeURIComponent(id)}`, patch, Doctor),
    onSuccess: (doctor, patch) => {
      storeDoctor(queryClient, doctor);
      void invalidateDoctorLists(queryClient);
      // The offices' specialty filters follow their doctors' specialties.
      if (patch.primarySpecialty !== undefined || patch.secondarySpecialty !== undefined) {
        void invalidateOfficesOf(
          queryClient,
          doctor.offices.map((office) => office.id),
        );
      }
    },
  });
}

/** PUT /api/doctors/{id}/user-data: the signed-in user's own target and potential target. */
export function useUpdateDoctorUserDataMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DoctorUserDataInput) =>
      apiClient.put(`/doctors/${encodeURIComponent(id)}/user-data`, input, Doctor),
    onSuccess: (doctor) => {
      storeDoctor(queryClient, doctor);
      void invalidateDoctorLists(queryClient);
    },
  });
}

export function useDeleteDoctorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doctor: Doctor) => apiClient.send(`/doctors/${encodeURIComponent(doctor.id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, doctor) => {
      queryClient.removeQueries({ queryKey: doctorKeys.detail(doctor.id), exact: true });
      void invalidateDoctorLists(queryClient);
      void invalidateOfficesOf(
        queryClient,
        doctor.offices.map((office) => office.id),
      );
    },
  });
}

export type DoctorOfficeLink = { doctorId: string; officeId: string };

/** POST /api/doctors/{id}/offices: links an office (the doctor's first becomes the primary one). */
export function useLinkOfficeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ doctorId, officeId }: DoctorOfficeLink) =>
      apiClient.post(`/doctors/${encodeURIComponent(doctorId)}/offices`, { officeId }, Doctor),
    onSuccess: (doctor, { officeId }) => {
      storeDoctor(queryClient, doctor);
      void invalidateDoctorLists(queryClient);
      void invalidateOfficesOf(queryClient, [officeId]);
    },
  });
}

export function useSetPrimaryOfficeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ doctorId, officeId }: DoctorOfficeLink) =>
      apiClient.put(
        `/doctors/${encodeURIComponent(doctorId)}/offices/${encodeURIComponent(officeId)}/primary`,
        undefined,
        Doctor,
      ),
    onSuccess: (doctor) => {
      storeDoctor(queryClient, doctor);
      // Lists show the primary office; the offices themselves don't change.
      void invalidateDoctorLists(queryClient);
    },
  });
}

/** POST /api/recent-doctors: a doctor opened from the list goes to the top of the recent list. */
export function useRecordRecentDoctorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doctorId: string) => apiClient.send('/recent-doctors', { method: 'POST', body: { doctorId } }),
    onSuccess: (_nothing, doctorId) => {
      void queryClient.invalidateQueries({ queryKey: doctorKeys.recent() });
      // The recent marker of search results.
      void queryClient.invalidateQueries({ queryKey: doctorKeys.searches() });
      // The detail's isRecent is now known: asking for the whole doctor again would repeat (or cancel) the
      // answer the page being opened has just been given, or is waiting for.
      queryClient.setQueryData(doctorKeys.detail(doctorId), (doctor: Doctor | undefined) =>
        doctor === undefined ? undefined : { ...doctor, isRecent: true },
      );
    },
  });
}

export function useRemoveRecentDoctorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doctorId: string) =>
      apiClient.send(`/recent-doctors/${encodeURIComponent(doctorId)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, doctorId) => {
      void queryClient.invalidateQueries({ queryKey: doctorKeys.recent() });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.searches() });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.detail(doctorId) });
    },
  });
}

/** DELETE /api/recent-doctors: empties the caller's recent list. */
export function useClearRecentDoctorsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.send('/recent-doctors', { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: doctorKeys.recent() });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.searches() });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.details() });
    },
  });
}
