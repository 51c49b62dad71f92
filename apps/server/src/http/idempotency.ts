import crypto from 'node:crypto';
import { uuidField } from '@crm/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { isoFromNow, nowIso } from '#server/db/time.ts';
import type { IdempotencyKeysRepository, StoredAnswer } from '#server/modules/idempotency/idempotency.repository.ts';
import { requireAuth } from './authenticate.ts';
import { AppError, validationError } from './errors.ts';

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
/** A client retries within minutes or, offline, within days; a week covers both (DESIGN.md §7). */
export const IDEMPOTENCY_KEY_TTL_DAYS = 7;
/**
 * Old keys are deleted by about one write in a hundred rather than by a job: no process has to be the one
 * that runs it, and each clean-up has only a few hundred writes' worth of keys to remove.
 */
const CLEAN_UP_SHARE = 0.01;
const DAY_MS = 86_400_000;

/** What a write asked for, to store with its answer and to recognise its replays. */
export type IdempotentRequest = {
  userId: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
};

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

function refuseOtherRequest(request: IdempotentRequest, stored: StoredAnswer): void {
  if (stored.method !== request.method || stored.path !== request.path || stored.body_hash !== request.bodyHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
}

const storedBody = (stored: StoredAnswer): unknown => (stored.status_code === 204 ? null : JSON.parse(stored.response));

/**
 * Routes with `config: { idempotent: true }` read the Idempotency-Key header: a key already used by the
 * caller replays its first answer (same status, same body), or gets 422 when it came with another request;
 * a new key is handed to the service on `request.idempotency`, which stores the answer with its mutation.
 */
export function registerIdempotency(api: FastifyInstance, keys: IdempotencyKeysRepository): void {
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
    const stored = await keys.find(idempotent.userId, key);
    if (!stored) {
      request.idempotency = idempotent;
      return;
    }
    refuseOtherRequest(idempotent, stored);
    void reply.header('Idempotent-Replayed', 'true');
    return reply.status(stored.status_code).send(storedBody(stored));
  });
}

/**
 * Runs a write in a transaction that also stores its answer under the request's key, so neither exists
 * without the other. A concurrent duplicate that lost the race (primary key of the key, or of the row it
 * creates) rolls back and answers what the winner stored.
 */
export async function idempotentTransaction<T>(
  deps: { db: Db; keys: IdempotencyKeysRepository },
  request: IdempotentRequest | null,
  answer: { statusCode: number; replayAs: (body: unknown) => T },
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const value = await work(trx);
      if (request) {
        await deps.keys.insert(trx, {
          user_id: request.userId,
          key: request.key,
          method: request.method,
          path: request.path,
          body_hash: request.bodyHash,
          status_code: answer.statusCode,
          response: JSON.stringify(value ?? null),
          created_at: nowIso(),
        });
      }
      return value;
    });
    if (request && Math.random() < CLEAN_UP_SHARE) await forgetOldKeys(deps);
    return result;
  } catch (error) {
    if (!request) throw error;
    const stored = await deps.keys.find(request.userId, request.key);
    if (!stored) throw error;
    refuseOtherRequest(request, stored);
    return answer.replayAs(storedBody(stored));
  }
}

async function forgetOldKeys(deps: { db: Db; keys: IdempotencyKeysRepository }): Promise<void> {
  try {
    await deps.keys.deleteBefore(deps.db, isoFromNow(-IDEMPOTENCY_KEY_TTL_DAYS * DAY_MS));
  } catch {
    // The write itself is committed; a later write cleans up instead.
  }
}
