import type { FastifyBaseLogger } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';
import type { OidcConfig } from '#server/config.ts';

/** What the product reads of a signed-in identity: the ID token's claims, completed by userinfo. */
export type SsoIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  idToken: string;
};

/** The checks a callback carries back to the token request: what the sign-in's start kept. */
export type SsoChecks = { state: string; nonce: string; codeVerifier: string };

/** A sign-in the provider or the token refused; `reason` goes to the log, never to the browser. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly details: Record<string, string | number | boolean | null | undefined> = {},
  ) {
    super(reason);
  }
}

/*
 * ID tokens must be signed with the provider's published keys: asymmetric algorithms only, never 'none'
 * nor an HMAC keyed with the client secret (ASVS 9.1.2).
 */
const ASYMMETRIC_ALGORITHMS = new Set([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]);

const REQUEST_TIMEOUT_SECONDS = 10;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;

/**
 * The product as an OpenID Connect client (openid-client): discovery at start-up, retried in the background
 * while the provider can't be reached, the authorization URL, the code exchange with every check of the
 * response and the ID token, and the provider's sign-out URL.
 */
export class SsoClient {
  private configuration: oidc.Configuration | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly config: OidcConfig) {}

  get isReady(): boolean {
    return this.configuration !== null;
  }

  /** Starts discovery without waiting for it: an unreachable provider must not hold the server back. */
  start(log: FastifyBaseLogger): void {
    void this.discover(log, FIRST_RETRY_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private async discover(log: FastifyBaseLogger, nextRetryMs: number): Promise<void> {
    const { issuer, clientId, clientSecret } = this.config;
    // config.ts allows a provider in clear text on loopback only (the tests, a local Keycloak).
    const insecure = new URL(issuer).protocol === 'http:';
    try {
      const configuration = await oidc.discovery(
        new URL(issuer),
        clientId,
        undefined,
        clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(clientSecret),
        {
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback only, see above
          execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
          timeout: REQUEST_TIMEOUT_SECONDS,
        },
      );
      if (this.stopped) return;
      this.configuration = configuration;
      log.info({ issuer }, 'single sign-on ready');
    } catch (error) {
      if (this.stopped) return;
      log.warn(
        { issuer, reason: describe(error), retryInSeconds: nextRetryMs / 1000 },
        'single sign-on unavailable: the provider could not be discovered',
      );
      this.retryTimer = setTimeout(() => {
        void this.discover(log, Math.min(nextRetryMs * 2, LAST_RETRY_MS));
      }, nextRetryMs);
      this.retryTimer.unref();
    }
  }

  private ready(): oidc.Configuration {
    if (!this.configuration) throw new SsoRefusal('the provider has not been discovered');
    return this.configuration;
  }

  /** Where the browser goes to sign in at the provider. */
  async authorizationUrl(checks: SsoChecks): Promise<string> {
    const url = oidc.buildAuthorizationUrl(this.ready(), {
      redirect_uri: this.config.redirectUri,
      scope: this.config.scopes,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Exchanges the code of the provider's redirect and answers the identity. openid-client checks the
   * state, the issuer of the response (RFC 9207, when the provider sends it), the provider's error, the
   * code through PKCE, and the ID token: signature against the provider's keys, issuer, audience (and
   * authorized party), expiry, issue time and nonce.
   */
  async completeSignIn(callbackQuery: string, checks: SsoChecks): Promise<SsoIdentity> {
    const configuration = this.ready();
    // The callback's own address, never the request's Host header, which the client chooses.
    const currentUrl = new URL(this.config.redirectUri);
    currentUrl.search = callbackQuery;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SsoRefusal(describe(error), errorDetails(error));
    }
    const claims = tokens.claims();
    const idToken = tokens.id_token;
    if (!claims || !idToken) throw new SsoRefusal('the provider answered no ID token');
    const { alg } = decodeProtectedHeader(idToken);
    if (alg === undefined || !ASYMMETRIC_ALGORITHMS.has(alg)) {
      throw new SsoRefusal('the ID token is not signed with an allowed algorithm', { alg });
    }

    let profile: Record<string, unknown> = claims;
    const userinfoEndpoint = configuration.serverMetadata().userinfo_endpoint;
    if (claims.email === undefined && userinfoEndpoint !== undefined) {
      // Some providers put the profile in userinfo only; it must describe the same subject.
      try {
        profile = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        throw new SsoRefusal(`userinfo failed: ${describe(error)}`, errorDetails(error));
      }
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null,
      /*
       * Entra ID sends no email_verified; its xms_edov optional claim says the e-mail's domain is verified
       * by the tenant, which is what Microsoft advises checking before trusting the e-mail (docs/operations.md).
       */
      emailVerified: profile.email_verified === true || profile.xms_edov === true,
      givenName: text(profile.given_name),
      familyName: text(profile.family_name),
      name: text(profile.name),
      idToken,
    };
  }

  /** The provider's sign-out (OpenID Connect RP-Initiated Logout), when it offers one. */
  endSessionUrl(idToken: string): string | null {
    if (!this.configuration?.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(this.configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: this.config.postLogoutRedirectUri,
    }).href;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : null;

/**
 * A failure as one line for the log: the messages of the error and its causes (openid-client's says
 * 'unexpected JWT claim value encountered', its cause which claim), not the tokens or codes involved.
 */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return `${error.message}: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${describe(error.cause)}` : error.message;
}

function errorDetails(error: unknown): Record<string, string | undefined> {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return { code: error.code, error: error.error };
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return { code: error.code };
  return {};
}
