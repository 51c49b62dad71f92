import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ChannelsTable } from '#server/db/schema.ts';
import type { ChannelRow } from './configuration.mapper.ts';

const channelColumns = [
  'id',
  'name',
  'description',
  'color',
  'active',
  'is_time_off',
  'needs_budget_approval',
] as const satisfies readonly (keyof ChannelRow)[];

export class ChannelsRepository {
  /** In their configured order: the first one is the activity form's default (spec 001 §9). */
  listActive(db: Db): Promise<ChannelRow[]> {
    return db
      .selectFrom('channels')
      .select(channelColumns)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('name')
      .execute();
  }

  /** Every channel, active or not, in their configured order. */
  listAll(db: Db): Promise<ChannelRow[]> {
    return db.selectFrom('channels').select(channelColumns).orderBy('position').orderBy('name').execute();
  }

  findById(db: Db, id: string): Promise<ChannelRow | undefined> {
    return db.selectFrom('channels').select(channelColumns).where('id', '=', id).executeTakeFirst();
  }

  /** Another channel of the same name, whatever its case. */
  async nameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
    const row = await db
      .selectFrom('channels')
      .select('id')
      .where(sql`lower(${sql.ref('name')})`, '=', name.toLowerCase())
      .$if(exceptId !== null, (qb) => qb.where('id', '!=', exceptId ?? ''))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether any activity is on the channel. No index leads from a channel to its activities (it would
   * cost every activity write for a rare administrator's check), so a channel without any reads the whole
   * table once; one with activities stops at the first.
   */
  async hasActivities(db: Db, id: string): Promise<boolean> {
    const row = await db
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('activities').select('channel_id').where('channel_id', '=', id)).as('used'),
        eb.exists(eb.selectFrom('cycle_channels').select('channel_id').where('channel_id', '=', id)).as('counted'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.used) || Boolean(row.counted);
  }

  /** A new channel comes last in the configured order. */
  async insert(db: Db, row: Omit<ChannelsTable, 'position'>): Promise<void> {
    await db
      .insertInto('channels')
      .values((eb) => ({
        ...row,
        position: eb
          .selectFrom('channels')
          .select(sql<number>`coalesce(max(${sql.ref('position')}), -1) + 1`.as('next')),
      }))
      .execute();
  }

  async update(db: Db, id: string, patch: Omit<ChannelsTable, 'id' | 'created_at' | 'position'>): Promise<void> {
    await db.updateTable('channels').set(patch).where('id', '=', id).execute();
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('channels').where('id', '=', id).execute();
  }
}
