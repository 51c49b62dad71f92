import { LoginResult } from '@crm/shared';
import { setSession } from '@/app/session';
import { apiClient } from '@/lib/api-client';
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

/**
 * Spec 000 §2: signs in with the returned token and answers where the browser goes next. The token in the
 * address is a one-time handoff (docs/decisions/0035): checked and decoded as the spec says, then exchanged,
 * by this browser and within the minute, for the session whose token and user are stored.
 */
export async function completeSsoSignIn({ token, error }: SsoCallbackParams): Promise<string> {
  if (error !== null || token === null || !isJwtShaped(token)) return SSO_FAILED_PATH;
  if (sessionUserFromToken(token) === null) return SSO_FAILED_PATH;
  try {
    const session = await apiClient.post('/auth/sso/exchange', { token }, LoginResult, { auth: false });
    setSession(session.token, session.user);
    return '/';
  } catch {
    return SSO_FAILED_PATH;
  }
}
