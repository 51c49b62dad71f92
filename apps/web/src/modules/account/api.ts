import {
  Account,
  AccountSessionList,
  SessionsEnded,
  type AccountProfileUpdate,
  type PasswordChangeBody,
} from '@crm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/modules/account/query-keys';
import { authKeys } from '@/modules/auth/query-keys';

export const accountQueries = {
  profile: () =>
    queryOptions({
      queryKey: accountKeys.profile(),
      queryFn: ({ signal }) => apiClient.get('/account', Account, { signal }),
    }),
  sessions: () =>
    queryOptions({
      queryKey: accountKeys.sessions(),
      queryFn: ({ signal }) => apiClient.get('/account/sessions', AccountSessionList, { signal }),
    }),
};

export function useAccount() {
  return useQuery(accountQueries.profile());
}

export function useAccountSessions() {
  return useQuery(accountQueries.sessions());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountProfileUpdate) => apiClient.put('/account/profile', body, Account),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.profile(), account);
      // The header and the dashboard's greeting read the stored user, which /auth/me refreshes.
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => apiClient.post('/account/password', body, SessionsEnded),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiClient.send(`/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/account/sessions/others', { method: 'DELETE' }).then((data) => SessionsEnded.parse(data)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
