import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  CampaignList,
  CampaignSendResult,
  CampaignTemplate,
  CampaignTemplateList,
  DoctorsWithConsentList,
} from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import { type Call, callerFor, signIn } from '#server/test/callers.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { pngDataUrl } from '#server/test/signature-images.ts';
import { type ReceivedMail, SmtpSink } from '#server/test/smtp-sink.ts';
import { tableCounts } from '#server/test/table-counts.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };
type Choices = { professional?: boolean; congress?: boolean; general?: boolean };

const CAMPAIGN_TABLES = [
  'campaigns',
  'campaign_recipients',
  'campaign_templates',
  'mail_outbox',
  'consent_records',
] as const;

/** A header of a received message as it was written (unfolded), without its name. */
function headerOf(received: ReceivedMail | undefined, name: string): string {
  const line = received?.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line ?? '';
  return line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
}

/** Polls until `check` holds (the sending job and the outbox work in the background). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(engines())('campaigns on %s', (engine) => {
  let t: TestApp;
  let sink: SmtpSink;
  let rep: CreatedUser;
  let asRep: Call;
  let asColleague: Call;
  let asAdmin: Call;
  let repAuthorization = '';
  const authorization = () => repAuthorization;

  /** A doctor with an e-mail (or none) and, when given, a signed consent with these choices. */
  const doctor = async (
    lastName: string,
    choices: Choices | null,
    email: string | null = `${lastName.toLowerCase()}@cabinet.fr`,
  ) => {
    const created = await t.factory.doctor({ firstName: 'Anne', lastName });
    await t.database.db.updateTable('doctors').set({ email }).where('id', '=', created.id).execute();
    if (choices !== null) {
      const response = await asRep('POST', `/api/doctors/${created.id}/signatures`, {
        signatureImage: pngDataUrl(),
        professionalConsent: choices.professional ?? false,
        congressConsent: choices.congress ?? false,
        generalConsent: choices.general ?? false,
        signatureDate: '2026-11-20T10:15:00.000Z',
        email: '',
        phone: '',
        language: 'fr',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    return created.id;
  };
  const withdraw = async (doctorId: string) => {
    const response = await asRep('POST', `/api/doctors/${doctorId}/signatures/withdrawal`, {
      requestedBy: 'doctor',
      reason: 'Par téléphone',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };
  const eligibleIds = async (query: string) =>
    ((await asRep('GET', `/api/campaigns/doctors-with-consent?${query}`)).body as DoctorsWithConsentList).doctors.map(
      (row) => row.id,
    );
  const campaignStatus = async (id: string) =>
    ((await asRep('GET', '/api/campaigns')).body as CampaignList).campaigns.find((campaign) => campaign.id === id);

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp(engine, {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Praxis CRM <crm@labo.fr>',
      MAIL_BULK_PER_MINUTE: '1000',
    });
    rep = await t.factory.user({ firstName: 'Julien', lastName: 'Petit' });
    asRep = await callerFor(t, rep);
    repAuthorization = (await signIn(t.app, rep.email, rep.password)).authorization;
    asColleague = await callerFor(t, await t.factory.user());
    asAdmin = await callerFor(t, await t.factory.user({ isAdmin: true }));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
  });

  describe('templates', () => {
    it('lists the four built-in templates in the request language', async () => {
      const fr = (await asRep('GET', '/api/campaigns/templates')).body as CampaignTemplateList;
      const builtIns = fr.templates.filter((template) => template.isBuiltIn);
      expect(builtIns.map((template) => [template.id, template.type])).toEqual([
        ['new-medicine', 'medicine'],
        ['congress-invitation', 'congress'],
        ['pharma-event', 'pharma'],
        ['general-update', 'general'],
      ]);
      expect((await t.app.inject({ method: 'GET', url: '/api/campaigns/templates' })).statusCode).toBe(401);
      expect(builtIns[0]).toMatchObject({ name: 'New medicine', subject: 'A new treatment for your patients' });
      expect(builtIns[0]?.content).toContain('{{doctorName}}');
      const french = await t.app.inject({
        method: 'GET',
        url: '/api/campaigns/templates',
        headers: { authorization: authorization(), 'accept-language': 'fr-FR' },
      });
      expect(french.json<CampaignTemplateList>().templates.find((row) => row.id === 'new-medicine')?.name).toBe(
        'Nouveau médicament',
      );
    });

    it('names each missing field with the spec messages, and keeps nothing', async () => {
      const before = await tableCounts(t.database.db, CAMPAIGN_TABLES);
      const { status, body } = await asRep('POST', '/api/campaigns/templates', {
        name: ' ',
        description: '',
        subject: '',
        content: '',
      });
      expect(status).toBe(400);
      expect((body as ErrorBody).fields).toEqual({
        name: 'Template name is required',
        type: 'Template type is required',
        description: 'Template description is required',
        subject: 'Template subject is required',
        content: 'Template content is required',
      });
      // Content that sanitising empties is as missing as none.
      const scriptOnly = await asRep('POST', '/api/campaigns/templates', {
        name: 'x',
        type: 'general',
        description: 'x',
        subject: 'x',
        content: '<script>alert(1)</script>',
      });
      expect((scriptOnly.body as ErrorBody).fields).toEqual({ content: 'Template content is required' });
      expect(await tableCounts(t.database.db, CAMPAIGN_TABLES)).toEqual(before);
    });

    it("keeps a template for its author, sanitised, newest first, and no one else's", async () => {
      const created = await asRep('POST', '/api/campaigns/templates', {
        name: 'Soirée cardio',
        type: 'event',
        description: 'Invitation à la soirée',
        subject: 'Soirée {{eventName}}',
        content:
          '<p onclick="alert(1)">Bonjour {{doctorName}}</p><img src=x onerror=alert(1)><a href="javascript:x">l</a>',
      });
      expect(created.status).toBe(201);
      const template = created.body as CampaignTemplate;
      expect(template).toMatchObject({ name: 'Soirée cardio', type: 'event', isBuiltIn: false });
      expect(template.content).toBe('<p>Bonjour {{doctorName}}</p><a>l</a>');
      const mine = (await asRep('GET', '/api/campaigns/templates')).body as CampaignTemplateList;
      expect(mine.templates[0]?.id).toBe(template.id);
      const theirs = (await asColleague('GET', '/api/campaigns/templates')).body as CampaignTemplateList;
      expect(theirs.templates.map((row) => row.id)).not.toContain(template.id);
    });
  });

  describe('eligibility (spec 001 §5)', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.pro = await doctor('Professionnel', { professional: true, general: true });
      ids.congress = await doctor('Congressiste', { congress: true });
      ids.noEmail = await doctor('Sansmail', { professional: true, congress: true, general: true }, null);
      ids.withdrew = await doctor('Retire', { professional: true, congress: true, general: true });
      await withdraw(ids.withdrew);
      ids.none = await doctor('Aucun', null);
    });

    const ours = (found: string[]) => found.filter((id) => Object.values(ids).includes(id)).sort();

    it('lists, for each template type, only the doctors with an e-mail whose current consent gives its choice', async () => {
      expect(ours(await eligibleIds('type=medicine&limit=100'))).toEqual([ids.pro].sort());
      expect(ours(await eligibleIds('type=pharma&limit=100'))).toEqual([ids.pro].sort());
      expect(ours(await eligibleIds('type=congress&limit=100'))).toEqual([ids.congress].sort());
      expect(ours(await eligibleIds('type=general&limit=100'))).toEqual([ids.pro].sort());
      expect(ours(await eligibleIds('type=event&limit=100'))).toEqual([ids.pro].sort());
      expect(ours(await eligibleIds('templateId=congress-invitation&limit=100'))).toEqual([ids.congress].sort());
      expect(await eligibleIds('type=medicine&search=professionnel')).toEqual([ids.pro]);
    });

    it('answers every doctor with an e-mail and a consent in force, with it, when asked as the spec asks', async () => {
      expect((await asRep('GET', '/api/campaigns/doctors-with-consent')).status).toBe(200);
      const list = (await asRep('GET', '/api/campaigns/doctors-with-consent?limit=100')).body as DoctorsWithConsentList;
      expect(ours(list.doctors.map((row) => row.id))).toEqual([ids.pro, ids.congress].sort());
      expect(list.doctors.find((row) => row.id === ids.congress)?.signature).toMatchObject({
        professionalConsent: false,
        congressConsent: true,
      });
      expect(ours(await eligibleIds('limit=100&search=congres'))).toEqual(
        ours(await eligibleIds('type=congress&limit=100&search=congres')),
      );
    });

    it('sends only to the eligible doctor, whatever the client asked, and says who was skipped and why', async () => {
      const unknown = newId();
      const before = await tableCounts(t.database.db, ['audit_logs']);
      const { status, body } = await asRep('POST', '/api/campaigns', {
        name: 'Lancement Cardiozil',
        templateId: 'new-medicine',
        doctorIds: [ids.pro, ids.congress, ids.noEmail, ids.withdrew, ids.none, unknown],
      });
      expect(status, JSON.stringify(body)).toBe(201);
      const result = body as CampaignSendResult;
      expect(result).toMatchObject({
        recipientCount: 1,
        skipped: { notFound: 1, noEmail: 1, noConsent: 3, withdrawn: 0 },
        campaign: { name: 'Lancement Cardiozil', templateName: 'New medicine', status: 'sending' },
      });
      const [received] = await sink.waitFor(1);
      expect(received?.to).toEqual(['professionnel@cabinet.fr']);
      await eventually(async () => (await campaignStatus(result.campaign.id))?.status === 'sent');
      expect(await campaignStatus(result.campaign.id)).toMatchObject({ sentCount: 1, failedCount: 0, skippedCount: 5 });
      expect(sink.received).toHaveLength(1);
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity_type', '=', 'campaign')
        .where('entity_id', '=', result.campaign.id)
        .execute();
      expect(audit.map((row) => [row.action, JSON.parse(row.metadata ?? '{}') as unknown])).toEqual([
        [
          'send',
          {
            campaignName: 'Lancement Cardiozil',
            recipientCount: 1,
            templateName: 'New medicine',
            skippedCount: 5,
          },
        ],
      ]);
      expect((await tableCounts(t.database.db, ['audit_logs'])).audit_logs).toBe((before.audit_logs ?? 0) + 1);
    });

    it('refuses a campaign none of whose doctors may receive it, and records nothing', async () => {
      const before = await tableCounts(t.database.db, CAMPAIGN_TABLES);
      const { status, body } = await asRep('POST', '/api/campaigns', {
        name: 'Personne',
        templateId: 'congress-invitation',
        doctorIds: [ids.pro, ids.withdrew],
        eventName: 'Congrès',
        eventDate: '12 mars',
        eventLocation: 'Lyon',
        eventTopics: 'Cardiologie',
      });
      expect(status).toBe(400);
      expect((body as ErrorBody).fields).toHaveProperty('doctorIds');
      expect(await tableCounts(t.database.db, CAMPAIGN_TABLES)).toEqual(before);
    });

    it('names what is missing: the name, the recipients, the template, the event details', async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ templateId: 'new-medicine', doctorIds: [ids.pro] }, { name: 'Please enter campaign name' }],
        [
          { name: 'x', templateId: 'new-medicine', doctorIds: [] },
          { doctorIds: 'Please complete all steps before sending' },
        ],
        [{ name: 'x', doctorIds: [ids.pro] }, { templateId: 'Please complete all steps before sending' }],
        [{ name: 'x', templateId: 'not-a-template', doctorIds: [ids.pro] }, { templateId: 'Template not found' }],
        [
          { name: 'x', templateId: 'congress-invitation', doctorIds: [ids.congress], eventName: 'Congrès' },
          {
            eventDate: 'The template uses this event detail: please fill it in',
            eventLocation: 'The template uses this event detail: please fill it in',
            eventTopics: 'The template uses this event detail: please fill it in',
          },
        ],
      ];
      for (const [payload, fields] of cases) {
        const { status, body } = await asRep('POST', '/api/campaigns', payload);
        expect(status, JSON.stringify(payload)).toBe(400);
        expect((body as ErrorBody).fields).toEqual(fields);
      }
    });
  });

  describe('the messages', () => {
    it("fills each doctor's message, escapes their name, and carries a text part and List-Unsubscribe", async () => {
      const tricky = await doctor('<img src=x onerror=alert(1)>', { congress: true }, 'tricky@cabinet.fr');
      const plain = await doctor('Martin', { congress: true }, 'martin@cabinet.fr');
      const { body } = await asRep('POST', '/api/campaigns', {
        name: 'Congrès de Lyon',
        templateId: 'congress-invitation',
        doctorIds: [tricky, plain],
        eventName: 'Cardio Lyon 2027',
        eventDate: '12 mars 2027',
        eventLocation: 'Centre de congrès, Lyon',
        eventTopics: 'Insuffisance cardiaque',
        customSubject: 'Invitation : {{eventName}}\r\nBcc: intrus@evil.example',
      });
      expect((body as CampaignSendResult).recipientCount).toBe(2);
      await sink.waitFor(2);
      const martin = sink.to('martin@cabinet.fr')[0];
      const toTricky = sink.to('tricky@cabinet.fr')[0]?.parsed;
      const toMartin = martin?.parsed;
      expect(toMartin?.subject).toBe('Invitation : Cardio Lyon 2027 Bcc: intrus@evil.example');
      expect(toMartin?.bcc).toBeUndefined();
      expect(toMartin?.html).toContain('<p>Dear Dr Anne Martin,</p>');
      expect(toMartin?.html).toContain('<td><p>12 mars 2027</p></td>');
      expect(toMartin?.html).toContain('Julien Petit');
      expect(toMartin?.text).toContain('Dear Dr Anne Martin,');
      expect(toMartin?.text).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/unsubscribe\?token=/);
      expect(headerOf(martin, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\?token=[^>]+>$/);
      expect(headerOf(martin, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(toTricky?.html).toContain('Dr Anne &lt;img src=x onerror=alert(1)&gt;');
      expect(toTricky?.html).not.toContain('<img');
    });
  });

  describe('unsubscribing', () => {
    it('records the withdrawal as a new consent record from a genuine link only, once, and the next campaign skips the doctor', async () => {
      const doctorId = await doctor('Desabonne', { professional: true, general: true });
      await asRep('POST', '/api/campaigns', { name: 'Actus', templateId: 'general-update', doctorIds: [doctorId] });
      const [received] = await sink.waitFor(1);
      const link = /<(http[^>]+)>/.exec(headerOf(received, 'List-Unsubscribe'))?.[1] ?? '';
      const token = new URL(link).searchParams.get('token') ?? '';
      const records = () =>
        t.database.db
          .selectFrom('consent_records')
          .select([
            'kind',
            'professional_consent',
            'congress_consent',
            'general_consent',
            'withdrawal_requested_by',
            'collector_email',
          ])
          .where('doctor_id', '=', doctorId)
          .orderBy('seq')
          .execute();

      // Following the link only asks: a mail scanner opening it changes nothing.
      const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<form method="post" action="/unsubscribe">');
      expect(await records()).toHaveLength(1);

      // A link for another recipient, a forged signature, an injection: refused, nothing changed.
      const [id, mac] = token.split('.');
      for (const forged of [
        `${newId()}.${mac ?? ''}`,
        `${id ?? ''}.${'A'.repeat(43)}`,
        `${id ?? ''}' OR 1=1 --.x`,
        '',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/unsubscribe',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ token: forged }).toString(),
        });
        expect(response.statusCode).toBe(400);
      }
      expect(await records()).toHaveLength(1);

      // The mail client's one-click unsubscribe (RFC 8058).
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.body).toContain('Your withdrawal of consent is recorded');
      const [signed, withdrawal] = await records();
      expect(signed?.kind).toBe('signature');
      expect(withdrawal).toEqual({
        kind: 'withdrawal',
        professional_consent: 0,
        congress_consent: 0,
        general_consent: 0,
        withdrawal_requested_by: 'doctor',
        collector_email: rep.email,
      });

      // Again: already done, no second record.
      const again = await t.app.inject({
        method: 'POST',
        url: '/unsubscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token }).toString(),
      });
      expect(again.statusCode).toBe(200);
      expect(await records()).toHaveLength(2);

      const next = await asRep('POST', '/api/campaigns', {
        name: 'Actus 2',
        templateId: 'general-update',
        doctorIds: [doctorId, await doctor('Encore', { general: true })],
      });
      expect(next.body).toMatchObject({ recipientCount: 1, skipped: { noConsent: 1 } });
    });
  });

  describe('the past campaigns', () => {
    it("lists the caller's own campaigns, newest first, and every campaign for an admin", async () => {
      const mine = (await asRep('GET', '/api/campaigns')).body as CampaignList;
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.campaigns.every((campaign) => campaign.senderEmail === rep.email)).toBe(true);
      const dates = mine.campaigns.map((campaign) => campaign.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(((await asColleague('GET', '/api/campaigns')).body as CampaignList).total).toBe(0);
      expect(((await asAdmin('GET', '/api/campaigns')).body as CampaignList).total).toBe(mine.total);
    });
  });
});

describe.each(engines())('campaigns without a mail server on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('refuses to send, saying why, and records nothing', async () => {
    const as = await callerFor(t, await t.factory.user());
    const { status, body } = await as('POST', '/api/campaigns', {
      name: 'x',
      templateId: 'new-medicine',
      doctorIds: [newId()],
    });
    expect(status).toBe(409);
    expect((body as ErrorBody).code).toBe('MAIL_SERVER_MISSING');
    expect(await tableCounts(t.database.db, ['campaigns', 'campaign_recipients'])).toEqual({
      campaigns: 0,
      campaign_recipients: 0,
    });
  });
});
