import { useEffect, useState } from 'react';

/** Search boxes ask the server once typing pauses, not at every keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value as it was once it stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(
    function settleAfterDelay() {
      const timer = setTimeout(() => {
        setDebounced(value);
      }, delayMs);
      return () => {
        clearTimeout(timer);
      };
    },
    [value, delayMs],
  );
  return debounced;
}
