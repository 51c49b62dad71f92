import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from '@/app/session';
import { isApiError } from '@/lib/api-client';
import { getNetworkState, isEffectivelyOnline, subscribeNetwork } from '@/offline/engine/network-monitor';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer won't change by asking again; network failures and 5xx may.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < MAX_RETRIES,
      },
    },
  });
}

export const queryClient = createQueryClient();

// Queries follow the app's own connectivity (health checks, simulated offline), not only navigator.onLine.
onlineManager.setEventListener((setOnline) =>
  subscribeNetwork(() => {
    setOnline(isEffectivelyOnline(getNetworkState()));
  }),
);
onlineManager.setOnline(isEffectivelyOnline(getNetworkState()));

// Signing out or in as someone else (logout, any 401, another tab) drops every cached answer: the next
// user must not see the previous one's data. A refreshed user with the same token keeps the cache.
let cachedToken = getSession().token;
subscribeSession(() => {
  const { token } = getSession();
  if (token === cachedToken) return;
  cachedToken = token;
  queryClient.clear();
});
