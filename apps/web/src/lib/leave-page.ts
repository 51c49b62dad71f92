/**
 * Leaves the app for another address (the provider's sign-in or sign-out). An object, so that tests can
 * watch it: jsdom does not navigate.
 */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};

/** Only web addresses: a provider's URL is followed, never a javascript: or data: one. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
