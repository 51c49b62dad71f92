import crypto from 'node:crypto';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  Email,
  type EmailBulkDeleteResult,
  type EmailBulkResult,
  type EmailDraft,
  type EmailListQuery,
  type EmailListResult,
  type EmailAttachment,
  type EmailStats,
  type MailFolder,
  normalizeForSearch,
  pagesFor,
  searchTerms,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import { type Clock, isoFrom, isoNow } from '#server/core/clock.ts';
import { type IdempotentRequest, idempotentTransaction } from '#server/core/idempotent-transaction.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { EmailCopiesTable } from '#server/db/schema.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { attachmentType, cleanFileName } from './attachment-types.ts';
import type { AttachmentFileRow, AttachmentsRepository } from './attachments.repository.ts';
import { toAttachment, toEmail, toEmailStats, toEmailSummary } from './mailbox.mapper.ts';
import type { ChangedCopyRow, EmailCopyRow, MailboxCounts, MailboxRepository } from './mailbox.repository.ts';
import { richTextToPlainText, sanitizeRichText } from './rich-text.ts';

type MailboxServiceDeps = {
  db: Db;
  mailbox: MailboxRepository;
  attachments: AttachmentsRepository;
  keys: IdempotencyKeysRepository;
  logs: LogsRepository;
  mail: MailService;
  clock: Clock;
};

/** What a search reads of a message: enough of the body to find it, not a copy of a long one. */
const SEARCH_TEXT_MAX_LENGTH = 20_000;
/** Uploads a closed composer left behind go after a day (the user's next upload clears them). */
const UNSENT_UPLOAD_LIFETIME_MS = 86_400_000;

const NO_CHANGE: MailboxCounts = { inbox: 0, sent: 0, bin: 0, unread: 0 };

/** How a change to some copies moves their owner's counts. */
function countsAfter(rows: ChangedCopyRow[], change: 'toBin' | 'fromBin' | 'deleted'): MailboxCounts {
  const delta = { ...NO_CHANGE };
  for (const row of rows) {
    const unreadInInbox = row.origin_folder === 'inbox' && row.is_read === 0 ? 1 : 0;
    const sign = change === 'fromBin' ? 1 : -1;
    if (change !== 'deleted') {
      delta[row.origin_folder] += sign;
      delta.unread += sign * unreadInInbox;
    }
    delta.bin -= sign;
  }
  return delta;
}

/**
 * The internal mailbox (spec 001 §§4, 5, 7): every user reads, moves and deletes only their own copies;
 * another user's copy is answered as absent (404), whatever the caller's role.
 */
export class MailboxService {
  constructor(private readonly deps: MailboxServiceDeps) {}

  async list(auth: AuthContext, query: EmailListQuery): Promise<EmailListResult> {
    requireSignedIn(auth);
    const filter = { ownerId: auth.user.id, folder: query.folder, terms: searchTerms(query.search ?? '') };
    const isSearch = filter.terms.length > 0;
    const found = isSearch ? await this.deps.mailbox.indexedMessages(this.deps.db, filter.terms) : undefined;
    const [rows, total] = await Promise.all([
      this.deps.mailbox.page(this.deps.db, filter, (query.page - 1) * query.limit, query.limit, found),
      isSearch
        ? this.deps.mailbox.count(this.deps.db, filter, found)
        : this.deps.mailbox.counts(this.deps.db, auth.user.id).then((counts) => toEmailStats(counts)[query.folder]),
    ]);
    return { emails: rows.map(toEmailSummary), total, currentPage: query.page, pages: pagesFor(total, query.limit) };
  }

  async get(auth: AuthContext, id: string): Promise<Email> {
    return this.detail(this.deps.db, await this.requireOwnCopy(this.deps.db, auth, id));
  }

  async stats(auth: AuthContext): Promise<EmailStats> {
    requireSignedIn(auth);
    return toEmailStats(await this.deps.mailbox.counts(this.deps.db, auth.user.id));
  }

