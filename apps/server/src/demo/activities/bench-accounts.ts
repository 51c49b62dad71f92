/**
 * The accounts of a benchmark tier (`npm run seed -- --reps N`), named so that the benchmark can sign in
 * without asking the database. No imports: bench/run.ts reads this file too.
 */

/** Every tier account's password (one argon2id hash computed once for all of them). */
export const BENCH_PASSWORD = 'Bench1234!';
export const BENCH_EMAIL_DOMAIN = 'bench-crm.fr';
/** Each manager has ten representatives: rep00001–rep00010 report to manager0001, and so on. */
export const REPS_PER_MANAGER = 10;
/** The heaviest representative (4× the base weight, see activitiesPerRep) and a typical one (1×). */
export const HEAVIEST_BENCH_REP = 1;
export const TYPICAL_BENCH_REP = 2;

/** rep00001@bench-crm.fr, 1-based. */
export const benchRepEmail = (number: number): string => `rep${String(number).padStart(5, '0')}@${BENCH_EMAIL_DOMAIN}`;

/** manager0001@bench-crm.fr, 1-based. */
export const benchManagerEmail = (number: number): string =>
  `manager${String(number).padStart(4, '0')}@${BENCH_EMAIL_DOMAIN}`;

/** The manager (1-based) of a representative (1-based). */
export const benchManagerOf = (repNumber: number): number => Math.ceil(repNumber / REPS_PER_MANAGER);
