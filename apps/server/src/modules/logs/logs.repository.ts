import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | null;
  metadata?: Record<string, unknown>;
  changes?: Record<string, unknown>;
  user: { id: string; email: string } | null;
};

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
}
