import { ProductList } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#server/http/openapi.ts';
import type { Services } from '#server/services.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ services: Services }> = (app, { services }) => {
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
    async () => ({ products: await services.products.listAll() }),
  );
  return Promise.resolve();
};
