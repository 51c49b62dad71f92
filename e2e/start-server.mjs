// Starts the real server for the end-to-end suite on a fresh database (demo data included).
import fs from 'node:fs';
import path from 'node:path';
import { startTestOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { E2E_DATA_DIR as dataDir } from './data-dir.ts';
import { startFakeGeocoder } from './fake-geocoder.mjs';
import { startSmtpSink } from './smtp-sink.mjs';
import { SSO_ACCOUNTS, SSO_CLIENT_ID } from './sso-accounts.ts';

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO_MODE = 'true';
process.env.LOG_LEVEL ??= 'warn';
// The national geocoder is on the public internet: a local server speaking its protocol stands in.
const geocoder = await startFakeGeocoder();
process.env.GEOCODER_URL = geocoder.url;

const origin = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
process.env.PUBLIC_URL = origin;

// Mail goes to a real SMTP server on loopback; the tests read what it received (.tmp/e2e-mail).
const smtp = await startSmtpSink(
  Number(process.env.E2E_SMTP_PORT ?? 2525),
  path.resolve(import.meta.dirname, '../.tmp/e2e-mail'),
);
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = 'Praxis CRM <crm@labo-demo.fr>';

// A real OpenID Connect provider on loopback, the product registered with it as a company's IT would.
const clientSecret = 'e2e-client-secret-0123456789';
const provider = await startTestOidcProvider({
  port: Number(process.env.E2E_OIDC_PORT ?? 0),
  clients: [
    {
      clientId: SSO_CLIENT_ID,
      clientSecret,
      redirectUri: `${origin}/api/auth/sso/callback`,
      postLogoutRedirectUri: `${origin}/login`,
    },
  ],
  accounts: Object.values(SSO_ACCOUNTS),
});
process.env.OIDC_ISSUER = provider.issuer;
process.env.OIDC_CLIENT_ID = SSO_CLIENT_ID;
process.env.OIDC_CLIENT_SECRET = clientSecret;
process.env.OIDC_REDIRECT_URI = `${origin}/api/auth/sso/callback`;

await import('../apps/server/src/main.ts');
