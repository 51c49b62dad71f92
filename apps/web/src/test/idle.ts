import { vi } from 'vitest';

type IdleWindow = { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };

/** A browser with requestIdleCallback, whose idle moments the test decides. */
export function stubIdleCallbacks() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const request = vi.fn((callback: () => void, _options?: IdleRequestOptions) => {
    next += 1;
    pending.set(next, callback);
    return next;
  });
  Object.assign(window, {
    requestIdleCallback: request,
    cancelIdleCallback: (handle: number) => pending.delete(handle),
  });
  const becomeIdle = () => {
    for (const [handle, callback] of pending) {
      pending.delete(handle);
      callback();
    }
  };
  return { request, becomeIdle, pending };
}

/** Takes requestIdleCallback away again (the browsers without it, as jsdom is). */
export function removeIdleCallbacks(): void {
  delete (window as IdleWindow).requestIdleCallback;
  delete (window as IdleWindow).cancelIdleCallback;
}
