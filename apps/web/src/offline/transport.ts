import { SyncChangesResult, type SyncChangeResult } from '@crm/shared';
import { clearSession, getSession } from '@/app/session';
import { apiErrorOf, apiRequest } from '@/lib/api-client';
import { SessionChangedError } from '@/offline/classify';
import type { ChangeResult, Transport } from '@/offline/sync-engine';

/** One change's result as the engine reads it: its own call's answer, or the ApiError that call would throw. */
function toChangeResult({ outcome, status, body }: SyncChangeResult): ChangeResult {
  if (outcome === 'notTried' || status === null) return { kind: 'notTried' };
  if (status >= 200 && status < 300) return { kind: 'answered', answer: body };
  // Spec 000 §4, as the API client does for a call of its own: any 401 ends the session.
  if (status === 401) clearSession('expired');
  return { kind: 'failed', error: apiErrorOf(status, body) };
}

/**
 * The engine's batches through the API client (POST /api/sync/changes), which attaches the session's token
 * when it is called and ends the session on a 401. The owner is checked in the same turn, before the client
 * reads the token, so a queue is sent with its owner's token or not at all.
 */
export const apiTransport: Transport = async (requests, owner) => {
  if (getSession().user?.id !== owner) throw new SessionChangedError();
  const answer = await apiRequest('/sync/changes', { method: 'POST', body: { changes: requests } });
  return SyncChangesResult.parse(answer).results.map(toChangeResult);
};
