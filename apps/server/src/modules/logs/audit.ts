import { isDeepStrictEqual } from 'node:util';
import type { AuditEntry } from './logs.repository.ts';

type FieldChange = { before: unknown; after: unknown };

/** Kept by the row itself on every change; an audit entry listing them would say nothing. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt', 'updatedBy']);

/**
 * The audit's per-field before and after, for the fields that changed: values are compared by content
 * (an activity's products and attendees are arrays), and a field present on one side only counts as changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING_FIELDS.has(key)) continue;
    if (!isDeepStrictEqual(before[key], after[key])) changes[key] = { before: before[key], after: after[key] };
  }
  return changes;
}

/** Who made a change, as the audit log records it. */
export const auditUser = ({ user }: { user: { id: string; email: string } }): NonNullable<AuditEntry['user']> => ({
  id: user.id,
  email: user.email,
});
