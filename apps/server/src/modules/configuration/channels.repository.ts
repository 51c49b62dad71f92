import type { Channel } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import type { ChannelsTable } from '#server/db/schema.ts';

const channelColumns = [
  'id',
  'name',
  'description',
  'color',
  'active',
  'is_time_off',
  'needs_budget_approval',
] as const;

type ChannelRow = Pick<ChannelsTable, (typeof channelColumns)[number]>;

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    active: row.active === 1,
    isTimeOff: row.is_time_off === 1,
    needsBudgetApproval: row.needs_budget_approval === 1,
  };
}

export class ChannelsRepository {
  constructor(private readonly db: Db) {}

  /** In their configured order: the first one is the activity form's default (spec 001 §9). */
  async listActive(): Promise<Channel[]> {
    const rows = await this.db
      .selectFrom('channels')
      .select(channelColumns)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('name')
      .execute();
    return rows.map(toChannel);
  }

  async findById(id: string, db: Db = this.db): Promise<Channel | undefined> {
    const row = await db.selectFrom('channels').select(channelColumns).where('id', '=', id).executeTakeFirst();
    return row && toChannel(row);
  }
}
