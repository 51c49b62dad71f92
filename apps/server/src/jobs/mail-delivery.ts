import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '#server/config.ts';
import { type Clock, isoFrom, isoNow } from '#server/core/clock.ts';
import { PollingJob } from '#server/core/polling-job.ts';
import type { Db } from '#server/db/database.ts';
import type {
  DeliveryOutcome,
  MailOutboxRepository,
  MailOutboxRow,
} from '#server/modules/mail/mail-outbox.repository.ts';
import type { MailWaker } from '#server/modules/mail/mail.service.ts';

/** How long a claim holds: longer than the SMTP timeouts below allow one message to take. */
const CLAIM_MS = 2 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** The first retry waits this long, each next one twice as long, up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** A message the SMTP server could not take for this long is marked failed: its links would have expired. */
const GIVE_UP_MS = 72 * 60 * 60_000;
/** Messages claimed at a time, per stream. */
const BATCH = 20;
/** A pass stops after this many batches, so one process never holds the loop for ever; the next poll goes on. */
const MAX_BATCHES_PER_PASS = 50;
const POLL_MS = 5_000;
const DELIVERED_RETENTION_MS = 30 * 24 * 60 * 60_000;
const CLEAN_UP_EVERY_MS = 60 * 60_000;

type MailDeliveryDeps = {
  db: Db;
  outbox: MailOutboxRepository;
  config: Config;
  clock: Clock;
  logger: FastifyBaseLogger;
};

/** Whether the SMTP server refused the message itself for good (a 5xx answer to the envelope or the data). */
function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600) return false;
  // A refused sign-in or connection is the configuration's fault, not the message's: retry once it is fixed.
  return !(typeof command === 'string' && /^(AUTH|CONN|EHLO|HELO|STARTTLS)/i.test(command));
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Sends the outbox's due messages (docs/decisions/0027). Every server process runs one; they share the work
 * through claims in the database. Transactional messages go first, bulk ones at most MAIL_BULK_PER_MINUTE
 * a minute counted across every process.
 */
export class MailDelivery extends PollingJob implements MailWaker {
  private transporter: Transporter | null = null;
  private lastCleanUp = 0;

  constructor(private readonly deps: MailDeliveryDeps) {
    super({ name: 'mail delivery', pollMs: POLL_MS, claimMs: CLAIM_MS, clock: deps.clock, logger: deps.logger });
    if (deps.config.smtpUrl) {
      this.transporter = nodemailer.createTransport({ url: deps.config.smtpUrl, ...SMTP_TIMEOUTS });
    }
  }

  protected pass(): Promise<number> {
    return this.deliverDue();
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.transporter?.close();
    this.transporter = null;
  }

  /** Claims and sends every message due now; answers how many it attempted. */
  async deliverDue(): Promise<number> {
    let attempted = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const transactional = await this.deps.outbox.dueIds(
        this.deps.db,
        'transactional',
        isoNow(this.deps.clock),
        BATCH,
      );
      for (const id of transactional) {
        const row = await this.deps.outbox.claim(
          this.deps.db,
          id,
          this.worker,
          isoNow(this.deps.clock),
          this.claimUntil(),
        );
        if (!row) continue; // another process took it
        await this.attempt(row);
        attempted += 1;
      }
      const bulk = await this.deps.outbox.claimBulkWithinPace(this.deps.db, {
        worker: this.worker,
        now: isoNow(this.deps.clock),
        until: this.claimUntil(),
        minuteAgo: isoFrom(this.deps.clock, -60_000),
        perMinute: this.deps.config.mailBulkPerMinute,
        limit: BATCH,
      });
      for (const row of bulk) {
        // Claimed with the batch: the attempts before this one may have outlasted its claim (a slow SMTP server).
        const kept = await this.renew(
          (worker, until) => this.deps.outbox.renewClaim(this.deps.db, row.id, worker, until),
          {
            mailId: row.id,
          },
        );
        if (!kept) continue;
        await this.attempt(row);
        attempted += 1;
      }
      if (transactional.length === 0 && bulk.length === 0) break;
    }
    await this.cleanUp();
    return attempted;
  }

  private async attempt(row: MailOutboxRow): Promise<void> {
    const attempts = row.attempts + 1;
    const outcome = await this.send(row, attempts);
    const stillMine = await this.deps.outbox.finish(this.deps.db, row.id, this.worker, attempts, outcome);
    if (!stillMine) {
      this.deps.logger.warn({ mailId: row.id }, 'mail claim ran out before its attempt ended');
    }
  }

  private async send(row: MailOutboxRow, attempts: number): Promise<DeliveryOutcome> {
    const eraseBodies = row.confidential === 1;
    if (!this.transporter) {
      // No SMTP server: the message stays in the outbox and its text (with any link) goes to the server log.
      this.deps.logger.info(
        { mailId: row.id, kind: row.kind, to: row.to_address, subject: row.subject, text: row.text_body },
        'SMTP_URL is not set: mail kept in the outbox and written here instead of being sent',
      );
      return { status: 'logged', at: isoNow(this.deps.clock), eraseBodies };
    }
    try {
      await this.transporter.sendMail({
        from: row.from_address ?? this.deps.config.mailFrom,
        to: row.to_address,
        ...(row.reply_to !== null && { replyTo: row.reply_to }),
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body !== null && { html: row.html_body }),
        ...(row.headers !== null && { headers: JSON.parse(row.headers) as Record<string, string> }),
        // The same id on every attempt: a receiver can tell a copy from a new message.
        messageId: `<${row.id}@${this.deps.config.mailDomain}>`,
      });
      return { status: 'sent', at: isoNow(this.deps.clock), eraseBodies };
    } catch (error) {
      const reason = describe(error);
      const age = this.deps.clock.now().getTime() - Date.parse(row.created_at);
      if (isPermanent(error) || age >= GIVE_UP_MS) {
        this.deps.logger.error({ mailId: row.id, kind: row.kind, attempts, reason }, 'mail could not be delivered');
        return { status: 'failed', error: reason };
      }
      const delay = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
      this.deps.logger.warn(
        { mailId: row.id, kind: row.kind, attempts, reason, retryInMs: delay },
        'mail not sent yet',
      );
      return { status: 'pending', nextAttemptAt: isoFrom(this.deps.clock, delay), error: reason };
    }
  }

  private async cleanUp(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    if (now - this.lastCleanUp < CLEAN_UP_EVERY_MS) return;
    this.lastCleanUp = now;
    await this.deps.outbox.deleteDeliveredBefore(this.deps.db, isoFrom(this.deps.clock, -DELIVERED_RETENTION_MS));
  }
}
