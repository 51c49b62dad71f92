import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '#server/config.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { MailDelivery } from '#server/jobs/mail-delivery.ts';
import { capturedLogger } from '#server/test/captured-logger.ts';
import { createTestDatabase, engines, type TestDatabase } from '#server/test/harness.ts';
import { SmtpSink } from '#server/test/smtp-sink.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { MailOutboxRepository } from './mail-outbox.repository.ts';
import { MailService, type OutgoingMail } from './mail.service.ts';

const invitation = (to: string): OutgoingMail => ({
  kind: 'user.invitation',
  to,
  subject: 'Bienvenue',
  text: 'Choisissez votre mot de passe : http://localhost/set-password#token=abc',
  confidential: true,
});

/** One server process's mail parts: the service features enqueue with and the delivery job. */
function processOn(db: Db, config: Config, clock: Clock, outbox = new MailOutboxRepository()) {
  const { logger, lines } = capturedLogger();
  return {
    mail: new MailService({ db, outbox, config, clock }),
    delivery: new MailDelivery({ db, outbox, config, clock, logger }),
    lines,
  };
}

/** An outbox whose process runs `after` (which may move the clock) once each attempt is written back. */
class SlowAttempts extends MailOutboxRepository {
  private attempts = 0;
  constructor(private readonly after: (attempt: number) => Promise<void>) {
    super();
  }

  override async finish(...args: Parameters<MailOutboxRepository['finish']>): Promise<boolean> {
    const stillMine = await super.finish(...args);
    this.attempts += 1;
    await this.after(this.attempts);
    return stillMine;
  }
}

const configFor = (env: Record<string, string>) =>
  loadConfig({ DEMO_MODE: 'false', LOG_LEVEL: 'silent', GEOCODER_URL: 'none', ...env });

const outboxRows = (db: Db) => db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();

