import type { Db } from '#server/db/database.ts';
import type { EmailAttachmentsTable } from '#server/db/schema.ts';

export type AttachmentMetaRow = Pick<EmailAttachmentsTable, 'id' | 'email_id' | 'file_name' | 'content_type' | 'size'>;
export type AttachmentFileRow = AttachmentMetaRow & Pick<EmailAttachmentsTable, 'data'>;

const META_COLUMNS = ['a.id', 'a.email_id', 'a.file_name', 'a.content_type', 'a.size'] as const;

export class AttachmentsRepository {
  async insert(db: Db, row: EmailAttachmentsTable): Promise<void> {
    await db.insertInto('email_attachments').values(row).execute();
  }

  /** The attachments of one message, in upload order. */
  async ofEmail(db: Db, emailId: string): Promise<AttachmentMetaRow[]> {
    return db
      .selectFrom('email_attachments as a')
      .select(META_COLUMNS)
      .where('a.email_id', '=', emailId)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute();
  }

  /**
   * An attachment with its bytes, for a user who holds a copy of its message (any folder), or who uploaded
   * it and has not sent it yet; for anyone else, nothing.
   */
  async readableBy(db: Db, userId: string, id: string): Promise<AttachmentFileRow | undefined> {
    return db
      .selectFrom('email_attachments as a')
      .select([...META_COLUMNS, 'a.data'])
      .where('a.id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('a.email_id', 'is', null), eb('a.uploader_id', '=', userId)]),
          eb.exists(
            eb
              .selectFrom('email_copies as c')
              .select('c.id')
              .whereRef('c.email_id', '=', 'a.email_id')
              .where('c.owner_id', '=', userId),
          ),
        ]),
      )
      .executeTakeFirst();
  }

  /** The user's uploads among the ids that no message has taken yet, with their sizes. */
  async unsent(db: Db, uploaderId: string, ids: string[]): Promise<{ id: string; size: number }[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('email_attachments')
      .select(['id', 'size'])
      .where('uploader_id', '=', uploaderId)
      .where('email_id', 'is', null)
      .where('id', 'in', ids)
      .execute();
  }

  /** Gives the uploads to the message being sent; answers how many it took (a concurrent send takes none). */
  async attach(db: Db, uploaderId: string, ids: string[], emailId: string): Promise<number> {
    const result = await db
      .updateTable('email_attachments')
      .set({ email_id: emailId })
      .where('uploader_id', '=', uploaderId)
      .where('email_id', 'is', null)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Uploads never sent, older than `before`: a composer closed without sending leaves them. */
  async deleteUnsentBefore(db: Db, uploaderId: string, before: string): Promise<void> {
    await db
      .deleteFrom('email_attachments')
      .where('uploader_id', '=', uploaderId)
      .where('email_id', 'is', null)
      .where('created_at', '<', before)
      .execute();
  }
}
