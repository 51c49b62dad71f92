import path from 'node:path';
import { z } from 'zod';

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) address people open the app at' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  DEMO_MODE: booleanFlag(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*<?[^\s@<>]+@([^\s@<>]+)>?$/, { error: 'must be an address, e.g. Praxis CRM <crm@example.fr>' })
    .default('Praxis CRM <no-reply@praxis-crm.local>'),
  MAIL_BULK_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  GEOCODER_URL: z
    .union([z.literal('none'), z.url({ error: 'must be an http(s) URL, or none' })])
    .default('https://api-adresse.data.gouv.fr'),
  UGA_FILE: z.string().optional(),
  TRUST_PROXY: booleanFlag(false),
  SERVER_TIMING: booleanFlag(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URI: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .refine((scopes) => scopes.split(/\s+/).includes('openid'), { error: "must include 'openid'" }),
  OIDC_AUTO_CREATE_USERS: booleanFlag(false),
  TRANSPARENCY_COMPANY_ID: z.string().max(100).optional(),
  TRANSPARENCY_COMPANY_NAME: z.string().max(255).optional(),
  TRANSPARENCY_COMPANY_SIREN: z
    .string()
    .regex(/^\d{9}$/, { error: 'must be 9 digits' })
    .optional(),
});

/** The path the server answers the provider's redirect on (modules/auth/sso.routes.ts). */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** Single sign-on through an OpenID Connect provider; null when OIDC_ISSUER is not set. */
export type OidcConfig = {
  issuer: string;
  clientId: string;
  /** absent for a public client (PKCE only) */
  clientSecret: string | undefined;
  redirectUri: string;
  /** where the provider sends the browser after its own sign-out: the sign-in page beside the redirect URI */
  postLogoutRedirectUri: string;
  scopes: string;
  autoCreateUsers: boolean;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** The address people open the app at, without a trailing slash: links in e-mails start with it. */
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string | undefined;
  sessionTtlHours: number;
  demoMode: boolean;
  smtpUrl: string | undefined;
  /** The sender of every message that names none. */
  mailFrom: string;
  /** The domain of mailFrom: the right-hand side of the Message-IDs the outbox gives its messages. */
  mailDomain: string;
  /** Bulk messages (campaigns) sent per minute, counted across every server process. */
  mailBulkPerMinute: number;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** A geocoder speaking the national address API's protocol; null: the built-in coarse geocoder only. */
  geocoderUrl: string | null;
  /** The TopoJSON file of UGA zones (a sample of metropolitan France by default). */
  ugaFile: string;
  trustProxy: boolean;
  /** Adds a Server-Timing header (time spent in the server) to every answer; the benchmarks read it. */
  serverTiming: boolean;
  loginThrottle: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  oidc: OidcConfig | null;
  /** The lab as the Transparence Santé declaration names it; empty columns when not set. */
  transparencyCompany: { id: string; name: string; siren: string };
};

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
const defaultUgaFile = path.resolve(import.meta.dirname, '../data/uga/uga-sample.topojson');

/** Reads the environment; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = present[name];
      return `  ${name}: ${issue.message}${value === undefined ? '' : ` (got '${value}')`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const oidc = oidcConfig(c, present);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    jwtSecret: c.JWT_SECRET,
    sessionTtlHours: c.SESSION_TTL_HOURS,
    demoMode: c.DEMO_MODE,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailDomain: /@([^\s@<>]+)>?$/.exec(c.MAIL_FROM)?.[1] ?? 'praxis-crm.local',
    mailBulkPerMinute: c.MAIL_BULK_PER_MINUTE,
    logLevel: c.LOG_LEVEL,
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : defaultWebDist,
    geocoderUrl: c.GEOCODER_URL === 'none' ? null : c.GEOCODER_URL,
    ugaFile: c.UGA_FILE ? path.resolve(c.UGA_FILE) : defaultUgaFile,
    trustProxy: c.TRUST_PROXY,
    serverTiming: c.SERVER_TIMING,
    loginThrottle: {
      maxFailuresPerAccount: c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: c.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    oidc,
    transparencyCompany: {
      id: c.TRANSPARENCY_COMPANY_ID ?? '',
      name: c.TRANSPARENCY_COMPANY_NAME ?? '',
      siren: c.TRANSPARENCY_COMPANY_SIREN ?? '',
    },
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The OIDC_* variables, which only make sense together; a provider reached in clear text only on loopback. */
function oidcConfig(c: z.infer<typeof ConfigSchema>, present: Record<string, string | undefined>): OidcConfig | null {
  if (c.OIDC_ISSUER === undefined) {
    const stray = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'].filter((name) => name in present);
    if (stray.length > 0)
      throw new ConfigError(`Invalid configuration:\n  OIDC_ISSUER: required with ${stray.join(', ')}`);
    return null;
  }
  const problems: string[] = [];
  const issuer = new URL(c.OIDC_ISSUER);
  if (issuer.protocol === 'http:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    problems.push(`  OIDC_ISSUER: must be an https URL (http only on loopback) (got '${c.OIDC_ISSUER}')`);
  }
  if (c.OIDC_CLIENT_ID === undefined) problems.push('  OIDC_CLIENT_ID: required with OIDC_ISSUER');
  if (c.OIDC_REDIRECT_URI === undefined) {
    problems.push(`  OIDC_REDIRECT_URI: required with OIDC_ISSUER (https://<this server>${SSO_CALLBACK_PATH})`);
  } else if (new URL(c.OIDC_REDIRECT_URI).pathname !== SSO_CALLBACK_PATH) {
    problems.push(`  OIDC_REDIRECT_URI: must end with ${SSO_CALLBACK_PATH} (got '${c.OIDC_REDIRECT_URI}')`);
  }
  if (problems.length > 0 || c.OIDC_CLIENT_ID === undefined || c.OIDC_REDIRECT_URI === undefined) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const redirectUri = new URL(c.OIDC_REDIRECT_URI);
  return {
    issuer: c.OIDC_ISSUER,
    clientId: c.OIDC_CLIENT_ID,
    clientSecret: c.OIDC_CLIENT_SECRET,
    redirectUri: redirectUri.href,
    postLogoutRedirectUri: new URL('/login', redirectUri).href,
    scopes: c.OIDC_SCOPES.trim().split(/\s+/).join(' '),
    autoCreateUsers: c.OIDC_AUTO_CREATE_USERS,
  };
}
