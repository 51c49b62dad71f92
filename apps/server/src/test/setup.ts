import { afterAll, afterEach } from 'vitest';
import { checkEveryApp, type ResponseMismatch, takeResponseMismatches } from './response-check.ts';

/*
 * Every app a test file creates checks its answers against their declared response schemas; a test whose
 * requests got an answer outside its schema fails, naming the route and the key. A setup file, run for each
 * test file: the files of a worker share their modules (decision 0054), so a module's top level runs once.
 */
const stopChecking = checkEveryApp();
afterEach(() => failOnMismatches(takeResponseMismatches()));
afterAll(() => {
  stopChecking();
  failOnMismatches(takeResponseMismatches());
});

function failOnMismatches(mismatches: ResponseMismatch[]): void {
  if (mismatches.length === 0) return;
  const lines = mismatches.map(({ route, status, problems }) => `${route} (${status}): ${problems.join('; ')}`);
  throw new Error(`answers outside their response schema:\n${[...new Set(lines)].join('\n')}`);
}
