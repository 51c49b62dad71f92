import { type Updateable, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import type { MailOutboxTable, MailStatus, MailStream } from '#server/db/schema.ts';

export type MailOutboxRow = MailOutboxTable;

/** The advisory lock under which processes count and claim bulk messages one at a time (PostgreSQL). */
const BULK_PACE_LOCK = 150_003;

export type BulkPace = {
  worker: string;
  now: string;
  /** The claim's end. */
  until: string;
  /** A minute before `now`: messages sent since, and those claimed now, use up the minute's allowance. */
  minuteAgo: string;
  perMinute: number;
  /** At most this many claimed at once. */
  limit: number;
};

/** How a claimed message's delivery ended, as written back by the process that claimed it. */
export type DeliveryOutcome =
  | { status: 'sent' | 'logged'; at: string; eraseBodies: boolean }
  | { status: 'pending'; nextAttemptAt: string; error: string }
  | { status: 'failed'; error: string };

function outcomeColumns(outcome: DeliveryOutcome): Updateable<MailOutboxTable> {
  switch (outcome.status) {
    case 'sent':
    case 'logged':
      return {
        status: outcome.status,
        sent_at: outcome.at,
        last_error: null,
        ...(outcome.eraseBodies && { text_body: '', html_body: null }),
      };
    case 'pending':
      return { status: 'pending', next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error.slice(0, 1000) };
    case 'failed':
      return { status: 'failed', last_error: outcome.error.slice(0, 1000) };
  }
}

/**
 * The outbox's rows. Messages are claimed through the database (a lease written with a compare-and-set), never
 * through process memory, so any number of server processes sharing one database send each message once.
 */
export class MailOutboxRepository {
  /**
   * Written in the transaction of what causes the message. False when the row's once_key is already taken:
   * nothing is written (on PostgreSQL, once the holder committed).
   */
  async insert(db: Db, row: MailOutboxRow): Promise<boolean> {
    const inserted = await db
      .insertInto('mail_outbox')
      .values(row)
      .onConflict((conflict) => conflict.column('once_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Ids of messages of a stream due for an attempt and claimed by nobody (or whose claim ran out), oldest due first. */
  async dueIds(db: Db, stream: MailStream, now: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('stream', '=', stream)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Claims the bulk messages due, as many as the minute's allowance leaves across every process: sent in the last
   * minute, and claimed now by anyone, count. Counted and claimed in one transaction that processes take one at
   * a time (an advisory lock on PostgreSQL, the write lock on SQLite), so N processes never send N allowances.
   */
  async claimBulkWithinPace(db: Db, pace: BulkPace): Promise<MailOutboxRow[]> {
    return db.transaction().execute(async (trx) => {
      // First statement: PostgreSQL's lock for the pace; on SQLite an UPDATE that changes nothing takes the write
      // lock before the counts are read (a transaction that read first could not write after another's commit).
      await (
        isPostgres(trx)
          ? sql`select pg_advisory_xact_lock(${BULK_PACE_LOCK})`
          : sql`update mail_outbox set id = id where 0 = 1`
      ).execute(trx);
      // Two counts, each on its index (stream and sent_at; status, stream and due time), rather than one OR.
      const { sent } = await trx
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('sent'))
        .where('stream', '=', 'bulk')
        .where('sent_at', '>', pace.minuteAgo)
        .executeTakeFirstOrThrow();
      const { claimed } = await trx
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('claimed'))
        .where('status', '=', 'pending')
        .where('stream', '=', 'bulk')
        .where('claimed_until', '>=', pace.now)
        .executeTakeFirstOrThrow();
      const allowance = Math.min(pace.limit, pace.perMinute - sent - claimed);
      if (allowance <= 0) return [];
      const ids = await this.dueIds(trx, 'bulk', pace.now, allowance);
      if (ids.length === 0) return [];
      await trx
        .updateTable('mail_outbox')
        .set({ claimed_by: pace.worker, claimed_until: pace.until })
        .where('id', 'in', ids)
        .execute();
      return trx
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .execute();
    });
  }

  /**
   * Takes the message for `worker` until `until`, if it is still pending and unclaimed: the condition is checked
   * by the UPDATE itself, so of two processes racing for one message exactly one gets it.
   */
  async claim(db: Db, id: string, worker: string, now: string, until: string): Promise<MailOutboxRow | undefined> {
    const result = await db
      .updateTable('mail_outbox')
      .set({ claimed_by: worker, claimed_until: until })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return undefined;
    return db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .where('claimed_by', '=', worker)
      .executeTakeFirst();
  }

  /**
   * Moves the claim's end to `until` if `worker` still holds it and the message is still pending: a process whose
   * claim ran out and was taken meanwhile gets false and must not attempt the message.
   */
  async renewClaim(db: Db, id: string, worker: string, until: string): Promise<boolean> {
    const result = await db
      .updateTable('mail_outbox')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('claimed_by', '=', worker)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Writes how the attempt ended and releases the claim; only the claim's holder can (a process whose lease ran
   * out and was taken over writes nothing). Answers whether it was still the holder.
   */
  async finish(db: Db, id: string, worker: string, attempts: number, outcome: DeliveryOutcome): Promise<boolean> {
    const result = await db
      .updateTable('mail_outbox')
      .set({ attempts, claimed_by: null, claimed_until: null, ...outcomeColumns(outcome) })
      .where('id', '=', id)
      .where('claimed_by', '=', worker)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** How many messages of a reference (a campaign…) are in each state. */
  async countsByRef(db: Db, ref: string): Promise<{ status: MailStatus; count: number }[]> {
    const rows = await db
      .selectFrom('mail_outbox')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('ref', '=', ref)
      .groupBy('status')
      .execute();
    return rows.map((row) => ({ status: row.status, count: row.count }));
  }

  /** Delivered messages older than the retention serve no purpose; failed ones stay for an operator to see. */
  async deleteDeliveredBefore(db: Db, before: string): Promise<void> {
    await db
      .deleteFrom('mail_outbox')
      .where('status', 'in', ['sent', 'logged'])
      .where('sent_at', '<', before)
      .execute();
  }
}
