import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CurrentPlanResult, type CycleList, DEMO_PASSWORD } from '@crm/shared';
import { createDemoAccounts } from '#server/demo/demo-accounts.ts';
import { seedDemoActivities } from '#server/demo/activities/seed-activities.ts';
import { seedDemoDirectory } from '#server/demo/seed-demo.ts';
import { callerFor } from '#server/test/callers.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { seedDemoCycles } from './seed-cycles.ts';

const NOW = new Date('2026-05-20T09:00:00.000Z');

// SQLite only: the demo data is written through the same repository on both engines, which the cycles tests
// prove; this checks what the demo shows.
describe('the demo cycle plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { clock: steppingClock(NOW) });
    await createDemoAccounts(t.database.db);
    await seedDemoDirectory(t.database.db);
    await seedDemoActivities(t.database.db, NOW);
    await seedDemoCycles(t.database.db, NOW);
  });
  afterAll(() => t.close());

  it('gives the demo rep a plan in the current quarter, and the next one planned', async () => {
    const rep = await callerFor(t, { email: 'rep@demo-crm.fr', password: DEMO_PASSWORD });
    const { body: list } = await rep('GET', '/api/cycles');
    expect(
      (list as CycleList).cycles.map(({ name, status, startDate, endDate }) => ({ name, status, startDate, endDate })),
    ).toEqual([
      { name: 'T3 2026', status: 'planned', startDate: '2026-07-01', endDate: '2026-09-30' },
      { name: 'T2 2026', status: 'in_progress', startDate: '2026-04-01', endDate: '2026-06-30' },
    ]);
    const { body } = await rep('GET', '/api/cycles/current/plan');
    const plan = (body as CurrentPlanResult).plan;
    expect(plan?.cycle.name).toBe('T2 2026');
    expect(plan?.targets).toHaveLength(60);
    expect(plan?.attainment).toBeGreaterThan(0);
    expect(new Set(plan?.targets.map((target) => target.pace)).size).toBeGreaterThan(1);
  });
});
