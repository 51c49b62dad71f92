import { z } from 'zod';
import { emailField } from '../common/fields.ts';

/** What a link to choose a password was sent for: a new user's invitation, or 'Forgot password?'. */
export const PASSWORD_LINK_PURPOSES = ['invitation', 'reset'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** POST /api/auth/forgot-password: always the same answer, whether or not the address has an account. */
export const ForgotPasswordBody = z.object({ email: emailField() });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export const ForgotPasswordResult = z.object({ message: z.string() });
export type ForgotPasswordResult = z.infer<typeof ForgotPasswordResult>;

/** The secret of a link, as the /set-password page reads it from the address's fragment. */
export const linkToken = () =>
  z
    .string({ error: 'auth.linkInvalid' })
    .trim()
    .min(1, { error: 'auth.linkInvalid' })
    .max(200, { error: 'auth.linkInvalid' });

/** POST /api/auth/password-link: whom a link is for, before they type a password. */
export const PasswordLinkBody = z.object({ token: linkToken() });
export type PasswordLinkBody = z.infer<typeof PasswordLinkBody>;
export const PasswordLinkInfo = z.object({ email: z.string(), purpose: z.enum(PASSWORD_LINK_PURPOSES) });
export type PasswordLinkInfo = z.infer<typeof PasswordLinkInfo>;
