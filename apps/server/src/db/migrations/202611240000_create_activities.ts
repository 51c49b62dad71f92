import { type Kysely, sql } from 'kysely';
import { idType } from '#server/db/dialect.ts';
import { newId } from '#server/db/ids.ts';

/** The channels every installation starts with (spec 001 §§3, 9); the configuration screens change them. */
const KNOWN_CHANNELS = [
  { name: 'Face to face', color: '#52c41a', is_time_off: 0, needs_budget_approval: 0 },
  { name: 'Email', color: '#722ed1', is_time_off: 0, needs_budget_approval: 0 },
  { name: 'Call', color: '#1677ff', is_time_off: 0, needs_budget_approval: 0 },
  { name: 'Video', color: '#f5222d', is_time_off: 0, needs_budget_approval: 0 },
  { name: 'Event', color: '#fa8c16', is_time_off: 0, needs_budget_approval: 1 },
  { name: 'Time-off', color: '#8c8c8c', is_time_off: 1, needs_budget_approval: 0 },
] as const;

/**
 * Activities, channels, products and the idempotency keys of DESIGN.md §6 (docs/decisions/0008).
 * Status is derived from start_at and done, never stored; budgets are integer cents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);

  await db.schema
    .createTable('channels')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#1890ff'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_time_off', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_budget_approval', 'integer', (c) => c.notNull().defaultTo(0))
    // Keeps "the first active channel" (the form's default) stable.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .withTables<{ channels: Record<string, unknown> }>()
    .insertInto('channels')
    .values(
      KNOWN_CHANNELS.map((channel, position) => ({
        id: newId(),
        ...channel,
        description: null,
        active: 1,
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_products')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', id, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_products_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('user_products_product_idx').on('user_products').column('product_id').execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', id, (c) => c.notNull().references('channels.id'))
    .addColumn('title', 'text')
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'integer')
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('address', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('city', 'text')
    .addColumn('office_phone', 'text')
    .addColumn('office_email', 'text')
    // No foreign keys to the directory: deleting a doctor or an office must not erase the visit history.
    .addColumn('office_id', id)
    .addColumn('doctor_id', id)
    .addColumn('doctor_name', 'text')
    .addColumn('precall_objectives', 'text')
    .addColumn('call_notes', 'text')
    .addColumn('next_call_objectives', 'text')
    .addColumn('budget_cents', 'integer')
    .addColumn('approval_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('approved_by', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    .addColumn('approval_notes', 'text')
    .addColumn('acknowledge_rules', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The calendar's range fetch: one owner's rows in start order.
  await db.schema
    .createIndex('activities_owner_start_idx')
    .on('activities')
    .columns(['owner_id', 'start_at', 'id'])
    .execute();
  // Status pages and counts: upcoming and incomplete are done = 0 on either side of now.
  await db.schema
    .createIndex('activities_owner_done_start_idx')
    .on('activities')
    .columns(['owner_id', 'done', 'start_at', 'id'])
    .execute();
  await db.schema
    .createIndex('activities_waiting_idx')
    .on('activities')
    .columns(['owner_id', 'start_at', 'id'])
    .where(sql.ref('approval_status'), '=', 'waiting_approval')
    .execute();
  await db.schema.createIndex('activities_doctor_idx').on('activities').columns(['doctor_id', 'start_at']).execute();

  await db.schema
    .createTable('activity_products')
    .addColumn('activity_id', id, (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('product_id', id, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('activity_products_pk', ['activity_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('activity_attendees')
    .addColumn('activity_id', id, (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('doctor_id', id, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_attendees_pk', ['activity_id', 'doctor_id'])
    .execute();

  // DESIGN.md §6: a replayed write answers what the first one answered.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'activity_attendees',
    'activity_products',
    'activities',
    'user_products',
    'products',
    'channels',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
