import { Readable } from 'node:stream';
import {
  DirectoryImportFile,
  DirectoryImportList,
  DirectoryImportParams,
  DirectoryImportProgress,
  DirectoryImportStart,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { DirectoryImportService } from './directory-import.service.ts';

const FileNameHeaders = z.looseObject({ 'x-file-name': z.string().optional() });

export const directoryImportRoutes: FastifyPluginAsyncZod<{ directoryImport: DirectoryImportService }> = (
  app,
  { directoryImport },
) => {
  const tags = ['directory import'];

  // The file's bytes go to disk as they arrive: the body is handed over unread (this plugin only).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
    done(null, payload);
  });

  app.post(
    '/directory/import-files',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Uploads a file of the national directory (RPPS extract: PS_LibreAcces_Personne_activite_…, either layout, or PS_LibreAcces_SavoirFaire_…), the raw bytes as application/octet-stream, its name URL-encoded in X-File-Name. Streamed to disk. A file whose header is not the directory’s is refused 400, naming the problem',
        headers: FileNameHeaders,
        response: { 201: DirectoryImportFile, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const name = decodeURIComponent(request.headers['x-file-name'] ?? '');
      const body = request.body instanceof Readable ? request.body : Readable.from([]);
      return reply.status(201).send(await directoryImport.upload(requireAuth(request), name, body));
    },
  );

  app.post(
    '/directory/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Starts importing uploaded files in the background, in this process; one import at a time (409 while one runs). Answers its progress, to poll',
        body: DirectoryImportStart,
        response: { 202: DirectoryImportProgress, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await directoryImport.start(requireAuth(request), request.body)),
  );

  app.get(
    '/directory/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The latest imports of the national directory, most recent first',
        response: { 200: DirectoryImportList, ...errorResponses(401, 403) },
      },
    },
    (request) => directoryImport.list(requireAuth(request)),
  );

  app.get(
    '/directory/imports/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'An import’s progress: its counts, its rate, and whether it is done',
        params: DirectoryImportParams,
        response: { 200: DirectoryImportProgress, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => directoryImport.get(requireAuth(request), request.params.id),
  );

  app.get(
    '/directory/imports/:id/rejected.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The lines the import rejected: `;`-separated UTF-8 CSV with a byte-order mark; line number, reason (in the caller’s language), the line itself',
        params: DirectoryImportParams,
        response: {
          200: z.instanceof(Readable).meta({ description: 'The CSV file, streamed' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const chunks = await directoryImport.rejectedReport(
        requireAuth(request),
        request.params.id,
        requestLanguage(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="rejected-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  return Promise.resolve();
};
