import { type AuditEntityType, isAuditEntityType, type LogChanges, type LogEntry } from '@crm/shared';

/**
 * How an audit entry shows, driven by its entity type, action and metadata: which record it links to, what
 * the record is called, and what changed (labels and colours: audit-kinds.ts).
 */

/** Where an entry's record lives, by entity type; the entity id is the record's (for consents, the doctor's). */
const RECORD_PATHS: Partial<Record<AuditEntityType, (id: string) => string>> = {
  doctor: (id) => `/doctors/${encodeURIComponent(id)}`,
  consent: (id) => `/doctors/${encodeURIComponent(id)}?tab=consent`,
  office: (id) => `/offices/${encodeURIComponent(id)}`,
  activity: (id) => `/activities/${encodeURIComponent(id)}`,
  user: (id) => `/users/${encodeURIComponent(id)}`,
};

/** The page of the entry's record, or null when there is none (unknown kind, no id, or the record deleted). */
export function recordPath(entry: Pick<LogEntry, 'entityType' | 'entityId' | 'action'>): string | null {
  const path = isAuditEntityType(entry.entityType) ? RECORD_PATHS[entry.entityType] : undefined;
  if (path === undefined || entry.entityId === null || entry.action === 'delete') return null;
  return path(entry.entityId);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The name the entry's record goes by, from what its metadata holds, most telling first. */
export function recordName(entry: Pick<LogEntry, 'entityType' | 'metadata'>): string | null {
  const metadata = entry.metadata ?? {};
  const fullName = [text(metadata.firstName), text(metadata.lastName)].filter(Boolean).join(' ');
  const byKind: Partial<Record<AuditEntityType, unknown[]>> = {
    doctor: [metadata.doctorName],
    consent: [metadata.doctorName],
    office: [metadata.officeName, metadata.name],
    activity: [metadata.title, metadata.doctorName],
    user: [metadata.email, fullName],
    campaign: [metadata.campaignName, metadata.name],
    email: [metadata.subject],
  };
  const candidates = [
    ...((isAuditEntityType(entry.entityType) ? byKind[entry.entityType] : undefined) ?? []),
    metadata.name,
    metadata.doctorName,
    metadata.officeName,
    metadata.title,
    metadata.campaignName,
    metadata.subject,
    fullName,
    metadata.email,
  ];
  for (const candidate of candidates) {
    const name = text(candidate);
    if (name !== null) return name;
  }
  return null;
}

/** One field of a change: its value before and after, and whether it moved. */
export type FieldChange = { field: string; before: unknown; after: unknown; changed: boolean };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The three shapes of spec 001 §3 as one list of fields: `{previous, new}` objects (a creation has no
 * previous, a deletion no new), per-field `{field: {before, after}}`, and `{newFolder}` (a message moved).
 * Anything else shows each key as a new value.
 */
export function fieldChanges(changes: LogChanges | null): FieldChange[] {
  if (changes === null) return [];
  const keys = Object.keys(changes);
  if (keys.length > 0 && keys.every((key) => key === 'previous' || key === 'new')) {
    const before = isObject(changes.previous) ? changes.previous : null;
    const after = isObject(changes.new) ? changes.new : null;
    const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
    return fields.map((field) => {
      const change = { field, before: before?.[field], after: after?.[field] };
      return { ...change, changed: !same(change.before, change.after) };
    });
  }
  if (
    keys.length > 0 &&
    keys.every((key) => isObject(changes[key]) && ('before' in changes[key] || 'after' in changes[key]))
  ) {
    return keys.map((field) => {
      const change = changes[field] as { before?: unknown; after?: unknown };
      return { field, before: change.before, after: change.after, changed: !same(change.before, change.after) };
    });
  }
  if ('newFolder' in changes) {
    return [{ field: 'folder', before: changes.previousFolder, after: changes.newFolder, changed: true }];
  }
  return keys.map((field) => ({ field, before: undefined, after: changes[field], changed: true }));
}

/** Whether the entry recorded anything about what changed: the view-changes button shows then. */
export const hasChanges = (entry: Pick<LogEntry, 'changes'>): boolean => fieldChanges(entry.changes).length > 0;
