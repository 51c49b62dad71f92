import { CurrentUser, LoginBody, LoginResult, LogoutResult, ProductList } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { ConfigurationService } from '#server/modules/configuration/configuration.service.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; configuration: ConfigurationService }> = (
  app,
  { auth, configuration },
) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: LoginBody,
        response: { 200: LoginResult, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: "Revoke the current session; for a single-sign-on session, where the provider's own sign-out is",
        response: { 200: LogoutResult, ...errorResponses(401) },
      },
    },
    (request) => auth.logout(requireAuth(request)),
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and the users they manage',
        response: { 200: CurrentUser, ...errorResponses(401) },
      },
    },
    (request) => auth.me(requireAuth(request)),
  );

  app.get(
    '/auth/me/products',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's products: assigned to them and active (the activity form offers these)",
        response: { 200: ProductList, ...errorResponses(401) },
      },
    },
    async (request) => ({ products: await configuration.assignedProducts(requireAuth(request)) }),
  );

  return Promise.resolve();
};
