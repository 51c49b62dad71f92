import type { AuditAction, AuditEntityType } from '@crm/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { newId } from '#server/db/ids.ts';
import type { AuditLogsTable, Database } from '#server/db/schema.ts';

/** One entry to write. Action and entity type come from the closed lists, so a misspelt word fails typecheck. */
export type AuditEntry = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  metadata?: Record<string, unknown>;
  changes?: Record<string, unknown>;
  user: { id: string; email: string } | null;
};

export type AuditLogRow = AuditLogsTable;

/**
 * Which entries: one user's (userId), an action, an entity type, and created in [from, before). Bounds are
 * ISO instants, compared as the stored strings (which sort as they compare).
 */
export type AuditLogRange = {
  userId?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  from?: string | undefined;
  before?: string | undefined;
};

/** Days [fromDay, toDay) of audit_log_counts ('2026-11-25'), for an action and an entity type. */
export type AuditCountRange = {
  action?: string | undefined;
  entityType?: string | undefined;
  fromDay?: string | undefined;
  toDay: string;
};

/** The app_settings key holding the instant before which every day is in audit_log_counts (a UTC midnight). */
const COUNTED_UNTIL_KEY = 'audit_log_counted_until';

type AuditFrom = SelectQueryBuilder<Database, 'audit_logs', object>;

/** The range's conditions: one index range (user, action, entity type or time) and the others as filters. */
function inRange<O>(qb: SelectQueryBuilder<Database, 'audit_logs', O>, range: AuditLogRange) {
  return qb
    .$if(range.userId !== undefined, (q) => q.where('audit_logs.user_id', '=', range.userId ?? ''))
    .$if(range.action !== undefined, (q) => q.where('audit_logs.action', '=', range.action ?? ''))
    .$if(range.entityType !== undefined, (q) => q.where('audit_logs.entity_type', '=', range.entityType ?? ''))
    .$if(range.from !== undefined, (q) => q.where('audit_logs.created_at', '>=', range.from ?? ''))
    .$if(range.before !== undefined, (q) => q.where('audit_logs.created_at', '<', range.before ?? ''));
}

const countedDays = (qb: SelectQueryBuilder<Database, 'audit_log_counts', object>, range: AuditCountRange) =>
  qb
    .where('audit_log_counts.day', '<', range.toDay)
    .$if(range.fromDay !== undefined, (q) => q.where('audit_log_counts.day', '>=', range.fromDay ?? ''))
    .$if(range.action !== undefined, (q) => q.where('audit_log_counts.action', '=', range.action ?? ''))
    .$if(range.entityType !== undefined, (q) => q.where('audit_log_counts.entity_type', '=', range.entityType ?? ''));

/**
 * The distinct values of an indexed column, one index probe per value (a loose index scan): a few dozen
 * actions among millions of entries cost a few dozen probes, not a scan.
 */
function distinctByProbe(db: Db, column: 'action' | 'entity_type') {
  const ref = sql.ref(column);
  return sql<{ value: string }>`
    with recursive found(value) as (
      select min(${ref}) from audit_logs
      union all
      select (select min(${ref}) from audit_logs where ${ref} > found.value) from found where found.value is not null
    )
    select value from found where value is not null`.execute(db);
}

export class LogsRepository {
  constructor(private readonly clock: Clock) {}

  /** Written with the transaction of the change it describes, so neither exists without the other. */
  async record(db: Db, entry: AuditEntry): Promise<void> {
    await db
      .insertInto('audit_logs')
      .values({
        id: newId(),
        action: entry.action,
        entity_type: entry.entityType,
        entity_id: entry.entityId ?? null,
        metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
        changes: entry.changes ? JSON.stringify(entry.changes) : null,
        user_id: entry.user?.id ?? null,
        user_email: entry.user?.email ?? null,
        created_at: isoNow(this.clock),
      })
      .execute();
  }

  /**
   * One page of the range, newest first, by deferred join: the page's ids come from the index of the range
   * alone (a far offset skips index entries, not rows), then only those rows are read.
   */
  page(db: Db, range: AuditLogRange, { offset, limit }: { offset: number; limit: number }): Promise<AuditLogRow[]> {
    return db
      .with('page', (qb) =>
        inRange(qb.selectFrom('audit_logs') as AuditFrom, range)
          .select(['audit_logs.id', 'audit_logs.created_at'])
          .orderBy('audit_logs.created_at', 'desc')
          .orderBy('audit_logs.id', 'desc')
          .limit(limit)
          .offset(offset),
      )
      .selectFrom('page')
      .innerJoin('audit_logs', 'audit_logs.id', 'page.id')
      .selectAll('audit_logs')
      .orderBy('page.created_at', 'desc')
      .orderBy('page.id', 'desc')
      .execute();
  }

