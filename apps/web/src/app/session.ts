import { CurrentUser, SessionUser } from '@crm/shared';
import { useSyncExternalStore } from 'react';

/** Local storage keys of the signed-in session (spec 000 §7: the bearer token is held in local storage). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

/**
 * The signed-in user as stored: the sign-in's answer, then GET /api/auth/me's, which adds the managees
 * (unknown until it has answered once; kept for offline use).
 */
const StoredUser = SessionUser.extend({ managees: CurrentUser.shape.managees.optional() });
export type StoredUser = SessionUser & { managees?: CurrentUser['managees'] };

export type Session = {
  token: string | null;
  user: StoredUser | null;
  isAuthenticated: boolean;
};

const SIGNED_OUT: Session = { token: null, user: null, isAuthenticated: false };

function readStoredSession(): Session {
  try {
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    const rawUser = localStorage.getItem(USER_STORAGE_KEY);
    if (token === null || rawUser === null) return SIGNED_OUT;
    const user = StoredUser.safeParse(JSON.parse(rawUser));
    // A damaged or outdated stored user is a signed-out session, not a crash.
    return user.success ? { token, user: user.data, isAuthenticated: true } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

let current = readStoredSession();
const listeners = new Set<() => void>();
/** Who was signed in when the server ended the session (a 401), for the login page to say so. */
let endedBy401: string | null = null;

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The e-mail of the user whose session the server ended (a 401), until someone signs in; null otherwise. */
export function getEndedSessionEmail(): string | null {
  return endedBy401;
}

export function getSession(): Session {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(token: string, user: StoredUser): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage full or forbidden: the session still works until the page is reloaded.
  }
  endedBy401 = null;
  publish({ token, user, isAuthenticated: true });
}

/** Refreshes the stored user (GET /api/auth/me) without touching the token. */
export function updateSessionUser(user: StoredUser): void {
  if (current.token === null) return;
  setSession(current.token, user);
}

/**
 * Ends the session on the device. `expired`: the server refused its token (spec 000 §4: any 401), rather than
 * the user logging out; the login page then asks them to sign in again.
 */
export function clearSession(reason?: 'expired'): void {
  if (reason === 'expired' && current.user !== null) endedBy401 = current.user.email;
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  if (current !== SIGNED_OUT) publish(SIGNED_OUT);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

// Signing in or out in another tab applies here too, so two tabs never act as different users.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) {
    publish(readStoredSession());
  }
});