describe.each(engines())('the mail outbox on %s', (engine) => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let config: Config;
  const clock = steppingClock('2026-03-02T09:00:00.000Z');

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    config = configFor({ SMTP_URL: sink.url, MAIL_FROM: 'Praxis CRM <crm@labo.fr>', MAIL_BULK_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await sink.stop();
  });
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    sink.received.length = 0;
  });
  afterEach(async () => {
    await database.close();
  });

  it('sends a committed message once, with its parts and headers', async () => {
    const { mail, delivery } = processOn(database.db, config, clock);
    await database.db.transaction().execute(async (trx) => {
      await mail.enqueue(trx, {
        kind: 'campaign.message',
        to: 'dr.martin@cabinet.fr',
        subject: 'Nouveau traitement',
        text: 'Bonjour Docteur',
        html: '<p>Bonjour <b>Docteur</b></p>',
        headers: {
          'List-Unsubscribe': '<https://crm.example/u/1>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        stream: 'bulk',
        ref: 'campaign:1',
      });
    });

    expect(await delivery.deliverDue()).toBe(1);
    expect(await delivery.deliverDue()).toBe(0);

    expect(sink.received).toHaveLength(1);
    const [received] = sink.received;
    const [row] = await outboxRows(database.db);
    expect(received?.to).toEqual(['dr.martin@cabinet.fr']);
    expect(received?.parsed.subject).toBe('Nouveau traitement');
    expect(received?.parsed.text?.trim()).toBe('Bonjour Docteur');
    expect(received?.parsed.html).toContain('<b>Docteur</b>');
    expect(received?.raw).toMatch(/^List-Unsubscribe: <https:\/\/crm\.example\/u\/1>\r?$/m);
    expect(received?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(received?.parsed.from?.value).toEqual([{ name: 'Praxis CRM', address: 'crm@labo.fr' }]);
    expect(received?.parsed.messageId).toBe(`<${row?.id}@labo.fr>`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null, last_error: null });
    expect(await mail.countsByRef('campaign:1')).toEqual({ pending: 0, sent: 1, logged: 0, failed: 0 });
  });

  it('sends nothing when the transaction that enqueued rolls back', async () => {
    const { mail, delivery } = processOn(database.db, config, clock);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await mail.enqueue(trx, invitation('rollback@labo.fr'));
        throw new Error('the change that caused the message failed');
      }),
    ).rejects.toThrow('failed');
    expect(await delivery.deliverDue()).toBe(0);
    expect(await outboxRows(database.db)).toEqual([]);
    expect(sink.received).toEqual([]);
  });

  it('refuses a header or subject that would inject a header, and stores nothing', async () => {
    const { mail } = processOn(database.db, config, clock);
    await expect(
      mail.enqueue(database.db, { ...invitation('a@labo.fr'), subject: 'Hello\r\nBcc: attacker@evil.fr' }),
    ).rejects.toThrow();
    await expect(
      mail.enqueue(database.db, { ...invitation('a@labo.fr'), headers: { 'X-Note': 'a\nBcc: attacker@evil.fr' } }),
    ).rejects.toThrow();
    await expect(
      mail.enqueue(database.db, { ...invitation('a@labo.fr'), headers: { 'Bad Name': 'x' } }),
    ).rejects.toThrow();
    await expect(mail.enqueue(database.db, invitation('not an address'))).rejects.toThrow();
    expect(await outboxRows(database.db)).toEqual([]);
  });

  it('retries with a growing delay while the SMTP server is down, then delivers once when it is back', async () => {
    const { mail, delivery } = processOn(database.db, config, clock);
    await mail.enqueue(database.db, invitation('retry@labo.fr'));
    await sink.stop();
    try {
      expect(await delivery.deliverDue()).toBe(1);
      let [row] = await outboxRows(database.db);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null });
      expect(row?.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(Date.parse(row?.next_attempt_at ?? '') - clock.now().getTime()).toBe(30_000);

      // Not due yet: nothing is attempted.
      expect(await delivery.deliverDue()).toBe(0);
      clock.advance(30_000);
      expect(await delivery.deliverDue()).toBe(1);
      [row] = await outboxRows(database.db);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(Date.parse(row?.next_attempt_at ?? '') - clock.now().getTime()).toBe(60_000);
    } finally {
      await sink.start();
    }
    clock.advance(60_000);
    expect(await delivery.deliverDue()).toBe(1);
    clock.advance(10 * 60_000);
    expect(await delivery.deliverDue()).toBe(0);
    expect(sink.to('retry@labo.fr')).toHaveLength(1);
    const [row] = await outboxRows(database.db);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    // The link was a secret: once delivered, the outbox no longer holds it.
    expect(row?.text_body).toBe('');
  });

  it('delivers once a message committed by a process that stopped before sending it', async () => {
    const stopped = processOn(database.db, config, clock);
    await database.db.transaction().execute(async (trx) => {
      await stopped.mail.enqueue(trx, invitation('restart@labo.fr'));
    });
    // The process is gone: its delivery job never ran. The next one to start polls the outbox.
    const restarted = processOn(database.db, config, clock);
    restarted.delivery.start();
    try {
      await sink.waitFor(1);
    } finally {
      await restarted.delivery.stop();
    }
    const later = processOn(database.db, config, clock);
    expect(await later.delivery.deliverDue()).toBe(0);
    expect(sink.to('restart@labo.fr')).toHaveLength(1);
  });

  it('takes over a message whose sender died mid-attempt only once its claim has run out', async () => {
    const { mail, delivery } = processOn(database.db, config, clock);
    const id = await mail.enqueue(database.db, invitation('crashed@labo.fr'));
    const now = clock.now().toISOString();
    const until = new Date(clock.now().getTime() + 2 * 60_000).toISOString();
    // A process claimed it and died before writing the outcome.
    expect(await new MailOutboxRepository().claim(database.db, id, 'dead-process', now, until)).toBeDefined();

    expect(await delivery.deliverDue()).toBe(0);
    clock.advance(2 * 60_000 + 1);
    expect(await delivery.deliverDue()).toBe(1);
    expect(await delivery.deliverDue()).toBe(0);
    expect(sink.to('crashed@labo.fr')).toHaveLength(1);
  });

  it('sends each message once when two processes sharing the database deliver at the same time', async () => {
    const first = processOn(database.db, config, clock);
    const addresses = Array.from({ length: 30 }, (_, index) => `rep${index}@labo.fr`);
    await database.db.transaction().execute(async (trx) => {
      for (const address of addresses) await first.mail.enqueue(trx, invitation(address));
    });
    // The second process has its own connections to the same database.
    const otherHandle = database.openAnother();
    try {
      const second = processOn(otherHandle.db, config, clock);
      const [a, b] = await Promise.all([first.delivery.deliverDue(), second.delivery.deliverDue()]);
      expect(a + b).toBe(30);
    } finally {
      await otherHandle.close();
    }
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort());
  });

  it('marks a message failed at once when the SMTP server refuses its recipient for good', async () => {
    const { mail, delivery } = processOn(database.db, config, clock);
    sink.refuse('gone@labo.fr');
    await mail.enqueue(database.db, invitation('gone@labo.fr'));
    await mail.enqueue(database.db, invitation('here@labo.fr'));
    expect(await delivery.deliverDue()).toBe(2);
    clock.advance(24 * 60 * 60_000);
    expect(await delivery.deliverDue()).toBe(0);
    const rows = await outboxRows(database.db);
    expect(rows.find((row) => row.to_address === 'gone@labo.fr')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows.find((row) => row.to_address === 'gone@labo.fr')?.last_error).toMatch(/550/);
    expect(sink.to('here@labo.fr')).toHaveLength(1);
  });

  it('paces bulk messages at MAIL_BULK_PER_MINUTE and sends transactional ones first', async () => {
    const { mail, delivery } = processOn(database.db, config, clock);
    for (let index = 0; index < 8; index += 1) {
      await mail.enqueue(database.db, {
        ...invitation(`doctor${index}@cabinet.fr`),
        stream: 'bulk',
        ref: 'campaign:9',
      });
    }
    await mail.enqueue(database.db, invitation('urgent@labo.fr'));
    expect(await delivery.deliverDue()).toBe(6);
    expect(sink.received[0]?.to).toEqual(['urgent@labo.fr']);
    expect(await mail.countsByRef('campaign:9')).toMatchObject({ sent: 5, pending: 3 });
    clock.advance(30_000);
    expect(await delivery.deliverDue()).toBe(0);
    clock.advance(31_000);
    expect(await delivery.deliverDue()).toBe(3);
    expect(await mail.countsByRef('campaign:9')).toMatchObject({ sent: 8, pending: 0 });
  });

  it('paces bulk messages at MAIL_BULK_PER_MINUTE across processes, not per process', async () => {
    const first = processOn(database.db, config, clock);
    for (let index = 0; index < 20; index += 1) {
      await first.mail.enqueue(database.db, {
        ...invitation(`bulk${index}@cabinet.fr`),
        stream: 'bulk',
        ref: 'campaign:7',
      });
    }
    // Processes on PostgreSQL have their own connections. SQLite serves one process: its stand-ins share the
    // connection (better-sqlite3 blocks the event loop while it waits for a lock another connection of the same
    // process holds, so two connections in one process would wait for each other).
    const others = engine === 'postgres' ? [database.openAnother(), database.openAnother()] : [];
    try {
      const processes = [
        first,
        ...(others.length > 0 ? others : [database, database]).map((handle) => processOn(handle.db, config, clock)),
      ];
      // Three processes wake at once: together they send the minute's 5, not 5 each.
      const attempted = await Promise.all(processes.map((process) => process.delivery.deliverDue()));
      expect(attempted.reduce((sum, count) => sum + count, 0)).toBe(5);
      expect(sink.received).toHaveLength(5);
      clock.advance(61_000);
      await Promise.all(processes.map((process) => process.delivery.deliverDue()));
      expect(sink.received).toHaveLength(10);
    } finally {
      await Promise.all(others.map((handle) => handle.close()));
    }
    expect(new Set(sink.received.map((mail) => mail.to[0])).size).toBe(10);
  });

  it('without SMTP_URL keeps the message and writes its text, link included, to the server log', async () => {
    const noSmtp = configFor({});
    const { mail, delivery, lines } = processOn(database.db, noSmtp, clock);
    expect(mail.deliveryMode).toBe('log');
    await mail.enqueue(database.db, invitation('nosmtp@labo.fr'));
    expect(await delivery.deliverDue()).toBe(1);
    expect(await delivery.deliverDue()).toBe(0);
    const logged = lines.filter((line) => line.to === 'nosmtp@labo.fr');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.text).toContain('http://localhost/set-password#token=abc');
    const [row] = await outboxRows(database.db);
    expect(row).toMatchObject({ status: 'logged', to_address: 'nosmtp@labo.fr', subject: 'Bienvenue' });
    expect(sink.received).toEqual([]);
  });

  it('attempts each bulk message of a batch only while its claim is still its own', async () => {
    const other = processOn(database.db, config, clock);
    // Each attempt of this process takes 90 s: the third message's claim, taken with the batch, runs out
    // during the second attempt, and the other process sends it meanwhile.
    const slow = processOn(
      database.db,
      config,
      clock,
      new SlowAttempts(async (attempt) => {
        clock.advance(90_000);
        if (attempt === 2) expect(await other.delivery.deliverDue()).toBe(1);
      }),
    );
    for (let index = 0; index < 3; index += 1) {
      await slow.mail.enqueue(database.db, { ...invitation(`slow${index}@cabinet.fr`), stream: 'bulk', ref: 'c:5' });
    }

    expect(await slow.delivery.deliverDue()).toBe(2);
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual([
      'slow0@cabinet.fr',
      'slow1@cabinet.fr',
      'slow2@cabinet.fr',
    ]);
    const [left] = (await outboxRows(database.db)).filter((row) => row.to_address === 'slow2@cabinet.fr');
    expect(slow.lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({
        mailId: left?.id,
        msg: 'mail delivery: claim taken over by another process; leaving the work to it',
      }),
    ]);
  });
});
