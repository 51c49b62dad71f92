import { ForgotPasswordResult, LoginResult, PasswordLinkInfo, type SetPasswordBody } from '@crm/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { setSession } from '@/app/session';
import { apiClient } from '@/lib/api-client';
import { authKeys } from '@/modules/auth/query-keys';

/** The links to choose a password (decision 0029): public calls, made before anyone is signed in. */
export const passwordLinkQueries = {
  /** POST /api/auth/password-link: whom the link is for (a POST keeps the secret out of URLs and logs). */
  info: (token: string) =>
    queryOptions({
      queryKey: authKeys.passwordLink(token),
      queryFn: ({ signal }) =>
        apiClient.post('/auth/password-link', { token }, PasswordLinkInfo, { signal, auth: false }),
      retry: false,
      staleTime: Infinity,
    }),
};

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post('/auth/forgot-password', { email }, ForgotPasswordResult, { auth: false }),
    networkMode: 'always',
  });
}

/** Sets the password and signs in with the answer, as a sign-in would. */
export function useSetPasswordMutation() {
  return useMutation({
    mutationFn: (body: SetPasswordBody) => apiClient.post('/auth/set-password', body, LoginResult, { auth: false }),
    onSuccess: ({ token, user }) => {
      setSession(token, user);
    },
    networkMode: 'always',
  });
}
