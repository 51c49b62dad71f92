import { setSession } from '@/app/session';
import { isJwtShaped, sessionUserFromToken } from '@/lib/jwt';

export const SSO_CALLBACK_PATH = '/auth/callback';
export const SSO_FAILED_PATH = '/login?error=sso_failed';

export type SsoCallbackParams = { token: string | null; error: string | null };

let captured: SsoCallbackParams | null = null;

/**
 * Takes token and error out of the address bar at once (DESIGN.md §8), keeping them in memory for the
 * callback page. main.tsx calls it before the router reads the address; the page calls it again, which
 * does nothing once the address is clean.
 */
export function captureSsoCallbackParams(): void {
  if (window.location.pathname !== SSO_CALLBACK_PATH || window.location.search === '') return;
  const params = new URLSearchParams(window.location.search);
  captured = { token: params.get('token'), error: params.get('error') };
  window.history.replaceState(window.history.state, '', `${SSO_CALLBACK_PATH}${window.location.hash}`);
}

/** The captured parameters, handed out once. */
export function takeSsoCallbackParams(): SsoCallbackParams {
  captureSsoCallbackParams();
  const params = captured ?? { token: null, error: null };
  captured = null;
  return params;
}

/** Spec 000 §2: signs in with the returned token and answers where the browser goes next. */
export function completeSsoSignIn({ token, error }: SsoCallbackParams): string {
  if (error !== null || token === null || !isJwtShaped(token)) return SSO_FAILED_PATH;
  const user = sessionUserFromToken(token);
  if (user === null) return SSO_FAILED_PATH;
  setSession(token, user);
  return '/';
}
