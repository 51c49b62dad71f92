/**
 * How far ahead of the server's clock a device may say something happened (issue 28, decision 0044). A
 * phone's clock drifts by seconds a day and is set again from the network; five minutes covers that, and the
 * server's own offset, and is the default maximum clock skew of Kerberos (MIT's `clockskew`, 300 s), which
 * refuses a ticket from a clock further off. A time in the past is never refused: a change saved offline is sent later.
 */
export const DEVICE_CLOCK_SKEW_MS = 5 * 60_000;

/** Whether a time the device gave (ISO 8601) is later than `now` by more than the allowed skew. */
export function isAheadOfClock(deviceTime: string, now: Date): boolean {
  return Date.parse(deviceTime) - now.getTime() > DEVICE_CLOCK_SKEW_MS;
}
