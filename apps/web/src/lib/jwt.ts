import { SessionUser } from '@crm/shared';

/** A JWT is three dot-separated base64url parts: header, payload, signature. */
export function isJwtShaped(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part));
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  // UTF-8, not Latin-1: names such as Hélène or Lefèvre must survive.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The token's payload, or null when the token is not a readable JWT. The signature is not checked here. */
export function decodeJwtPayload(token: string): unknown {
  if (!isJwtShaped(token)) return null;
  const payload = token.split('.')[1] ?? '';
  try {
    return JSON.parse(decodeBase64Url(payload)) as unknown;
  } catch {
    return null;
  }
}

/**
 * The token's payload is the user (DESIGN.md §6). The server may leave out the nullable fields it
 * doesn't put in the token; they are read as null until GET /api/auth/me refreshes the user.
 */
const TokenUser = SessionUser.partial({ displayName: true, firstName: true, lastName: true, managerId: true });

export function sessionUserFromToken(token: string): SessionUser | null {
  const parsed = TokenUser.safeParse(decodeJwtPayload(token));
  if (!parsed.success) return null;
  const { displayName, firstName, lastName, managerId, ...rest } = parsed.data;
  return {
    ...rest,
    displayName: displayName ?? null,
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    managerId: managerId ?? null,
  };
}
