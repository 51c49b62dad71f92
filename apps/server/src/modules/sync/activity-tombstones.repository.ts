import type { Db } from '#server/db/database.ts';
import type { ActivityTombstonesTable } from '#server/db/schema.ts';
import type { SyncCursor } from './sync.mapper.ts';

/** Deleted activities, so that a device pulling changes since a cursor drops them (decision 0020). */
export class ActivityTombstonesRepository {
  /** Written in the deletion's transaction; an id deleted, made again and deleted again keeps its last time. */
  async record(db: Db, row: ActivityTombstonesTable): Promise<void> {
    await db
      .insertInto('activity_tombstones')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ deleted_at: row.deleted_at }))
      .execute();
  }

  /** The owner's deletions after the cursor, oldest first, on (owner_id, deleted_at, id). */
  after(db: Db, ownerId: string, cursor: SyncCursor | null, limit: number) {
    let query = db.selectFrom('activity_tombstones').select(['id', 'deleted_at']).where('owner_id', '=', ownerId);
    if (cursor) {
      // After (time, id), written so that both planners read a range of the index from the cursor's time.
      query = query
        .where('deleted_at', '>=', cursor.at)
        .where((eb) => eb.or([eb('deleted_at', '>', cursor.at), eb('id', '>', cursor.id)]));
    }
    return query.orderBy('deleted_at').orderBy('id').limit(limit).execute();
  }
}
