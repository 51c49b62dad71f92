let sequence = 0;

/**
 * A new doctor as a client posts it (POST /api/doctors, or a queued change): a fresh RPPS number and last
 * name each call, in a range the factory's doctors (20_000_000_000 on) never reach.
 */
export function doctorInput(overrides: Partial<Record<'rpps' | 'firstName' | 'lastName', string>> = {}) {
  sequence += 1;
  return {
    rpps: String(30_000_000_000 + sequence),
    firstName: 'Xavier',
    lastName: `Testeur${sequence}`,
    primarySpecialty: 'Cardiology',
    ...overrides,
  };
}
