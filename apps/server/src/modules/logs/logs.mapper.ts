import type { LogEntry } from '@crm/shared';
import type { AuditLogRow } from './logs.repository.ts';

/** Stored JSON back to an object; a value that isn't a JSON object (never written by the services) shows as none. */
function parseObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function toLogEntry(row: AuditLogRow): LogEntry {
  return {
    id: row.id,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    metadata: parseObject(row.metadata),
    changes: parseObject(row.changes),
    createdAt: row.created_at,
    user: row.user_email === null ? null : { id: row.user_id, email: row.user_email },
  };
}
