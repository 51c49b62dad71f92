import { type GoalCheck, latencyGoal } from './activities.ts';

/** The directory scenarios' names, as the report and the goal checks know them. */
export const DIRECTORY_SCENARIOS = {
  session: 'GET /api/auth/me (session check)',
  search: 'GET /api/doctors/search (1-12 typed chars)',
  doctor: 'GET /api/doctors/{id}',
  office: 'GET /api/offices/{id}',
  specialty: 'GET /api/offices?specialty (filter, page 1)',
  officeDoctors: 'GET /api/offices/{id}/doctors',
  officeSearch: 'GET /api/offices?search (typed city and name words)',
} as const;

/**
 * Office searches as a user types them in the office list or the activity form's office picker: each office's
 * city ('p', 'pa', 'par', 'pari', 'paris'), the longest word of its name, then that word and the city.
 */
export function typedOfficeSearches(offices: readonly { name: string; city: string }[]): string[] {
  const typed = new Set<string>();
  const type = (text: string, from = 1) => {
    for (let length = from; length <= text.length; length += 1) typed.add(text.slice(0, length));
  };
  for (const office of offices) {
    const city = office.city.toLowerCase();
    const word = office.name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .reduce((longest, next) => (next.length > longest.length ? next : longest), '');
    type(city);
    type(word);
    type(`${word} ${city}`, word.length + 2);
  }
  return [...typed];
}

type Result = {
  name: string;
  serverP95: number;
  pacedP95: number;
  aloneP95: number;
  cpuMicrosPerRequest: number;
};

const RSS_GOAL_MB = 300;

/**
 * Issue 3's goals on one engine's results, judged as DESIGN §10 says: latency at the tier's paced rate and
 * alone, throughput against the session check (the cheapest route that authenticates, as every directory
 * route must). The trivial route's ratio and the latency under load are shown beside, not judged.
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
    if (result) checks.push(latencyGoal(name, result, goalMs));
  };
  const throughput = (name: string, goal: number) => {
    const result = find(name);
    if (!result || !session) return;
    const ratio = session.cpuMicrosPerRequest / result.cpuMicrosPerRequest;
    const toTrivial = (trivialCpu / result.cpuMicrosPerRequest).toFixed(2);
    checks.push({
      goal: `${name}: throughput ≥ ${goal} of the session check`,
      value: `${ratio.toFixed(2)} (${session.cpuMicrosPerRequest.toFixed(0)} ÷ ${result.cpuMicrosPerRequest.toFixed(0)} µs of CPU; to the trivial route ${toTrivial})`,
      met: ratio >= goal,
    });
  };
  latency(DIRECTORY_SCENARIOS.search, searchP95);
  latency(DIRECTORY_SCENARIOS.officeSearch, searchP95);
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
