import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

export { receivedMail, type ReceivedMail as ReceivedMessage } from './helpers';

/** Signs in through the API: the bearer header of that user. */
export async function apiAuth(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** A 1×1 PNG is too small for a signature: a real drawing-sized PNG (300×150, one stroke), as a data URL. */
export function signatureDataUrl(): string {
  return `data:image/png;base64,${fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/signature.png')).toString('base64')}`;
}
