import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignSendResult } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { CampaignsRepository } from '#server/modules/campaigns/campaigns.repository.ts';
import { UnsubscribeLinks } from '#server/modules/campaigns/unsubscribe-links.ts';
import { ConsentsRepository } from '#server/modules/consents/consents.repository.ts';
import { ConsentsService } from '#server/modules/consents/consents.service.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { MailOutboxRepository } from '#server/modules/mail/mail-outbox.repository.ts';
import { MailService, type OutgoingMail } from '#server/modules/mail/mail.service.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { capturedLogger } from '#server/test/captured-logger.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { pngDataUrl } from '#server/test/signature-images.ts';
import { SmtpSink } from '#server/test/smtp-sink.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { CampaignSending } from './campaign-sending.ts';
import { MailDelivery } from './mail-delivery.ts';

const MINUTE_MS = 60_000;

/** A mail service whose process dies (throws) on one enqueue: the transaction it was part of rolls back. */
class CrashingMail extends MailService {
  private calls = 0;
  constructor(
    deps: ConstructorParameters<typeof MailService>[0],
    private readonly crashOn: number,
  ) {
    super(deps);
  }
  override enqueueOnce(db: Db, mail: OutgoingMail, onceKey: string): Promise<string | null> {
    this.calls += 1;
    if (this.calls === this.crashOn) return Promise.reject(new Error('process killed'));
    return super.enqueueOnce(db, mail, onceKey);
  }
}

/**
 * A process that stops for a while (a long GC pause, a stalled disk) right after reading its first batch of
 * recipients, until `resume()`: its claim on the campaign may run out meanwhile.
 */
class PausingCampaigns extends CampaignsRepository {
  private paused = false;
  private markRead: () => void = () => undefined;
  /** Resolves once the process has read its batch and stopped. */
  readonly hasReadBatch = new Promise<void>((resolve) => (this.markRead = resolve));
  /** Lets the process go on. */
  resume: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => (this.resume = resolve));

  override async pendingBatch(db: Db, campaignId: string, limit: number) {
    const batch = await super.pendingBatch(db, campaignId, limit);
    if (!this.paused) {
      this.paused = true;
      this.markRead();
      await this.gate;
    }
    return batch;
  }
}

/** A process whose every batch is one recipient, running `during` (which may move the clock) as it reads each. */
class SlowCampaigns extends CampaignsRepository {
  constructor(private readonly during: (batch: number) => Promise<void>) {
    super();
  }
  private batches = 0;

  override async pendingBatch(db: Db, campaignId: string, limit: number) {
    const batch = await super.pendingBatch(db, campaignId, Math.min(limit, 1));
    this.batches += 1;
    await this.during(this.batches);
    return batch;
  }
}

