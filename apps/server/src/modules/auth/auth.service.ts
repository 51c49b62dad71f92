import {
  type CurrentUser,
  type LoginBody,
  type LoginResult,
  type LogoutResult,
  SESSION_TOUCH_INTERVAL_MS,
  type SessionUser,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
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
import { type SessionClient, type SessionStart, startSession } from './session-start.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { SsoClient } from './sso-client.ts';
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
  /** null when single sign-on is not configured */
  sso: SsoClient | null;
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

    const account = await users.findForLogin(this.deps.db, email);
    const isValid = await verifyPassword(account?.password_hash ?? null, body.password);
    if (!account || !isValid) {
      await throttle.recordFailure(this.deps.db, [accountKey, addressKey], isoNow(clock));
      await throttle.deleteBefore(this.deps.db, isoFrom(clock, -Math.max(windowMs, 3_600_000)));
      throw new AppError('INVALID_CREDENTIALS');
    }
    await throttle.clear(this.deps.db, accountKey);

    const user = toSessionUser(account);
    const session = await this.deps.db
      .transaction()
      .execute((trx) => this.recordSession(trx, user, client, { method: 'password' }));
    return { token: await this.sessionToken(user, session), user };
  }

  /**
   * The signed-in user's current password, asked before changing it: throttled and counted with their
   * sign-ins, so a stolen session can't guess it any faster than the sign-in page could.
   */
  async verifyOwnPassword(email: string, passwordHash: string, password: string, ip: string): Promise<boolean> {
    const { throttle, config, clock } = this.deps;
    const accountKey = `account:${email.toLowerCase()}`;
    const addressKey = `address:${ip}`;
    const windowMs = config.loginThrottle.windowSeconds * 1000;
    await this.refuseIfThrottled(accountKey, config.loginThrottle.maxFailuresPerAccount, windowMs);
    await this.refuseIfThrottled(addressKey, config.loginThrottle.maxFailuresPerAddress, windowMs);
    if (await verifyPassword(passwordHash, password)) return true;
    await throttle.recordFailure(this.deps.db, [accountKey, addressKey], isoNow(clock));
    return false;
  }

  /** Opens a session for the user, records the sign-in and its audit entry, within the caller's transaction. */
  async recordSession(
    trx: Db,
    user: SessionUser,
    client: LoginClient,
    start: SessionStart,
  ): Promise<{ sessionId: string; expiresAt: Date }> {
    return startSession(this.deps, trx, user, client, start);
  }

  sessionToken(user: SessionUser, session: { sessionId: string; expiresAt: Date }): Promise<string> {
    return this.deps.tokens.sign(user, session.sessionId, session.expiresAt);
  }

  /** Ends the session; a single-sign-on session also answers where the provider's own sign-out is. */
  async logout(auth: AuthContext): Promise<LogoutResult> {
    requireSignedIn(auth);
    const idToken = await this.deps.db.transaction().execute(async (trx) => {
      const ssoIdToken = await this.deps.sessions.findSsoIdToken(trx, auth.sessionId);
      await this.deps.sessions.revoke(trx, auth.sessionId, isoNow(this.deps.clock));
      await this.deps.logs.record(trx, {
        action: 'logout',
        entityType: 'user',
        entityId: auth.user.id,
        metadata: { email: auth.user.email },
        user: auditUser(auth),
      });
      return ssoIdToken;
    });
    return { providerLogoutUrl: idToken === null ? null : (this.deps.sso?.endSessionUrl(idToken) ?? null) };
  }

  /** GET /api/auth/me: the caller, fresh from their session, and the users they manage. */
  async me(auth: AuthContext): Promise<CurrentUser> {
    requireSignedIn(auth);
    const managees = await this.deps.users.findManagees(this.deps.db, auth.user.id);
    return { ...auth.user, managees: managees.map(toManagee) };
  }

  /** The caller behind a bearer token, or null when the token or its session is not valid. */
  async authenticate(token: string): Promise<AuthContext | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const now = this.deps.clock.now();
    const row = await this.deps.sessions.findActiveUser(this.deps.db, claims.sessionId, now.toISOString());
    if (row?.id !== claims.userId) return null;
    // The account page's 'last used', kept to within the interval so that a request rarely writes.
    const lastUsed = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
    if (now.getTime() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) {
      await this.deps.sessions.touch(this.deps.db, claims.sessionId, now.toISOString());
    }
    return { user: toSessionUser(row), sessionId: claims.sessionId };
  }

  private async refuseIfThrottled(key: string, maxFailures: number, windowMs: number): Promise<void> {
    const { count, oldest } = await this.deps.throttle.failuresSince(
      this.deps.db,
      key,
      isoFrom(this.deps.clock, -windowMs),
    );
    if (count < maxFailures || !oldest) return;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + windowMs - this.deps.clock.now().getTime()) / 1000));
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      { seconds: retryAfter },
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }
}
