/**
 * A success to tell on the signed-in screen: the page that knows it (sign-in, password set) is gone, with its
 * message host, once it has navigated there. Read once.
 */
let pending: string | null = null;

export function noticeOnArrival(text: string): void {
  pending = text;
}

export function takeArrivalNotice(): string | null {
  const text = pending;
  pending = null;
  return text;
}
