import { useSyncExternalStore } from 'react';

/** From this width the plan's targets to schedule sit beside the calendar; below, in a drawer the rep opens. */
export const SIDE_COLUMN_QUERY = '(min-width: 1200px)';

function hasSideColumn(): boolean {
  return window.matchMedia(SIDE_COLUMN_QUERY).matches;
}

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(SIDE_COLUMN_QUERY);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

/**
 * Whether the calendar has a column beside it, from the first render: the column is there before its list
 * loads, so the calendar never changes width under the rep (FullCalendar measures itself on window resizes
 * only).
 */
export function useHasSideColumn(): boolean {
  return useSyncExternalStore(subscribeToWidth, hasSideColumn);
}
