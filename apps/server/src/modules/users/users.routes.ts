import { IdParams, ProductList, UserEmailSearchQuery, UserEmailSearchResult } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { ConfigurationService } from '#server/modules/configuration/configuration.service.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; configuration: ConfigurationService }> = (
  app,
  { users, configuration },
) => {
  const tags = ['users'];
  app.get(
    '/users/products/all',
    {
      schema: {
        tags,
        // Product names are no secret and activities show them; assigning them is what needs an admin.
        summary: 'Every product, active or not, by name',
        response: { 200: ProductList, ...errorResponses(401) },
      },
    },
    async () => ({ products: await configuration.allProducts() }),
  );

  app.get(
    '/users/emails',
    {
      schema: {
        tags,
        // Every signed-in user writes mail: the answer holds addresses and names, nothing else of anyone.
        summary: 'Recipient search: addresses and names of users whose names or address start with the words',
        querystring: UserEmailSearchQuery,
        response: { 200: UserEmailSearchResult, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ users: await users.searchEmails(requireAuth(request), request.query) }),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user (admin; not oneself): they can no longer sign in, what they did stays theirs',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await users.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
