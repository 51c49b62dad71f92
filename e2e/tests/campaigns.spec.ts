import { expect, test } from '@playwright/test';
import { pickOptionInModal, signInAs } from './helpers';
import { apiAuth, mailTo } from './mail-helpers';

// The campaigns screen as a rep lives it (spec 001 §§2, 4): a template of their own made in the screen, the
// three-step wizard sending it to doctors who consented, the past campaigns showing it sent, the mail as it
// arrives on the suite's real SMTP server (plain-text part, List-Unsubscribe, the link), and the doctor who
// follows the link left out of the next campaign.

const REP = 'rep@demo-crm.fr';

type EligibleAnswer = { doctors: { id: string; email: string; firstName: string; lastName: string }[]; total: number };

test('create a template, send it to consenting doctors, see it arrive, and unsubscribe one', async ({
  page,
  request,
}) => {
  const run = Date.now();
  const auth = await apiAuth(request, REP);
  const before = (await (
    await request.get('/api/campaigns/doctors-with-consent?type=general&limit=10', { headers: auth })
  ).json()) as EligibleAnswer;
  const [first, second] = before.doctors;
  if (!first || !second) throw new Error('the demo data has no two doctors who consented to general mail');

  await signInAs(page, REP);
  await page.goto('/campaigns');
  await expect(page.getByTestId('template-step')).toBeVisible();

  // A template of the rep's own, with a placeholder the server fills per doctor.
  await page.getByTestId('add-template').click();
  await page.getByTestId('template-name').fill(`Point trimestriel ${run}`);
  await pickOptionInModal(page.getByTestId('template-type'), 'Général');
  await page.getByTestId('template-description').fill('Les nouvelles du trimestre pour les médecins du secteur');
  await page.getByTestId('template-subject').fill('Les nouvelles du trimestre, {{doctorName}}');
  const templateEditor = page.locator('.ant-modal .tiptap');
  await templateEditor.click();
  await page.keyboard.type(`Bonjour {{doctorName}}, voici les nouvelles du trimestre ${run}.`);
  await page.locator('#create-template-ok').click();
  await expect(page.getByText('Modèle créé avec succès')).toBeVisible();
  // The new template comes first, selected.
  const card = page.locator('.template-card-selected');
  await expect(card).toContainText(`Point trimestriel ${run}`);

  // Recipients: the first two doctors who consented to general mail.
  await page.getByTestId('wizard-next').click();
  const recipients = page.getByTestId('recipients-step');
  for (const doctor of [first, second]) {
    await recipients.locator('tr.ant-table-row', { hasText: doctor.email }).locator('.ant-checkbox-input').check();
  }
  await expect(page.getByTestId('recipients-count')).toContainText('2');

  // Review: the name, the template's summary, the two doctors; then send.
  await page.getByTestId('wizard-next').click();
  const review = page.getByTestId('review-step');
  await expect(review).toContainText(`Point trimestriel ${run}`);
  await expect(page.getByTestId('review-recipients')).toContainText(`Dr ${first.firstName} ${first.lastName}`);
  await page.getByTestId('campaign-name').fill(`Trimestre ${run}`);
  await page.getByTestId('send-campaign').click();
  await expect(page.getByText('Campagne envoyée avec succès')).toBeVisible();
  // The wizard starts again; the campaign is in the past campaigns, sent.
  await expect(page.getByTestId('template-step')).toBeVisible();
  const row = page.getByTestId('past-campaigns').locator('tr', { hasText: `Trimestre ${run}` });
  await expect(row).toBeVisible();
  // The list follows the sending by itself (it refetches while a campaign sends).
  await expect(row).toContainText('Envoyée');

  // Each doctor gets their own message: filled for them, with a plain-text part and a way out.
  const mail = await mailTo(first.email, `trimestre ${run}`);
  await mailTo(second.email, `trimestre ${run}`);
  expect(mail.subject).toBe(`Les nouvelles du trimestre, Dr ${first.firstName} ${first.lastName}`);
  expect(mail.html).toContain(
    `Bonjour Dr ${first.firstName} ${first.lastName}, voici les nouvelles du trimestre ${run}.`,
  );
  expect(mail.text).toContain(
    `Bonjour Dr ${first.firstName} ${first.lastName}, voici les nouvelles du trimestre ${run}.`,
  );
  expect(mail.text).not.toContain('<p>');
  const link = /https?:\/\/\S+\/unsubscribe\?token=[^\s>"]+/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no unsubscribe link in ${mail.text}`);
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
  expect(mail.headers['list-unsubscribe']).toContain(link);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // Following the link shows a confirmation (a mail scanner opening it changes nothing); its button records it.
  const confirmation = await request.get(link);
  expect(confirmation.status()).toBe(200);
  const stillThere = (await (
    await request.get(`/api/campaigns/doctors-with-consent?type=general&search=${first.lastName}`, { headers: auth })
  ).json()) as EligibleAnswer;
  expect(stillThere.doctors.map((doctor) => doctor.id)).toContain(first.id);
  const token = new URL(link).searchParams.get('token') ?? '';
  const unsubscribed = await request.post('/unsubscribe', { form: { token } });
  expect(unsubscribed.status()).toBe(200);

  // The next campaign's eligibility leaves that doctor out, and only them.
  const after = (await (
    await request.get('/api/campaigns/doctors-with-consent?type=general&limit=10', { headers: auth })
  ).json()) as EligibleAnswer;
  expect(after.total).toBe(before.total - 1);
  expect(after.doctors.map((doctor) => doctor.id)).not.toContain(first.id);
  expect(after.doctors.map((doctor) => doctor.id)).toContain(second.id);
});