  /** The entries of the range, counted on its index: for ranges of a day or two, or of one user. */
  async count(db: Db, range: AuditLogRange): Promise<number> {
    const row = await inRange(db.selectFrom('audit_logs') as AuditFrom, range)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** The instant before which every day's entries are in audit_log_counts. */
  async countedUntil(db: Db): Promise<string> {
    const row = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', COUNTED_UNTIL_KEY)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  /**
   * Moves the counted-until instant from `previous` to `next` unless another request already moved it:
   * the row lock makes concurrent requests agree on which one counts the days in between.
   */
  async moveCountedUntil(db: Db, previous: string, next: string): Promise<boolean> {
    const result = await db
      .updateTable('app_settings')
      .set({ value: next })
      .where('key', '=', COUNTED_UNTIL_KEY)
      .where('value', '=', previous)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Counts the entries of [from, until), both UTC midnights, into audit_log_counts by day, action and entity. */
  async insertDayCounts(db: Db, from: string, until: string): Promise<void> {
    const day = sql<string>`substr(${sql.ref('created_at')}, 1, 10)`;
    await db
      .insertInto('audit_log_counts')
      .columns(['day', 'action', 'entity_type', 'entries'])
      .expression((eb) =>
        eb
          .selectFrom('audit_logs')
          .select((inner) => [day.as('day'), 'action', 'entity_type', inner.fn.countAll<number>().as('entries')])
          .where('created_at', '>=', from)
          .where('created_at', '<', until)
          .groupBy([day, 'action', 'entity_type']),
      )
      .execute();
  }

  /** The entries of counted days, in total. */
  async countedTotal(db: Db, range: AuditCountRange): Promise<number> {
    const row = await countedDays(db.selectFrom('audit_log_counts'), range)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('audit_log_counts.entries'), sql<number>`0`).as('total'))
      .executeTakeFirstOrThrow();
    return row.total;
  }

  /** The entries of each counted day, newest day first (days without any left out). */
  async countedDays(db: Db, range: AuditCountRange): Promise<{ day: string; entries: number }[]> {
    const rows = await countedDays(db.selectFrom('audit_log_counts'), range)
      .select((eb) => ['audit_log_counts.day', eb.fn.sum<number>('audit_log_counts.entries').as('entries')])
      .groupBy('audit_log_counts.day')
      .orderBy('audit_log_counts.day', 'desc')
      .execute();
    return rows;
  }

  /** The actions or entity types the whole log holds, in order. */
  async distinctValues(db: Db, column: 'action' | 'entity_type'): Promise<string[]> {
    const result = await distinctByProbe(db, column);
    return result.rows.map((row) => row.value);
  }

  /** The actions and entity types of one user's entries. */
  async distinctKindsOf(db: Db, userId: string): Promise<{ action: string; entity_type: string }[]> {
    return db
      .selectFrom('audit_logs')
      .select(['action', 'entity_type'])
      .distinct()
      .where('user_id', '=', userId)
      .execute();
  }

  /** Every user, by e-mail: the user filter's choices. */
  users(db: Db): Promise<{ id: string; email: string }[]> {
    return db.selectFrom('users').select(['id', 'email']).orderBy('email').execute();
  }

  /**
   * Deletes every entry; answers how many. PostgreSQL counts them and truncates (deleting millions of rows
   * one by one would take minutes), holding the table's lock until the transaction ends so that no entry
   * is written in between; SQLite's unconditional DELETE already empties the table at once.
   */
  async deleteAll(db: Db): Promise<number> {
    if (isPostgres(db)) {
      await sql`lock table audit_logs in access exclusive mode`.execute(db);
      const count = await this.count(db, {});
      await sql`truncate audit_logs`.execute(db);
      return count;
    }
    const result = await db.deleteFrom('audit_logs').executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteCounts(db: Db): Promise<void> {
    await db.deleteFrom('audit_log_counts').execute();
  }
}
