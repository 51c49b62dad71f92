import { Readable } from 'node:stream';
import {
  CSV_IMPORT_MAX_BYTES,
  CsvImportReport,
  type DirectoryCsvKind,
  DoctorExportQuery,
  OfficeExportQuery,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/core/app-error.ts';
import { requireAuth } from '#server/http/authenticate.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { DirectoryCsvService } from './directory-csv.service.ts';

/**
 * An uploaded file's bytes, out of the body's enumerable properties: the control-character guard walks text,
 * and the file's lines are checked one by one by the import instead (tabs and line breaks are its syntax).
 */
class UploadedFile {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const fileOf = (body: unknown): Buffer => {
  if (body instanceof UploadedFile && body.bytes.length > 0) return body.bytes;
  throw new AppError('VALIDATION_ERROR', {}, { messageKey: 'directoryCsv.empty' });
};

const csvFileName = (kind: DirectoryCsvKind, at: Date) => `${kind}-${at.toISOString().slice(0, 10)}.csv`;

const IMPORT_RULES =
  'The body is the CSV file (Content-Type text/csv): `;`, `,` or tab separated, UTF-8 (with or without BOM) or Windows-1252; headers are the field names or their labels in French or English; the first row is the header (row 1). An unreadable file, a missing required column or too many lines is a 400.';

export const directoryCsvRoutes: FastifyPluginAsyncZod<{ directoryCsv: DirectoryCsvService }> = (
  app,
  { directoryCsv },
) => {
  const tags = ['directory'];

  app.addContentTypeParser(
    ['text/csv', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CSV_IMPORT_MAX_BYTES },
    (_request, body, done) => {
      done(null, new UploadedFile(body as Buffer));
    },
  );

  const exportResponse = {
    200: z.instanceof(Readable).meta({ description: 'The CSV file, streamed' }),
    ...errorResponses(400, 401, 403),
  };

  app.get(
    '/doctors/export.csv',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary:
          "The doctors list as filtered (the search's matches in the list's order; no search: the whole directory by name), as `;`-separated UTF-8 CSV with a BOM, headers in the request's language, cells that would start a formula prefixed with a quote; the caller's own targets. Streamed. readWrite",
        querystring: DoctorExportQuery,
        response: exportResponse,
      },
    },
    async (request, reply) => {
      const chunks = await directoryCsv.exportDoctors(requireAuth(request), request.query, requestLanguage(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('doctors', new Date())}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/offices/export.csv',
    {
      config: { access: 'writer' },
      schema: {
        tags,
        summary:
          'The offices list as filtered (search words, specialties), in its order, as the doctors export is written. Streamed. readWrite',
        querystring: OfficeExportQuery,
        response: exportResponse,
      },
    },
    async (request, reply) => {
      const chunks = await directoryCsv.exportOffices(requireAuth(request), request.query, requestLanguage(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('offices', new Date())}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  for (const kind of ['doctors', 'offices'] as const) {
    const key =
      kind === 'doctors'
        ? 'doctors by RPPS'
        : 'offices by id (a line without one: by name, address, postal code and city)';
    app.post(
      `/${kind}/import/preview`,
      {
        config: { access: 'admin' },
        bodyLimit: CSV_IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary: `What importing the CSV file would do (${key}): counts of new, changed, unchanged and invalid lines, the first lines as they would be written, and each problem naming its row, field and message. Writes nothing. ${IMPORT_RULES} Administrators`,
          response: { 200: CsvImportReport, ...errorResponses(400, 401, 403, 413) },
        },
      },
      (request) => directoryCsv.preview(requireAuth(request), kind, fileOf(request.body), requestLanguage(request)),
    );

    app.post(
      `/${kind}/import`,
      {
        config: { access: 'admin' },
        bodyLimit: CSV_IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary: `Import the CSV file (${key}): every valid line in one transaction, audited; a file with an invalid line writes nothing (422 CSV_INVALID_LINES: fix it and send it again, the preview names the lines). A line that already says what the record says writes nothing, so the same file twice changes nothing more. ${IMPORT_RULES} Administrators`,
          response: { 200: CsvImportReport, ...errorResponses(400, 401, 403, 413, 422) },
        },
      },
      (request) => directoryCsv.import(requireAuth(request), kind, fileOf(request.body), requestLanguage(request)),
    );
  }

  return Promise.resolve();
};
