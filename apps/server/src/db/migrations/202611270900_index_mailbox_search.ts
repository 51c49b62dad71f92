import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect.ts';

/**
 * The mailbox search through a trigram index (docs/decisions/0043): a typed word of three characters or more
 * is found as a substring of emails.search_text without reading every message of the folder.
 * - PostgreSQL: pg_trgm's GIN index on search_text, which `search_text LIKE '%word%'` uses as it is.
 * - SQLite: an FTS5 table with the trigram tokenizer, contentless (the text stays in emails only). Its rowid
 *   is email_search_rows.id, an INTEGER PRIMARY KEY that VACUUM keeps (a plain rowid of emails it may
 *   renumber). Triggers keep both in step with emails, as PostgreSQL keeps its index: every writer of
 *   emails (the mailbox, the campaigns, the seeds, a bench writing rows straight) is covered.
 * Existing messages are indexed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index emails_search_trgm_idx on emails using gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create table email_search_rows (id integer primary key, email_id text not null unique)`.execute(db);
  await sql`create virtual table email_search using fts5(search_text, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(
    db,
  );
  await sql`insert into email_search_rows (email_id) select id from emails order by created_at, id`.execute(db);
  await sql`
    insert into email_search (rowid, search_text)
    select r.id, e.search_text from email_search_rows r join emails e on e.id = r.email_id`.execute(db);
  await sql`
    create trigger emails_search_insert after insert on emails begin
      insert into email_search_rows (email_id) values (new.id);
      insert into email_search (rowid, search_text)
        values ((select id from email_search_rows where email_id = new.id), new.search_text);
    end`.execute(db);
  await sql`
    create trigger emails_search_update after update of search_text on emails begin
      delete from email_search where rowid = (select id from email_search_rows where email_id = old.id);
      insert into email_search (rowid, search_text)
        values ((select id from email_search_rows where email_id = old.id), new.search_text);
    end`.execute(db);
  await sql`
    create trigger emails_search_delete after delete on emails begin
      delete from email_search where rowid = (select id from email_search_rows where email_id = old.id);
      delete from email_search_rows where email_id = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index emails_search_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['emails_search_delete', 'emails_search_update', 'emails_search_insert']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table email_search`.execute(db);
  await sql`drop table email_search_rows`.execute(db);
}
