import cookie from '@fastify/cookie';
import { LoginResult, SsoConfig, SsoExchangeBody } from '@crm/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OidcConfig, SSO_CALLBACK_PATH } from '#server/config.ts';
import { AppError } from '#server/core/app-error.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { SsoRefusal } from './sso-client.ts';
import type { SsoService } from './sso.service.ts';

/** The sign-in page's flag for a failed single sign-on (spec 000 §2). */
const SSO_FAILED_LOCATION = '/login?error=sso_failed';
const CALLBACK_PAGE = '/auth/callback';

/*
 * The only cookie of the product (docs/decisions/0035): it binds a single sign-on to the browser that
 * started it, so it goes only to these routes, lives as long as a sign-in at the provider may take, is out
 * of reach of scripts, and is sent back on the provider's top-level redirect (Lax) but on no cross-site
 * request that could change anything.
 */
const COOKIE_PATH = '/api/auth/sso';
const COOKIE_MAX_AGE_SECONDS = 10 * 60;

/** The answer of a redirecting route: no body, a Location. */
const Redirect = z.null().describe('redirect: see the Location header');

export const ssoRoutes: FastifyPluginAsyncZod<{ sso: SsoService; oidc: OidcConfig | null }> = async (
  app,
  { sso, oidc },
) => {
  await app.register(cookie);
  const isSecure = oidc !== null && new URL(oidc.redirectUri).protocol === 'https:';
  // A __Secure- name can only be set over HTTPS, and a browser then refuses it from anywhere else.
  const cookieName = isSecure ? '__Secure-crm_sso' : 'crm_sso';
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure } as const;

  const refuse = (reply: FastifyReply, log: FastifyBaseLogger, step: string, error: unknown) => {
    logRefusal(log, step, error);
    return reply.header('Cache-Control', 'no-store').redirect(SSO_FAILED_LOCATION, 302);
  };

  app.get(
    '/auth/sso-config',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Single sign-on availability', response: { 200: SsoConfig } },
    },
    () => sso.ssoConfig(),
  );

  app.get(
    '/auth/sso/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Start single sign-on: sets the browser's binding cookie and redirects to the provider",
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      try {
        const { redirectUrl, browserSecret } = await sso.start(request.cookies[cookieName]);
        return await reply
          .setCookie(cookieName, browserSecret, { ...cookieOptions, maxAge: COOKIE_MAX_AGE_SECONDS })
          .header('Cache-Control', 'no-store')
          .redirect(redirectUrl, 302);
      } catch (error) {
        return refuse(reply, request.log, 'start', error);
      }
    },
  );

  app.get(
    SSO_CALLBACK_PATH.slice('/api'.length),
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "The provider's redirect: checks it, then redirects to /auth/callback?token=… (a one-time token) or to /login?error=sso_failed",
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      // Read raw: openid-client checks every parameter the provider sent, not only the ones we name.
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      try {
        const token = await sso.callback(query, request.cookies[cookieName]);
        return await reply
          .header('Cache-Control', 'no-store')
          .redirect(`${CALLBACK_PAGE}?${new URLSearchParams({ token }).toString()}`, 302);
      } catch (error) {
        return refuse(reply, request.log, 'callback', error);
      }
    },
  );

  app.post(
    '/auth/sso/exchange',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Exchange the callback's one-time token for a session, from the browser that signed in",
        body: SsoExchangeBody,
        response: { 200: LoginResult, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      try {
        const result = await sso.exchange(request.body.token, request.cookies[cookieName], {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // Its work is done; the next sign-in sets a new one.
        void reply.clearCookie(cookieName, cookieOptions);
        return result;
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        logRefusal(request.log, 'exchange', error);
        throw new AppError('UNAUTHORIZED');
      }
    },
  );
};

/** Why a single sign-on failed, for whoever reads the server log; never a code, state or token. */
function logRefusal(log: FastifyBaseLogger, step: string, error: unknown): void {
  if (error instanceof SsoRefusal) {
    log.warn({ step, reason: error.reason, ...error.details }, 'single sign-on refused');
  } else {
    log.error({ step, err: error }, 'single sign-on failed');
  }
}
