import { ProductList } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#server/http/openapi.ts';
import type { ConfigurationService } from '#server/modules/configuration/configuration.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ configuration: ConfigurationService }> = (app, { configuration }) => {
  app.get(
    '/users/products/all',
    {
      schema: {
        tags: ['users'],
        // Product names are no secret and activities show them; assigning them is what needs an admin.
        summary: 'Every product, active or not, by name',
        response: { 200: ProductList, ...errorResponses(401) },
      },
    },
    async () => ({ products: await configuration.allProducts() }),
  );
  return Promise.resolve();
};
