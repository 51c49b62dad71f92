import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

/** Signs in through the login page, as a person would. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-mail|email/i).fill(email);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole('button', { name: /^(se connecter|log in)$/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The e-mails the suite's SMTP server received (e2e/smtp-sink.mjs), oldest first. */
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

const MAIL_FOLDER = new URL('../../.tmp/e2e-mail/', import.meta.url);

export function receivedMail(): ReceivedMail[] {
  if (!fs.existsSync(MAIL_FOLDER)) return [];
  return fs
    .readdirSync(MAIL_FOLDER)
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((name) => JSON.parse(fs.readFileSync(new URL(name, MAIL_FOLDER), 'utf8')) as ReceivedMail);
}

/**
 * Waits for the e-mail sent to an address, and answers it; with `containing`, the one whose HTML holds that
 * text (earlier specs may have mailed the same demo address).
 */
export async function mailTo(address: string, timeoutMs = 15_000, containing?: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail().findLast(
          (mail) => mail.to.includes(address) && (containing === undefined || mail.html.includes(containing)),
        );
        return found !== undefined;
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail for ${address}`);
  return found;
}
