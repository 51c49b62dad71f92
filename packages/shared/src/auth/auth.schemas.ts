import { z } from 'zod';
import { emailField } from '../common/fields.ts';
import { UserFields } from '../users/user-fields.ts';

/** POST /api/auth/login */
export const LoginBody = z.object({
  email: emailField(),
  password: z
    .string({ error: 'auth.passwordRequired' })
    .min(1, { error: 'auth.passwordRequired' })
    .max(1024, { error: 'validation.tooLong' }),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The user as the token carries it and as the sign-in answers it. */
export const SessionUser = UserFields.extend({
  managerId: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** A user the signed-in user manages (spec 001 §3 User: managees). */
export const Managee = z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string() });
export type Managee = z.infer<typeof Managee>;

/**
 * GET /api/auth/me: the session user with their managees. Only this answer carries them: the token and the
 * per-request session check stay small, and the web learns from it whether the user is a manager.
 */
export const CurrentUser = SessionUser.extend({ managees: z.array(Managee) });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const LoginResult = z.object({ token: z.string(), user: SessionUser });
export type LoginResult = z.infer<typeof LoginResult>;

/** GET /api/auth/sso-config */
export const SsoConfig = z.object({ enabled: z.boolean(), loginUrl: z.string().optional() });
export type SsoConfig = z.infer<typeof SsoConfig>;

/**
 * POST /api/auth/sso/exchange: the one-time token of /auth/callback?token=…, exchanged for a session by the
 * browser that signed in (docs/decisions/0035). Answers a LoginResult.
 */
export const SsoExchangeBody = z.object({ token: z.string().min(1).max(4096) });
export type SsoExchangeBody = z.infer<typeof SsoExchangeBody>;

/** POST /api/auth/logout: where the provider's own sign-out is, for a single-sign-on session that has one. */
export const LogoutResult = z.object({ providerLogoutUrl: z.string().nullable() });
export type LogoutResult = z.infer<typeof LogoutResult>;

/** A session's last use is recorded at most this often, so a request rarely writes (the account page shows it). */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/** GET /api/meta: what the login page needs to know before anyone signs in. */
export const AppMeta = z.object({ demoMode: z.boolean(), version: z.string() });
export type AppMeta = z.infer<typeof AppMeta>;

/** GET /api/health */
export const HealthStatus = z.object({ status: z.literal('ok') });
export type HealthStatus = z.infer<typeof HealthStatus>;

/** Whether this process can serve: its database answers and has every migration it knows (503 otherwise). */
export const ReadinessStatus = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.boolean(),
  /** Migrations this process knows that the database has not applied yet. */
  pendingMigrations: z.array(z.string()),
});
export type ReadinessStatus = z.infer<typeof ReadinessStatus>;
