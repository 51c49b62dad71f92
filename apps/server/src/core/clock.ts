/**
 * The time every service and repository reads, injected so tests can fix it or step it instead of
 * depending on the wall clock.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** The clock's time as stored: ISO 8601 UTC, which sorts as it compares. */
export const isoNow = (clock: Clock): string => clock.now().toISOString();

/** The clock's time moved by `milliseconds` (negative for the past), as stored. */
export const isoFrom = (clock: Clock, milliseconds: number): string =>
  new Date(clock.now().getTime() + milliseconds).toISOString();
