import { z } from 'zod';
import { NewPassword, PASSWORD_MAX_LENGTH } from '../auth/password-policy.ts';
import { requiredString } from '../common/fields.ts';
import { UserFields } from '../users/user-fields.ts';

/** A provider the user signs in with (single sign-on): its issuer, when linked, when last used. */
export const AccountIdentity = z.object({
  issuer: z.string(),
  linkedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AccountIdentity = z.infer<typeof AccountIdentity>;

/** GET /api/account: the signed-in user's own settings page. */
export const Account = UserFields.extend({
  /** false for a user who signs in only through single sign-on: there is no password to change */
  hasPassword: z.boolean(),
  identities: z.array(AccountIdentity),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type Account = z.infer<typeof Account>;

/** PUT /api/account/profile: the names; the e-mail is the sign-in identity, changed by an administrator. */
export const AccountProfileUpdate = z.object({
  firstName: requiredString(100),
  lastName: requiredString(100),
});
export type AccountProfileUpdate = z.infer<typeof AccountProfileUpdate>;

/** POST /api/account/password */
export const PasswordChangeBody = z
  .object({
    currentPassword: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(PASSWORD_MAX_LENGTH, { error: 'validation.tooLong' }),
    newPassword: NewPassword,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    error: 'account.samePassword',
  });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/** How many other sessions a change ended (password change, 'end all others'). */
export const SessionsEnded = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

export const SESSION_METHODS = ['password', 'sso'] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

/** One open session of the user: the device is told by its user agent. */
export const AccountSession = z.object({
  id: z.string(),
  /** the session of this request */
  current: z.boolean(),
  method: z.enum(SESSION_METHODS),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** recorded to within SESSION_TOUCH_INTERVAL_MS */
  lastUsedAt: z.string(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** GET /api/account/sessions: the open sessions, most recently used first. */
export const AccountSessionList = z.object({ sessions: z.array(AccountSession) });
export type AccountSessionList = z.infer<typeof AccountSessionList>;

/** DELETE /api/account/sessions/{id} */
export const AccountSessionParams = z.object({ id: z.string().min(1).max(64) });
