import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiErrorBody } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Error answers to declare on a route, so the OpenAPI document shows them. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ApiErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorBody])) as Record<S, typeof ApiErrorBody>;
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Praxis CRM API',
        description:
          'Field-sales CRM for pharmaceutical representatives. Errors answer `{message, code, fields?}`, with `message` in the language of Accept-Language (French by default).',
        version,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
