import { ACTIVITY_FORM_MOUNT_GUARD_MS } from '@crm/shared';
import { useEffect, useState, type SyntheticEvent } from 'react';

/**
 * Spec 001 §2: the form ignores what happens in its first 500 ms. A double click on a calendar slot opens
 * the form on the first click; the second would otherwise land on whatever control is now under the
 * pointer (a switch, the save button).
 */
export function useMountGuard(delayMs: number = ACTIVITY_FORM_MOUNT_GUARD_MS) {
  const [isReady, setReady] = useState(false);
  useEffect(
    function liftGuardAfterDelay() {
      const timer = setTimeout(() => {
        setReady(true);
      }, delayMs);
      return () => {
        clearTimeout(timer);
      };
    },
    [delayMs],
  );

  /** For onClickCapture and onMouseDownCapture around the form: swallows stray clicks while guarded. */
  const swallowWhileGuarded = (event: SyntheticEvent) => {
    if (isReady) return;
    event.preventDefault();
    event.stopPropagation();
  };

  return { isReady, swallowWhileGuarded };
}
