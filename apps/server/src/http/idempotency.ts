import crypto from 'node:crypto';
import { uuidField } from '@crm/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { validationError } from '#server/core/app-error.ts';
import { type IdempotentRequest, storedBody } from '#server/core/idempotent-transaction.ts';
import type { IdempotencyService } from '#server/modules/idempotency/idempotency.service.ts';
import { requireAuth } from './authenticate.ts';

declare module 'fastify' {
  // Module augmentation needs interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set when an idempotent route was called with a new Idempotency-Key. */
    idempotency: IdempotentRequest | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The route's service stores its answer under the caller's Idempotency-Key (DESIGN.md §6). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer given again for a key already used: the batch of queued changes reads it. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** JSON with the keys of every object sorted, so the same body always hashes alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function requestHash(method: string, path: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/**
 * Routes with `config: { idempotent: true }` read the Idempotency-Key header: a key already used by the
 * caller replays its first answer (same status, same body), or gets 422 when it came with another request;
 * a new key is handed to the service on `request.idempotency`, which stores the answer with its mutation.
 */
export function registerIdempotency(api: FastifyInstance, idempotency: IdempotencyService): void {
  api.decorateRequest('idempotency', null);
  api.addHook('preHandler', async (request, reply: FastifyReply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (header === undefined) return;
    const key = (Array.isArray(header) ? header.join(',') : header).trim().toLowerCase();
    if (!uuidField().safeParse(key).success) {
      throw validationError({ [IDEMPOTENCY_HEADER]: 'validation.idempotencyKey' });
    }
    const method = request.method;
    const path = request.url.split('?')[0] ?? request.url;
    const idempotent: IdempotentRequest = {
      userId: requireAuth(request).user.id,
      key,
      method,
      path,
      bodyHash: requestHash(method, path, request.body),
    };
    const stored = await idempotency.storedAnswer(idempotent);
    if (!stored) {
      request.idempotency = idempotent;
      return;
    }
    void reply.header(REPLAYED_HEADER, 'true');
    return reply.status(stored.status_code).send(storedBody(stored));
  });
}
