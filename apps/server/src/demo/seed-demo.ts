import { DEMO_ACCOUNTS } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { SESSION_LOCKS, withSessionLock } from '#server/db/session-lock.ts';
import { isoNow, systemClock } from '#server/core/clock.ts';
import { UsersRepository } from '#server/modules/users/users.repository.ts';
import { seedDemoActivities } from './activities/seed-activities.ts';
import { seedDemoConsents } from './consents/seed-consents.ts';
import { seedDemoCycles } from './cycles/seed-cycles.ts';
import { createDemoAccounts } from './demo-accounts.ts';
import { demoUsers, ensureTargets, insertDirectory } from './directory/bulk-insert.ts';
import { demoTargets } from './directory/demo-targets.ts';
import { generateDirectory } from './directory/generator.ts';
import { seedDemoMail } from './mail/seed-mail.ts';
import { seedDemoTransparency } from './transparency/seed-transparency.ts';

/** The demo directory: about 2,000 doctors in 1,400 offices, the same on every start (seeded). */
export const DEMO_DIRECTORY = { doctors: 2_000, offices: 1_400, seed: 20_261_122 } as const;
/** Share of the doctors each demo user has set a target on. */
const DEMO_TARGET_SHARE = 0.15;

/**
 * Demo data goes into an empty database only: a database with users is somebody's data. Processes starting
 * together on one PostgreSQL database seed one after the other, so the second finds the first one's users.
 */
export function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  return withSessionLock(db, SESSION_LOCKS.demoSeeding, seedIfEmpty);
}

async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await new UsersRepository().count(db)) > 0) return false;
  await createDemoAccounts(db);
  await seedDemoDirectory(db);
  // Activities visit the directory's doctors, and consents are theirs: after it.
  await seedDemoActivities(db);
  // Plans target the doctors the demo reps' calendars visit: after the activities.
  await seedDemoCycles(db);
  await seedDemoConsents(db);
  await seedDemoTransparency(db);
  await seedDemoMail(db);
  return true;
}

/** Targets, doctors, offices and the demo users' own targets on some of the doctors. */
export async function seedDemoDirectory(db: Db): Promise<void> {
  const targetNames = await ensureTargets(db, demoTargets(isoNow(systemClock)));
  const users = await demoUsers(db);
  const batches = generateDirectory({
    ...DEMO_DIRECTORY,
    userTargets: { userIds: users.map((user) => user.id), targetNames, share: DEMO_TARGET_SHARE },
    // Only accounts with readWrite edit doctors and offices.
    updatedBy: DEMO_ACCOUNTS.filter((account) => account.readWrite).map((account) => account.email),
  });
  await insertDirectory(db, batches);
}
