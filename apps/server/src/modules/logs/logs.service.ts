import {
  LOG_CLEAR_ACTION,
  LOG_ENTITY_TYPE,
  type LogClearResult,
  type LogFilterOptions,
  type LogList,
  type LogListFilter,
} from '@crm/shared';
import { AppError } from '#server/core/app-error.ts';
import { requireAdmin, requireSignedIn } from '#server/core/access.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { auditUser } from './audit.ts';
import { countableUntil, locateInDays, planLogRanges, type Period } from './log-pages.ts';
import { toLogEntry } from './logs.mapper.ts';
import type { AuditLogRange, AuditLogRow, LogsRepository } from './logs.repository.ts';

type LogsServiceDeps = { db: Db; logs: LogsRepository; clock: Clock };

type Page = { offset: number; limit: number };

/**
 * Counts the days that are over into audit_log_counts, once: the first request after a day ends (and its
 * lag) does it, and concurrent ones agree through the counted-until row. Answers the counted-until instant.
 */
export async function countEndedDays(db: Db, logs: LogsRepository, now: Date): Promise<string> {
  const countedUntil = await logs.countedUntil(db);
  const until = countableUntil(now);
  if (until <= countedUntil) return countedUntil;
  const moved = await db.transaction().execute(async (trx) => {
    if (!(await logs.moveCountedUntil(trx, countedUntil, until))) return false;
    await logs.insertDayCounts(trx, countedUntil, until);
    return true;
  });
  return moved ? until : logs.countedUntil(db);
}

/**
 * The audit log (spec 001 §§2, 6, 7). Everyone may open it; an administrator reads every entry, anyone
 * else the entries of their own actions (other people's work stays private: docs/decisions/0030).
 */
export class LogsService {
  constructor(private readonly deps: LogsServiceDeps) {}

  async list(auth: AuthContext, query: LogListFilter & { page: number; limit: number }): Promise<LogList> {
    requireSignedIn(auth);
    const filter = this.visibleTo(auth, query);
    const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
    const { rows, total } =
      filter.userId === undefined ? await this.wholeLogPage(filter, page) : await this.userPage(filter, page);
    return { logs: rows.map(toLogEntry), total };
  }

  /** The actions, entity types and users the caller's filters can choose among. */
  async filterOptions(auth: AuthContext): Promise<LogFilterOptions> {
    requireSignedIn(auth);
    const { db, logs } = this.deps;
    if (!auth.user.isAdmin) {
      const kinds = await logs.distinctKindsOf(db, auth.user.id);
      const sorted = (values: string[]) => [...new Set(values)].sort();
      return {
        actions: sorted(kinds.map((kind) => kind.action)),
        entityTypes: sorted(kinds.map((kind) => kind.entity_type)),
        users: [{ id: auth.user.id, email: auth.user.email }],
      };
    }
    const [actions, entityTypes, users] = await Promise.all([
      logs.distinctValues(db, 'action'),
      logs.distinctValues(db, 'entity_type'),
      logs.users(db),
    ]);
    return { actions, entityTypes, users };
  }

  /**
   * Clears the whole log (admins only; the client asks for confirmation first) and leaves one entry saying
   * who cleared how many entries: written after the deletion, in its transaction, so it is what remains.
   */
  async clear(auth: AuthContext): Promise<LogClearResult> {
    requireAdmin(auth);
    const { db, logs } = this.deps;
    return db.transaction().execute(async (trx) => {
      const deleted = await logs.deleteAll(trx);
      await logs.deleteCounts(trx);
      await logs.record(trx, {
        action: LOG_CLEAR_ACTION,
        entityType: LOG_ENTITY_TYPE,
        entityId: null,
        metadata: { email: auth.user.email, count: deleted },
        user: auditUser(auth),
      });
      return { deleted };
    });
  }

  /** An administrator's filter as asked; anyone else's narrowed to their own entries. */
  private visibleTo(auth: AuthContext, query: LogListFilter): LogListFilter {
    if (auth.user.isAdmin) return query;
    if (query.userId !== undefined && query.userId !== auth.user.id) throw new AppError('FORBIDDEN');
    return { ...query, userId: auth.user.id };
  }

  /** One user's entries: their index range is small enough to count and skip directly. */
  private async userPage(filter: LogListFilter, page: Page) {
    const range = toRange(filter, { from: filter.startDate, before: filter.endDate });
    const [total, rows] = await Promise.all([
      this.deps.logs.count(this.deps.db, range),
      this.deps.logs.page(this.deps.db, range, page),
    ]);
    return { total, rows };
  }

  /**
   * The whole log (admins): totals add up counted days and count only the rest on the index; a far page
   * starts from the day that holds it, so no request skips more than a day or two of entries.
   */
  private async wholeLogPage(filter: LogListFilter, page: Page): Promise<{ rows: AuditLogRow[]; total: number }> {
    const { db, logs, clock } = this.deps;
    const period = { from: filter.startDate, before: filter.endDate };
    const plan = planLogRanges(period, await countEndedDays(db, logs, clock.now()));
    const kinds = { action: filter.action, entityType: filter.entityType };
    const [topCount, countedCount, bottomCount] = await Promise.all([
      logs.count(db, toRange(filter, plan.top)),
      plan.counted ? logs.countedTotal(db, { ...kinds, ...plan.counted }) : 0,
      plan.bottom ? logs.count(db, toRange(filter, plan.bottom)) : 0,
    ]);
    const total = topCount + countedCount + bottomCount;
    if (page.offset >= total) return { rows: [], total };

    let start: { before: string | undefined; offset: number } = { before: period.before, offset: page.offset };
    if (page.offset >= topCount && plan.counted) {
      const inCounted = page.offset - topCount;
      start =
        inCounted < countedCount
          ? (locateInDays(await logs.countedDays(db, { ...kinds, ...plan.counted }), inCounted) ?? start)
          : { before: plan.counted.from, offset: inCounted - countedCount };
    }
    const rows = await logs.page(db, toRange(filter, { from: period.from, before: start.before }), {
      offset: start.offset,
      limit: page.limit,
    });
    return { rows, total };
  }
}

function toRange(filter: LogListFilter, period: Period): AuditLogRange {
  return {
    userId: filter.userId,
    action: filter.action,
    entityType: filter.entityType,
    from: period.from,
    before: period.before,
  };
}
