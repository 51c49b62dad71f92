import {
  BulkCreateResult,
  CreateUserResult,
  InvitationResult,
  OrgChart,
  ProductList,
  UserCandidates,
  UserDetail,
  UserList,
  type CreateUserBody,
  type PermissionsBody,
  type UpdateUserBody,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { userKeys, type CandidateKind, type UserListParams } from '@/modules/users/query-keys';

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;
/** Spec 001 §9: user products cached 5 minutes. */
const PRODUCTS_STALE_MS = 5 * 60_000;
/** Candidates shown in a picker at a time; the search narrows them. */
export const CANDIDATE_LIMIT = 50;

export const userQueries = {
  /** GET /api/users?page&limit&search */
  list: (params: UserListParams) =>
    queryOptions({
      queryKey: userKeys.list(params),
      queryFn: ({ signal }) => apiClient.get(`/users${queryString(params)}`, UserList, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/users/org-chart: every user and their manager; the tree is built here. */
  orgChart: () =>
    queryOptions({
      queryKey: userKeys.orgChart(),
      queryFn: ({ signal }) => apiClient.get('/users/org-chart', OrgChart, { signal }),
      select: (answer) => answer.users,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: userKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(userPath(id), UserDetail, { signal }),
      retry: (count, error) => count < 2 && !(isApiError(error) && (error.status === 404 || error.status === 403)),
    }),
  /** Who may become the user's manager or managee (the server applies spec 001 §4's rules). */
  candidates: (id: string, kind: CandidateKind, search: string) =>
    queryOptions({
      queryKey: userKeys.candidates(id, kind, search),
      queryFn: ({ signal }) =>
        apiClient.get(
          `${userPath(id)}/${kind}-candidates${queryString({ search, limit: CANDIDATE_LIMIT })}`,
          UserCandidates,
          {
            signal,
          },
        ),
      select: (answer) => answer.users,
      placeholderData: keepPreviousData,
    }),
  /** GET /api/users/products/all: every product, for the product access card. */
  products: () =>
    queryOptions({
      queryKey: userKeys.products(),
      queryFn: ({ signal }) => apiClient.get('/users/products/all', ProductList, { signal }),
      select: (answer) => answer.products,
      staleTime: PRODUCTS_STALE_MS,
    }),
};

/** A change to one user: the answer is the user as now stored; the lists and the chart show them too. */
function storeUser(queryClient: QueryClient, user: UserDetail): Promise<unknown> {
  queryClient.setQueryData(userQueries.detail(user.id).queryKey, user);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: userKeys.orgChart() }),
    // Managers and managees of others may have changed with it.
    queryClient.invalidateQueries({
      queryKey: userKeys.details(),
      predicate: (query) => query.queryKey[2] !== user.id,
    }),
  ]);
}

function refreshUsers(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => apiClient.post('/users', body, CreateUserResult),
    onSuccess: () => refreshUsers(queryClient),
  });
}

export function useBulkCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string) => apiClient.post('/users/bulk', { emails }, BulkCreateResult),
    onSuccess: () => refreshUsers(queryClient),
  });
}

export function useUpdateUserMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => apiClient.put(userPath(id), body, UserDetail),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

export function usePermissionsMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PermissionsBody) => apiClient.patch(`${userPath(id)}/permissions`, body, UserDetail),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

export function useManageesMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (manageeIds: string[]) => apiClient.patch(`${userPath(id)}/managees`, { manageeIds }, UserDetail),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

export function useProductsMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => apiClient.post(`${userPath(id)}/products`, { productIds }, UserDetail),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

export function useInvitationMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post(`${userPath(id)}/invitation`, undefined, InvitationResult),
    onSuccess: () => refreshUsers(queryClient),
  });
}

export function useDeleteUserMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.send(userPath(id), { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      await refreshUsers(queryClient);
    },
  });
}
