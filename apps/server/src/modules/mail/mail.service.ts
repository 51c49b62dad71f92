import { z } from 'zod';
import type { Config } from '#server/config.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { MailStatus, MailStream } from '#server/db/schema.ts';
import type { MailOutboxRepository } from './mail-outbox.repository.ts';

/** Neither a header nor the subject may carry a line break: it would start a header of its own (SMTP injection). */
const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), { error: 'must be a single line' });

/** A header name as RFC 5322 allows it (printable characters but the colon). */
const headerName = z.string().regex(/^[\x21-\x39\x3b-\x7e]+$/, { error: 'not a header name' });

/**
 * One outgoing message, as a feature hands it to the mail service (the contract of docs/decisions/0027).
 * Bodies are final: HTML is sanitised and merge fields escaped by the feature that builds it.
 */
export const OutgoingMail = z.object({
  /** What the message is, by feature: 'user.invitation', 'auth.password_reset', 'campaign.message'… */
  kind: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/),
  /** One recipient per message: a campaign enqueues one message per doctor. */
  to: z.email().max(254),
  subject: oneLine(998),
  /** The plain-text part, always present (clients without HTML, and the server log without SMTP_URL). */
  text: z.string().max(1_000_000),
  html: z.string().max(5_000_000).nullish(),
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post for campaigns. */
  headers: z.record(headerName, oneLine(2000)).optional(),
  /** The sender; MAIL_FROM when absent. */
  from: oneLine(320).optional(),
  replyTo: z.email().optional(),
  /** transactional (default): at once; bulk: paced at MAIL_BULK_PER_MINUTE across every server process. */
  stream: z.enum(['transactional', 'bulk']).default('transactional'),
  /** What the message belongs to ('campaign:<id>'), to count its messages by state with `countsByRef`. */
  ref: z.string().max(200).nullish(),
  /** The bodies carry a secret (a sign-in link): they are blanked in the outbox once the message has gone. */
  confidential: z.boolean().default(false),
});
export type OutgoingMail = z.input<typeof OutgoingMail>;

/** Whether messages reach an SMTP server, or are only kept and written to the server log (no SMTP_URL). */
export type MailDeliveryMode = 'smtp' | 'log';

/** Something that sends what is due when told to (the delivery job, once started). */
export type MailWaker = { wake(): void };

type MailServiceDeps = { db: Db; outbox: MailOutboxRepository; config: Config; clock: Clock };

/**
 * The one way the product sends e-mail. A feature enqueues its message in the transaction of what causes it
 * (nothing is sent if that rolls back, nothing is lost once it commits) and calls `wake()` after the commit;
 * the delivery job (jobs/mail-delivery.ts) sends it, retries it, and never sends it twice.
 */
export class MailService {
  private waker: MailWaker | null = null;

  constructor(private readonly deps: MailServiceDeps) {}

  get deliveryMode(): MailDeliveryMode {
    return this.deps.config.smtpUrl ? 'smtp' : 'log';
  }

  /** Stores the message with `db`, the caller's transaction; answers its id. Throws on a malformed message. */
  async enqueue(db: Db, mail: OutgoingMail): Promise<string> {
    const id = await this.store(db, mail, null);
    if (id === null) throw new Error('a message without a once-key was refused by the outbox');
    return id;
  }

  /**
   * As `enqueue`, for a message that must go once for `onceKey` ('campaign-recipient:<id>'): null, and nothing
   * stored, when a message with that key is already in the outbox (on PostgreSQL, once its transaction committed).
   */
  enqueueOnce(db: Db, mail: OutgoingMail, onceKey: string): Promise<string | null> {
    return this.store(db, mail, onceKey);
  }

  private async store(db: Db, mail: OutgoingMail, onceKey: string | null): Promise<string | null> {
    const message = OutgoingMail.parse(mail);
    const id = newId();
    const now = isoNow(this.deps.clock);
    const inserted = await this.deps.outbox.insert(db, {
      id,
      kind: message.kind,
      stream: message.stream satisfies MailStream,
      ref: message.ref ?? null,
      once_key: onceKey,
      from_address: message.from ?? null,
      reply_to: message.replyTo ?? null,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      headers: message.headers && Object.keys(message.headers).length > 0 ? JSON.stringify(message.headers) : null,
      confidential: message.confidential ? 1 : 0,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    });
    return inserted ? id : null;
  }

  /** Call after the commit of a transaction that enqueued: sends now rather than at the next poll. */
  wake(): void {
    this.waker?.wake();
  }

  /** How many messages of a reference are pending, sent, logged or failed. */
  async countsByRef(ref: string): Promise<Record<MailStatus, number>> {
    const counts: Record<MailStatus, number> = { pending: 0, sent: 0, logged: 0, failed: 0 };
    for (const { status, count } of await this.deps.outbox.countsByRef(this.deps.db, ref)) counts[status] = count;
    return counts;
  }

  /** The delivery job registers itself here when it starts (buildApp), and unregisters when it stops. */
  setWaker(waker: MailWaker | null): void {
    this.waker = waker;
  }
}
