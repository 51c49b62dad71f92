import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email, EmailAttachment, EmailListResult, EmailStats } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import { type Call, callerFor, signIn } from '#server/test/callers.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { SmtpSink } from '#server/test/smtp-sink.ts';
import { mailboxSnapshot } from '#server/test/table-counts.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(engines())('mailbox on %s', (engine) => {
  let t: TestApp;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let carol: CreatedUser;
  let asAlice: Call;
  let asBob: Call;
  let asCarol: Call;
  let authorization: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await t.factory.user({ firstName: 'Alice', lastName: 'Martin' });
    // A fixed address: the factory's ends with random hex, which a search for 'Message 53' could match.
    bob = await t.factory.user({ firstName: 'Bob', lastName: 'Durand', email: 'bob.durand@test-crm.fr' });
    carol = await t.factory.user({ firstName: 'Carol', lastName: 'Petit', isAdmin: true });
    asAlice = await callerFor(t, alice);
    asBob = await callerFor(t, bob);
    asCarol = await callerFor(t, carol);
    authorization = {
      alice: (await signIn(t.app, alice.email, alice.password)).authorization,
      bob: (await signIn(t.app, bob.email, bob.password)).authorization,
      carol: (await signIn(t.app, carol.email, carol.password)).authorization,
    };
  });
  afterAll(() => t.close());

  const send = async (as: Call, payload: Record<string, unknown>) => {
    const response = await as('POST', '/api/emails', { body: '<p>Bonjour</p>', subject: 'Sujet', ...payload });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Email;
  };
  const list = async (as: Call, query = '') => (await as('GET', `/api/emails${query}`)).body as EmailListResult;
  const stats = async (as: Call) => (await as('GET', '/api/emails/stats')).body as EmailStats;
  const inboxCopyOf = async (as: Call, subject: string) => {
    const { emails } = await list(as, `?search=${encodeURIComponent(subject)}`);
    const copy = emails.find((email) => email.subject === subject);
    if (!copy) throw new Error(`no copy of ${subject}`);
    return copy;
  };
  const auth = (who: string) => {
    const header = authorization[who];
    if (header === undefined) throw new Error(`no session for ${who}`);
    return header;
  };
  const upload = (who: string, fileName: string, bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/emails/attachments?fileName=${encodeURIComponent(fileName)}`,
      headers: {
        authorization: auth(who),
        'content-type': 'application/octet-stream',
        'accept-language': 'en',
      },
      payload: bytes,
    });
  const downloadStatus = async (who: string, id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/emails/attachments/${id}`,
        headers: { authorization: auth(who) },
      })
    ).statusCode;
  /** Every user's counts row equals what their copies add up to. */
  const expectCountsKept = async () => {
    const copies = await t.database.db.selectFrom('email_copies').select(['owner_id', 'folder', 'is_read']).execute();
    const rows = await t.database.db.selectFrom('mailbox_counts').selectAll().execute();
    for (const row of rows) {
      const own = copies.filter((copy) => copy.owner_id === row.user_id);
      expect(row).toEqual({
        user_id: row.user_id,
        inbox: own.filter((copy) => copy.folder === 'inbox').length,
        sent: own.filter((copy) => copy.folder === 'sent').length,
        bin: own.filter((copy) => copy.folder === 'bin').length,
        unread: own.filter((copy) => copy.folder === 'inbox' && copy.is_read === 0).length,
      });
    }
  };

  describe('sending', () => {
    it('gives each recipient their own unread copy in the inbox and the sender a read copy in sent, and audits it', async () => {
      const before = { alice: await stats(asAlice), bob: await stats(asBob), carol: await stats(asCarol) };
      const sent = await send(asAlice, {
        recipients: [bob.email, carol.email.toUpperCase()],
        subject: 'Réunion de secteur',
        body: '<p>Rendez-vous <strong>jeudi</strong> à Lyon.</p>',
      });
      expect(sent).toMatchObject({
        subject: 'Réunion de secteur',
        body: '<p>Rendez-vous <strong>jeudi</strong> à Lyon.</p>',
        sender: { email: alice.email, displayName: 'Alice Martin' },
        recipients: [bob.email, carol.email],
        isRead: true,
        folder: 'sent',
        originFolder: 'sent',
        parentEmail: null,
        attachments: [],
      });
      expect(await stats(asAlice)).toEqual({ ...before.alice, sent: before.alice.sent + 1 });
      for (const [who, as] of [
        ['bob', asBob],
        ['carol', asCarol],
      ] as const) {
        expect(await stats(as)).toEqual({
          ...before[who],
          inbox: before[who].inbox + 1,
          unreadCount: before[who].unreadCount + 1,
        });
        const copy = await inboxCopyOf(as, 'Réunion de secteur');
        expect(copy).toMatchObject({ isRead: false, folder: 'inbox', preview: 'Rendez-vous jeudi à Lyon.' });
        expect(copy.id).not.toBe(sent.id);
      }
      const [audit] = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity_type', '=', 'email')
        .where('action', '=', 'send')
        .where('user_id', '=', alice.id)
        .orderBy('created_at', 'desc')
        .execute();
      expect(JSON.parse(audit?.metadata ?? 'null')).toEqual({
        subject: 'Réunion de secteur',
        recipients: [bob.email, carol.email],
      });
      await expectCountsKept();
    });

    it('takes the recipients as one text separated by commas or semicolons, once each', async () => {
      const sent = await send(asAlice, { recipients: ` ${bob.email}; ${carol.email} ,${bob.email}`, subject: 'Liste' });
      expect(sent.recipients).toEqual([bob.email, carol.email]);
    });

    it('names every invalid field and stores nothing', async () => {
      const before = await mailboxSnapshot(t.database.db);
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ recipients: [], subject: 'x', body: '<p>x</p>' }, { recipients: 'Please add at least one recipient' }],
        [
          { recipients: ['not-an-address'], subject: 'x', body: '<p>x</p>' },
          { 'recipients.0': 'Please enter a valid email address' },
        ],
        [{ recipients: [bob.email], subject: '  ', body: '<p>x</p>' }, { subject: 'This field is required' }],
        [{ recipients: [bob.email], subject: 'x', body: '' }, { body: 'This field is required' }],
        // Nothing is left once sanitised: as empty as no body at all.
        [
          { recipients: [bob.email], subject: 'x', body: '<script>alert(1)</script><p> </p>' },
          { body: 'This field is required' },
        ],
        [
          { recipients: [bob.email], subject: 'x', body: '<p>x</p>', parentEmailId: 'nope' },
          { parentEmailId: 'Invalid identifier' },
        ],
        [
          { recipients: [bob.email], subject: 'x'.repeat(256), body: '<p>x</p>' },
          { subject: 'This field is too long' },
        ],
      ];
      for (const [payload, fields] of cases) {
        const { status, body } = await asAlice('POST', '/api/emails', payload);
        expect(status, JSON.stringify(payload)).toBe(400);
        expect((body as ErrorBody).fields).toEqual(fields);
      }
      expect(await mailboxSnapshot(t.database.db)).toEqual(before);
    });

    it('refuses an address outside the product by name while no mail server is set up, and stores nothing', async () => {
      const before = await mailboxSnapshot(t.database.db);
      const { status, body } = await asAlice('POST', '/api/emails', {
        recipients: [bob.email, 'dr.vidal@cabinet-vidal.fr'],
        subject: 'Externe',
        body: '<p>x</p>',
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: 'EXTERNAL_RECIPIENTS',
        message: expect.stringContaining('dr.vidal@cabinet-vidal.fr') as string,
        fields: { recipients: 'Not a user of the product, and no mail server is set up' },
      });
      expect(await mailboxSnapshot(t.database.db)).toEqual(before);
    });

    it('refuses the address of a deleted user by name, and stores nothing', async () => {
      const gone = await t.factory.user();
      await t.database.db
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', gone.id)
        .execute();
      const before = await mailboxSnapshot(t.database.db);
      const { status, body } = await asAlice('POST', '/api/emails', {
        recipients: [bob.email, gone.email],
        subject: 'Ancien collègue',
        body: '<p>x</p>',
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: 'FORMER_RECIPIENTS',
        message: `These addresses belong to people who no longer have an account: ${gone.email}`,
        fields: { recipients: 'No longer has an account' },
      });
      expect(await mailboxSnapshot(t.database.db)).toEqual(before);
    });

    it('sends once for one Idempotency-Key, answering the replay with the first message', async () => {
      const key = newId();
      const payload = { recipients: [bob.email], subject: 'Une seule fois', body: '<p>x</p>' };
      const first = await asAlice('POST', '/api/emails', payload, key);
      const replay = await asAlice('POST', '/api/emails', payload, key);
      expect(first.status).toBe(201);
      expect(replay).toMatchObject({ status: 201, body: first.body as object });
      expect((await list(asBob, '?search=une%20seule%20fois')).total).toBe(1);
    });

    it('requires a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/emails' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('lists', () => {
    let dave: CreatedUser;
    let asDave: Call;
    beforeAll(async () => {
      dave = await t.factory.user({ firstName: 'Dave', lastName: 'Roux', email: 'dave.roux@test-crm.fr' });
      asDave = await callerFor(t, dave);
      for (let index = 1; index <= 53; index += 1) {
        await send(asBob, {
          recipients: [dave.email],
          subject: `Message ${String(index).padStart(2, '0')}`,
          body: index === 7 ? '<p>Le <em>Cardiozil</em> arrive en pharmacie</p>' : '<p>Texte courant</p>',
        });
      }
    });

    it('pages the inbox 50 at a time, newest first, with the total and the page', async () => {
      const first = await list(asDave);
      expect(first).toMatchObject({ total: 53, currentPage: 1, pages: 2 });
      expect(first.emails).toHaveLength(50);
      expect(first.emails[0]?.subject).toBe('Message 53');
      const second = await list(asDave, '?folder=inbox&page=2');
      expect(second.emails.map((email) => email.subject)).toEqual(['Message 03', 'Message 02', 'Message 01']);
      expect((await list(asDave, '?limit=1')).emails).toHaveLength(1);
    });

    it('searches the subject, the body text and the sender, accents and case aside', async () => {
      expect((await list(asDave, '?search=MESSAGE%2053')).emails.map((email) => email.subject)).toEqual(['Message 53']);
      expect((await list(asDave, '?search=cardiozil')).emails.map((email) => email.subject)).toEqual(['Message 07']);
      expect((await list(asDave, '?search=cardiozil%20pharmacie')).total).toBe(1);
      expect((await list(asDave, '?search=Durand')).total).toBe(53);
      expect((await list(asDave, `?search=${encodeURIComponent(bob.email)}`)).total).toBe(53);
      expect((await list(asDave, '?search=introuvable')).total).toBe(0);
      // The search is per folder: Bob's sent folder has them, his inbox doesn't.
      expect((await list(asBob, '?folder=sent&search=cardiozil')).total).toBe(1);
      expect((await list(asBob, '?folder=inbox&search=cardiozil')).total).toBe(0);
    });

    it('names a wrong folder, page or limit', async () => {
      for (const [query, field] of [
        ['?folder=archive', 'folder'],
        ['?page=0', 'page'],
        ['?limit=101', 'limit'],
      ]) {
        const { status, body } = await asDave('GET', `/api/emails${query}`);
        expect(status).toBe(400);
        expect(Object.keys((body as ErrorBody).fields ?? {})).toEqual([field]);
      }
    });

    it("never lists another user's copies", async () => {
      const { emails } = await list(asAlice, '?search=message');
      expect(emails).toEqual([]);
    });
  });

  describe('read state, bin and ownership', () => {
    it('marks a copy read and unread, singly and in bulk, moving the unread count', async () => {
      await send(asAlice, { recipients: [bob.email], subject: 'Lecture A' });
      await send(asAlice, { recipients: [bob.email], subject: 'Lecture B' });
      const copyA = await inboxCopyOf(asBob, 'Lecture A');
      const copyB = await inboxCopyOf(asBob, 'Lecture B');
      const unread = (await stats(asBob)).unreadCount;
      expect(await asBob('PATCH', `/api/emails/${copyA.id}/read`, { isRead: true })).toMatchObject({
        status: 200,
        body: { id: copyA.id, isRead: true },
      });
      expect((await stats(asBob)).unreadCount).toBe(unread - 1);
      expect(((await asBob('GET', `/api/emails/${copyA.id}`)).body as Email).isRead).toBe(true);
      // Marking read again changes nothing, and counts nothing twice.
      await asBob('PATCH', `/api/emails/${copyA.id}/read`, { isRead: true });
      expect((await stats(asBob)).unreadCount).toBe(unread - 1);

      expect(await asBob('PATCH', '/api/emails/read', { ids: [copyA.id, copyB.id], isRead: true })).toMatchObject({
        status: 200,
        body: { updated: 1 },
      });
      expect((await stats(asBob)).unreadCount).toBe(unread - 2);
      expect(await asBob('PATCH', '/api/emails/read', { ids: [copyA.id, copyB.id], isRead: false })).toMatchObject({
        body: { updated: 2 },
      });
      expect((await stats(asBob)).unreadCount).toBe(unread);
      await expectCountsKept();
    });

    it('moves to the bin, restores to where it came from, then deletes for good from the bin', async () => {
      const sent = await send(asAlice, { recipients: [bob.email], subject: 'Corbeille' });
      const copy = await inboxCopyOf(asBob, 'Corbeille');
      const before = await stats(asBob);

      expect(await asBob('DELETE', `/api/emails/${copy.id}`)).toMatchObject({
        status: 200,
        body: { permanent: false },
      });
      expect(await stats(asBob)).toEqual({
        ...before,
        inbox: before.inbox - 1,
        bin: before.bin + 1,
        unreadCount: before.unreadCount - 1,
      });
      expect((await list(asBob, '?folder=bin&search=corbeille')).emails.map((email) => email.id)).toEqual([copy.id]);

      const wrong = await asBob('PATCH', `/api/emails/${copy.id}/folder`, { folder: 'sent' });
      expect(wrong).toMatchObject({
        status: 400,
        body: { fields: { folder: 'A received message can only be in the inbox or the bin' } },
      });
      expect(await asBob('PATCH', `/api/emails/${copy.id}/folder`, { folder: 'inbox' })).toMatchObject({
        status: 200,
        body: { id: copy.id, folder: 'inbox' },
      });
      expect(await stats(asBob)).toEqual(before);

      await asBob('PATCH', `/api/emails/${copy.id}/folder`, { folder: 'bin' });
      expect(await asBob('DELETE', `/api/emails/${copy.id}`)).toMatchObject({ status: 200, body: { permanent: true } });
      expect((await asBob('GET', `/api/emails/${copy.id}`)).status).toBe(404);
      expect(await stats(asBob)).toEqual({ ...before, inbox: before.inbox - 1, unreadCount: before.unreadCount - 1 });
      // Alice still holds her copy, so the message stays.
      expect(((await asAlice('GET', `/api/emails/${sent.id}`)).body as Email).subject).toBe('Corbeille');

      // Once nobody holds it, the message itself is gone.
      await asAlice('DELETE', `/api/emails/${sent.id}`);
      await asAlice('DELETE', `/api/emails/${sent.id}`);
      const left = await t.database.db.selectFrom('emails').select('id').where('subject', '=', 'Corbeille').execute();
      expect(left).toEqual([]);
      await expectCountsKept();
    });

    it('deletes in bulk: what is outside the bin goes to it, what is in it goes for good', async () => {
      await send(asAlice, { recipients: [bob.email], subject: 'Lot 1' });
      await send(asAlice, { recipients: [bob.email], subject: 'Lot 2' });
      const one = await inboxCopyOf(asBob, 'Lot 1');
      const two = await inboxCopyOf(asBob, 'Lot 2');
      await asBob('DELETE', `/api/emails/${two.id}`);
      expect(await asBob('POST', '/api/emails/delete', { ids: [one.id, two.id] })).toMatchObject({
        status: 200,
        body: { movedToBin: 1, deleted: 1 },
      });
      expect((await list(asBob, '?folder=bin&search=lot')).emails.map((email) => email.id)).toEqual([one.id]);
      await expectCountsKept();
    });

    it("answers 404 for another user's copy, whatever the call and the role, and changes nothing", async () => {
      await send(asAlice, { recipients: [bob.email], subject: 'Privé' });
      const bobs = await inboxCopyOf(asBob, 'Privé');
      const before = await mailboxSnapshot(t.database.db);
      // Carol is an admin: the mailbox is private all the same.
      for (const as of [asAlice, asCarol]) {
        for (const [method, url, payload] of [
          ['GET', `/api/emails/${bobs.id}`, undefined],
          ['PATCH', `/api/emails/${bobs.id}/read`, { isRead: true }],
          ['PATCH', `/api/emails/${bobs.id}/folder`, { folder: 'bin' }],
          ['DELETE', `/api/emails/${bobs.id}`, undefined],
        ] as const) {
          const response = await as(method, url, payload);
          expect(response.status, `${method} ${url}`).toBe(404);
        }
        expect(await as('PATCH', '/api/emails/read', { ids: [bobs.id], isRead: true })).toMatchObject({
          body: { updated: 0 },
        });
        expect(await as('POST', '/api/emails/delete', { ids: [bobs.id] })).toMatchObject({
          body: { movedToBin: 0, deleted: 0 },
        });
        // Replying to a copy one doesn't hold is refused like a missing message.
        const reply = await as('POST', '/api/emails', {
          recipients: [bob.email],
          subject: 'Re',
          body: '<p>x</p>',
          parentEmailId: bobs.id,
        });
        expect(reply).toMatchObject({
          status: 400,
          body: { fields: { parentEmailId: 'The message you are replying to was not found' } },
        });
      }
      expect(await mailboxSnapshot(t.database.db)).toEqual(before);
    });
  });

  describe('replies', () => {
    it('carries the message it answers: its subject, body, date and sender', async () => {
      const original = await send(asAlice, { recipients: [bob.email], subject: 'Question', body: '<p>Quand ?</p>' });
      const copy = await inboxCopyOf(asBob, 'Question');
      const reply = await send(asBob, {
        recipients: [alice.email],
        subject: 'Re: Question',
        body: '<p>Demain.</p>',
        parentEmailId: copy.id,
      });
      const parent = {
        subject: 'Question',
        body: '<p>Quand ?</p>',
        createdAt: original.createdAt,
        sender: { email: alice.email, displayName: 'Alice Martin' },
      };
      expect(reply.parentEmail).toEqual(parent);
      const received = await inboxCopyOf(asAlice, 'Re: Question');
      expect(received.isReply).toBe(true);
      expect(((await asAlice('GET', `/api/emails/${received.id}`)).body as Email).parentEmail).toEqual(parent);
    });
  });

  describe('stored XSS', () => {
    const payloads = [
      '<script>alert(1)</script><p>a</p>',
      '<img src=x onerror=alert(1)><p>b</p>',
      '<svg onload=alert(1)></svg><p>c</p>',
      '<p><a href="javascript:alert(1)">d</a></p>',
      '<p><a href="&#x6A;avascript:alert(1)">e</a></p>',
      '<p><a href="data:text/html,<script>alert(1)</script>">f</a></p>',
      '<p><a onfocus=alert(1) autofocus tabindex=1 href="https://ok.example">g</a></p>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>h</p>',
      '<form action="https://evil.example"><button>i</button></form>',
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>j</p>',
      '<style>@import url(//evil.example/x.css)</style><p>k</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>l',
      '<p style="background:url(https://evil.example/x)">m</p>',
      '<p>n</p><!-- <img src=x onerror=alert(1)> -->',
      '<<p>o</p>',
    ];

    it('stores bodies without script, handlers, frames, forms or dangerous URLs, and subjects as plain text', async () => {
      for (const [index, payload] of payloads.entries()) {
        const subject = `<img src=x onerror=alert(${index})>`;
        // Each payload comes with some harmless text, so that something is left to send.
        const sent = await send(asAlice, { recipients: [bob.email], subject, body: `<p>ok</p>${payload}` });
        const stored = await t.database.db
          .selectFrom('emails')
          .select(['body', 'subject'])
          .where(
            'id',
            '=',
            (
              await t.database.db
                .selectFrom('email_copies')
                .select('email_id')
                .where('id', '=', sent.id)
                .executeTakeFirstOrThrow()
            ).email_id,
          )
          .executeTakeFirstOrThrow();
        expect(stored.body, payload).not.toMatch(/<(script|img|svg|iframe|form|button|meta|style|math|mglyph)\b/i);
        expect(stored.body, payload).not.toMatch(/\bon[a-z]+\s*=|javascript:|data:|srcdoc|url\(/i);
        expect(sent.body).toBe(stored.body);
        // A subject is text: kept as typed, and shown as text by the web app.
        expect(stored.subject).toBe(subject);
      }
    });
  });

  describe('attachments', () => {
    it('keeps an upload with the type its content shows, and refuses what is not what its name says', async () => {
      const pdf = await upload('alice', 'compte-rendu.pdf', PDF);
      expect(pdf.statusCode).toBe(201);
      expect(pdf.json<EmailAttachment>()).toMatchObject({
        fileName: 'compte-rendu.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
      });
      expect((await upload('alice', 'notes.txt', Buffer.from('Points clés : tarif, délais.\n'))).json()).toMatchObject({
        contentType: 'text/plain',
      });
      const before = await mailboxSnapshot(t.database.db);
      for (const [name, bytes] of [
        ['photo.png', Buffer.from('<html><script>alert(1)</script></html>')],
        ['image.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
        ['page.html', Buffer.from('<html></html>')],
        ['rapport.docx', PDF],
        ['photo.PnG', Buffer.from('<html></html>')],
        ['binaire.txt', Buffer.from([0x00, 0x01, 0x02, 0x03])],
        ['programme.exe', Buffer.from('MZ\x90\x00')],
      ] as const) {
        const response = await upload('alice', name, bytes);
        expect(response.statusCode, name).toBe(400);
        expect(response.json<ErrorBody>().fields).toHaveProperty('fileName');
      }
      expect(await mailboxSnapshot(t.database.db)).toEqual(before);
      expect((await upload('alice', 'photo.PNG', PNG)).json()).toMatchObject({ contentType: 'image/png' });
    });

    it('refuses a file over 10 MB with 413, saying the limit', async () => {
      const response = await upload('alice', 'gros.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
      expect(response.statusCode).toBe(413);
      expect(response.json<ErrorBody>()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'A file can be at most 10 MB',
      });
    });

    it('lets only the holders of the message read it, always as a download', async () => {
      const uploaded = (await upload('alice', 'Étude clinique.pdf', PDF)).json<EmailAttachment>();
      // Before it is sent, only its uploader can read it.
      expect(await downloadStatus('bob', uploaded.id)).toBe(404);
      const sent = await send(asAlice, {
        recipients: [bob.email],
        subject: 'Avec pièce jointe',
        attachments: [uploaded.id],
      });
      expect(sent.attachments).toEqual([uploaded]);
      const copy = await inboxCopyOf(asBob, 'Avec pièce jointe');
      expect(copy.hasAttachments).toBe(true);

      const download = await t.app.inject({
        method: 'GET',
        url: `/api/emails/attachments/${uploaded.id}`,
        headers: { authorization: auth('bob') },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Etude clinique.pdf"; filename*=UTF-8''${encodeURIComponent('Étude clinique.pdf')}`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');

      // Carol holds no copy: as absent as a missing file.
      expect(await downloadStatus('carol', uploaded.id)).toBe(404);
      // Sending the same upload again is refused: it belongs to the first message now.
      const again = await asAlice('POST', '/api/emails', {
        recipients: [carol.email],
        subject: 'Encore',
        body: '<p>x</p>',
        attachments: [uploaded.id],
      });
      expect(again).toMatchObject({ status: 400, body: { fields: { attachments: expect.any(String) as string } } });
      // Bob can still read it from the bin, and no longer once his copy is gone.
      await asBob('DELETE', `/api/emails/${copy.id}`);
      expect(await downloadStatus('bob', uploaded.id)).toBe(200);
      await asBob('DELETE', `/api/emails/${copy.id}`);
      expect(await downloadStatus('bob', uploaded.id)).toBe(404);
    });

    it("refuses another user's upload on a message", async () => {
      const bobs = (await upload('bob', 'bob.pdf', PDF)).json<EmailAttachment>();
      const response = await asAlice('POST', '/api/emails', {
        recipients: [carol.email],
        subject: 'Pas à moi',
        body: '<p>x</p>',
        attachments: [bobs.id],
      });
      expect(response).toMatchObject({ status: 400, body: { fields: { attachments: expect.any(String) as string } } });
    });
  });
});

describe.each(engines())('mailbox with a mail server on %s', (engine) => {
  let t: TestApp;
  let sink: SmtpSink;
  let asRep: Call;
  let manager: CreatedUser;
  let rep: CreatedUser;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp(engine, { SMTP_URL: sink.url, MAIL_FROM: 'Praxis CRM <crm@labo.fr>' });
    rep = await t.factory.user({ firstName: 'Rémi', lastName: 'Vasseur' });
    manager = await t.factory.user();
    asRep = await callerFor(t, rep);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('sends to an address outside the product through the mail service, with its HTML and text parts', async () => {
    const { status, body } = await asRep('POST', '/api/emails', {
      recipients: `${manager.email}; dr.vidal@cabinet-vidal.fr`,
      subject: 'Compte rendu\r\nBcc: intrus@evil.example',
      body: '<p>Merci pour <strong>votre accueil</strong>.</p><script>alert(1)</script>',
    });
    expect(status).toBe(201);
    expect((body as Email).recipients).toEqual([manager.email, 'dr.vidal@cabinet-vidal.fr']);
    const [received] = await sink.waitFor(1);
    expect(received?.to).toEqual(['dr.vidal@cabinet-vidal.fr']);
    // The line break became a space: no header of its own.
    expect(received?.parsed.subject).toBe('Compte rendu Bcc: intrus@evil.example');
    expect(received?.parsed.bcc).toBeUndefined();
    expect(received?.parsed.html).toContain('<p>Merci pour <strong>votre accueil</strong>.</p>');
    expect(received?.parsed.html).not.toContain('script');
    expect(received?.parsed.text?.trim()).toBe('Merci pour votre accueil.');
    expect(received?.parsed.replyTo?.text).toBe(rep.email);
    // The product user got their copy in the mailbox, not by SMTP.
    expect(sink.to(manager.email)).toEqual([]);
  });

  it('refuses attachments for an address outside the product, naming it, and stores nothing', async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/emails/attachments?fileName=a.pdf',
      headers: {
        authorization: (await signIn(t.app, rep.email, rep.password)).authorization,
        'content-type': 'application/octet-stream',
      },
      payload: PDF,
    });
    const before = await mailboxSnapshot(t.database.db);
    const { status, body } = await asRep('POST', '/api/emails', {
      recipients: ['dr.vidal@cabinet-vidal.fr'],
      subject: 'Fichier',
      body: '<p>x</p>',
      attachments: [uploaded.json<EmailAttachment>().id],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'EXTERNAL_RECIPIENTS',
      message: expect.stringContaining('dr.vidal@cabinet-vidal.fr') as string,
    });
    expect(await mailboxSnapshot(t.database.db)).toEqual(before);
  });
});
