import type { GoalCheck } from './activities.ts';

/** The directory scenarios' names, as the report and the goal checks know them. */
export const DIRECTORY_SCENARIOS = {
  session: 'GET /api/auth/me (session check)',
  search: 'GET /api/doctors/search (1-12 typed chars)',
  doctor: 'GET /api/doctors/{id}',
  office: 'GET /api/offices/{id}',
  specialty: 'GET /api/offices?specialty (filter, page 1)',
  officeDoctors: 'GET /api/offices/{id}/doctors',
} as const;

type Result = {
  name: string;
  serverP95: number;
  pacedP95: number;
  aloneP95: number;
  cpuMicrosPerRequest: number;
};

const RSS_GOAL_MB = 300;

/**
 * Issue 3's goals on one engine's results. Judged as the activity goals are: latency under load (the
 * strictest figure), throughput against the trivial route. Beside each, the figures it is not judged on:
 * the paced and lone latencies, and the throughput against the session check, the cheapest route that
 * authenticates as every directory route must.
 */
export function checkDirectoryGoals(
  engine: string,
  results: readonly Result[],
  trivialCpu: number,
  rssMb: number,
): GoalCheck[] {
  const find = (name: string) => results.find((result) => result.name === name);
  const session = find(DIRECTORY_SCENARIOS.session);
  const searchP95 = engine === 'sqlite' ? 5 : 10;
  const checks: GoalCheck[] = [];
  const latency = (name: string, goalMs: number) => {
    const result = find(name);
    if (!result) return;
    checks.push({
      goal: `${name}: p95 ≤ ${goalMs} ms`,
      value: `${result.serverP95.toFixed(2)} ms (paced ${result.pacedP95.toFixed(2)}, alone ${result.aloneP95.toFixed(2)})`,
      met: result.serverP95 <= goalMs,
    });
  };
  const throughput = (name: string, goal: number) => {
    const result = find(name);
    if (!result) return;
    const ratio = trivialCpu / result.cpuMicrosPerRequest;
    const toSession = session
      ? `; to the session check ${(session.cpuMicrosPerRequest / result.cpuMicrosPerRequest).toFixed(2)}`
      : '';
    checks.push({
      goal: `${name}: throughput ≥ ${goal} of the trivial route`,
      value: `${ratio.toFixed(2)} (${result.cpuMicrosPerRequest.toFixed(0)} ÷ ${trivialCpu.toFixed(0)} µs of CPU${toSession})`,
      met: ratio >= goal,
    });
  };
  latency(DIRECTORY_SCENARIOS.search, searchP95);
  throughput(DIRECTORY_SCENARIOS.search, 0.15);
  throughput(DIRECTORY_SCENARIOS.doctor, 0.5);
  throughput(DIRECTORY_SCENARIOS.office, 0.5);
  latency(DIRECTORY_SCENARIOS.specialty, 10);
  latency(DIRECTORY_SCENARIOS.officeDoctors, 10);
  checks.push({
    goal: `server RSS through the directory scenarios ≤ ${RSS_GOAL_MB} MB`,
    value: `${rssMb.toFixed(0)} MB`,
    met: rssMb <= RSS_GOAL_MB,
  });
  return checks;
}
