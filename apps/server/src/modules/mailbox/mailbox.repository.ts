import type { MailFolder } from '@crm/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import type { Database, EmailCopiesTable, EmailsTable, MailboxCountsTable } from '#server/db/schema.ts';
import { isIndexable, trigramQuery } from './mailbox-search.ts';

/** A copy as a list shows it: the copy's state and the message's header, with a plain-text preview. */
export type EmailSummaryRow = Pick<EmailCopiesTable, 'id' | 'folder' | 'origin_folder' | 'is_read' | 'created_at'> &
  Pick<
    EmailsTable,
    'subject' | 'sender_email' | 'sender_name' | 'recipients' | 'has_attachments' | 'parent_email_id'
  > & {
    preview: string;
  };

/** A copy with its whole message. */
export type EmailCopyRow = Pick<
  EmailCopiesTable,
  'id' | 'email_id' | 'owner_id' | 'folder' | 'origin_folder' | 'is_read' | 'created_at'
> &
  Pick<EmailsTable, 'subject' | 'body' | 'sender_email' | 'sender_name' | 'recipients' | 'parent_email_id'>;

export type ParentEmailRow = Pick<EmailsTable, 'subject' | 'body' | 'sender_email' | 'sender_name' | 'created_at'>;

/** A product user an address names; a deleted user keeps their address (docs/decisions/0028). */
export type RecipientUserRow = { id: string; email: string; deleted_at: string | null };

export type MailboxCounts = Omit<MailboxCountsTable, 'user_id'>;

/** Which copies a list shows: one owner's folder, optionally only those whose message has every term. */
export type EmailListFilter = { ownerId: string; folder: MailFolder; terms: string[] };

/** What a change did to one copy, enough to move the owner's counts. */
export type ChangedCopyRow = Pick<EmailCopiesTable, 'origin_folder' | 'is_read'>;

const SUMMARY_COLUMNS = [
  'c.id',
  'c.folder',
  'c.origin_folder',
  'c.is_read',
  'c.created_at',
  'e.subject',
  'e.sender_email',
  'e.sender_name',
  'e.recipients',
  'e.has_attachments',
  'e.parent_email_id',
] as const;

const COPY_COLUMNS = [
  'c.id',
  'c.email_id',
  'c.owner_id',
  'c.folder',
  'c.origin_folder',
  'c.is_read',
  'c.created_at',
  'e.subject',
  'e.body',
  'e.sender_email',
  'e.sender_name',
  'e.recipients',
  'e.parent_email_id',
] as const;

const PREVIEW_LENGTH = 160;

/**
 * The copy's message has every term in its search text (docs/decisions/0043). PostgreSQL finds the terms of
 * three characters or more through the trigram index of `LIKE` itself; SQLite asks its FTS5 trigram table for
 * them, and checks the shorter ones with `LIKE` on the message, as PostgreSQL does when no term is indexable.
 * Terms are letters and digits only (searchTerms), so `%` and `_` never reach a pattern.
 */
function hasEveryTerm(db: Db, terms: readonly string[]) {
  return (eb: ExpressionBuilder<Database & { p: EmailCopiesTable }, 'p'>) => {
    const fts = isPostgres(db) ? undefined : trigramQuery(terms);
    const liked = fts === undefined ? terms : terms.filter((term) => !isIndexable(term));
    return eb.and([
      ...(fts === undefined
        ? []
        : [
            eb(
              'p.email_id',
              'in',
              eb
                .selectFrom('email_search as f')
                .innerJoin('email_search_rows as r', 'r.id', 'f.rowid')
                .select('r.email_id')
                .where(sql<boolean>`${sql.ref('f.email_search')} match ${fts}`),
            ),
          ]),
      ...(liked.length === 0
        ? []
        : [
            eb.exists(
              eb
                .selectFrom('emails as s')
                .select(sql.lit(1).as('one'))
                .whereRef('s.id', '=', 'p.email_id')
                .where((inner) => inner.and(liked.map((term) => inner('s.search_text', 'like', `%${term}%`)))),
            ),
          ]),
    ]);
  };
}

export class MailboxRepository {
  constructor(private readonly db: Db) {}

  async insertEmail(db: Db, row: EmailsTable): Promise<void> {
    await db.insertInto('emails').values(row).execute();
  }

  async insertCopies(db: Db, rows: EmailCopiesTable[]): Promise<void> {
    await db.insertInto('email_copies').values(rows).execute();
  }

