import { z } from 'zod';
import { limitParam, pageParam } from '../common/paging.ts';
import type { AuditAction, AuditEntityType } from './audit-kinds.ts';

/** Spec 001 §9: the log's default page size, among the lists' sizes (10, 20, 50, 100). */
export const LOG_PAGE_SIZE = 50;
/** Spec 001 §9: the view-changes modal's width, in pixels. */
export const CHANGES_MODAL_WIDTH = 800;
/** The action and entity type of the entry that clearing the log leaves behind (spec 001 §6). */
export const LOG_CLEAR_ACTION = 'clear' as const satisfies AuditAction;
export const LOG_ENTITY_TYPE = 'audit_log' as const satisfies AuditEntityType;

const filterWord = () => z.string().trim().min(1).max(64).optional();
const instant = () =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'validation.invalid' })
    .transform((value) => new Date(value).toISOString())
    .optional();

/**
 * GET /api/logs?page&limit (spec 001 §7), newest first, with the filters an administrator needs: action,
 * entity type, user, and a period [startDate, endDate) of instants.
 */
export const LogListQuery = z
  .object({
    page: pageParam(),
    limit: limitParam(LOG_PAGE_SIZE),
    action: filterWord(),
    entityType: filterWord(),
    userId: z.uuid({ error: 'validation.id' }).optional(),
    startDate: instant(),
    endDate: instant(),
  })
  .refine((query) => !query.startDate || !query.endDate || query.startDate < query.endDate, {
    error: 'validation.dateRange',
    path: ['endDate'],
  });
export type LogListQuery = z.input<typeof LogListQuery>;
export type LogListFilter = Omit<z.output<typeof LogListQuery>, 'page' | 'limit'>;

/**
 * What a change recorded: `{previous, new}` objects (creations, deletions, wholesale changes), per-field
 * `{field: {before, after}}`, or `{newFolder}` (a message moved). Kept as written (spec 001 §3).
 */
export const LogChanges = z.record(z.string(), z.unknown());
export type LogChanges = z.infer<typeof LogChanges>;

/** One entry of the audit log (spec 001 §3). `user` is who acted, as recorded then; null for the system. */
export const LogEntry = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  changes: LogChanges.nullable(),
  createdAt: z.string(),
  user: z.object({ id: z.string().nullable(), email: z.string() }).nullable(),
});
export type LogEntry = z.infer<typeof LogEntry>;

/** GET /api/logs: the page and the total the filters match. */
export const LogList = z.object({ logs: z.array(LogEntry), total: z.number().int() });
export type LogList = z.infer<typeof LogList>;

/** GET /api/logs/filters: the values the caller's filters can take, from the entries they may read. */
export const LogFilterOptions = z.object({
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
  users: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type LogFilterOptions = z.infer<typeof LogFilterOptions>;

/** DELETE /api/logs: how many entries were cleared (the clearing's own entry stays). */
export const LogClearResult = z.object({ deleted: z.number().int() });
export type LogClearResult = z.infer<typeof LogClearResult>;
