import { expect, test } from '@playwright/test';
import { signInAs } from './helpers';
import { apiAuth, expectStoredClean, mailTo, OUTSIDE, watchForXss, XSS_PAYLOADS, XSS_TEXTS } from './mail-helpers';

// Stored XSS (shared/research/security.md, issue 16): a catalogue of payloads goes in through the API where
// rich text is stored (message bodies, template content, a campaign's custom message) and where plain text is
// (subjects, names, descriptions). The server must store the rich text clean, and in Chromium nothing may run
// when the message, the template preview or the campaign review is shown: no dialog, no request to an address
// outside loopback, no marker global set.

const REP = 'rep@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';

/** A campaign mail's body: its head holds the charset's <meta>, written by the server, not by a user. */
const bodyOf = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;

type Sent = { id: string; subject: string; markers: string[] };

const PAYLOADS_PER_MESSAGE = 5;
type EmailAnswer = { id: string; subject: string; body: string };
type ListAnswer = { emails: { id: string; subject: string }[] };

test('the watcher itself sees a dialog, an outside request and the marker', async ({ context }) => {
  const watch = watchForXss(context);
  // A blank page: the product's own pages forbid requests to other origins (its Content-Security-Policy).
  const page = await context.newPage();
  await page.evaluate((outside) => {
    (window as { __xss?: number }).__xss = 1;
    alert('control');
    void fetch(`${outside}/control`).catch(() => undefined);
  }, OUTSIDE);
  await expect.poll(() => watch.outside.length).toBe(1);
  expect(watch.dialogs).toEqual(['control']);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBe(1);
});

test('messages: bodies stored clean, and nothing runs when they are listed and read', async ({
  page,
  context,
  request,
}) => {
  const rep = await apiAuth(request, REP);
  const manager = await apiAuth(request, MANAGER);
  const run = Date.now();
  const sent: Sent[] = [];
  // Five payloads a message, each after its own marker: every subject's text payload, and every body, is
  // listed, opened and read as the manager would.
  for (let first = 0; first < XSS_PAYLOADS.length; first += PAYLOADS_PER_MESSAGE) {
    const index = first / PAYLOADS_PER_MESSAGE;
    const payloads = XSS_PAYLOADS.slice(first, first + PAYLOADS_PER_MESSAGE);
    const markers = payloads.map((_, n) => `Charge utile ${run}-${first + n}`);
    const subject = `XSS ${run}-${index} ${XSS_TEXTS[index % XSS_TEXTS.length] ?? ''}`;
    const body = payloads.map((payload, n) => `<p>${markers[n] ?? ''}</p>${payload.html}`).join('');
    const response = await request.post('/api/emails', {
      headers: rep,
      data: { recipients: [MANAGER], subject, body: `${body}<p>fin</p>` },
    });
    expect(response.status(), payloads.map((payload) => payload.name).join(', ')).toBe(201);
    const email = (await response.json()) as EmailAnswer;
    expectStoredClean(email.body);
    // Subjects are plain text: kept exactly as typed (the screens show them as text, never as markup).
    expect(email.subject).toBe(subject);
    sent.push({ id: email.id, subject, markers });
  }

  // The recipient's copies, read through the API: clean too.
  const inbox = (await (
    await request.get(`/api/emails?search=${encodeURIComponent(`XSS ${run}`)}&limit=100`, { headers: manager })
  ).json()) as ListAnswer;
  expect(inbox.emails).toHaveLength(sent.length);
  for (const { id } of inbox.emails) {
    const email = (await (await request.get(`/api/emails/${id}`, { headers: manager })).json()) as EmailAnswer;
    expectStoredClean(email.body);
  }

  const watch = watchForXss(context);
  await signInAs(page, MANAGER);
  // The list: subjects and previews of them all.
  await page.goto(`/emails?search=${encodeURIComponent(`XSS ${run}`)}`);
  const list = page.getByTestId('mail-list');
  await expect(list.locator('tr', { hasText: `XSS ${run}-` }).first()).toBeVisible();
  for (const { subject } of sent.slice(-5)) await expect(list.locator('tr', { hasText: subject })).toBeVisible();

  // Each message opened from the list, as the manager reads them: its body shown (the marker proves the frame
  // has it), and nothing else happened.
  for (const { subject, markers } of sent) {
    await list.locator('tr', { hasText: subject }).click();
    await expect(page.getByTestId('mail-subject')).toHaveText(subject);
    for (const marker of markers) {
      await expect(page.frameLocator('[data-testid=mail-body]').getByText(marker)).toBeVisible();
    }
    await watch.expectNothingRan();
    await page.getByTestId('mail-view').getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByTestId('mail-view')).toHaveCount(0);
  }

  // A reply shows the message it answers beside the editor.
  const last = inbox.emails[0];
  await page.goto(`/emails?open=${last?.id ?? ''}`);
  await page.getByTestId('mail-reply').click();
  await expect(page.locator('.tiptap')).toBeVisible();
  await expect(page.locator('.mail-parent iframe')).toBeVisible();
  await watch.expectNothingRan();
});