describe.each(engines())('the campaign sending job on %s', (engine) => {
  const clock = steppingClock('2026-11-20T09:00:00.000Z');
  let t: TestApp;
  let sink: SmtpSink;
  let asRep: Call;

  /** One server process's sending parts on the shared database: the campaign job and the outbox's sender. */
  const processOn = (options: { crashOn?: number; campaigns?: CampaignsRepository } = {}) => {
    const db = t.database.db;
    const { logger, lines } = capturedLogger();
    const outbox = new MailOutboxRepository();
    const mailDeps = { db, outbox, config: t.config, clock };
    const mail =
      options.crashOn === undefined ? new MailService(mailDeps) : new CrashingMail(mailDeps, options.crashOn);
    const consents = new ConsentsService({
      db,
      consents: new ConsentsRepository(),
      doctors: new DoctorsRepository(),
      keys: new IdempotencyKeysRepository(),
      logs: new LogsRepository(clock),
      clock,
    });
    return {
      sending: new CampaignSending({
        db,
        campaigns: options.campaigns ?? new CampaignsRepository(),
        consents,
        mail,
        links: new UnsubscribeLinks('test-secret', 'http://crm.example'),
        clock,
        logger,
        window: 4,
      }),
      delivery: new MailDelivery({ db, outbox, config: t.config, clock, logger }),
      lines,
    };
  };

  const sendingCampaign = async (name: string, doctorCount: number) => {
    const doctors: string[] = [];
    for (let index = 0; index < doctorCount; index += 1) doctors.push(await doctorWithConsent(`${name}${index}`));
    const posted = await asRep('POST', '/api/campaigns', { name, templateId: 'new-medicine', doctorIds: doctors });
    expect(posted.status).toBe(201);
    return (posted.body as CampaignSendResult).campaign.id;
  };
  const claimOf = (campaignId: string) =>
    t.database.db
      .selectFrom('campaigns')
      .select(['claimed_by', 'claimed_until'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
  const recipientStatesOf = async (campaignId: string) =>
    (
      await t.database.db
        .selectFrom('campaign_recipients')
        .select('status')
        .where('campaign_id', '=', campaignId)
        .execute()
    )
      .map((row) => row.status)
      .sort();

  const doctorWithConsent = async (lastName: string) => {
    const { id } = await t.factory.doctor({ firstName: 'Paul', lastName });
    await t.database.db
      .updateTable('doctors')
      .set({ email: `${lastName.toLowerCase()}@cabinet.fr` })
      .where('id', '=', id)
      .execute();
    const response = await asRep('POST', `/api/doctors/${id}/signatures`, {
      signatureImage: pngDataUrl(),
      professionalConsent: true,
      congressConsent: false,
      generalConsent: false,
      signatureDate: '2026-11-19T10:00:00.000Z',
      email: '',
      phone: '',
      language: 'fr',
    });
    expect(response.status).toBe(201);
    return id;
  };

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp(
      engine,
      { SMTP_URL: sink.url, MAIL_FROM: 'Praxis CRM <crm@labo.fr>', MAIL_BULK_PER_MINUTE: '1000' },
      // No background jobs: the test plays the server processes itself, step by step.
      { startJobs: false, clock },
    );
    asRep = await callerFor(t, await t.factory.user());
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('survives a crash mid-batch, a dead process and an SMTP outage, and sends each doctor exactly once', async () => {
    const doctors: string[] = [];
    for (let index = 0; index < 12; index += 1) doctors.push(await doctorWithConsent(`Medecin${index}`));
    const posted = await asRep('POST', '/api/campaigns', {
      name: 'Reprise',
      templateId: 'new-medicine',
      doctorIds: doctors,
    });
    expect(posted.status).toBe(201);
    const { campaign } = posted.body as CampaignSendResult;
    const outboxRows = () =>
      t.database.db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address'])
        .where('ref', '=', `campaign:${campaign.id}`)
        .execute();
    const recipientStates = async () =>
      (
        await t.database.db
          .selectFrom('campaign_recipients')
          .select('status')
          .where('campaign_id', '=', campaign.id)
          .execute()
      )
        .map((row) => row.status)
        .sort();

    // Process A dies while handing its first batch to the outbox: nothing of that batch is kept.
    const a = processOn({ crashOn: 3 });
    await expect(a.sending.sendDue()).rejects.toThrow('process killed');
    expect(await outboxRows()).toEqual([]);
    expect(await recipientStates()).toEqual(Array<string>(12).fill('pending'));

    // A process that died holding the campaign: nobody else takes it until its claim runs out.
    await t.database.db
      .updateTable('campaigns')
      .set({ claimed_by: 'dead-process', claimed_until: new Date(clock.now().getTime() + 2 * MINUTE_MS).toISOString() })
      .where('id', '=', campaign.id)
      .execute();
    const b = processOn();
    await b.sending.sendDue();
    expect(await outboxRows()).toEqual([]);
    clock.advance(3 * MINUTE_MS);

    // One doctor withdraws after the campaign was sent, before their message is handed over: never reached.
    const withdrawn = doctors[11] ?? '';
    const withdrawal = await asRep('POST', `/api/doctors/${withdrawn}/signatures/withdrawal`, {
      requestedBy: 'doctor',
      reason: 'Par courrier',
    });
    expect(withdrawal.status).toBe(201);

    // The SMTP server is down for the first deliveries.
    await sink.stop();
    await b.sending.sendDue();
    expect(await outboxRows()).toHaveLength(4);
    await b.delivery.deliverDue();
    expect(sink.received).toEqual([]);
    await sink.start();

    // Two processes now share the work until everything is handed over and delivered.
    const c = processOn();
    for (let round = 0; round < 20; round += 1) {
      clock.advance(MINUTE_MS);
      await Promise.all([b.sending.sendDue(), c.sending.sendDue()]);
      await Promise.all([b.delivery.deliverDue(), c.delivery.deliverDue()]);
    }
    await b.sending.sendDue();

    const addresses = sink.received.flatMap((mail) => mail.to).sort();
    expect(addresses).toEqual(Array.from({ length: 11 }, (_, index) => `medecin${index}@cabinet.fr`).sort());
    expect(new Set(addresses).size).toBe(11);
    expect(await recipientStates()).toEqual([...Array<string>(11).fill('queued'), 'skipped']);
    const done = await t.database.db
      .selectFrom('campaigns')
      .select(['status', 'sent_count', 'failed_count', 'skipped'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'sent', sent_count: 11, failed_count: 0 });
    expect(JSON.parse(done.skipped)).toMatchObject({ withdrawn: 1 });
  });

  it('hands each recipient to the outbox once when a process’s claim runs out mid-pass and another takes over', async () => {
    const doctors: string[] = [];
    for (let index = 0; index < 6; index += 1) doctors.push(await doctorWithConsent(`Relais${index}`));
    const posted = await asRep('POST', '/api/campaigns', {
      name: 'Relais',
      templateId: 'new-medicine',
      doctorIds: doctors,
    });
    expect(posted.status).toBe(201);
    const { campaign } = posted.body as CampaignSendResult;
    const outboxAddresses = async () =>
      (
        await t.database.db
          .selectFrom('mail_outbox')
          .select('to_address')
          .where('ref', '=', `campaign:${campaign.id}`)
          .execute()
      )
        .map((row) => row.to_address)
        .sort();

    // A claims the campaign, reads its first batch, and stops past the end of its claim.
    const pausing = new PausingCampaigns();
    const a = processOn({ campaigns: pausing });
    const passOfA = a.sending.sendDue();
    await pausing.hasReadBatch;
    clock.advance(3 * MINUTE_MS);

    // B finds the claim run out, takes the campaign and hands over the same recipients.
    const b = processOn();
    await b.sending.sendDue();
    const handedByB = await outboxAddresses();
    expect(handedByB).toHaveLength(4);

    // A resumes with the batch it read before B: not one of them is handed over a second time.
    pausing.resume();
    await passOfA;
    expect(await outboxAddresses()).toEqual(handedByB);

    // To the end: each doctor receives the campaign once.
    for (let round = 0; round < 10; round += 1) {
      clock.advance(MINUTE_MS);
      await b.delivery.deliverDue();
      await Promise.all([a.sending.sendDue(), b.sending.sendDue()]);
    }
    const received = sink.received.flatMap((mail) => mail.to).filter((to) => to.startsWith('relais'));
    expect(received.sort()).toEqual(Array.from({ length: 6 }, (_, index) => `relais${index}@cabinet.fr`).sort());
    expect(await outboxAddresses()).toEqual(received);
  });

  it('keeps its claim through a pass longer than the claim: no other process can take the campaign meanwhile', async () => {
    const campaignId = await sendingCampaign('Longue', 4);
    const b = processOn();
    const holders: (string | null)[] = [];
    // Each of A's batches takes 90 s, so its pass lasts three times a claim; B tries to take over at each.
    const a = processOn({
      campaigns: new SlowCampaigns(async () => {
        clock.advance(90_000);
        await b.sending.sendDue();
        holders.push((await claimOf(campaignId)).claimed_by);
      }),
    });
    const start = clock.now().getTime();
    await a.sending.sendDue();

    // Still A's after every try of B's (B would have released it at the end of its pass).
    expect(new Set(holders).size).toBe(1);
    expect(holders[0]).toMatch(/:/);
    expect(holders).toHaveLength(4);
    expect(clock.now().getTime() - start).toBe(4 * 90_000);
    expect(await recipientStatesOf(campaignId)).toEqual(Array<string>(4).fill('queued'));
    expect(await claimOf(campaignId)).toEqual({ claimed_by: null, claimed_until: null });
    expect(a.lines.filter((line) => line.level === 40)).toEqual([]);
  });

  it('leaves a campaign at its next renewal once another process took the claim that ran out', async () => {
    const campaignId = await sendingCampaign('Perdue', 3);
    // A reads its first batch, then stalls past its claim; B takes the campaign meanwhile.
    const a = processOn({
      campaigns: new SlowCampaigns(async (batch) => {
        if (batch > 1) return;
        clock.advance(3 * MINUTE_MS);
        const taken = await new CampaignsRepository().claim(
          t.database.db,
          campaignId,
          'process-b',
          clock.now().toISOString(),
          new Date(clock.now().getTime() + 2 * MINUTE_MS).toISOString(),
        );
        expect(taken).toBe(true);
      }),
    });
    await a.sending.sendDue();

    // A handed over the batch it had read (the outbox's key keeps it to one message), then nothing more.
    expect(await recipientStatesOf(campaignId)).toEqual(['pending', 'pending', 'queued']);
    expect(await claimOf(campaignId)).toMatchObject({ claimed_by: 'process-b' });
    const campaign = await t.database.db
      .selectFrom('campaigns')
      .select(['status', 'sent_count'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ status: 'sending', sent_count: 0 });
    expect(a.lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({
        campaignId,
        msg: 'campaign sending: claim taken over by another process; leaving the work to it',
      }),
    ]);
  });
});
