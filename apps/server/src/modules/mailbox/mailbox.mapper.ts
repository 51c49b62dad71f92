import type { Email, EmailAttachment, EmailStats, EmailSummary, ParentEmail } from '@crm/shared';
import type { AttachmentMetaRow } from './attachments.repository.ts';
import type { EmailCopyRow, EmailSummaryRow, MailboxCounts, ParentEmailRow } from './mailbox.repository.ts';

const recipientsOf = (json: string): string[] => JSON.parse(json) as string[];

export function toEmailSummary(row: EmailSummaryRow): EmailSummary {
  return {
    id: row.id,
    subject: row.subject,
    preview: row.preview.replace(/\s+/g, ' ').trim(),
    sender: { email: row.sender_email, displayName: row.sender_name },
    recipients: recipientsOf(row.recipients),
    isRead: row.is_read === 1,
    createdAt: row.created_at,
    folder: row.folder,
    originFolder: row.origin_folder,
    hasAttachments: row.has_attachments === 1,
    isReply: row.parent_email_id !== null,
  };
}

export function toAttachment(row: AttachmentMetaRow): EmailAttachment {
  return { id: row.id, fileName: row.file_name, contentType: row.content_type, size: row.size };
}

function toParentEmail(row: ParentEmailRow): ParentEmail {
  return {
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
    sender: { email: row.sender_email, displayName: row.sender_name },
  };
}

export function toEmail(
  row: EmailCopyRow,
  parent: ParentEmailRow | undefined,
  attachments: AttachmentMetaRow[],
): Email {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    sender: { email: row.sender_email, displayName: row.sender_name },
    recipients: recipientsOf(row.recipients),
    isRead: row.is_read === 1,
    createdAt: row.created_at,
    folder: row.folder,
    originFolder: row.origin_folder,
    parentEmail: parent === undefined ? null : toParentEmail(parent),
    attachments: attachments.map(toAttachment),
  };
}

export function toEmailStats(counts: MailboxCounts | undefined): EmailStats {
  return {
    inbox: counts?.inbox ?? 0,
    sent: counts?.sent ?? 0,
    bin: counts?.bin ?? 0,
    unreadCount: counts?.unread ?? 0,
  };
}
