import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@crm/shared';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { sessionId: string; userId: string };

/** HS256 JWTs whose payload is the user, as the single-sign-on return page decodes it. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  static generateSecret(): string {
    return randomBytes(48).toString('base64url');
  }

  sign(user: SessionUser, sessionId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ ...user })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setJti(sessionId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid token; null for a forged, malformed or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (!payload.jti || !payload.sub) return null;
      return { sessionId: payload.jti, userId: payload.sub };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
