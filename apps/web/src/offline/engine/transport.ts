import { clearSession, getSession } from '@/app/session';
import { apiErrorOf, apiRequest } from '@/lib/api-client';
import { SessionChangedError } from '@/offline/engine/classify';
import type { Transport } from '@/offline/engine/sync-engine';
import { changeResultsOf } from '@/offline/engine/sync-results';

/**
 * The engine's batches through the API client (POST /api/sync/changes), which attaches the session's token
 * when it is called and ends the session on a 401. The owner is checked in the same turn, before the client
 * reads the token, so a queue is sent with its owner's token or not at all. The page's engine uses it when no
 * background worker can run (decision 0039).
 */
export const apiTransport: Transport = async (requests, owner) => {
  if (getSession().user?.id !== owner) throw new SessionChangedError();
  const answer = await apiRequest('/sync/changes', { method: 'POST', body: { changes: requests } });
  return changeResultsOf(answer, apiErrorOf, () => {
    clearSession('expired');
  });
};
