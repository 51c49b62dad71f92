import type { SyncChange } from '@crm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeAnswer } from '#server/modules/sync/sync-changes.service.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './idempotency.ts';

function parsed(body: string): unknown {
  if (body === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * Calls one API route inside this process as the caller of `request` would (same token, language, client
 * address and user agent), with `change`'s own Idempotency-Key: the route runs its whole pipeline
 * (authentication, body limit, schema, access rules, idempotency, transaction) as for a request of its own.
 */
export function inProcessCall(app: FastifyInstance, request: FastifyRequest) {
  const { authorization, 'accept-language': language, 'user-agent': userAgent } = request.headers;
  return async (change: SyncChange): Promise<ChangeAnswer> => {
    const response = await app.inject({
      method: change.method,
      url: `/api${change.path}`,
      remoteAddress: request.ip,
      headers: {
        ...(authorization !== undefined && { authorization }),
        ...(language !== undefined && { 'accept-language': language }),
        ...(userAgent !== undefined && { 'user-agent': userAgent }),
        [IDEMPOTENCY_HEADER]: change.idempotencyKey,
        ...(change.body !== undefined && { 'content-type': 'application/json' }),
      },
      // Always as JSON: a string body must reach the route as the JSON string it was, not as raw text.
      ...(change.body !== undefined && { payload: JSON.stringify(change.body) }),
    });
    return {
      status: response.statusCode,
      body: parsed(response.body),
      replayed: response.headers[REPLAYED_HEADER.toLowerCase()] === 'true',
    };
  };
}
