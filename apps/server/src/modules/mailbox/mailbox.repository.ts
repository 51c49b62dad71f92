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
 * At most this many messages found by the trigram index, a search starts from them (SQLite); beyond, from the
 * folder's newest copies, whose first page holds such a common word soon (docs/decisions/0043).
 */
const INDEX_DRIVEN_MAX = 2_000;

/** The messages' search text has every term (`%` and `_` never reach a pattern: terms are letters and digits). */
const likesEvery = (terms: readonly string[]) => (eb: ExpressionBuilder<Database & { s: EmailsTable }, 's'>) =>
  eb.and(terms.map((term) => eb('s.search_text', 'like', `%${term}%`)));

/**
 * The messages SQLite's trigram index found for a search (their `email_search_rows` ids), when it found few
 * enough to start from them; undefined when a search starts from the folder instead (PostgreSQL, no word of
 * three characters, or a word most messages hold).
 */
export type IndexedMessages = readonly number[] | undefined;

/**
 * The owner's copies in the folder whose message has every term (docs/decisions/0043). PostgreSQL finds the
 * terms of three characters or more through the trigram index `LIKE` uses, and its planner decides where to
 * start. On SQLite, when the index found few enough messages (`found`), the copies are reached from those
 * messages (the unary `+` keeps SQLite from walking the owner's folder instead), and the shorter terms are
 * checked with `LIKE`; otherwise every term is checked with `LIKE` on the folder's copies, newest first, as
 * before the index.
 */
function searchedCopies(db: Db, filter: EmailListFilter, found: IndexedMessages) {
  const liked = found === undefined ? filter.terms : filter.terms.filter((term) => !isIndexable(term));
  return db
    .selectFrom('email_copies as p')
    .where(found === undefined ? sql.ref('p.owner_id') : sql`+${sql.ref('p.owner_id')}`, '=', filter.ownerId)
    .where('p.folder', '=', filter.folder)
    .$if(found !== undefined, (qb) =>
      qb.where('p.email_id', 'in', (eb) =>
        eb
          .selectFrom('email_search_rows as r')
          .select('r.email_id')
          .where(sql<boolean>`${sql.ref('r.id')} in (select value from json_each(${JSON.stringify(found ?? [])}))`),
      ),
    )
    .$if(liked.length > 0, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('emails as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.id', '=', 'p.email_id')
            .where(likesEvery(liked)),
        ),
      ),
    );
}

export class MailboxRepository {
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

  async counts(db: Db, userId: string): Promise<MailboxCounts | undefined> {
    return db
      .selectFrom('mailbox_counts')
      .select(['inbox', 'sent', 'bin', 'unread'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * One page, newest first. The page's ids come from the (owner_id, folder, created_at, id) index alone when
   * nothing is searched, so a far page skips index entries; then only those rows are read with their message.
   * A search passes what `indexedMessages` found for its terms.
   */
  async page(
    db: Db,
    filter: EmailListFilter,
    offset: number,
    limit: number,
    found?: IndexedMessages,
  ): Promise<EmailSummaryRow[]> {
    const ids = searchedCopies(db, filter, found)
      .select('p.id')
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
  async count(db: Db, filter: EmailListFilter, found?: IndexedMessages): Promise<number> {
    const row = await searchedCopies(db, filter, found)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * SQLite: the messages holding every term of three characters or more, found once through the trigram index
   * for both the page and its count, when there are at most INDEX_DRIVEN_MAX of them (read up to one more, so a
   * common word costs little to rule out).
   */
  async indexedMessages(db: Db, terms: readonly string[]): Promise<IndexedMessages> {
    const match = isPostgres(db) ? undefined : trigramQuery(terms);
    if (match === undefined) return undefined;
    const rows = await db
      .selectFrom('email_search')
      .select('email_search.rowid')
      .where(sql<boolean>`${sql.ref('email_search')} match ${match}`)
      .limit(INDEX_DRIVEN_MAX + 1)
      .execute();
    return rows.length <= INDEX_DRIVEN_MAX ? rows.map((row) => row.rowid) : undefined;
  }

  /** The caller's copy with its message; another user's copy is as absent as a missing one. */
  async ownCopy(db: Db, ownerId: string, id: string): Promise<EmailCopyRow | undefined> {
    const [row] = await this.ownCopies(db, ownerId, [id]);
    return row;
  }

  /** Those of the ids that are the owner's copies, with their messages. */
  async ownCopies(db: Db, ownerId: string, ids: string[]): Promise<EmailCopyRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('email_copies as c')
      .innerJoin('emails as e', 'e.id', 'c.email_id')
      .select(COPY_COLUMNS)
      .where('c.id', 'in', ids)
      .where('c.owner_id', '=', ownerId)
      .execute();
  }

  async parent(db: Db, emailId: string): Promise<ParentEmailRow | undefined> {
    return db
      .selectFrom('emails')
      .select(['subject', 'body', 'sender_email', 'sender_name', 'created_at'])
      .where('id', '=', emailId)
      .executeTakeFirst();
  }

  /** The product users the addresses name (addresses compared in lower case, as users' are stored). */
  async usersByEmail(db: Db, addresses: string[]): Promise<RecipientUserRow[]> {
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
