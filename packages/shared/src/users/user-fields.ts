import { z } from 'zod';

/** Who a user is and their two rights: what every answer describing a user starts with (spec 001 §3 User). */
export const UserFields = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
  readWrite: z.boolean(),
});
