import { uuidField } from '@crm/shared';
import { validationError } from '#server/core/app-error.ts';

/**
 * Where a pull stopped: the change time and id of the last row it answered. The pages of a first pull, which
 * read the calendar's window only, carry when that pull began (`firstPullAt`): its last page answers a cursor
 * from then, so that what changed while it was paging comes in the next pull.
 */
export type SyncCursor = { at: string; id: string; firstPullAt?: string };

/** Before every id (ids are UUIDs on both engines): a cursor at a time rather than at a row. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** Opaque to the client: it only hands back what it was given. */
export const encodeCursor = ({ at, id, firstPullAt }: SyncCursor): string =>
  Buffer.from(JSON.stringify(firstPullAt === undefined ? [at, id] : [at, id, firstPullAt])).toString('base64url');

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function decodeCursor(since: string | undefined): SyncCursor | null {
  if (since === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(since, 'base64url').toString('utf8'));
    if (Array.isArray(value) && (value.length === 2 || value.length === 3)) {
      const [at, id, firstPullAt] = value as unknown[];
      const valid =
        isTime(at) && uuidField().safeParse(id).success && (firstPullAt === undefined || isTime(firstPullAt));
      if (valid) return { at, id: id as string, ...(isTime(firstPullAt) && { firstPullAt }) };
    }
  } catch {
    // Not JSON: refused below like any other malformed cursor.
  }
  throw validationError({ since: 'validation.invalid' });
}

/** Orders change stamps as the cursor does: by time, then id. */
export const compareStamps = (a: SyncCursor, b: SyncCursor): number =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
