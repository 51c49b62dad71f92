import {
  Office,
  OfficeDoctorsResult,
  OfficeListResult,
  OfficeSpecialties,
  type OfficeInput,
  type OfficeUpdate,
  type Specialty,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { doctorKeys } from '@/modules/doctors/api';

export type OfficeListParams = { search: string; specialty: readonly Specialty[]; page: number; limit: number };
export type OfficeDoctorsParams = {
  search: string;
  specialty: Specialty | null;
  target: string | null;
  page: number;
  limit: number;
};

export const officeKeys = {
  all: ['offices'] as const,
  lists: () => [...officeKeys.all, 'list'] as const,
  specialties: () => [...officeKeys.all, 'specialties'] as const,
  details: () => [...officeKeys.all, 'detail'] as const,
  detail: (id: string) => [...officeKeys.details(), id] as const,
  /** Every office's doctor table. */
  doctorLists: () => [...officeKeys.all, 'doctors'] as const,
  doctorList: (id: string) => [...officeKeys.doctorLists(), id] as const,
};

const officePath = (id: string) => `/offices/${encodeURIComponent(id)}`;

export const officeQueries = {
  /** GET /api/offices: the list page and the add-office dialog's search (the previous page stays while the next loads). */
  list: (params: OfficeListParams) =>
    queryOptions({
      queryKey: [...officeKeys.lists(), params],
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
      queryKey: [...officeKeys.doctorList(id), params],
      queryFn: ({ signal }) =>
        apiClient.get(`${officePath(id)}/doctors${queryString(params)}`, OfficeDoctorsResult, { signal }),
      placeholderData: keepPreviousData,
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
