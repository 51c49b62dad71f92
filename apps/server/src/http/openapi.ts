import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiErrorBody } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Error answers to declare on a route, so the OpenAPI document shows them. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ApiErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorBody])) as Record<S, typeof ApiErrorBody>;
}

/**
 * The zod schemas as JSON Schema, plus who may call the route: its declared access as `x-access`, and no
 * bearer requirement on public routes (the document's default is a bearer token).
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const access = input.route.config?.access;
  if (access === undefined) return { schema, url };
  return { schema: { ...schema, 'x-access': access, ...(access === 'public' && { security: [] }) }, url };
};

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Praxis CRM API',
        description:
          'Field-sales CRM for pharmaceutical representatives. Errors answer `{message, code, fields?}`, with `message` in the language of Accept-Language (French by default). ' +
          'Each operation says who may call it in `x-access`: `public` (no session), `signedIn` (any signed-in user), `writer` (readWrite) or `admin` (isAdmin); a caller without it gets 403 before the request is validated.',
        version,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  // showExtensions: the UI lists each operation's x-access.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { showExtensions: true } });
}
