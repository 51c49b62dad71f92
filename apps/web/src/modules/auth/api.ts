import {
  AppMeta,
  CURRENT_USER_CACHE_MS,
  CurrentUser,
  LoginResult,
  LogoutResult,
  SsoConfig,
  type LoginBody,
} from '@crm/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { clearSession, setSession, updateSessionUser, useSession } from '@/app/session';
import { apiClient, HTTP_ERROR_CODE, isApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { PREFETCHED_FRESH_MS } from '@/lib/prefetch';
import { authKeys } from '@/modules/auth/query-keys';
import { useNetworkStatus } from '@/offline/engine/network-monitor';

export const authQueries = {
  /** Public: whether the login page shows the demo warning. */
  meta: () =>
    queryOptions({
      queryKey: authKeys.meta(),
      queryFn: ({ signal }) => apiClient.get('/meta', AppMeta, { signal, auth: false }),
      staleTime: Infinity,
    }),
  ssoConfig: () =>
    queryOptions({
      queryKey: authKeys.ssoConfig(),
      queryFn: ({ signal }) => apiClient.get('/auth/sso-config', SsoConfig, { signal, auth: false }),
      // Asked for by /login's loader with the page's code; the button asks again before leaving for the provider.
      staleTime: PREFETCHED_FRESH_MS,
    }),
  me: () =>
    queryOptions({
      queryKey: authKeys.me(),
      queryFn: async ({ signal }) => {
        const user = await apiClient.get('/auth/me', CurrentUser, { signal });
        // The stored user is what the guard, menu and header read; keep it current (rights may change).
        updateSessionUser(user);
        return user;
      },
      staleTime: CURRENT_USER_CACHE_MS,
      gcTime: CURRENT_USER_CACHE_MS,
    }),
};

/** Refreshes the stored user from GET /api/auth/me when signed in and online (cached 5 minutes). */
export function useCurrentUserRefresh(): void {
  const { isAuthenticated } = useSession();
  const { isEffectivelyOnline } = useNetworkStatus();
  useQuery({ ...authQueries.me(), enabled: isAuthenticated && isEffectivelyOnline });
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiClient.post('/auth/login', body, LoginResult, { auth: false }),
    onSuccess: ({ token, user }) => {
      setSession(token, user);
    },
    // Offline the attempt fails at once with the network message instead of waiting silently.
    networkMode: 'always',
  });
}

/** Ends the session; answers where the provider's own sign-out is, for a single-sign-on session. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async (): Promise<string | null> => {
      try {
        const { providerLogoutUrl } = await apiClient.post('/auth/logout', undefined, LogoutResult);
        return providerLogoutUrl;
      } catch {
        // Offline or already expired: the local session ends anyway, the server's expires on its own.
        return null;
      } finally {
        clearSession();
      }
    },
    networkMode: 'always',
  });
}

/**
 * Spec 000 §8: the server's message, else 'Invalid email or password'. An unreachable server says so,
 * rather than blaming the password.
 */
export function loginErrorMessage(error: unknown, defaultMessage: string): string {
  if (!isApiError(error)) return defaultMessage;
  if (error.code === NETWORK_ERROR_CODE) return error.message;
  return error.code === HTTP_ERROR_CODE || error.message === '' ? defaultMessage : error.message;
}
