import { useSyncExternalStore } from 'react';

/** Below this width (phones, a narrow split screen) lists show compact rows and the calendar one day. */
export const PHONE_QUERY = '(max-width: 767px)';

export function isPhoneWidth(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

function subscribeToPhoneWidth(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

/**
 * Whether the screen is phone-sized, right from the first render (a breakpoint hook answering after an
 * effect would render a 50-row table twice), and again whenever the width crosses the breakpoint.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribeToPhoneWidth, isPhoneWidth);
}
