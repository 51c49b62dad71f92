import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { SessionUser } from '@crm/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '#server/core/clock.ts';

export type TokenClaims = { sessionId: string; userId: string };

/** The claims of a single-sign-on handoff token (docs/decisions/0035). */
export type HandoffClaims = { handoffId: string; userId: string };

// Distinct types keep one kind of token from passing for the other (ASVS 9.2.2).
const SESSION_TYP = 'JWT';
const HANDOFF_TYP = 'sso-handoff+jwt';
const HANDOFF_AUDIENCE = 'sso-handoff';

const VERIFIED_CACHE_SIZE = 10_000;

/** HS256 JWTs whose payload is the user, as the single-sign-on return page decodes it. */
export class TokenService {
  /*
   * A valid signature stays valid, so each process remembers the tokens it has verified (bounded, and
   * still checking expiry). Revocation is not cached: the session row is read on every request.
   */
  private readonly verified = new Map<string, TokenClaims & { expiresAt: number }>();

  // A KeyObject lets jose use Node's HMAC directly instead of importing the key on every call.
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  static generateSecret(): string {
    return randomBytes(48).toString('base64url');
  }

  sign(user: SessionUser, sessionId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ ...user })
      .setProtectedHeader({ alg: 'HS256', typ: SESSION_TYP })
      .setSubject(user.id)
      .setJti(sessionId)
      .setIssuedAt(this.clock.now())
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid token; null for a forged, malformed or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > now.getTime()) return { sessionId: known.sessionId, userId: known.userId };
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        typ: SESSION_TYP,
        currentDate: now,
      });
      if (!payload.jti || !payload.sub || !payload.exp) return null;
      const claims = { sessionId: payload.jti, userId: payload.sub };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { ...claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /**
   * The one-time token the single-sign-on callback puts in the address: shaped like a session token (its
   * payload is the user, as the callback page decodes it) but typed and addressed so that it is no bearer.
   */
  signHandoff(user: SessionUser, handoffId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ ...user })
      .setProtectedHeader({ alg: 'HS256', typ: HANDOFF_TYP })
      .setSubject(user.id)
      .setJti(handoffId)
      .setAudience(HANDOFF_AUDIENCE)
      .setIssuedAt(this.clock.now())
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verifyHandoff(token: string): Promise<HandoffClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        typ: HANDOFF_TYP,
        audience: HANDOFF_AUDIENCE,
        currentDate: this.clock.now(),
      });
      if (!payload.jti || !payload.sub) return null;
      return { handoffId: payload.jti, userId: payload.sub };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
