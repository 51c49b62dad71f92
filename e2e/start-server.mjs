// Starts the real server for the end-to-end suite on a fresh database (demo data included).
import fs from 'node:fs';
import path from 'node:path';
import { startFakeGeocoder } from './fake-geocoder.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const dataDir = path.resolve(import.meta.dirname, '../.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO_MODE = 'true';
process.env.LOG_LEVEL ??= 'warn';
// The national geocoder is on the public internet: a local server speaking its protocol stands in.
const geocoder = await startFakeGeocoder();
process.env.GEOCODER_URL = geocoder.url;
// Mail goes to a real SMTP server on loopback; the tests read what it received (.tmp/e2e-mail).
const smtp = await startSmtpSink(
  Number(process.env.E2E_SMTP_PORT ?? 2525),
  path.resolve(import.meta.dirname, '../.tmp/e2e-mail'),
);
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = 'Praxis CRM <crm@labo-demo.fr>';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
await import('../apps/server/src/main.ts');
