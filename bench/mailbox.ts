// `npm run bench:mail`: the mailbox and the campaigns (issue 16), on each engine.
//
// 1. One representative's folders hold 100,000 messages (inbox, sent and bin, half the inbox unread, two
//    years of dates): GET /api/emails (first page, a deep page, a search) and GET /api/emails/stats (the
//    menu's badge, polled every 30 s by every rep), judged as DESIGN.md §10 says: throughput against the
//    session check from the server's CPU per request, latency alone and paced at the tier's rate.
// 2. A campaign to 5,000 consenting doctors: how long POST /api/campaigns takes to answer (goal < 1 s), then
//    the sending rate through the outbox to a real SMTP server on loopback, and the server's RSS sampled while
//    it sends (constant memory: it must not grow with the recipients).
//
// The messages and the consents are written straight to the tables, as the mailbox and the consent screen
// write them, before the server starts; the directory comes from `npm run seed`.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { DEMO_PASSWORD, normalizeForSearch } from '@crm/shared';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import type { EmailCopiesTable, EmailsTable } from '../apps/server/src/db/schema.ts';
import { startPostgresCluster } from '../apps/server/src/test/postgres-cluster.ts';
import { runLoad, runPaced } from './lib/load.ts';
import { newDataDir, type RunningServer, seedTier, startServer, type Tier } from './lib/server.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 5_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
/** The ports this bench may use on a shared machine: the server's and the SMTP server's. */
const SERVER_PORT = process.env.BENCH_PORT ?? '4016';
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 3616);
/** How long the 5,000 messages may take before the bench gives up on one engine. */
const SEND_TIMEOUT_MS = Number(process.env.BENCH_SEND_TIMEOUT_S ?? 600) * 1000;
const tier: Tier = {
  doctors: Number(process.env.BENCH_DOCTORS ?? Math.ceil(RECIPIENTS * 1.2)),
  offices: Number(process.env.BENCH_OFFICES ?? 1_000),
  reps: 0,
  activities: 0,
};
/**
 * The tier's pace (1,000 representatives): every rep's menu polls the stats every 30 s (33 a second); a list
 * or a search is a click, a few a minute per rep reading mail: 20 a second is a busy morning.
 */
const STATS_RATE = 33;
const LIST_RATE = 20;
const REP = 'rep@demo-crm.fr';
const SENDER = 'manager@demo-crm.fr';
const root = path.resolve(import.meta.dirname, '..');

type MailRow = {
  engine: string;
  name: string;
  rps: number;
  cpuMicros: number;
  ratio: number;
  aloneP50: number;
  aloneP95: number;
  pacedRate: number;
  pacedP95: number;
  failures: number;
};

type CampaignFigures = {
  engine: string;
  recipients: number;
  postClientMs: number;
  postServerMs: number;
  /** messages a second received by the SMTP server, first to last */
  sendRate: number;
  sendSeconds: number;
  received: number;
  duplicates: number;
  status: string;
  rssBeforeMb: number;
  rssFirstQuarterMaxMb: number;
  rssMaxMb: number;
  rssLastQuarterMaxMb: number;
  rssSamples: number;
};

// ---------------------------------------------------------------------------------------------------- seeding

