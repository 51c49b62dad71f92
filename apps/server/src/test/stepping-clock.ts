import type { Clock } from '#server/core/clock.ts';

/** A clock that stands still until the test moves it. */
export function steppingClock(start: string | Date = new Date()): Clock & { advance(milliseconds: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
