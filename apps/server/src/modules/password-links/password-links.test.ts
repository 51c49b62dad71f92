import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Call, caller, callerFor, signIn } from '#server/test/callers.ts';
import { capturedLogger } from '#server/test/captured-logger.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { SmtpSink } from '#server/test/smtp-sink.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { tableCounts } from '#server/test/table-counts.ts';

const NEW_PASSWORD = 'visite-cabinet-lyon-42';

/** The link of a received e-mail, and its secret. */
function linkIn(text: string | undefined): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/set-password#token=([\w-]+))/.exec(text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no link in: ${text}`);
  return { link: match[1], token: match[2] };
}

async function post(t: TestApp, url: string, payload: object, language = 'en') {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe.each(engines())('invitations and password links on %s', (engine) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: CreatedUser;
  let asAdmin: Call;
  const clock = steppingClock();

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp(engine, { SMTP_URL: sink.url, PUBLIC_URL: 'https://crm.labo.fr/' }, { clock });
    admin = await t.factory.user({ email: 'admin@labo.fr', firstName: 'Alice', lastName: 'Admin', isAdmin: true });
    asAdmin = await callerFor(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
  });

  it('invites a new user once; the link from the e-mail sets their password and signs them in', async () => {
    const created = await asAdmin('POST', '/api/users', { email: 'Nouveau.Rep@labo.fr', readWrite: true });
    expect(created).toMatchObject({
      status: 201,
      body: {
        delivery: 'smtp',
        message: 'User nouveau.rep@labo.fr created. An invitation e-mail with a link to choose a password was sent.',
        user: {
          email: 'nouveau.rep@labo.fr',
          isAdmin: false,
          readWrite: true,
          invitationPending: true,
          lastLogin: null,
        },
      },
    });
    const [mail] = await sink.waitFor(1);
    // Sent after the commit, once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(1);
    expect(mail?.to).toEqual(['nouveau.rep@labo.fr']);
    expect(mail?.parsed.subject).toBe('Your Praxis CRM account');
    expect(mail?.parsed.text).toContain('Alice Admin created your Praxis CRM account for nouveau.rep@labo.fr');
    expect(mail?.parsed.text).toContain('for 72 hours');
    const { link, token } = linkIn(mail?.parsed.text);
    expect(link.startsWith('https://crm.labo.fr/set-password#token=')).toBe(true);
    expect(mail?.parsed.html).toContain(`href="${link}"`);

    // Only the hash is stored; the outbox no longer holds the link once sent.
    const stored = await t.database.db.selectFrom('password_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(JSON.stringify(await t.database.db.selectFrom('mail_outbox').selectAll().execute())).not.toContain(token);

    expect(await post(t, '/api/auth/password-link', { token })).toEqual({
      status: 200,
      body: { email: 'nouveau.rep@labo.fr', purpose: 'invitation' },
    });
    const set = await post(t, '/api/auth/set-password', { token, password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ user: { email: 'nouveau.rep@labo.fr', readWrite: true } });
    const asNew = caller(t.app, `Bearer ${String(set.body.token)}`);
    expect((await asNew('GET', '/api/auth/me')).status).toBe(200);

    // The same password signs in afterwards; lastLogin is recorded and the invitation no longer pending.
    await signIn(t.app, 'nouveau.rep@labo.fr', NEW_PASSWORD);
    const users = (await asAdmin('GET', '/api/users?search=nouveau')).body as {
      users: { lastLogin: string | null; invitationPending: boolean }[];
    };
    expect(users.users[0]).toMatchObject({ invitationPending: false });
    expect(users.users[0]?.lastLogin).not.toBeNull();

    // The link works once.
    expect(await post(t, '/api/auth/set-password', { token, password: 'another-long-passphrase' })).toMatchObject({
      status: 400,
      body: { message: 'This link is invalid, has expired or was already used. Ask for a new one.' },
    });
  });

  it('refuses a password against the policy, and keeps the link usable', async () => {
    await asAdmin('POST', '/api/users', { email: 'policy@labo.fr' });
    const [mail] = await sink.waitFor(1);
    const { token } = linkIn(mail?.parsed.text);
    expect(await post(t, '/api/auth/set-password', { token, password: 'short' })).toMatchObject({
      status: 400,
      body: { fields: { password: 'The password must have at least 12 characters' } },
    });
    expect(await post(t, '/api/auth/set-password', { token, password: 'Password2024!' })).toMatchObject({
      status: 400,
      body: { fields: { password: 'This password is too common and easy to guess: choose another one' } },
    });
    expect(await post(t, '/api/auth/set-password', { token, password: 'Password2024!' }, 'fr')).toMatchObject({
      body: { fields: { password: 'Ce mot de passe est trop courant et facile à deviner : choisissez-en un autre' } },
    });
    expect((await post(t, '/api/auth/set-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('lets an invitation expire after 72 hours', async () => {
    await asAdmin('POST', '/api/users', { email: 'late@labo.fr' });
    const [mail] = await sink.waitFor(1);
    const { token } = linkIn(mail?.parsed.text);
    clock.advance(72 * 3_600_000 + 1000);
    expect((await post(t, '/api/auth/password-link', { token })).status).toBe(400);
    expect((await post(t, '/api/auth/set-password', { token, password: NEW_PASSWORD })).status).toBe(400);
    // A new invitation retires nothing usable and works again.
    const user = (await asAdmin('GET', '/api/users?search=late')).body as { users: { id: string }[] };
    const resend = await asAdmin('POST', `/api/users/${user.users[0]?.id}/invitation`);
    expect(resend).toMatchObject({ status: 200, body: { delivery: 'smtp' } });
    await sink.waitFor(2);
    const fresh = linkIn(sink.received[1]?.parsed.text);
    expect((await post(t, '/api/auth/set-password', { token: fresh.token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('forgot password: the same answer for any address, a one-hour link that ends every other session', async () => {
    const rep = await t.factory.user({ email: 'forgetful@labo.fr' });
    const otherDevice = caller(t.app, (await signIn(t.app, rep.email, rep.password)).authorization);
    const known = await post(t, '/api/auth/forgot-password', { email: 'Forgetful@labo.fr' });
    const unknown = await post(t, '/api/auth/forgot-password', { email: 'nobody@labo.fr' });
    expect(known).toEqual(unknown);
    expect(known).toEqual({
      status: 200,
      body: {
        message:
          'If an account exists for this address, an e-mail with a link to choose a new password is on its way. The link works once, for one hour.',
      },
    });
    const [mail] = await sink.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received).toHaveLength(1);
    expect(mail?.to).toEqual(['forgetful@labo.fr']);
    expect(mail?.parsed.subject).toBe('Choose a new Praxis CRM password');
    const { token } = linkIn(mail?.parsed.text);
    expect(await post(t, '/api/auth/password-link', { token })).toMatchObject({ body: { purpose: 'reset' } });

    const set = await post(t, '/api/auth/set-password', { token, password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    expect((await otherDevice('GET', '/api/auth/me')).status).toBe(401);
    expect((await caller(t.app, `Bearer ${String(set.body.token)}`)('GET', '/api/auth/me')).status).toBe(200);
    // The old password no longer works.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: rep.email, password: rep.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('sends nothing for a deleted account, and throttles requests', async () => {
    // Earlier tests' requests fall out of the 15-minute window.
    clock.advance(16 * 60_000);
    const gone = await t.factory.user({ email: 'gone@labo.fr' });
    expect((await asAdmin('DELETE', `/api/users/${gone.id}`)).status).toBe(204);
    expect((await post(t, '/api/auth/forgot-password', { email: 'gone@labo.fr' })).status).toBe(200);

    // A few more to one account: the answer stays the same, the e-mails stop after three in 15 minutes.
    for (let index = 0; index < 4; index += 1) {
      expect((await post(t, '/api/auth/forgot-password', { email: 'spammed@labo.fr' })).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toEqual([]);
    // Ten requests from one address in 15 minutes (the five above and five here): the next ones are refused.
    const spammed = await t.factory.user({ email: 'victim@labo.fr' });
    const before = await tableCounts(t.database.db, ['password_tokens', 'mail_outbox']);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await post(t, '/api/auth/forgot-password', { email: spammed.email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await post(t, '/api/auth/forgot-password', { email: spammed.email });
    expect(refused.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(refused.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    const after = await tableCounts(t.database.db, ['password_tokens', 'mail_outbox']);
    // Three e-mails at most for the account, whatever the number of requests.
    expect((after.mail_outbox ?? 0) - (before.mail_outbox ?? 0)).toBe(3);
    clock.advance(16 * 60_000);
    expect((await post(t, '/api/auth/forgot-password', { email: 'someone@labo.fr' })).status).toBe(200);
  });

  it('refuses a made-up or malformed link', async () => {
    expect(await post(t, '/api/auth/password-link', { token: 'made-up-secret' })).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'This link is invalid, has expired or was already used. Ask for a new one.',
      },
    });
    expect(await post(t, '/api/auth/set-password', { token: '', password: NEW_PASSWORD })).toMatchObject({
      status: 400,
      body: { fields: { token: 'This link is invalid, has expired or was already used. Ask for a new one.' } },
    });
    expect((await post(t, '/api/auth/set-password', { password: NEW_PASSWORD })).status).toBe(400);
  });
});

describe.each(engines())('invitations without SMTP_URL on %s', (engine) => {
  let t: TestApp;
  const captured = capturedLogger();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { logger: captured.options });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says to check the server logs, and writes the link there', async () => {
    const admin = await t.factory.user({ email: 'admin@labo.fr', isAdmin: true });
    const asAdmin = await callerFor(t, admin);
    const created = await asAdmin('POST', '/api/users', { email: 'nosmtp@labo.fr' });
    expect(created).toMatchObject({ status: 201, body: { delivery: 'log' } });
    expect((created.body as { message: string }).message).toContain('Check server logs');
    const bulk = await asAdmin('POST', '/api/users/bulk', { emails: 'a1@labo.fr, a2@labo.fr' });
    expect((bulk.body as { message: string }).message).toBe(
      '2 users created successfully. SMTP is not configured: the invitation links were written to the server log. Check server logs.',
    );

    const deadline = Date.now() + 10_000;
    const logged = () => captured.lines.filter((line) => typeof line.text === 'string');
    while (logged().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const line = logged().find((entry) => entry.to === 'nosmtp@labo.fr');
    const { token } = linkIn(String(line?.text));
    const set = await post(t, '/api/auth/set-password', { token, password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    expect(
      logged()
        .map((entry) => entry.to)
        .sort(),
    ).toEqual(['a1@labo.fr', 'a2@labo.fr', 'nosmtp@labo.fr']);
  });
});
