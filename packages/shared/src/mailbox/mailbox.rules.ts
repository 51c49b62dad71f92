/** The mailbox's constants (spec 001 §§4, 5, 9; spec 000 §§7, 9) and the limits the server enforces. */

export const MAIL_FOLDERS = ['inbox', 'sent', 'bin'] as const;

/** A list page holds 50 messages; the folder counts are read with a page of 1 (spec 001 §9). */
export const MAILBOX_PAGE_SIZE = 50;
export const MAILBOX_MAX_PAGE_SIZE = 100;

/** The menu's unread badge: refetched every 30 s, stale after 10 s (spec 000 §§7, 9). */
export const MAIL_STATS_REFETCH_MS = 30_000;
export const MAIL_STATS_STALE_MS = 10_000;

/** Recipient suggestions wait for 300 ms without typing (spec 001 §§5, 9). */
export const RECIPIENT_SEARCH_DEBOUNCE_MS = 300;

/** Addresses typed in one field are separated by commas or semicolons (spec 001 §5). */
export const RECIPIENT_SEPARATORS = /[,;]/;

export const MAX_RECIPIENTS = 100;
export const SUBJECT_MAX_LENGTH = 255;
/** A body's HTML as stored, after sanitising; the request itself is capped at 1 MiB. */
export const BODY_MAX_LENGTH = 500_000;
export const SEARCH_MAX_LENGTH = 200;
/** Ids one bulk action may name: two pages of the list. */
export const MAX_BULK_IDS = 2 * MAILBOX_MAX_PAGE_SIZE;

/** Attachment limits: what one file and one message may carry (docs/decisions/0032). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_MAX_TOTAL_BYTES = 20 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
export const ATTACHMENT_NAME_MAX_LENGTH = 200;

/**
 * The file types an attachment may be, by the type its content shows (never the name's extension or the
 * browser's claim). Text files have no signature: they are accepted as text when they are valid UTF-8
 * without control characters. Anything a browser could run (HTML, SVG, scripts) is refused.
 */
export const ATTACHMENT_TYPES = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
} as const satisfies Record<string, readonly string[]>;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** Extensions the file picker offers. */
export const ATTACHMENT_EXTENSIONS = Object.values(ATTACHMENT_TYPES).flat();

/** Splits a typed recipients field on commas and semicolons, trimmed, empty parts dropped. */
export function splitRecipients(text: string): string[] {
  return text
    .split(RECIPIENT_SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
