import { z } from 'zod';
import { linkToken } from './password-links.schemas.ts';
import { NewPassword } from './password-policy.ts';

/**
 * POST /api/auth/set-password: uses the link (once), sets the password, signs the user in. Apart from the other
 * link schemas so that a page needing only those (the sign-in's 'Forgot password?') doesn't bring the password
 * list along.
 */
export const SetPasswordBody = z.object({ token: linkToken(), password: NewPassword });
export type SetPasswordBody = z.input<typeof SetPasswordBody>;