  /**
   * Moves a user's counts by the given amounts in one statement; relative, so concurrent changes add up, and
   * the row is created on the user's first message.
   */
  async adjustCounts(db: Db, userId: string, delta: MailboxCounts): Promise<void> {
    await db
      .insertInto('mailbox_counts')
      .values({ user_id: userId, ...delta })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          inbox: eb('mailbox_counts.inbox', '+', eb.ref('excluded.inbox')),
          sent: eb('mailbox_counts.sent', '+', eb.ref('excluded.sent')),
          bin: eb('mailbox_counts.bin', '+', eb.ref('excluded.bin')),
          unread: eb('mailbox_counts.unread', '+', eb.ref('excluded.unread')),
        })),
      )
      .execute();
  }

  async counts(userId: string, db: Db = this.db): Promise<MailboxCounts | undefined> {
    return db
      .selectFrom('mailbox_counts')
      .select(['inbox', 'sent', 'bin', 'unread'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * One page, newest first. The page's ids come from the (owner_id, folder, created_at, id) index alone when
   * nothing is searched, so a far page skips index entries; then only those rows are read with their message.
   */
  async page(filter: EmailListFilter, offset: number, limit: number, db: Db = this.db): Promise<EmailSummaryRow[]> {
    const ids = db
      .selectFrom('email_copies as p')
      .select('p.id')
      .where('p.owner_id', '=', filter.ownerId)
      .where('p.folder', '=', filter.folder)
      .$if(filter.terms.length > 0, (qb) => qb.where(hasEveryTerm(db, filter.terms)))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset);
    return db
      .selectFrom('email_copies as c')
      .innerJoin('emails as e', 'e.id', 'c.email_id')
      .select(SUMMARY_COLUMNS)
      .select(sql<string>`substr(${sql.ref('e.body_text')}, 1, ${sql.lit(PREVIEW_LENGTH)})`.as('preview'))
      .where('c.id', 'in', ids)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  }

  /** How many copies of the folder match the search terms (without terms the counts row answers). */
  async count(filter: EmailListFilter, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('email_copies as p')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('p.owner_id', '=', filter.ownerId)
      .where('p.folder', '=', filter.folder)
      .where(hasEveryTerm(db, filter.terms))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** The caller's copy with its message; another user's copy is as absent as a missing one. */
  async ownCopy(ownerId: string, id: string, db: Db = this.db): Promise<EmailCopyRow | undefined> {
    const [row] = await this.ownCopies(ownerId, [id], db);
    return row;
  }

  /** Those of the ids that are the owner's copies, with their messages. */
  async ownCopies(ownerId: string, ids: string[], db: Db = this.db): Promise<EmailCopyRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('email_copies as c')
      .innerJoin('emails as e', 'e.id', 'c.email_id')
      .select(COPY_COLUMNS)
      .where('c.id', 'in', ids)
      .where('c.owner_id', '=', ownerId)
      .execute();
  }

  async parent(emailId: string, db: Db = this.db): Promise<ParentEmailRow | undefined> {
    return db
      .selectFrom('emails')
      .select(['subject', 'body', 'sender_email', 'sender_name', 'created_at'])
      .where('id', '=', emailId)
      .executeTakeFirst();
  }

  /** The product users the addresses name (addresses compared in lower case, as users' are stored). */
  async usersByEmail(addresses: string[], db: Db = this.db): Promise<RecipientUserRow[]> {
    if (addresses.length === 0) return [];
    return db.selectFrom('users').select(['id', 'email', 'deleted_at']).where('email', 'in', addresses).execute();
  }

  /** Marks the owner's copies read or unread; answers the copies that changed. */
  async setRead(
    db: Db,
    ownerId: string,
    ids: string[],
    isRead: boolean,
  ): Promise<(ChangedCopyRow & { folder: MailFolder })[]> {
    if (ids.length === 0) return [];
    return db
      .updateTable('email_copies')
      .set({ is_read: isRead ? 1 : 0 })
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .where('is_read', '=', isRead ? 0 : 1)
      .returning(['origin_folder', 'is_read', 'folder'])
      .execute();
  }

  /**
   * Moves the owner's copies that are not in the bin into it, or those in it back to where they came from;
   * answers the copies that moved (a copy is always in its origin folder or in the bin).
   */
  async move(db: Db, ownerId: string, ids: string[], to: 'bin' | 'origin'): Promise<ChangedCopyRow[]> {
    if (ids.length === 0) return [];
    return db
      .updateTable('email_copies')
      .set(to === 'bin' ? { folder: 'bin' } : (eb) => ({ folder: eb.ref('origin_folder') }))
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .where('folder', to === 'bin' ? '<>' : '=', 'bin')
      .returning(['origin_folder', 'is_read'])
      .execute();
  }

  /** Deletes the owner's copies that are in the bin; answers the messages they were copies of. */
  async deleteFromBin(db: Db, ownerId: string, ids: string[]): Promise<{ email_id: string }[]> {
    if (ids.length === 0) return [];
    return db
      .deleteFrom('email_copies')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .where('folder', '=', 'bin')
      .returning('email_id')
      .execute();
  }

  /** Deletes those of the messages nobody holds a copy of any more (their attachments go with them). */
  async deleteUnheld(db: Db, emailIds: string[]): Promise<void> {
    if (emailIds.length === 0) return;
    await db
      .deleteFrom('emails')
      .where('id', 'in', emailIds)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('email_copies').select('email_copies.id').whereRef('email_copies.email_id', '=', 'emails.id'),
          ),
        ),
      )
      .execute();
  }
}
