// Starts the real server for the end-to-end suite on a fresh database (demo data included).
import fs from 'node:fs';
import { startTestOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { E2E_DATA_DIR as dataDir } from './data-dir.ts';
import { startFakeGeocoder } from './fake-geocoder.mjs';
import { SSO_ACCOUNTS, SSO_CLIENT_ID } from './sso-accounts.ts';

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO_MODE = 'true';
process.env.LOG_LEVEL ??= 'warn';
// The national geocoder is on the public internet: a local server speaking its protocol stands in.
const geocoder = await startFakeGeocoder();
process.env.GEOCODER_URL = geocoder.url;

// A real OpenID Connect provider on loopback, the product registered with it as a company's IT would.
const origin = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
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
