import { type Kysely, sql } from 'kysely';
import { idType } from '#server/db/dialect.ts';

/**
 * Cycle plans (issue 33, decision 0058): cycles and the channels each counts with their weight, one plan per
 * rep and cycle, and its goals per target doctor and channel. No count is stored: they are computed from the
 * activities when read, through the covering index below.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);

  await db.schema
    .createTable('cycles')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // Paris calendar days, YYYY-MM-DD, first and last included.
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('grace_period_days', 'integer', (c) => c.notNull())
    .addColumn('over_threshold_percent', 'integer', (c) => c.notNull())
    .addColumn('under_threshold_percent', 'integer', (c) => c.notNull())
    .addColumn('reps_may_edit_goals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cycle_channels')
    .addColumn('cycle_id', id, (c) => c.notNull().references('cycles.id').onDelete('cascade'))
    // A channel a cycle counts cannot be deleted (the configuration says it is in use).
    .addColumn('channel_id', id, (c) => c.notNull().references('channels.id'))
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cycle_channels_pk', ['cycle_id', 'channel_id'])
    .execute();

  await db.schema
    .createTable('cycle_plans')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('cycle_id', id, (c) => c.notNull().references('cycles.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cycle_plans_cycle_user_key', ['cycle_id', 'user_id'])
    .execute();
  await db.schema.createIndex('cycle_plans_user_idx').on('cycle_plans').column('user_id').execute();

  // No foreign key to the doctor, as for activities: a doctor removed from the directory leaves the plan's
  // history readable. None to the channel either: a goal on a channel the cycle no longer counts is ignored.
  await db.schema
    .createTable('cycle_plan_goals')
    .addColumn('plan_id', id, (c) => c.notNull().references('cycle_plans.id').onDelete('cascade'))
    .addColumn('doctor_id', id, (c) => c.notNull())
    .addColumn('channel_id', id, (c) => c.notNull())
    .addColumn('goal', 'integer', (c) => c.notNull())
    .addColumn('cap', 'integer')
    .addPrimaryKeyConstraint('cycle_plan_goals_pk', ['plan_id', 'doctor_id', 'channel_id'])
    .execute();

  // A rep's activities with a doctor in a cycle's days, with all a count reads: the plan is counted from the
  // index alone, without a table row per activity.
  await db.schema
    .createIndex('activities_owner_start_counts_idx')
    .on('activities')
    .columns(['owner_id', 'start_at', 'doctor_id', 'channel_id', 'done', 'done_at'])
    .where(sql.ref('doctor_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activities_owner_start_counts_idx').execute();
  for (const table of ['cycle_plan_goals', 'cycle_plans', 'cycle_channels', 'cycles']) {
    await db.schema.dropTable(table).execute();
  }
}
