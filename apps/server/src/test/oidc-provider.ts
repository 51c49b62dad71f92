import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/*
 * A real OpenID Connect provider (the oidc-provider package) on loopback, for the server tests and the
 * end-to-end suite: discovery, a sign-in page, the authorization code flow with PKCE, signed ID tokens,
 * userinfo and RP-initiated sign-out, all as the package implements them. Two test hooks sit on top:
 * the people who can sign in, and a tamper of the next ID tokens, re-signed with the provider's own key, to
 * prove the product refuses what a broken or hostile provider would send.
 */

export type TestAccount = {
  /** the subject; also what one types on the sign-in page */
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

/** Changes to an ID token before it leaves the token endpoint. */
export type IdTokenTamper = { claims: Record<string, unknown> } | { unsigned: true } | { signedWithAnotherKey: true };

export type TestClient = {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
};

export type TestOidcProvider = {
  issuer: string;
  /** adds or replaces a person who can sign in */
  addAccount: (account: TestAccount) => void;
  /** applies to every ID token issued until it is cleared (null) */
  tamperIdTokens: (tamper: IdTokenTamper | null) => void;
  close: () => Promise<void>;
};

export type TestOidcProviderOptions = {
  clients: TestClient[];
  accounts?: TestAccount[];
  /** 0 (default) for a free port */
  port?: number;
  /**
   * true: profile and e-mail claims only from userinfo, as the package does by default and some providers
   * do; false (default): also in the ID token, as Entra ID, Google, Okta and Keycloak send them.
   */
  claimsOnlyFromUserinfo?: boolean;
};

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}
input,button{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box;margin:.25rem 0 .75rem}</style>
</head><body><h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, TestAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.sub, account);
  let tamper: IdTokenTamper | null = null;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const otherKey = (await generateKeyPair('RS256')).privateKey;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      post_logout_redirect_uris: [client.postLogoutRedirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: options.claimsOnlyFromUserinfo === true,
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page(
            'Sign out of the test provider?',
            `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`,
          );
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out', '<p>You are signed out of the test provider.</p>');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The product is the provider's own first-party client: no consent screen.
    loadExistingGrant: async (ctx) => {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified,
          given_name: account.given_name,
          family_name: account.family_name,
          name: [account.given_name, account.family_name].filter(Boolean).join(' ') || undefined,
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Provider error', `<p>${escapeHtml(`${out.error}: ${out.error_description ?? ''}`)}</p>`);
    },
  });

  provider.use(async (ctx, next) => {
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (interaction) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (ctx.method === 'GET') {
        ctx.type = 'html';
        ctx.body = page(
          'Test identity provider',
          `<form method="post" action="/interaction/${details.uid}/login">
<label for="username">Username</label><input id="username" name="username" autocomplete="off" autofocus>
<button type="submit">Sign in</button></form>`,
        );
        return;
      }
      const username = (await readForm(ctx.req)).get('username') ?? '';
      if (!accounts.has(username)) {
        ctx.type = 'html';
        ctx.status = 401;
        ctx.body = page('Test identity provider', `<p>Unknown user ${escapeHtml(username)}.</p>`);
        return;
      }
      const redirectTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: username } });
      ctx.status = 303;
      ctx.redirect(redirectTo);
      return;
    }
    await next();
    if (ctx.path === '/token' && tamper !== null && ctx.status === 200) {
      const body = ctx.body as { id_token?: string };
      if (body.id_token) ctx.body = { ...body, id_token: await tamperedIdToken(body.id_token, tamper) };
    }
  });

  async function tamperedIdToken(idToken: string, change: IdTokenTamper): Promise<string> {
    const claims = decodeJwt(idToken);
    const header = decodeProtectedHeader(idToken);
    if ('unsigned' in change) {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    }
    const key = 'signedWithAnotherKey' in change ? otherKey : privateKey;
    return new SignJWT({ ...claims, ...('claims' in change ? change.claims : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid, typ: header.typ })
      .sign(key);
  }

  const handle = provider.callback();
  server.on('request', (request, response) => {
    void handle(request, response);
  });
  return {
    issuer,
    addAccount: (account) => accounts.set(account.sub, account),
    tamperIdTokens: (next) => {
      tamper = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
