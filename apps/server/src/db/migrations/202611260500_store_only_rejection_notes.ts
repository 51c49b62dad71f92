import { type Kysely, sql } from 'kysely';

/*
 * A rejection stored the spec's reason in English before the manager's notes. It now stores only what the
 * manager typed (null when nothing), and the interface shows the reason in the reader's language. The
 * texts are written out here: a migration must not move when the code's constants do.
 */
const REASON = 'Budget approval rejected by manager';
const PREFIX = `${REASON}: `;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update activities set approval_notes = null where approval_notes = ${REASON}`.execute(db);
  // substr, not LIKE: SQLite's LIKE ignores case, and the prefix must match exactly on both engines.
  await sql`
    update activities set approval_notes = nullif(substr(approval_notes, ${sql.lit(PREFIX.length + 1)}), '')
    where substr(approval_notes, 1, ${sql.lit(PREFIX.length)}) = ${PREFIX}
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update activities set approval_notes = case when approval_notes is null then ${REASON}
      else ${PREFIX} || approval_notes end
    where approval_status = 'rejected'
  `.execute(db);
}
