import type { SessionUser } from '@crm/shared';
import type { Config } from '#server/config.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { SessionAuthMethod } from '#server/db/schema.ts';
import { newId } from '#server/db/ids.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { UsersRepository } from '#server/modules/users/users.repository.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export type SessionClient = { ip: string; userAgent: string | undefined };

/** How the user proved who they are; a single-sign-on session keeps the provider's ID token for its sign-out. */
export type SessionStart = { method: 'password' } | { method: Extract<SessionAuthMethod, 'sso'>; idToken: string };

type SessionStartDeps = {
  config: Config;
  sessions: SessionsRepository;
  users: UsersRepository;
  logs: LogsRepository;
  clock: Clock;
};

/**
 * Starts a session for a user who has just proved who they are (a password, a password link, single sign-on), in the caller's
 * transaction: the session row, the user's lastLogin and the 'login' audit entry. The caller signs the token
 * once the transaction has committed.
 */
export async function startSession(
  deps: SessionStartDeps,
  trx: Db,
  user: SessionUser,
  client: SessionClient,
  start: SessionStart = { method: 'password' },
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = newId();
  const signedInAt = deps.clock.now();
  const expiresAt = new Date(signedInAt.getTime() + deps.config.sessionTtlHours * 3_600_000);
  const now = signedInAt.toISOString();
  await deps.sessions.insert(trx, {
    id: sessionId,
    user_id: user.id,
    created_at: now,
    expires_at: expiresAt.toISOString(),
    revoked_at: null,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    last_used_at: now,
    auth_method: start.method,
    sso_id_token: start.method === 'sso' ? start.idToken : null,
  });
  await deps.users.recordLogin(trx, user.id, now);
  await deps.logs.record(trx, {
    action: 'login',
    entityType: 'user',
    entityId: user.id,
    metadata: { email: user.email, method: start.method },
    user: auditUser({ user }),
  });
  return { sessionId, expiresAt };
}
