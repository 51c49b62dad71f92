import {
  Office,
  OfficeDoctorsResult,
  OfficeListResult,
  OfficeSpecialties,
  PAGE_SIZES,
  type OfficeInput,
  type OfficeUpdate,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { doctorKeys } from '@/modules/doctors/query-keys';
import { officeKeys, type OfficeDoctorsParams, type OfficeListParams } from '@/modules/offices/query-keys';

const officePath = (id: string) => `/offices/${encodeURIComponent(id)}`;

/** The largest page GET /api/offices/{id}/doctors answers: the fewest requests. */
const LINKED_DOCTORS_PAGE_SIZE = Math.max(...PAGE_SIZES);

function fetchOfficeDoctors(id: string, params: Partial<OfficeDoctorsParams>, signal: AbortSignal) {
  return apiClient.get(`${officePath(id)}/doctors${queryString(params)}`, OfficeDoctorsResult, { signal });
}

/** Every doctor of the office, primary office or not: the first page, then the others at once. */
async function fetchLinkedDoctorIds(id: string, signal: AbortSignal): Promise<string[]> {
  const first = await fetchOfficeDoctors(id, { page: 1, limit: LINKED_DOCTORS_PAGE_SIZE }, signal);
  const others = await Promise.all(
    Array.from({ length: first.pages - 1 }, (_, index) =>
      fetchOfficeDoctors(id, { page: index + 2, limit: LINKED_DOCTORS_PAGE_SIZE }, signal),
    ),
  );
  return [first, ...others].flatMap((result) => result.doctors.map((doctor) => doctor.id));
}

export const officeQueries = {
  /** GET /api/offices: the list page and the add-office dialog's search (the previous page stays while the next loads). */
  list: (params: OfficeListParams) =>
    queryOptions({
      queryKey: officeKeys.list(params),
      queryFn: ({ signal }) => apiClient.get(`/offices${queryString(params)}`, OfficeListResult, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/offices/specialties: the specialties the offices' doctors have, for the filter. */
  specialties: () =>
    queryOptions({
      queryKey: officeKeys.specialties(),
      queryFn: ({ signal }) => apiClient.get('/offices/specialties', OfficeSpecialties, { signal }),
      select: (answer) => answer.specialties,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: officeKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(officePath(id), Office, { signal }),
    }),
  /** GET /api/offices/{id}/doctors, 10 per page by default. */
  doctors: (id: string, params: OfficeDoctorsParams) =>
    queryOptions({
      queryKey: officeKeys.doctorPage(id, params),
      queryFn: ({ signal }) => fetchOfficeDoctors(id, params, signal),
      placeholderData: keepPreviousData,
    }),
  /**
   * The ids of every doctor linked to the office, for the add-doctor dialog's "already here" marks: a
   * doctor's primaryOffice names only one of their offices.
   */
  linkedDoctorIds: (id: string) =>
    queryOptions({
      queryKey: officeKeys.linkedDoctorIds(id),
      queryFn: ({ signal }) => fetchLinkedDoctorIds(id, signal),
      select: (ids) => new Set(ids),
    }),
};

function storeOffice(queryClient: QueryClient, office: Office): void {
  queryClient.setQueryData(officeQueries.detail(office.id).queryKey, office);
}

/** Doctors show their offices (the detail's table, the lists' primary office column). */
function invalidateDoctorsShowingOffices(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: doctorKeys.details() }),
    queryClient.invalidateQueries({ queryKey: doctorKeys.searches() }),
    queryClient.invalidateQueries({ queryKey: doctorKeys.pickers() }),
    queryClient.invalidateQueries({ queryKey: doctorKeys.recent() }),
  ]);
}

export function useCreateOfficeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfficeInput) => apiClient.post('/offices', input, Office),
    onSuccess: (office) => {
      storeOffice(queryClient, office);
      void queryClient.invalidateQueries({ queryKey: officeKeys.lists() });
    },
  });
}

/** PUT /api/offices/{id}: inline edits send the field that changed, UGA extraction its four fields. */
export function useUpdateOfficeMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: OfficeUpdate) => apiClient.put(officePath(id), patch, Office),
    onSuccess: (office) => {
      storeOffice(queryClient, office);
      void queryClient.invalidateQueries({ queryKey: officeKeys.lists() });
      void invalidateDoctorsShowingOffices(queryClient);
    },
  });
}

export function useDeleteOfficeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.send(officePath(id), { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: officeKeys.detail(id), exact: true });
      queryClient.removeQueries({ queryKey: officeKeys.doctorList(id) });
      void queryClient.invalidateQueries({ queryKey: officeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: officeKeys.specialties() });
      void invalidateDoctorsShowingOffices(queryClient);
    },
  });
}

export type OfficeDoctorLink = { officeId: string; doctorId: string };

/** DELETE /api/offices/{id}/doctors/{doctorId}: unlinks a doctor from the office. */
export function useRemoveOfficeDoctorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ officeId, doctorId }: OfficeDoctorLink) =>
      apiClient.send(`${officePath(officeId)}/doctors/${encodeURIComponent(doctorId)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, { officeId, doctorId }) => {
      void queryClient.invalidateQueries({ queryKey: officeKeys.doctorList(officeId) });
      void queryClient.invalidateQueries({ queryKey: officeKeys.detail(officeId) });
      void queryClient.invalidateQueries({ queryKey: officeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: officeKeys.specialties() });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.detail(doctorId) });
      // The doctor's primary office may have been this one.
      void queryClient.invalidateQueries({ queryKey: doctorKeys.searches() });
      void queryClient.invalidateQueries({ queryKey: doctorKeys.recent() });
    },
  });
}
