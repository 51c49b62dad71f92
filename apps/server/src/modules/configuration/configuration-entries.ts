import { AppError } from '#server/core/app-error.ts';
import { requireAdmin } from '#server/core/access.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';

/** What every configuration entry has: the entity the audit log and the messages name it by. */
type Entry = { id: string; name: string };

/** How one kind of entry (product, channel, target) is stored, checked and named. */
export type EntryStore<E extends Entry, I> = {
  /** The audit log's entity type, and the prefix of its messages (configuration.productNotFound…). */
  entityType: 'product' | 'channel' | 'target';
  find: (db: Db, id: string) => Promise<E | undefined>;
  nameTaken: (db: Db, name: string, exceptId: string | null) => Promise<boolean>;
  isUsed: (db: Db, entry: E) => Promise<boolean>;
  insert: (db: Db, id: string, input: I, now: string) => Promise<void>;
  update: (db: Db, id: string, input: I, now: string) => Promise<void>;
  delete: (db: Db, id: string) => Promise<void>;
  /** What else a change carries along (a renamed target on doctors); answers metadata for the audit entry. */
  afterUpdate?: (db: Db, before: E, after: E) => Promise<Record<string, unknown>>;
};

type EntryDeps = { db: Db; logs: LogsRepository; clock: Clock };

/** Thrown to roll back an update that changed nothing; carries the entry as it stays. */
class Unchanged extends Error {
  constructor(readonly entry: unknown) {
    super('unchanged');
  }
}

/**
 * Creating, changing and deleting one kind of configuration entry (spec 001 §§5, 7): administrators only,
 * names unique whatever their case, every change audited with its before and after in its transaction, and
 * an entry still in use deleted never (409: deactivate it instead; inactive entries leave the pickers but
 * stay where they were used).
 */
export class ConfigurationEntries<E extends Entry, I extends { name: string }> {
  constructor(
    private readonly store: EntryStore<E, I>,
    private readonly deps: EntryDeps,
  ) {}

  async create(auth: AuthContext, input: I): Promise<E> {
    requireAdmin(auth);
    const { db, logs, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      await this.requireFreeName(trx, input.name, null);
      const id = newId();
      await this.store.insert(trx, id, input, isoNow(clock));
      const created = await this.require(trx, id);
      await logs.record(trx, {
        action: 'create',
        entityType: this.store.entityType,
        entityId: id,
        metadata: { name: created.name },
        changes: { previous: null, new: created },
        user: auditUser(auth),
      });
      return created;
    });
  }

  async update(auth: AuthContext, id: string, input: I): Promise<E> {
    requireAdmin(auth);
    const { db, logs, clock } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        const before = await this.require(trx, id);
        await this.requireFreeName(trx, input.name, id);
        await this.store.update(trx, id, input, isoNow(clock));
        const after = await this.require(trx, id);
        const changes = changedFields(before, after);
        // Saving an unchanged form changes nothing: not even the row's time, nor a line in the log.
        if (Object.keys(changes).length === 0) throw new Unchanged(before);
        const carried = (await this.store.afterUpdate?.(trx, before, after)) ?? {};
        await logs.record(trx, {
          action: 'update',
          entityType: this.store.entityType,
          entityId: id,
          metadata: { name: after.name, ...carried },
          changes,
          user: auditUser(auth),
        });
        return after;
      });
    } catch (error) {
      if (error instanceof Unchanged) return error.entry as E;
      throw error;
    }
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    requireAdmin(auth);
    const { db, logs } = this.deps;
    await db.transaction().execute(async (trx) => {
      const before = await this.require(trx, id);
      if (await this.store.isUsed(trx, before)) {
        throw new AppError('IN_USE', {}, { messageKey: `configuration.${this.store.entityType}InUse` });
      }
      await this.store.delete(trx, id);
      await logs.record(trx, {
        action: 'delete',
        entityType: this.store.entityType,
        entityId: id,
        metadata: { name: before.name },
        changes: { previous: before, new: null },
        user: auditUser(auth),
      });
    });
  }

  private async require(db: Db, id: string): Promise<E> {
    const entry = await this.store.find(db, id);
    if (!entry) throw new AppError('NOT_FOUND', {}, { messageKey: `configuration.${this.store.entityType}NotFound` });
    return entry;
  }

  private async requireFreeName(db: Db, name: string, exceptId: string | null): Promise<void> {
    if (await this.store.nameTaken(db, name, exceptId)) {
      throw new AppError(
        'CONFLICT',
        {},
        { messageKey: 'configuration.nameTaken', fields: { name: 'configuration.nameTaken' } },
      );
    }
  }
}
