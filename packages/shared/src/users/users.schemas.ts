import { z } from 'zod';
import { emailField, uuidField } from '../common/fields.ts';
import { pageParam } from '../common/paging.ts';
import { UserFields } from './user-fields.ts';

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

/** The users list's page size (spec 001 §9 leaves it to the screen) and the all-users fetch limit (§9: 1000). */
export const USERS_PAGE_SIZE = 20;
export const USERS_MAX_LIMIT = 1000;
/** A batch creates at most this many users: one invitation e-mail each. */
export const USERS_BATCH_MAX = 200;
/** An invitation link works for 72 hours, a password-reset link for one hour; each works once. */
export const INVITATION_LINK_HOURS = 72;
export const PASSWORD_RESET_LINK_MINUTES = 60;

/** The simple e-mail pattern of the batch dialog (spec 001 §5), the same on both sides. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Splits the batch dialog's text on commas; trimmed, blanks dropped (spec 001 §5). */
export function splitEmailList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** GET /api/users?page&limit&search */
export const UserListQuery = z.object({
  page: pageParam(),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(USERS_MAX_LIMIT, { error: 'validation.invalid' })
    .default(USERS_PAGE_SIZE),
  search: z.string().max(200, { error: 'validation.tooLong' }).default(''),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** A user as the list and the org chart show them (spec 001 §3 User). */
export const UserSummary = UserFields.extend({
  lastLogin: z.string().nullable(),
  managerId: z.string().nullable(),
  /** Invited and has not chosen a password yet. */
  invitationPending: z.boolean(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserList = z.object({ users: z.array(UserSummary), total: z.number().int() });
export type UserList = z.infer<typeof UserList>;

/** How the user signs in: a password, single sign-on, or not yet (invited). */
export const ACCOUNT_TYPES = ['local', 'sso', 'invited'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const UserRef = z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;

/** GET /api/users/{id}, and the answer of every change to one user. */
export const UserDetail = UserSummary.extend({
  manager: UserRef.nullable(),
  managees: z.array(UserRef),
  products: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
  accountType: z.enum(ACCOUNT_TYPES),
  createdAt: z.string(),
});
export type UserDetail = z.infer<typeof UserDetail>;

/** GET /api/users/org-chart: every user with their manager, for the org chart (one call, built on the client). */
export const OrgChartUser = UserSummary.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  displayName: true,
  isAdmin: true,
  readWrite: true,
  managerId: true,
});
export type OrgChartUser = z.infer<typeof OrgChartUser>;
export const OrgChart = z.object({ users: z.array(OrgChartUser) });
export type OrgChart = z.infer<typeof OrgChart>;

/** GET /api/users/{id}/manager-candidates and /managee-candidates */
export const UserCandidateQuery = z.object({
  search: z.string().max(200, { error: 'validation.tooLong' }).default(''),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(USERS_MAX_LIMIT, { error: 'validation.invalid' })
    .default(20),
});
export type UserCandidateQuery = z.infer<typeof UserCandidateQuery>;
export const UserCandidates = z.object({ users: z.array(UserRef) });
export type UserCandidates = z.infer<typeof UserCandidates>;

/** How an invitation or reset e-mail left: through SMTP, or only to the server log (no SMTP_URL). */
export const MAIL_DELIVERIES = ['smtp', 'log'] as const;
export const MailDelivery = z.enum(MAIL_DELIVERIES);
export type MailDelivery = z.infer<typeof MailDelivery>;

/** POST /api/users (spec 001 §7): the user gets an invitation e-mail. */
export const CreateUserBody = z.object({
  email: emailField(),
  isAdmin: z.boolean().default(false),
  readWrite: z.boolean().default(false),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const CreateUserResult = z.object({ message: z.string(), user: UserSummary, delivery: MailDelivery });
export type CreateUserResult = z.infer<typeof CreateUserResult>;

/** POST /api/users/bulk: comma-separated addresses (or a list); created users are not admins. */
export const BulkCreateBody = z.object({
  emails: z
    .union([z.string(), z.array(z.string().max(254))], { error: 'validation.required' })
    .transform((value) =>
      Array.isArray(value) ? value.map((item) => item.trim()).filter(Boolean) : splitEmailList(value),
    )
    .refine((list) => list.length > 0, { error: 'validation.required' })
    .refine((list) => list.length <= USERS_BATCH_MAX, { error: 'users.tooManyEmails' }),
});
export type BulkCreateBody = z.input<typeof BulkCreateBody>;

/**
 * The batch dialog's field: BulkCreateBody's list, each address also matching the simple pattern (spec 001 §5),
 * so the dialog refuses a typo before sending. The server takes such an address and answers it 'invalid'.
 */
export const BulkCreateEmailsField = BulkCreateBody.shape.emails.pipe(
  z.array(z.string().regex(SIMPLE_EMAIL_PATTERN, { error: 'validation.email' })),
);

export const BULK_OUTCOMES = ['created', 'invalid', 'exists'] as const;
export const BulkCreateItem = z.object({
  email: z.string(),
  status: z.enum(['success', 'error']),
  outcome: z.enum(BULK_OUTCOMES),
  message: z.string(),
  userId: z.string().optional(),
});
export type BulkCreateItem = z.infer<typeof BulkCreateItem>;
export const BulkCreateResult = z.object({
  results: z.array(BulkCreateItem),
  created: z.number().int(),
  failed: z.number().int(),
  message: z.string(),
  delivery: MailDelivery,
});
export type BulkCreateResult = z.infer<typeof BulkCreateResult>;

const personalFields = ['email', 'firstName', 'lastName', 'displayName'] as const;

/**
 * PUT /api/users/{id}: the personal information {email, firstName, lastName, displayName} (first, last and
 * e-mail required; an empty display name becomes first plus last), or {managerId} (null clears it).
 */
export const UpdateUserBody = z
  .object({
    email: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    displayName: z.string().nullish(),
    managerId: uuidField().nullable().optional(),
  })
  .strict()
  .superRefine((body, context) => {
    const hasPersonal = personalFields.some((field) => body[field] !== undefined);
    if (!hasPersonal && body.managerId === undefined) {
      context.addIssue({ code: 'custom', path: ['body'], message: 'validation.nothingToUpdate' });
      return;
    }
    if (!hasPersonal) return;
    for (const field of ['firstName', 'lastName'] as const) {
      const value = body[field]?.trim() ?? '';
      if (value === '') context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
      else if (value.length > 100) context.addIssue({ code: 'custom', path: [field], message: 'validation.tooLong' });
    }
    const email = emailField().safeParse(body.email ?? '');
    if (!email.success)
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: email.error.issues[0]?.message ?? 'validation.email',
      });
    if ((body.displayName?.trim().length ?? 0) > 200) {
      context.addIssue({ code: 'custom', path: ['displayName'], message: 'validation.tooLong' });
    }
  });
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

/** PATCH /api/users/{id}/permissions */
export const PermissionsBody = z.object({
  isAdmin: z.boolean({ error: 'validation.required' }),
  readWrite: z.boolean({ error: 'validation.required' }),
});
export type PermissionsBody = z.infer<typeof PermissionsBody>;

/** PATCH /api/users/{id}/managees: the complete list of the user's managees. */
export const ManageesBody = z.object({
  manageeIds: z.array(uuidField()).max(USERS_MAX_LIMIT, { error: 'validation.tooLong' }),
});
export type ManageesBody = z.infer<typeof ManageesBody>;

/** POST /api/users/{id}/products: the complete list of the user's products. */
export const ProductsBody = z.object({
  productIds: z.array(uuidField()).max(500, { error: 'validation.tooLong' }),
});
export type ProductsBody = z.infer<typeof ProductsBody>;

/** POST /api/users/{id}/invitation: a new link to choose a password (the earlier ones stop working). */
export const InvitationResult = z.object({ message: z.string(), delivery: MailDelivery });
export type InvitationResult = z.infer<typeof InvitationResult>;
