import { useEffect, useState } from 'react';

/** The current time, refreshed every intervalMs: the greeting and "in 15 minutes" move on by themselves. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(
    function tickClock() {
      const timer = window.setInterval(() => setNow(new Date()), intervalMs);
      return () => window.clearInterval(timer);
    },
    [intervalMs],
  );
  return now;
}