  /**
   * Sends a message: the sender's copy goes to sent, each product user named gets their own copy in their
   * inbox, unread. The body is sanitised before anything is stored.
   */
  async send(auth: AuthContext, draft: EmailDraft, idempotency: IdempotentRequest | null): Promise<Email> {
    requireSignedIn(auth);
    const body = sanitizeRichText(draft.body);
    const bodyText = richTextToPlainText(body);
    if (bodyText === '') throw validationError({ body: 'validation.required' });
    const addresses = [...new Set(draft.recipients.map((address) => address.toLowerCase()))];
    // Counted inside the transaction, read after its commit.
    const outbox = { enqueued: 0 };
    const sent = await idempotentTransaction(
      { db: this.deps.db, keys: this.deps.keys, clock: this.deps.clock },
      idempotency,
      { statusCode: 201, replayAs: (stored) => Email.parse(stored) },
      async (trx) => {
        const named = await this.deps.mailbox.usersByEmail(trx, addresses);
        const former = named.filter((user) => user.deleted_at !== null).map((user) => user.email);
        if (former.length > 0) {
          throw new AppError(
            'FORMER_RECIPIENTS',
            { addresses: former.join(', ') },
            { fields: { recipients: 'mailbox.formerRecipients' } },
          );
        }
        const known = new Set(named.map((user) => user.email));
        const outside = addresses.filter((address) => !known.has(address));
        this.requireDeliverable(outside, draft.attachments.length > 0);
        const parentEmailId = await this.parentEmailId(trx, auth, draft.parentEmailId ?? null);
        const now = isoNow(this.deps.clock);
        const emailId = newId();
        await this.deps.mailbox.insertEmail(trx, {
          id: emailId,
          sender_id: auth.user.id,
          sender_email: auth.user.email,
          sender_name: auth.user.displayName ?? null,
          subject: draft.subject,
          body,
          body_text: bodyText,
          search_text: normalizeForSearch(
            `${draft.subject} ${auth.user.email} ${auth.user.displayName ?? ''} ${bodyText}`,
          ).slice(0, SEARCH_TEXT_MAX_LENGTH),
          recipients: JSON.stringify(addresses),
          parent_email_id: parentEmailId,
          has_attachments: draft.attachments.length > 0 ? 1 : 0,
          created_at: now,
        });
        await this.attach(trx, auth, draft.attachments, emailId);
        const senderCopy: EmailCopiesTable = {
          id: newId(),
          email_id: emailId,
          owner_id: auth.user.id,
          folder: 'sent',
          origin_folder: 'sent',
          is_read: 1,
          created_at: now,
        };
        const received = named.map((user): EmailCopiesTable => ({
          id: newId(),
          email_id: emailId,
          owner_id: user.id,
          folder: 'inbox',
          origin_folder: 'inbox',
          is_read: 0,
          created_at: now,
        }));
        await this.deps.mailbox.insertCopies(trx, [senderCopy, ...received]);
        await this.deps.mailbox.adjustCounts(trx, auth.user.id, { ...NO_CHANGE, sent: 1 });
        for (const copy of received) {
          await this.deps.mailbox.adjustCounts(trx, copy.owner_id, { ...NO_CHANGE, inbox: 1, unread: 1 });
        }
        for (const address of outside) {
          await this.deps.mail.enqueue(trx, {
            kind: 'mailbox.message',
            to: address,
            subject: draft.subject,
            text: bodyText,
            html: body,
            replyTo: auth.user.email,
            ref: `email:${emailId}`,
          });
          outbox.enqueued += 1;
        }
        await this.deps.logs.record(trx, {
          action: 'send',
          entityType: 'email',
          entityId: emailId,
          metadata: { subject: draft.subject, recipients: addresses },
          user: auditUser(auth),
        });
        const copy = await this.deps.mailbox.ownCopy(trx, auth.user.id, senderCopy.id);
        if (!copy) throw new AppError('INTERNAL_ERROR');
        return this.detail(trx, copy);
      },
    );
    if (outbox.enqueued > 0) this.deps.mail.wake();
    return sent;
  }

  /**
   * Addresses outside the product go out through the mail service, over SMTP only: without SMTP_URL the
   * message would only reach the server's log, so they are refused by name. The outbox carries no files, so a
   * message with attachments reaches product users only.
   */
  private requireDeliverable(outside: string[], hasAttachments: boolean): void {
    if (outside.length === 0) return;
    const params = { addresses: outside.join(', ') };
    if (this.deps.mail.deliveryMode !== 'smtp') {
      throw new AppError('EXTERNAL_RECIPIENTS', params, { fields: { recipients: 'mailbox.externalRecipients' } });
    }
    if (hasAttachments) {
      throw new AppError('EXTERNAL_RECIPIENTS', params, {
        messageKey: 'mailbox.externalAttachments',
        fields: { attachments: 'mailbox.externalAttachmentsField' },
      });
    }
  }

