import { z } from 'zod';

/** Recipient search: at most this many users answered (spec 001 §5: debounced 300 ms on the client). */
export const USER_EMAIL_SEARCH_LIMIT = 10;

/** GET /api/users/emails?search: the mailbox's recipient search, open to every signed-in user. */
export const UserEmailSearchQuery = z.object({
  search: z.string().max(200, { error: 'validation.tooLong' }).default(''),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(50, { error: 'validation.invalid' })
    .default(USER_EMAIL_SEARCH_LIMIT),
});
export type UserEmailSearchQuery = z.infer<typeof UserEmailSearchQuery>;

/** An address and the name that goes with it: nothing else of a user is shown to non-admins. */
export const UserEmail = z.object({ email: z.string(), displayName: z.string().nullable() });
export type UserEmail = z.infer<typeof UserEmail>;

export const UserEmailSearchResult = z.object({ users: z.array(UserEmail) });
export type UserEmailSearchResult = z.infer<typeof UserEmailSearchResult>;
