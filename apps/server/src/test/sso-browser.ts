import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';

/*
 * A browser's part in single sign-on, for the server tests: the product's routes through app.inject with
 * the product's cookie, and the test provider's pages over HTTP with the provider's cookies, following
 * redirects as a browser would and typing the username on the provider's sign-in page.
 */

export const SSO_COOKIE = 'crm_sso';

export type SsoBrowser = {
  /** the product's binding cookie, as the browser holds it */
  cookie: string | undefined;
  /** the provider's cookies (its session: a second sign-in asks nothing) */
  providerCookies: Map<string, string>;
};

export const newBrowser = (): SsoBrowser => ({ cookie: undefined, providerCookies: new Map() });

const cookieHeader = (browser: SsoBrowser) =>
  browser.cookie === undefined ? {} : { cookie: `${SSO_COOKIE}=${browser.cookie}` };

function keepCookie(browser: SsoBrowser, response: LightMyRequestResponse): void {
  const set = response.cookies.find((cookie) => cookie.name === SSO_COOKIE);
  if (set === undefined) return;
  const isCleared = set.value === '' || (set.maxAge !== undefined && set.maxAge <= 0) || set.expires?.getTime() === 0;
  browser.cookie = isCleared ? undefined : set.value;
}

/** GET /api/auth/sso/login as the browser: answers the response (302 to the provider, or to the failure). */
export async function startSignIn(app: FastifyInstance, browser: SsoBrowser): Promise<LightMyRequestResponse> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/sso/login', headers: cookieHeader(browser) });
  keepCookie(browser, response);
  return response;
}

/**
 * Follows the provider from its authorization URL until it redirects to the product's callback, signing in
 * as `username` when the provider asks; answers the callback's query string ('?code=…&state=…&iss=…').
 */
export async function signInAtProvider(
  browser: SsoBrowser,
  authorizationUrl: string,
  username: string,
  redirectUri: string,
): Promise<string> {
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 10; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...browser.providerCookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form?.toString(),
    });
    form = undefined;
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) browser.providerCookies.delete(name);
      else browser.providerCookies.set(name, value);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next.search;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || action === undefined) {
      throw new Error(`the provider answered ${response.status} at ${url}: ${page.slice(0, 300)}`);
    }
    url = new URL(action, url).href;
    form = new URLSearchParams({ username });
  }
  throw new Error('the provider never redirected back to the product');
}

/** GET /api/auth/sso/callback as the browser (with its cookie). */
export async function callback(
  app: FastifyInstance,
  browser: SsoBrowser,
  query: string,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/auth/sso/callback${query}`,
    headers: cookieHeader(browser),
  });
  keepCookie(browser, response);
  return response;
}

/** The one-time token of the callback's redirect to /auth/callback?token=…, or null when it failed. */
export function handoffTokenOf(response: LightMyRequestResponse): string | null {
  const location = response.headers.location ?? '';
  if (!location.startsWith('/auth/callback?')) return null;
  return new URLSearchParams(location.split('?')[1]).get('token');
}

/** POST /api/auth/sso/exchange as the browser. */
export async function exchange(
  app: FastifyInstance,
  browser: SsoBrowser,
  token: string,
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sso/exchange',
    headers: { ...cookieHeader(browser), 'accept-language': 'en', 'user-agent': userAgent },
    payload: { token },
  });
  keepCookie(browser, response);
  return response;
}

/** A whole sign-in as a new browser: answers the browser, the callback's answer and its query. */
export async function signInThroughSso(
  app: FastifyInstance,
  username: string,
  redirectUri: string,
  browser = newBrowser(),
) {
  const start = await startSignIn(app, browser);
  if (start.statusCode !== 302) throw new Error(`the sign-in start answered ${start.statusCode}`);
  const query = await signInAtProvider(browser, String(start.headers.location), username, redirectUri);
  const answer = await callback(app, browser, query);
  return { browser, query, answer, token: handoffTokenOf(answer) };
}

/** A pino destination that keeps every line, to read what the server logged. */
export function logCapture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}
