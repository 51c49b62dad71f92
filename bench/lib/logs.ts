// The audit log's scenarios (issue 15) on a tier seeded with `npm run seed -- --audit-logs N`: page 1, a far
// page and the last page of the whole log as the demo administrator, one action's pages, and a
// representative's own entries, with the goals they are judged by (decision 0030).
import type { LogList } from '@crm/shared';
import { BENCH_PASSWORD, benchRepEmail, HEAVIEST_BENCH_REP } from '@crm/server/src/demo/activities/bench-accounts.ts';
import { type GoalCheck, latencyGoal, type Scenario } from './activities.ts';
import type { RunningServer } from './server.ts';

/** p95 server-side under this (paced and alone), and a far page at most this much slower than page 1. */
const P95_GOAL_MS = 10;
const FAR_PAGE_GOAL_RATIO = 1.5;
const PAGE_SIZE = 50;

async function signIn(server: RunningServer, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed (${response.status})`);
  const body = (await response.json()) as { token: string };
  return { authorization: `Bearer ${body.token}` };
}

async function total(server: RunningServer, headers: Record<string, string>, query: string): Promise<number> {
  const response = await fetch(`${server.url}/api/logs?page=1&limit=${PAGE_SIZE}${query}`, { headers });
  if (!response.ok) throw new Error(`/api/logs${query}: ${response.status}`);
  return ((await response.json()) as LogList).total;
}

const page = (number: number, query = '') => `/api/logs?page=${number}&limit=${PAGE_SIZE}${query}`;

export const LOG_SCENARIOS = {
  first: 'GET /api/logs page 1 (administrator, whole log)',
  far: 'GET /api/logs page 100 (administrator)',
  middle: 'GET /api/logs middle page (administrator)',
  last: 'GET /api/logs last page (administrator)',
  action: 'GET /api/logs?action=login page 1 and its middle page',
  own: 'GET /api/logs page 1 (a representative, own entries)',
} as const;

/** The scenarios, built once the tier's totals are known (the middle and last pages depend on them). */
export async function logScenarios(server: RunningServer): Promise<Scenario[]> {
  const admin = await signIn(server, 'demo@demo-crm.fr', 'Demo1234!');
  const rep = await signIn(server, benchRepEmail(HEAVIEST_BENCH_REP), BENCH_PASSWORD);
  const entries = await total(server, admin, '');
  const logins = await total(server, admin, '&action=login');
  const pages = Math.max(1, Math.ceil(entries / PAGE_SIZE));
  console.log(`audit log tier: ${entries} entries (${logins} sign-ins), ${pages} pages of ${PAGE_SIZE}`);
  if (entries < 100 * PAGE_SIZE) console.warn('the log holds fewer than 100 pages: seed it with --audit-logs');
  const middle = Math.max(1, Math.ceil(pages / 2));
  return [
    { name: LOG_SCENARIOS.first, paths: [page(1)], headers: admin, hasP95Goal: true },
    { name: LOG_SCENARIOS.far, paths: [page(Math.min(100, pages))], headers: admin, hasP95Goal: true },
    { name: LOG_SCENARIOS.middle, paths: [page(middle)], headers: admin, hasP95Goal: true },
    { name: LOG_SCENARIOS.last, paths: [page(pages)], headers: admin, hasP95Goal: true },
    {
      name: LOG_SCENARIOS.action,
      paths: [page(1, '&action=login'), page(Math.max(1, Math.ceil(logins / PAGE_SIZE / 2)), '&action=login')],
      headers: admin,
      hasP95Goal: true,
    },
    { name: LOG_SCENARIOS.own, paths: [page(1)], headers: rep, hasP95Goal: true },
  ];
}

/** Each scenario's p95 goal, and the far pages' against page 1 (paced p95). */
export function checkLogGoals(
  results: readonly { name: string; serverP95: number; pacedP95: number; aloneP95: number }[],
): GoalCheck[] {
  const checks: GoalCheck[] = [];
  for (const result of results) checks.push(latencyGoal(result.name, result, P95_GOAL_MS));
  const first = results.find((result) => result.name === LOG_SCENARIOS.first);
  for (const name of [LOG_SCENARIOS.far, LOG_SCENARIOS.middle, LOG_SCENARIOS.last]) {
    const far = results.find((result) => result.name === name);
    if (!first || !far) continue;
    const ratio = far.pacedP95 / Math.max(first.pacedP95, 0.001);
    checks.push({
      goal: `${name}: paced p95 ≤ ${FAR_PAGE_GOAL_RATIO}× page 1's`,
      value: `${far.pacedP95.toFixed(2)} ms ÷ ${first.pacedP95.toFixed(2)} ms = ${ratio.toFixed(2)}×`,
      met: ratio <= FAR_PAGE_GOAL_RATIO,
    });
  }
  return checks;
}
