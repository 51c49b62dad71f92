import { createHash, randomBytes } from 'node:crypto';
import {
  type ForgotPasswordBody,
  INVITATION_LINK_HOURS,
  type Language,
  type LoginResult,
  PASSWORD_RESET_LINK_MINUTES,
  type PasswordLinkInfo,
  type PasswordLinkPurpose,
  type SetPasswordBody,
} from '@crm/shared';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoFrom, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { translate } from '#server/http/i18n.ts';
import type { LoginThrottleRepository } from '#server/modules/auth/login-throttle.repository.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { type SessionClient, startSession } from '#server/modules/auth/session-start.ts';
import type { SessionsRepository } from '#server/modules/auth/sessions.repository.ts';
import type { TokenService } from '#server/modules/auth/tokens.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { toSessionUser } from '#server/modules/users/users.mapper.ts';
import type { UsersRepository } from '#server/modules/users/users.repository.ts';
import { passwordLinkMail } from './link-mail.ts';
import type { PasswordTokensRepository } from './password-tokens.repository.ts';

/** 'Forgot password?' requests per client address per window before 429 (anti-automation, ASVS 2.4.1). */
const RESET_REQUESTS_PER_ADDRESS = 10;
/** Reset e-mails per account per window: more requests get the same answer and no e-mail (no mail bombing). */
const RESET_EMAILS_PER_ACCOUNT = 3;
const RESET_WINDOW_MS = 15 * 60_000;
const LINK_RETENTION_MS = 30 * 24 * 60 * 60_000;

type PasswordLinksDeps = {
  db: Db;
  config: Config;
  users: UsersRepository;
  tokens: PasswordTokensRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  logs: LogsRepository;
  mail: MailService;
  signer: TokenService;
  clock: Clock;
};

const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
const linkInvalid = () => new AppError('VALIDATION_ERROR', {}, { messageKey: 'auth.linkInvalid' });

/**
 * Links to choose a password (decision 0029): issued for an invitation or a reset, sent through the mail
 * outbox, stored hashed, single-use; using one sets the password, ends every other session and signs in.
 */
export class PasswordLinksService {
  constructor(private readonly deps: PasswordLinksDeps) {}

  /**
   * Issues a link for the user in the caller's transaction and enqueues its e-mail; older unused links stop
   * working. The caller wakes the mail service after the commit.
   */
  async issue(
    trx: Db,
    user: { id: string; email: string },
    purpose: PasswordLinkPurpose,
    language: Language,
    inviter?: string,
  ): Promise<void> {
    const { tokens, mail, clock, config } = this.deps;
    const secret = randomBytes(32).toString('base64url');
    const lifetime =
      purpose === 'invitation' ? INVITATION_LINK_HOURS * 3_600_000 : PASSWORD_RESET_LINK_MINUTES * 60_000;
    const now = isoNow(clock);
    await tokens.retireUnused(trx, user.id, now);
    await tokens.insert(trx, {
      id: newId(),
      user_id: user.id,
      purpose,
      token_hash: hashOf(secret),
      created_at: now,
      expires_at: isoFrom(clock, lifetime),
      used_at: null,
    });
    // In the fragment: browsers send neither it to the server's logs nor in a Referer.
    const link = `${config.publicUrl}/set-password#token=${secret}`;
    await mail.enqueue(trx, passwordLinkMail({ purpose, to: user.email, link, language, ...(inviter && { inviter }) }));
  }

  /** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
  async forgot(body: ForgotPasswordBody, client: SessionClient, language: Language): Promise<{ message: string }> {
    const { db, users, throttle, clock, logs } = this.deps;
    const email = body.email.toLowerCase();
    const addressKey = `reset-address:${client.ip}`;
    const accountKey = `reset-account:${email}`;
    const since = isoFrom(clock, -RESET_WINDOW_MS);
    const fromAddress = await throttle.failuresSince(db, addressKey, since);
    if (fromAddress.count >= RESET_REQUESTS_PER_ADDRESS && fromAddress.oldest) {
      const retryAfter = Math.max(
        1,
        Math.ceil((Date.parse(fromAddress.oldest) + RESET_WINDOW_MS - clock.now().getTime()) / 1000),
      );
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        { seconds: retryAfter },
        { messageKey: 'auth.tooManyRequests', headers: { 'Retry-After': String(retryAfter) } },
      );
    }
    const forAccount = await throttle.failuresSince(db, accountKey, since);
    await throttle.recordFailure(db, [addressKey, accountKey], isoNow(clock));
    const account = await users.findForLogin(db, email);
    if (account && forAccount.count < RESET_EMAILS_PER_ACCOUNT) {
      await db.transaction().execute(async (trx) => {
        await this.issue(trx, account, 'reset', language);
        await logs.record(trx, {
          action: 'password_reset_requested',
          entityType: 'user',
          entityId: account.id,
          metadata: { email: account.email },
          user: null,
        });
      });
      this.deps.mail.wake();
    }
    return { message: translate(language, 'auth.forgotPasswordSent') };
  }

  /** POST /api/auth/password-link: whom the link is for, so the page can say so before a password is typed. */
  async inspect(secret: string): Promise<PasswordLinkInfo> {
    const row = await this.deps.tokens.findUsable(this.deps.db, hashOf(secret), isoNow(this.deps.clock));
    if (!row) throw linkInvalid();
    return { email: row.email, purpose: row.purpose };
  }

  /**
   * POST /api/auth/set-password: uses the link once, sets the password, ends every other session of the user
   * (a reset means someone else may have been signed in), and signs the user in.
   */
  async setPassword(body: SetPasswordBody, client: SessionClient): Promise<LoginResult> {
    const { db, tokens, users, sessions, logs, clock, signer } = this.deps;
    const passwordHash = await hashPassword(body.password);
    const started = await db.transaction().execute(async (trx) => {
      const now = isoNow(clock);
      const row = await tokens.findUsable(trx, hashOf(body.token), now);
      if (!row || !(await tokens.use(trx, row.token_id, now))) throw linkInvalid();
      const user = toSessionUser(row);
      await users.setPassword(trx, user.id, passwordHash, now);
      await tokens.retireUnused(trx, user.id, now);
      await sessions.revokeAllOf(trx, user.id, now);
      await logs.record(trx, {
        action: row.purpose === 'invitation' ? 'accept_invitation' : 'reset_password',
        entityType: 'user',
        entityId: user.id,
        metadata: { email: user.email },
        user: auditUser({ user }),
      });
      const session = await startSession(this.deps, trx, user, client);
      return { user, ...session };
    });
    if (Math.random() < 0.05)
      await tokens.deleteEndedBefore(db, isoFrom(clock, -LINK_RETENTION_MS)).catch(() => undefined);
    const token = await signer.sign(started.user, started.sessionId, started.expiresAt);
    return { token, user: started.user };
  }
}