  /** PATCH folder: into the bin, or out of it back to where the copy came from (its inbox or sent). */
  async setFolder(auth: AuthContext, id: string, folder: MailFolder): Promise<{ id: string; folder: MailFolder }> {
    requireSignedIn(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const copy = await this.requireOwnCopy(trx, auth, id);
      if (folder !== 'bin' && folder !== copy.origin_folder) {
        throw validationError({
          folder: copy.origin_folder === 'inbox' ? 'mailbox.receivedFolders' : 'mailbox.sentFolders',
        });
      }
      if (folder === copy.folder) return { id, folder };
      const moved = await this.deps.mailbox.move(trx, auth.user.id, [id], folder === 'bin' ? 'bin' : 'origin');
      await this.deps.mailbox.adjustCounts(
        trx,
        auth.user.id,
        countsAfter(moved, folder === 'bin' ? 'toBin' : 'fromBin'),
      );
      await this.auditMove(trx, auth, copy, folder);
      return { id, folder };
    });
  }

  async setRead(auth: AuthContext, id: string, isRead: boolean): Promise<{ id: string; isRead: boolean }> {
    requireSignedIn(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      await this.requireOwnCopy(trx, auth, id);
      await this.markRead(trx, auth, [id], isRead);
      return { id, isRead };
    });
  }

  async bulkRead(auth: AuthContext, ids: string[], isRead: boolean): Promise<EmailBulkResult> {
    requireSignedIn(auth);
    return this.deps.db
      .transaction()
      .execute(async (trx) => ({ updated: await this.markRead(trx, auth, ids, isRead) }));
  }

  /** DELETE: a copy outside the bin moves into it; a copy in the bin is deleted for good. */
  async delete(auth: AuthContext, id: string): Promise<{ permanent: boolean }> {
    requireSignedIn(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const copy = await this.requireOwnCopy(trx, auth, id);
      const result = await this.deleteCopies(trx, auth, [copy]);
      return { permanent: result.deleted > 0 };
    });
  }

  async bulkDelete(auth: AuthContext, ids: string[]): Promise<EmailBulkDeleteResult> {
    requireSignedIn(auth);
    return this.deps.db.transaction().execute(async (trx) => {
      const copies = await this.deps.mailbox.ownCopies(trx, auth.user.id, [...new Set(ids)]);
      return this.deleteCopies(trx, auth, copies);
    });
  }

  /**
   * Keeps an upload until the message it is for is sent. The size is capped, and the content must be one of
   * the accepted types, as its bytes show and its name's extension agrees.
   */
  async upload(auth: AuthContext, fileName: string, bytes: Buffer): Promise<EmailAttachment> {
    requireSignedIn(auth);
    if (bytes.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
    if (bytes.length === 0) throw validationError({ file: 'mailbox.attachmentEmpty' });
    const name = cleanFileName(fileName);
    const contentType = await attachmentType(name, bytes);
    if (contentType === null) throw validationError({ fileName: 'mailbox.attachmentType' });
    const row = {
      id: newId(),
      email_id: null,
      uploader_id: auth.user.id,
      file_name: name,
      content_type: contentType,
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
      created_at: isoNow(this.deps.clock),
    };
    await this.deps.attachments.deleteUnsentBefore(
      this.deps.db,
      auth.user.id,
      isoFrom(this.deps.clock, -UNSENT_UPLOAD_LIFETIME_MS),
    );
    await this.deps.attachments.insert(this.deps.db, row);
    return toAttachment(row);
  }

  /** An attachment of a message the caller holds (or their own unsent upload); anyone else gets 404. */
  async download(auth: AuthContext, id: string): Promise<AttachmentFileRow> {
    requireSignedIn(auth);
    const file = await this.deps.attachments.readableBy(this.deps.db, auth.user.id, id);
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  private async detail(db: Db, copy: EmailCopyRow): Promise<Email> {
    const [parent, attachments] = await Promise.all([
      copy.parent_email_id === null ? undefined : this.deps.mailbox.parent(db, copy.parent_email_id),
      this.deps.attachments.ofEmail(db, copy.email_id),
    ]);
    return toEmail(copy, parent, attachments);
  }

  private async requireOwnCopy(db: Db, auth: AuthContext, id: string): Promise<EmailCopyRow> {
    const copy = await this.deps.mailbox.ownCopy(db, auth.user.id, id);
    if (!copy) throw new AppError('NOT_FOUND');
    return copy;
  }

  /** A reply names the caller's own copy of the message it answers; the message is what it points to. */
  private async parentEmailId(db: Db, auth: AuthContext, copyId: string | null): Promise<string | null> {
    if (copyId === null) return null;
    const copy = await this.deps.mailbox.ownCopy(db, auth.user.id, copyId);
    if (!copy) throw validationError({ parentEmailId: 'mailbox.parentNotFound' });
    return copy.email_id;
  }

  private async attach(db: Db, auth: AuthContext, ids: string[], emailId: string): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const uploads = await this.deps.attachments.unsent(db, auth.user.id, unique);
    if (uploads.length !== unique.length) throw validationError({ attachments: 'mailbox.attachmentNotFound' });
    const total = uploads.reduce((sum, upload) => sum + upload.size, 0);
    if (total > ATTACHMENTS_MAX_TOTAL_BYTES) throw attachmentsTooLarge();
    // Another send with the same uploads committed first: this one must not carry them too.
    if ((await this.deps.attachments.attach(db, auth.user.id, unique, emailId)) !== unique.length) {
      throw validationError({ attachments: 'mailbox.attachmentNotFound' });
    }
  }

  private async markRead(db: Db, auth: AuthContext, ids: string[], isRead: boolean): Promise<number> {
    const changed = await this.deps.mailbox.setRead(db, auth.user.id, ids, isRead);
    const inInbox = changed.filter((row) => row.folder === 'inbox').length;
    if (inInbox > 0) {
      await this.deps.mailbox.adjustCounts(db, auth.user.id, { ...NO_CHANGE, unread: isRead ? -inInbox : inInbox });
    }
    return changed.length;
  }

  private async deleteCopies(db: Db, auth: AuthContext, copies: EmailCopyRow[]): Promise<EmailBulkDeleteResult> {
    const inBin = copies.filter((copy) => copy.folder === 'bin');
    const elsewhere = copies.filter((copy) => copy.folder !== 'bin');
    const moved = await this.deps.mailbox.move(
      db,
      auth.user.id,
      elsewhere.map((copy) => copy.id),
      'bin',
    );
    const deleted = await this.deps.mailbox.deleteFromBin(
      db,
      auth.user.id,
      inBin.map((copy) => copy.id),
    );
    const delta = countsAfter(moved, 'toBin');
    delta.bin -= deleted.length;
    await this.deps.mailbox.adjustCounts(db, auth.user.id, delta);
    await this.deps.mailbox.deleteUnheld(db, [...new Set(deleted.map((row) => row.email_id))]);
    for (const copy of elsewhere) await this.auditMove(db, auth, copy, 'bin');
    for (const copy of inBin) {
      await this.deps.logs.record(db, {
        action: 'delete',
        entityType: 'email',
        entityId: copy.id,
        metadata: { subject: copy.subject },
        user: auditUser(auth),
      });
    }
    return { movedToBin: moved.length, deleted: deleted.length };
  }

  private auditMove(db: Db, auth: AuthContext, copy: EmailCopyRow, folder: MailFolder): Promise<void> {
    return this.deps.logs.record(db, {
      action: 'move',
      entityType: 'email',
      entityId: copy.id,
      metadata: { subject: copy.subject },
      changes: { newFolder: folder },
      user: auditUser(auth),
    });
  }
}

const MIB = 1024 * 1024;

export function attachmentTooLarge(): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    { max: ATTACHMENT_MAX_BYTES / MIB },
    { messageKey: 'mailbox.attachmentTooLarge' },
  );
}

function attachmentsTooLarge(): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    { max: ATTACHMENTS_MAX_TOTAL_BYTES / MIB },
    { messageKey: 'mailbox.attachmentsTooLarge' },
  );
}
