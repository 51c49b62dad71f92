import { getSession } from '@/app/session';
import { apiRequest } from '@/lib/api-client';
import { SessionChangedError } from '@/offline/classify';
import type { Transport } from '@/offline/sync-engine';

/**
 * The engine's calls through the API client, which attaches the session's token when it is called and ends
 * the session on a 401. The owner is checked in the same turn, before the client reads the token, so a
 * change is sent with its owner's token or not at all.
 */
export const apiTransport: Transport = (request, owner) => {
  if (getSession().user?.id !== owner) return Promise.reject(new SessionChangedError());
  return apiRequest(request.path, {
    method: request.method,
    body: request.body,
    headers: { 'Idempotency-Key': request.idempotencyKey },
  });
};
