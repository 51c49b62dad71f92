import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of one campaign message (security research A23): the recipient row's id and an HMAC
 * of it under a secret only the server holds. Changing the id, or forging a link for another doctor, fails
 * the check; nothing else in the link is trusted.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  static generateSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  token(recipientId: string): string {
    return `${recipientId}.${this.mac(recipientId)}`;
  }

  url(recipientId: string): string {
    return `${this.publicUrl}/unsubscribe?token=${encodeURIComponent(this.token(recipientId))}`;
  }

  /** The recipient id a genuine token names; null for anything else. */
  recipientOf(token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = token.slice(0, dot);
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.mac(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(recipientId: string): string {
    return createHmac('sha256', this.secret).update(`unsubscribe:${recipientId}`).digest('base64url');
  }
}
