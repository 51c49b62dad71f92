import { z } from 'zod';
import { emailField, requiredString, uuidField } from '../common/fields.ts';
import { pageParam } from '../common/paging.ts';
import {
  BODY_MAX_LENGTH,
  MAIL_FOLDERS,
  MAILBOX_MAX_PAGE_SIZE,
  MAILBOX_PAGE_SIZE,
  MAX_ATTACHMENTS,
  MAX_BULK_IDS,
  MAX_RECIPIENTS,
  SEARCH_MAX_LENGTH,
  splitRecipients,
  SUBJECT_MAX_LENGTH,
} from './mailbox.rules.ts';

export const MailFolder = z.enum(MAIL_FOLDERS, { error: 'mailbox.folderInvalid' });
export type MailFolder = z.infer<typeof MailFolder>;

/** GET /api/emails?folder&page&limit&search: folder inbox by default, 50 a page (spec 001 §§7, 9). */
export const EmailListQuery = z.object({
  folder: MailFolder.default('inbox'),
  page: pageParam(),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(MAILBOX_MAX_PAGE_SIZE, { error: 'validation.invalid' })
    .default(MAILBOX_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: 'validation.tooLong' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type EmailListQuery = z.infer<typeof EmailListQuery>;

export const EmailAddress = z.object({ email: z.string(), displayName: z.string().nullable() });
export type EmailAddress = z.infer<typeof EmailAddress>;

export const EmailAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type EmailAttachment = z.infer<typeof EmailAttachment>;

/** A message of a list: the user's own copy, without its body (the detail has it); preview is plain text. */
export const EmailSummary = z.object({
  id: z.string(),
  subject: z.string(),
  preview: z.string(),
  sender: EmailAddress,
  recipients: z.array(z.string()),
  isRead: z.boolean(),
  createdAt: z.string(),
  folder: MailFolder,
  /** Where the copy came from (its inbox or sent), and where a restore from the bin puts it back. */
  originFolder: z.enum(['inbox', 'sent']),
  hasAttachments: z.boolean(),
  isReply: z.boolean(),
});
export type EmailSummary = z.infer<typeof EmailSummary>;

export const EmailListResult = z.object({
  emails: z.array(EmailSummary),
  total: z.number(),
  currentPage: z.number(),
  pages: z.number(),
});
export type EmailListResult = z.infer<typeof EmailListResult>;

/** The message a reply answers, as the reply shows it (spec 001 §3: createdAt, sender.email, body). */
export const ParentEmail = z.object({
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sender: EmailAddress,
});
export type ParentEmail = z.infer<typeof ParentEmail>;

/** GET /api/emails/{id}: the caller's copy with its body (sanitised HTML), attachments and parent. */
export const Email = EmailSummary.omit({ preview: true, hasAttachments: true, isReply: true }).extend({
  body: z.string(),
  parentEmail: ParentEmail.nullable(),
  attachments: z.array(EmailAttachment),
});
export type Email = z.infer<typeof Email>;

/** GET /api/emails/stats: each folder's total and the unread messages of the inbox. */
export const EmailStats = z.object({
  inbox: z.number(),
  sent: z.number(),
  bin: z.number(),
  unreadCount: z.number(),
});
export type EmailStats = z.infer<typeof EmailStats>;

/** Addresses as a list, or as one text separated by commas or semicolons (spec 001 §5). */
const recipientsField = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? splitRecipients(value) : value),
    z
      .array(emailField(), { error: 'mailbox.recipientsRequired' })
      .min(1, { error: 'mailbox.recipientsRequired' })
      .max(MAX_RECIPIENTS, { error: 'mailbox.tooManyRecipients' }),
  );

/** POST /api/emails (spec 001 §7): attachments are ids of files uploaded first; parentEmailId answers a copy. */
export const EmailInput = z.object({
  recipients: recipientsField(),
  // One line: a subject may become an e-mail header.
  subject: requiredString(SUBJECT_MAX_LENGTH).transform((subject) => subject.replace(/\s*[\r\n]+\s*/g, ' ')),
  body: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(BODY_MAX_LENGTH, { error: 'validation.tooLong' }),
  attachments: z.array(uuidField()).max(MAX_ATTACHMENTS, { error: 'mailbox.tooManyAttachments' }).default([]),
  parentEmailId: uuidField().nullish(),
});
export type EmailInput = z.input<typeof EmailInput>;
export type EmailDraft = z.output<typeof EmailInput>;

/** PATCH /api/emails/{id}/folder */
export const EmailFolderInput = z.object({ folder: MailFolder });
export type EmailFolderInput = z.infer<typeof EmailFolderInput>;

/** PATCH /api/emails/{id}/read */
export const EmailReadInput = z.object({ isRead: z.boolean({ error: 'validation.required' }) });
export type EmailReadInput = z.infer<typeof EmailReadInput>;

const bulkIds = () =>
  z
    .array(uuidField(), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(MAX_BULK_IDS, { error: 'mailbox.tooManyIds' });

/** PATCH /api/emails/read: marks several of the caller's copies read or unread. */
export const EmailBulkReadInput = z.object({ ids: bulkIds(), isRead: z.boolean({ error: 'validation.required' }) });
export type EmailBulkReadInput = z.infer<typeof EmailBulkReadInput>;

/** POST /api/emails/delete: deletes several of the caller's copies, each as DELETE /api/emails/{id} would. */
export const EmailBulkDeleteInput = z.object({ ids: bulkIds() });
export type EmailBulkDeleteInput = z.infer<typeof EmailBulkDeleteInput>;

/** How many of the named copies changed; ids that are not the caller's copies change nothing. */
export const EmailBulkResult = z.object({ updated: z.number() });
export type EmailBulkResult = z.infer<typeof EmailBulkResult>;

export const EmailBulkDeleteResult = z.object({ movedToBin: z.number(), deleted: z.number() });
export type EmailBulkDeleteResult = z.infer<typeof EmailBulkDeleteResult>;

/** DELETE /api/emails/{id}: moved to the bin, or deleted for good when it was in the bin. */
export const EmailDeleteResult = z.object({ permanent: z.boolean() });
export type EmailDeleteResult = z.infer<typeof EmailDeleteResult>;

/** POST /api/emails/attachments?fileName=…: the file's bytes are the body. */
export const AttachmentUploadQuery = z.object({
  fileName: requiredString(255),
});
export type AttachmentUploadQuery = z.infer<typeof AttachmentUploadQuery>;
