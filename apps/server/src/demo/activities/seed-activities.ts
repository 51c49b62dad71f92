import { DEMO_ACCOUNTS } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { Random } from '#server/demo/random.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { BENCH_PASSWORD, REPS_PER_MANAGER } from './bench-accounts.ts';
import {
  createBenchUsers,
  ensureProducts,
  existingBenchReps,
  insertActivities,
  insertActivityRows,
  loadChannels,
  loadDoctorPool,
  withoutActivityIndexes,
} from './bulk-insert.ts';
import { DEMO_PRODUCT_SHARE } from './catalogue.ts';
import type { OwnerPlan } from './activity-rows.ts';
import { generateDemoActivities } from './demo-activities.ts';
import { byTerritory, productSelection, territory } from './portfolios.ts';
import { activitiesPerRep, generateTierActivities, type TierOwner } from './tier-activities.ts';

/** The demo calendars: six months on each side of today, about 6 activities a working day per account. */
export const DEMO_ACTIVITIES = { seed: 20_261_124, days: 183, portfolio: 150 } as const;

/**
 * Budgeted events per role: representatives now and then; the manager a couple of their own (approved by
 * the demo administrator, the top of the demo hierarchy); the administrator none (nobody above to approve).
 */
const EVENT_SHARE = { demoAdmin: 0, manager: 0.01, representative: 0.04, reader: 0.04 } as const;

/**
 * The demo products, each demo account's products and every demo account's activities, in one transaction.
 * Answers the number of activities created.
 */
export function seedDemoActivities(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction().execute((trx) => seedInTransaction(trx, now));
}

async function seedInTransaction(db: Db, now: Date): Promise<number> {
  const products = await ensureProducts(db, now.toISOString());
  const channels = await loadChannels(db);
  const doctors = await loadDoctorPool(db, 20_000);
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'manager_id'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  const idOf = new Map(users.map((user) => [user.email, user]));
  const adminId = DEMO_ACCOUNTS.filter((account) => account.isAdmin)
    .map((account) => idOf.get(account.email)?.id)
    .find((id) => id !== undefined);

  const random = new Random(DEMO_ACTIVITIES.seed);
  const doctorsByTerritory = byTerritory(doctors);
  const owners: OwnerPlan[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = idOf.get(account.email);
    if (!user) continue;
    const share = DEMO_PRODUCT_SHARE[account.role];
    owners.push({
      id: user.id,
      approverId: user.manager_id ?? (account.isAdmin ? null : (adminId ?? null)),
      decidedAhead: user.manager_id === null,
      products: productSelection(products, share.offset, share.count),
      portfolio: territory(doctorsByTerritory, random.int(doctors.length), DEMO_ACTIVITIES.portfolio),
      eventShare: EVENT_SHARE[account.role],
    });
  }
  const batch = generateDemoActivities({
    seed: DEMO_ACTIVITIES.seed,
    now,
    days: DEMO_ACTIVITIES.days,
    channels,
    owners,
  });
  const assignments = owners.flatMap((owner) =>
    owner.products.map((product) => ({ user_id: owner.id, product_id: product.id })),
  );
  if (assignments.length > 0) await db.insertInto('user_products').values(assignments).execute();
  await insertActivityRows(db, batch);
  return batch.activities.length;
}

export type ActivityTierOptions = {
  /** Representatives to create (none: the tier's existing ones get the activities). */
  reps: number;
  activities: number;
  seed: number;
  /** PostgreSQL transactions in flight. */
  concurrency: number;
  /** activity_products rows (one or two products for each working activity). */
  withProducts: boolean;
  /** Keep the activity indexes during the load instead of building them after it. */
  keepIndexes: boolean;
  log: (line: string) => void;
};

/** Activities loaded between progress lines. */
const PROGRESS_EVERY = 500_000;
/** At most this many doctors are visited by the tier (a sample of a larger directory). */
const TIER_DOCTOR_POOL = 100_000;

/** The benchmark tier's accounts and activities (`npm run seed -- --reps N --activities N`). */
export async function seedActivityTier(db: Db, options: ActivityTierOptions): Promise<void> {
  const now = new Date();
  const products = await ensureProducts(db, now.toISOString());
  let owners: TierOwner[];
  if (options.reps > 0) {
    owners = await createBenchUsers(db, {
      reps: options.reps,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      products,
      now: now.toISOString(),
    });
    options.log(`created ${owners.length} representatives and ${Math.ceil(owners.length / REPS_PER_MANAGER)} managers`);
  } else {
    owners = await existingBenchReps(db, products);
  }
  if (options.activities === 0) return;
  if (owners.length === 0) throw new Error('activities need representatives: give --reps too');

  const counts = activitiesPerRep(owners.length, options.activities, options.seed);
  const doctors = await loadDoctorPool(db, TIER_DOCTOR_POOL);
  options.log(
    `adding ${options.activities.toLocaleString('en')} activities for ${owners.length} representatives ` +
      `(${Math.min(...counts)}–${Math.max(...counts)} each) with ${doctors.length.toLocaleString('en')} doctors`,
  );
  const batches = generateTierActivities({
    owners,
    counts,
    channels: await loadChannels(db),
    doctors,
    seed: options.seed,
    now,
    withProducts: options.withProducts,
  });
  let reported = 0;
  const load = () =>
    insertActivities(db, batches, {
      concurrency: options.concurrency,
      onProgress: (inserted) => {
        if (inserted - reported < PROGRESS_EVERY) return;
        reported = inserted;
        options.log(`  ${inserted.toLocaleString('en')} activities`);
      },
    });
  const inserted = options.keepIndexes
    ? await load()
    : await withoutActivityIndexes(db, load, (indexes) => {
        options.log(`  building the ${indexes} activity indexes`);
      });
  options.log(`activities: ${inserted.toLocaleString('en')} inserted, indexes built`);
}
