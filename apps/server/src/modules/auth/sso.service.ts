import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { LoginResult, SsoConfig } from '@crm/shared';
import type { OidcConfig } from '#server/config.ts';
import { type Clock, isoFrom, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';
import { toSessionUser } from '#server/modules/users/users.mapper.ts';
import type { SessionUserRow, UsersRepository } from '#server/modules/users/users.repository.ts';
import type { AuthService, LoginClient } from './auth.service.ts';
import { type SsoClient, type SsoIdentity, SsoRefusal } from './sso-client.ts';
import type { SsoRepository } from './sso.repository.ts';
import type { TokenService } from './tokens.ts';
import type { UserIdentitiesRepository } from './user-identities.repository.ts';

/** Where the sign-in page's button sends the browser: the start of the flow (sso.routes.ts). */
export const SSO_LOGIN_PATH = '/api/auth/sso/login';

/** Long enough to type a password and a second factor at the provider. */
const ATTEMPT_TTL_MS = 10 * 60_000;
/** The callback page exchanges the handoff at once; security.md §c1 asks for 60 s at most. */
const HANDOFF_TTL_MS = 60_000;

const randomSecret = () => randomBytes(32).toString('base64url');
const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

type SsoServiceDeps = {
  db: Db;
  config: OidcConfig | null;
  client: SsoClient | null;
  flow: SsoRepository;
  identities: UserIdentitiesRepository;
  users: UsersRepository;
  logs: LogsRepository;
  auth: AuthService;
  tokens: TokenService;
  clock: Clock;
};

/**
 * Single sign-on (docs/decisions/0035): the start binds the attempt to the browser (a random value in a
 * short-lived cookie scoped to /api/auth/sso, its hash beside the attempt), the callback checks that binding
 * and everything openid-client checks, maps the identity to a user, and hands the web app a one-time token
 * that only the same browser can exchange, within a minute, for a session.
 */
export class SsoService {
  constructor(private readonly deps: SsoServiceDeps) {}

  ssoConfig(): SsoConfig {
    return this.deps.client?.isReady === true ? { enabled: true, loginUrl: SSO_LOGIN_PATH } : { enabled: false };
  }

  /**
   * Starts a sign-in: answers the provider's authorization URL and the browser's binding secret (the one it
   * already holds, so that two tabs signing in at once both succeed).
   */
  async start(heldSecret: string | undefined): Promise<{ redirectUrl: string; browserSecret: string }> {
    const client = this.readyClient();
    const { flow, clock } = this.deps;
    const browserSecret = heldSecret !== undefined && SECRET_SHAPE.test(heldSecret) ? heldSecret : randomSecret();
    const checks = { state: randomSecret(), nonce: randomSecret(), codeVerifier: randomSecret() };
    await flow.deleteAttemptsExpiredBefore(this.deps.db, isoNow(clock));
    await flow.insertAttempt(this.deps.db, {
      state_hash: hash(checks.state),
      browser_hash: hash(browserSecret),
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      created_at: isoNow(clock),
      expires_at: isoFrom(clock, ATTEMPT_TTL_MS),
    });
    return { redirectUrl: await client.authorizationUrl(checks), browserSecret };
  }

  /** The provider's redirect: answers the one-time token for /auth/callback, or refuses with the reason. */
  async callback(query: URLSearchParams, browserSecret: string | undefined): Promise<string> {
    const client = this.readyClient();
    const { flow, clock, db, tokens } = this.deps;
    const state = query.get('state');
    if (state === null) throw new SsoRefusal('the provider sent no state', { error: query.get('error') });
    // Taken whatever follows: a state serves once.
    const attempt = await flow.takeAttempt(db, hash(state));
    if (!attempt) throw new SsoRefusal('unknown or already used state', { error: query.get('error') });
    if (attempt.expires_at <= isoNow(clock)) throw new SsoRefusal('the sign-in at the provider took too long');
    if (browserSecret === undefined) {
      throw new SsoRefusal('no single-sign-on cookie: the sign-in started in another browser, or cookies are blocked');
    }
    if (!sameHash(hash(browserSecret), attempt.browser_hash)) {
      throw new SsoRefusal('the sign-in was started by another browser');
    }

    const identity = await client.completeSignIn(query.toString(), {
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.code_verifier,
    });
    const handoffId = randomUUID();
    const expiresAt = new Date(clock.now().getTime() + HANDOFF_TTL_MS);
    await flow.deleteHandoffsExpiredBefore(db, isoNow(clock));
    const user = await db.transaction().execute(async (trx) => {
      const row = await this.resolveUser(trx, identity);
      await flow.insertHandoff(trx, {
        id: handoffId,
        user_id: row.id,
        browser_hash: attempt.browser_hash,
        id_token: identity.idToken,
        created_at: isoNow(clock),
        expires_at: expiresAt.toISOString(),
      });
      return toSessionUser(row);
    });
    return tokens.signHandoff(user, handoffId, expiresAt);
  }

  /** The callback page's exchange of its one-time token for a session, from the browser that signed in. */
  async exchange(token: string, browserSecret: string | undefined, loginClient: LoginClient): Promise<LoginResult> {
    const { tokens, db, flow, users, auth, clock } = this.deps;
    const claims = await tokens.verifyHandoff(token);
    if (!claims) throw new SsoRefusal('the handoff token is not valid or has expired');
    const signedIn = await db.transaction().execute(async (trx) => {
      const handoff = await flow.takeHandoff(trx, claims.handoffId);
      if (!handoff) throw new SsoRefusal('the handoff token was already used');
      if (handoff.expires_at <= isoNow(clock)) throw new SsoRefusal('the handoff token has expired');
      if (browserSecret === undefined || !sameHash(hash(browserSecret), handoff.browser_hash)) {
        throw new SsoRefusal('the handoff token was presented by another browser');
      }
      const row = await users.findSessionUser(trx, handoff.user_id);
      if (!row) throw new SsoRefusal('the user was deleted after signing in at the provider');
      const user = toSessionUser(row);
      const session = await auth.recordSession(trx, user, loginClient, { method: 'sso', idToken: handoff.id_token });
      return { user, session };
    });
    return { token: await auth.sessionToken(signedIn.user, signedIn.session), user: signedIn.user };
  }

  private readyClient(): SsoClient {
    const { client } = this.deps;
    if (client?.isReady !== true) throw new SsoRefusal('single sign-on is not available');
    return client;
  }

  /**
   * The user of an identity (ASVS 6.8.1, 10.5.2): the one linked to (issuer, subject); else, once, the user
   * with the provider's verified e-mail, if no other subject of this provider is linked to them; else a new
   * read-only user when automatic creation is on.
   */
  private async resolveUser(trx: Db, identity: SsoIdentity): Promise<SessionUserRow> {
    const { identities, users, logs, config, clock } = this.deps;
    const { issuer, subject, email } = identity;
    const now = isoNow(clock);
    const linkedUserId = await identities.findUserId(trx, issuer, subject);
    if (linkedUserId !== undefined) {
      const linked = await users.findSessionUser(trx, linkedUserId);
      // A deleted user can't come back through single sign-on (decision 0028: the row stays, shut out).
      if (!linked) throw new SsoRefusal('the linked user has been deleted', { issuer, subject });
      await identities.recordLogin(trx, issuer, subject, now);
      return linked;
    }

    if (email === null) throw new SsoRefusal('the provider gave no e-mail for an identity not yet linked', { subject });
    if (!identity.emailVerified) {
      throw new SsoRefusal('the provider does not say the e-mail is verified', { subject, email });
    }
    const existing = await users.findByEmail(trx, email);
    if (existing?.deleted_at != null) {
      throw new SsoRefusal('the user with this e-mail has been deleted', { subject, email });
    }
    if (existing) {
      const other = await identities.findOfUser(trx, existing.id, issuer);
      if (other) {
        throw new SsoRefusal('the user with this e-mail is linked to another subject of this provider', {
          subject,
          email,
        });
      }
      await identities.insert(trx, this.identityRow(existing.id, identity, now));
      await logs.record(trx, {
        action: 'link_identity',
        entityType: 'user',
        entityId: existing.id,
        metadata: { issuer, subject, email },
        user: { id: existing.id, email: existing.email },
      });
      return existing;
    }

    if (config?.autoCreateUsers !== true) {
      throw new SsoRefusal('no user has this e-mail and automatic creation is off', { subject, email });
    }
    const created = this.newUserRow(identity, email, now);
    await users.insertIn(trx, created);
    await identities.insert(trx, this.identityRow(created.id, identity, now));
    await logs.record(trx, {
      action: 'create',
      entityType: 'user',
      entityId: created.id,
      metadata: { source: 'sso', issuer, subject, email, isAdmin: false, readWrite: false },
      user: { id: created.id, email },
    });
    return created;
  }

  private identityRow(userId: string, identity: SsoIdentity, now: string) {
    return {
      id: newId(),
      user_id: userId,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      created_at: now,
      last_login_at: now,
    };
  }

  /** A user created by single sign-on: neither admin nor allowed to edit the directory, no password. */
  private newUserRow(identity: SsoIdentity, email: string, now: string) {
    const displayName = identity.name ?? ([identity.givenName, identity.familyName].filter(Boolean).join(' ') || null);
    const names = { email, first_name: identity.givenName, last_name: identity.familyName, display_name: displayName };
    return {
      id: newId(),
      ...names,
      // The users list and the recipient search match these words (users/user-search.ts).
      search_text: userSearchText(names),
      password_hash: null,
      is_admin: 0,
      read_write: 0,
      manager_id: null,
      last_login: null,
      created_at: now,
      updated_at: now,
    } satisfies SessionUserRow & Record<string, unknown>;
  }
}