test('templates and campaigns: stored clean, and nothing runs in the preview, the review or the mail sent', async ({
  page,
  context,
  request,
}) => {
  const rep = await apiAuth(request, REP);
  // The manager keeps one template per payload, so that the rep's first card is the one shown below.
  const manager = await apiAuth(request, MANAGER);
  const run = Date.now();

  // Each payload alone in a template's content: stored clean.
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const response = await request.post('/api/campaigns/templates', {
      headers: manager,
      data: {
        name: `XSS ${run}-${index}`,
        type: 'general',
        description: payload.name,
        subject: 'Objet',
        content: `<p>Modèle ${index}</p>${payload.html}`,
      },
    });
    expect(response.status(), payload.name).toBe(201);
    expectStoredClean(((await response.json()) as { content: string }).content);
  }
  // Then one template holding them all, with markup in its name, description and subject, shown in the browser.
  const name = `Modèle ${run} ${XSS_TEXTS[1] ?? ''}`;
  const subject = `Objet ${XSS_TEXTS[0] ?? ''} {{doctorName}}`;
  const created = await request.post('/api/campaigns/templates', {
    headers: rep,
    data: {
      name,
      type: 'general',
      description: XSS_TEXTS[2],
      subject,
      content: `<p>Tout le catalogue ${run}</p>${XSS_PAYLOADS.map((payload) => `<p>${payload.html}</p>`).join('')}`,
    },
  });
  expect(created.status()).toBe(201);
  const template = (await created.json()) as { id: string; name: string; content: string };
  expectStoredClean(template.content);
  expect(template.name).toBe(name);
  for (const headers of [rep, manager]) {
    const listed = (await (await request.get('/api/campaigns/templates', { headers })).json()) as {
      templates: { content: string }[];
    };
    for (const stored of listed.templates) expectStoredClean(stored.content);
  }

  // A campaign's custom message through the API: what reaches the doctor is clean.
  const eligible = (await (
    await request.get('/api/campaigns/doctors-with-consent?type=general&limit=10', { headers: rep })
  ).json()) as { doctors: { id: string; email: string; lastName: string }[] };
  const [first, second] = eligible.doctors;
  if (!first || !second) throw new Error('the demo data has no two doctors who consented to general mail');
  // The recipients step finds the second doctor by name; their row is told apart by the address.
  const custom = await request.post('/api/campaigns', {
    headers: rep,
    data: {
      name: `Campagne ${run} ${XSS_TEXTS[0] ?? ''}`,
      templateId: template.id,
      doctorIds: [first.id],
      customSubject: `Message ${run} ${XSS_TEXTS[1] ?? ''}`,
      customContent: `<p>Message personnalisé ${run}</p>${XSS_PAYLOADS.map((payload) => payload.html).join('')}`,
    },
  });
  expect(custom.status()).toBe(201);
  const mail = await mailTo(first.email, `Message personnalisé ${run}`);
  expect(mail.html).toContain(`Message personnalisé ${run}`);
  expectStoredClean(bodyOf(mail.html));

  // In the browser: the card, the preview, the review, and a custom message pasted into the review's editor.
  const watch = watchForXss(context);
  await signInAs(page, REP);
  await page.goto('/campaigns');
  const card = page.getByTestId(`template-${template.id}`);
  await expect(card).toContainText(name);
  await card.getByRole('button', { name: 'Aperçu' }).click();
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText(subject);
  await expect(preview.frameLocator('iframe').getByText(`Tout le catalogue ${run}`)).toBeVisible();
  await watch.expectNothingRan();
  await page.getByTestId('preview-select').click();
  await page.getByTestId('wizard-next').click();
  const recipients = page.getByTestId('recipients-step');
  await recipients.getByPlaceholder('Rechercher par nom ou RPPS').fill(second.lastName);
  const row = recipients.locator('tr.ant-table-row', { hasText: second.email });
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('wizard-next').click();
  const review = page.getByTestId('review-step');
  await expect(review).toContainText(name);
  await expect(review).toContainText(subject);
  await page.getByTestId('campaign-name').fill(`Revue ${run} ${XSS_TEXTS[1] ?? ''}`);
  const editor = review.locator('.tiptap');
  await expect(editor).toBeVisible();
  await editor.click();
  // Pasted HTML goes through the editor's own parser: nothing of the payloads may run there either.
  await editor.evaluate(
    (element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'collé');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    `<p>Collé ${run}</p>${XSS_PAYLOADS.map((payload) => payload.html).join('')}`,
  );
  await expect(editor).toContainText(`Collé ${run}`);
  await watch.expectNothingRan();
  await page.getByTestId('send-campaign').click();
  await expect(page.getByTestId('template-step')).toBeVisible();
  // The past campaigns show the names as text.
  await expect(page.getByTestId('past-campaigns')).toContainText(`Revue ${run} ${XSS_TEXTS[1] ?? ''}`);
  await expect(page.getByTestId('past-campaigns')).toContainText(`Campagne ${run} ${XSS_TEXTS[0] ?? ''}`);
  await watch.expectNothingRan();

  // What the pasted message became in the doctor's mail: clean.
  const pasted = await mailTo(second.email, `Collé ${run}`);
  expect(pasted.html).toContain(`Collé ${run}`);
  expectStoredClean(bodyOf(pasted.html));
});
