import { UgaQuery, UgaResult } from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { AppError } from '#server/core/app-error.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { GeoService } from './geo.service.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = (app, { geo }) => {
  app.get(
    '/geo/uga',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['geo'],
        summary:
          "The UGA zone of an address: geocoded by the address API, then looked up in the UGA boundary file; when the API can't be reached, the postal code's commune stands in (precision: 'commune')",
        querystring: UgaQuery,
        response: { 200: UgaResult, ...errorResponses(400, 401, 404, 500, 502) },
      },
    },
    async (request) => {
      try {
        return await geo.findUga(requireAuth(request), request.query);
      } catch (error) {
        // The answer says what failed; the log says why, for whoever runs the server.
        if (error instanceof AppError && (error.code === 'UGA_FILE_FAILED' || error.code === 'GEOCODING_FAILED')) {
          request.log.error({ err: error.cause, code: error.code }, 'UGA extraction failed');
        }
        throw error;
      }
    },
  );

  return Promise.resolve();
};
