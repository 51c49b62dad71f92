import type { CurrentUser, LoginBody, LoginResult, SessionUser } from '@crm/shared';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoFrom, isoNow } from '#server/core/clock.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { toManagee, toSessionUser } from '#server/modules/users/users.mapper.ts';
import type { UsersRepository } from '#server/modules/users/users.repository.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import { verifyPassword } from './passwords.ts';
import { type SessionClient, startSession } from './session-start.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { TokenService } from './tokens.ts';

export type AuthContext = { user: SessionUser; sessionId: string };

export type LoginClient = SessionClient;

type AuthServiceDeps = {
  db: Db;
  config: Config;
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  logs: LogsRepository;
  tokens: TokenService;
  clock: Clock;
};

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async login(body: LoginBody, client: LoginClient): Promise<LoginResult> {
    const { users, throttle, config, clock } = this.deps;
    const email = body.email.toLowerCase();
    const accountKey = `account:${email}`;
    const addressKey = `address:${client.ip}`;
    const windowMs = config.loginThrottle.windowSeconds * 1000;

    // Checked before the password: while throttled even the right password is refused.
    await this.refuseIfThrottled(accountKey, config.loginThrottle.maxFailuresPerAccount, windowMs);
    await this.refuseIfThrottled(addressKey, config.loginThrottle.maxFailuresPerAddress, windowMs);

    const account = await users.findForLogin(email);
    const isValid = await verifyPassword(account?.password_hash ?? null, body.password);
    if (!account || !isValid) {
      await throttle.recordFailure([accountKey, addressKey], isoNow(clock));
      await throttle.deleteBefore(isoFrom(clock, -Math.max(windowMs, 3_600_000)));
      throw new AppError('INVALID_CREDENTIALS');
    }
    await throttle.clear(accountKey);

    const user = toSessionUser(account);
    const { sessionId, expiresAt } = await this.deps.db
      .transaction()
      .execute((trx) => startSession(this.deps, trx, user, client));
    const token = await this.deps.tokens.sign(user, sessionId, expiresAt);
    return { token, user };
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.sessions.revoke(trx, auth.sessionId, isoNow(this.deps.clock));
      await this.deps.logs.record(trx, {
        action: 'logout',
        entityType: 'user',
        entityId: auth.user.id,
        metadata: { email: auth.user.email },
        user: auditUser(auth),
      });
    });
  }

  /** GET /api/auth/me: the caller, fresh from their session, and the users they manage. */
  async me(auth: AuthContext): Promise<CurrentUser> {
    const managees = await this.deps.users.findManagees(auth.user.id);
    return { ...auth.user, managees: managees.map(toManagee) };
  }

  /** The caller behind a bearer token, or null when the token or its session is not valid. */
  async authenticate(token: string): Promise<AuthContext | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const row = await this.deps.sessions.findActiveUser(claims.sessionId, isoNow(this.deps.clock));
    if (row?.id !== claims.userId) return null;
    return { user: toSessionUser(row), sessionId: claims.sessionId };
  }

  private async refuseIfThrottled(key: string, maxFailures: number, windowMs: number): Promise<void> {
    const { count, oldest } = await this.deps.throttle.failuresSince(key, isoFrom(this.deps.clock, -windowMs));
    if (count < maxFailures || !oldest) return;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + windowMs - this.deps.clock.now().getTime()) / 1000));
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      { seconds: retryAfter },
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }
}