const WORDS = [
  'visite',
  'secteur',
  'budget',
  'rapport',
  'réunion',
  'objectifs',
  'planning',
  'formation',
  'pharmacie',
  'cardiologie',
  'dermatologie',
  'congrès',
  'séminaire',
  'échantillons',
  'remboursement',
  'trimestre',
];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** 100,000 messages in one rep's folders: 60 % inbox (half unread), 30 % sent, 10 % bin, over two years. */
async function seedMailbox(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where('email', 'in', [REP, SENDER])
    .execute();
  const rep = users.find((user) => user.email === REP);
  const other = users.find((user) => user.email === SENDER);
  if (!rep || !other) throw new Error('the demo accounts are missing');
  const now = Date.now();
  const span = 2 * 365 * 24 * 3600 * 1000;
  const batch = 500;
  for (let start = 0; start < MESSAGES; start += batch) {
    const emails: EmailsTable[] = [];
    const copies: EmailCopiesTable[] = [];
    for (let i = start; i < Math.min(MESSAGES, start + batch); i += 1) {
      const share = i % 10;
      const received = share < 6 || share === 9;
      const from = received ? other : rep;
      const to = received ? rep : other;
      // Oldest first, so that the newest are the last written, as in life.
      const createdAt = new Date(now - span + Math.floor((span * i) / MESSAGES)).toISOString();
      const subject = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} n° ${i}`;
      // One message in 97 speaks of the congress in Lyon: a search that finds a page of a thousand.
      const extra = i % 97 === 0 ? ' Le congrès de Lyon approche.' : '';
      const text = `Bonjour, voici le point ${pick(WORDS, i * 3)} de la semaine ${i % 52}.${extra} Bien à vous.`;
      const id = randomUUID();
      emails.push({
        id,
        sender_id: from.id,
        sender_email: from.email,
        sender_name: from.display_name,
        subject,
        body: `<p>${text}</p>`,
        body_text: text,
        search_text: normalizeForSearch(`${subject} ${from.email} ${from.display_name ?? ''} ${text}`),
        recipients: JSON.stringify([to.email]),
        parent_email_id: null,
        has_attachments: 0,
        created_at: createdAt,
      });
      copies.push({
        id: randomUUID(),
        email_id: id,
        owner_id: rep.id,
        folder: share === 9 ? 'bin' : received ? 'inbox' : 'sent',
        origin_folder: received ? 'inbox' : 'sent',
        is_read: received && i % 2 === 0 ? 0 : 1,
        created_at: createdAt,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('emails').values(emails).execute();
      await trx.insertInto('email_copies').values(copies).execute();
    });
  }
  // The counts the mailbox keeps beside the copies (what the stats answer), recomputed once.
  const counts = await db
    .selectFrom('email_copies')
    .select((eb) => [
      'folder',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>(eb.case().when('is_read', '=', 0).then(1).else(0).end()).as('unread'),
    ])
    .where('owner_id', '=', rep.id)
    .groupBy('folder')
    .execute();
  const of = (folder: string) => Number(counts.find((row) => row.folder === folder)?.n ?? 0);
  const unread = Number(counts.find((row) => row.folder === 'inbox')?.unread ?? 0);
  await db.deleteFrom('mailbox_counts').where('user_id', '=', rep.id).execute();
  await db
    .insertInto('mailbox_counts')
    .values({ user_id: rep.id, inbox: of('inbox'), sent: of('sent'), bin: of('bin'), unread })
    .execute();
}

/** A current signed consent to everything for RECIPIENTS doctors, each with an address. */
async function seedConsents(database: DatabaseHandle): Promise<string[]> {
  const db = database.db;
  const rep = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where('email', '=', REP)
    .executeTakeFirstOrThrow();
  const doctors = await db
    .selectFrom('doctors')
    .select(['id', 'rpps', 'first_name', 'last_name'])
    .orderBy('id')
    .limit(RECIPIENTS)
    .execute();
  if (doctors.length < RECIPIENTS) throw new Error(`only ${doctors.length} doctors for ${RECIPIENTS} recipients`);
  const image = randomBytes(2_000);
  const signedAt = new Date().toISOString();
  for (let start = 0; start < doctors.length; start += 200) {
    await db
      .insertInto('consent_records')
      .values(
        doctors.slice(start, start + 200).map((doctor, i) => ({
          id: randomUUID(),
          seq: 1,
          doctor_id: doctor.id,
          kind: 'signature' as const,
          professional_consent: 1,
          congress_consent: 1,
          general_consent: 1,
          signature_image: image,
          signature_mime_type: 'image/png' as const,
          image_sha256: randomBytes(32).toString('hex'),
          signed_at: signedAt,
          recorded_at: signedAt,
          email: `medecin.${start + i}@cabinet-bench.test`,
          phone: null,
          withdrawal_requested_by: null,
          withdrawal_reason: null,
          language: 'fr' as const,
          collected_by: rep.id,
          collector_email: rep.email,
          collector_name: rep.display_name,
          doctor_rpps: doctor.rpps,
          doctor_first_name: doctor.first_name,
          doctor_last_name: doctor.last_name,
          previous_hash: null,
          record_hash: randomBytes(32).toString('hex'),
        })),
      )
      .execute();
  }
  return doctors.map((doctor) => doctor.id);
}

// ------------------------------------------------------------------------------------------------ measuring

async function signIn(server: RunningServer, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function measureMailbox(engine: string, server: RunningServer): Promise<MailRow[]> {
  const headers = await signIn(server, REP);
  const deepPage = Math.floor((MESSAGES * 0.3) / 50 / 2);
  const scenarios: [string, string[], number][] = [
    ['GET /api/auth/me (reference)', ['/api/auth/me'], STATS_RATE],
    ['GET /api/emails/stats', ['/api/emails/stats'], STATS_RATE],
    [
      'GET /api/emails (inbox, page 1)',
      ['/api/emails', '/api/emails?folder=sent', '/api/emails?folder=bin'],
      LIST_RATE,
    ],
    [`GET /api/emails?folder=sent&page=${deepPage}`, [`/api/emails?folder=sent&page=${deepPage}`], LIST_RATE],
    [
      'GET /api/emails?search (1 % of the inbox matches)',
      ['/api/emails?search=congres%20lyon', '/api/emails?search=lyon'],
      LIST_RATE,
    ],
    ['GET /api/emails?search (nothing matches)', ['/api/emails?search=introuvable'], LIST_RATE],
  ];
  const rows: MailRow[] = [];
  for (const [name, paths, rate] of scenarios) {
    const cpuBefore = server.cpuSeconds();
    const load = await runLoad({ name, url: server.url, paths, headers, seconds, connections: 4 });
    const cpuMicros = ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, load.requests);
    const alone = await runLoad({ name, url: server.url, paths, headers, seconds: 2, connections: 1 });
    const paced = await runPaced({ name, url: server.url, paths, headers, seconds: 3, rate });
    rows.push({
      engine,
      name,
      rps: load.requestsPerSecond,
      cpuMicros: Math.round(cpuMicros),
      ratio: 0,
      aloneP50: alone.serverP50,
      aloneP95: alone.serverP95,
      pacedRate: rate,
      pacedP95: paced.serverP95,
      failures: load.non2xx + load.errors + alone.non2xx + paced.failures,
    });
    console.log(
      `${engine} ${name}: ${Math.round(cpuMicros)} µs CPU/request, alone p50/p95 ${alone.serverP50}/${alone.serverP95} ms, paced p95 ${paced.serverP95} ms, failures ${rows.at(-1)?.failures}`,
    );
  }
  const reference = rows[0]?.cpuMicros ?? 1;
  for (const row of rows) row.ratio = Math.round((reference / Math.max(1, row.cpuMicros)) * 100) / 100;
  return rows;
}

/** A real SMTP server on loopback that counts what it receives, by recipient. */
async function startSink(): Promise<{ received: Map<string, number>; arrivals: number[]; close: () => Promise<void> }> {
  const received = new Map<string, number>();
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // No DNS on this machine: a reverse lookup of the client would hold each greeting until it times out.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => {
      resolve();
    });
  });
  return { received, arrivals, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function measureCampaign(
  engine: string,
  server: RunningServer,
  sink: Awaited<ReturnType<typeof startSink>>,
  doctorIds: string[],
): Promise<CampaignFigures> {
  const headers = { ...(await signIn(server, REP)), 'content-type': 'application/json' };
  const rssBefore = server.rssMb();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/campaigns`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: `Bench ${engine} ${RECIPIENTS}`,
      templateId: 'general-update',
      doctorIds,
      customSubject: 'Nouvelles du laboratoire',
      customContent: '<p>Bonjour {{doctorName}},</p><p>Voici les nouvelles du trimestre.</p>',
    }),
  });
  const postClientMs = performance.now() - started;
  const postServerMs = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? -1);
  if (response.status !== 201)
    throw new Error(`POST /api/campaigns answered ${response.status}: ${await response.text()}`);
  const sent = (await response.json()) as { campaign: { id: string }; recipientCount: number };
  console.log(
    `${engine}: POST /api/campaigns (${sent.recipientCount} recipients) answered in ${postClientMs.toFixed(0)} ms`,
  );

  const rss: { at: number; mb: number }[] = [];
  const deadline = Date.now() + SEND_TIMEOUT_MS;
  let status = 'sending';
  let lastLog = 0;
  while (Date.now() < deadline) {
    rss.push({ at: sink.arrivals.length, mb: server.rssMb() });
    if (sink.arrivals.length >= sent.recipientCount) {
      const list = await fetch(`${server.url}/api/campaigns`, { headers });
      const campaign = ((await list.json()) as { campaigns: { id: string; status: string }[] }).campaigns.find(
        (row) => row.id === sent.campaign.id,
      );
      status = campaign?.status ?? 'missing';
      if (status !== 'sending') break;
    }
    if (sink.arrivals.length - lastLog >= 1000) {
      lastLog = sink.arrivals.length;
      console.log(`${engine}: ${lastLog} received, RSS ${server.rssMb().toFixed(0)} MB`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const first = sink.arrivals[0] ?? 0;
  const last = sink.arrivals.at(-1) ?? first;
  const received = sink.arrivals.length;
  const quarter = (from: number, to: number) =>
    Math.max(0, ...rss.filter((sample) => sample.at >= from * received && sample.at <= to * received).map((s) => s.mb));
  return {
    engine,
    recipients: sent.recipientCount,
    postClientMs: Math.round(postClientMs),
    postServerMs: Math.round(postServerMs),
    sendRate: Math.round((received - 1) / Math.max(0.001, (last - first) / 1000)),
    sendSeconds: Math.round((last - first) / 100) / 10,
    received,
    duplicates: [...sink.received.values()].filter((count) => count > 1).length,
    status,
    rssBeforeMb: Math.round(rssBefore),
    rssFirstQuarterMaxMb: Math.round(quarter(0, 0.25)),
    rssMaxMb: Math.round(Math.max(...rss.map((sample) => sample.mb))),
    rssLastQuarterMaxMb: Math.round(quarter(0.75, 1)),
    rssSamples: rss.length,
  };
}

async function benchEngine(engine: string, env: Record<string, string>, databaseUrl?: string) {
  const dataDir = env.DATA_DIR ?? newDataDir();
  const seedEnv = { DEMO_MODE: 'true', ...env, DATA_DIR: dataDir };
  console.log(`${engine}: seeding ${JSON.stringify(tier)}…`);
  await seedTier(seedEnv, tier);
  const database = openDatabase({ databaseUrl, sqliteFile: `${dataDir}/crm.sqlite` });
  let doctorIds: string[];
  try {
    const started = performance.now();
    await seedMailbox(database);
    doctorIds = await seedConsents(database);
    // Statistics for the rows just written, as a server in use has them (PostgreSQL's autovacuum analyzes a
    // table once a tenth of it has changed; the seed analyzes the directory): without them, PostgreSQL's planner
    // read the mailbox's 100,000 copies as an empty table.
    await sql`analyze`.execute(database.db);
    console.log(
      `${engine}: ${MESSAGES} messages and ${RECIPIENTS} consents in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
  const sink = await startSink();
  const server = await startServer({
    ...seedEnv,
    PORT: SERVER_PORT,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'Praxis CRM <crm@labo-bench.test>',
    PUBLIC_URL: `http://127.0.0.1:${SERVER_PORT}`,
    // The pace limit off: how fast the pipeline goes to a server that takes everything.
    MAIL_BULK_PER_MINUTE: String(process.env.BENCH_BULK_PER_MINUTE ?? 100_000),
  });
  try {
    const mailbox = await measureMailbox(engine, server);
    const campaign = await measureCampaign(engine, server, sink, doctorIds);
    console.log(campaign);
    return { mailbox, campaign };
  } finally {
    await server.stop();
    await sink.close();
  }
}

const mailbox: MailRow[] = [];
const campaigns: CampaignFigures[] = [];
const onSqlite = await benchEngine('sqlite', {});
mailbox.push(...onSqlite.mailbox);
campaigns.push(onSqlite.campaign);
if (process.env.BENCH_ENGINES !== 'sqlite') {
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('no PostgreSQL binaries (initdb, pg_ctl) for the PostgreSQL run');
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE crm_bench_mail');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/crm_bench_mail';
    const onPostgres = await benchEngine('postgres', { DATABASE_URL: url.toString() }, url.toString());
    mailbox.push(...onPostgres.mailbox);
    campaigns.push(onPostgres.campaign);
  } finally {
    cluster.stop();
  }
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/mail-latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), messages: MESSAGES, recipients: RECIPIENTS, tier, mailbox, campaigns }, null, 2)}\n`,
);
console.table(mailbox);
console.table(campaigns);
