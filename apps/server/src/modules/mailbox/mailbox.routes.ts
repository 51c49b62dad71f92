import {
  ATTACHMENT_MAX_BYTES,
  AttachmentUploadQuery,
  Email,
  EmailAttachment,
  EmailBulkDeleteInput,
  EmailBulkDeleteResult,
  EmailBulkReadInput,
  EmailBulkResult,
  EmailDeleteResult,
  EmailFolderInput,
  EmailInput,
  EmailListQuery,
  EmailListResult,
  EmailReadInput,
  EmailStats,
  IdParams,
  MailFolder,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '#server/core/app-error.ts';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { attachmentDisposition } from './attachment-types.ts';
import { attachmentTooLarge, type MailboxService } from './mailbox.service.ts';

const OWN = "The caller's own copy; another user's is answered 404.";

export const mailboxRoutes: FastifyPluginAsyncZod<{ mailbox: MailboxService }> = (app, { mailbox }) => {
  const tags = ['mailbox'];

  // Uploads are the file's bytes as they are, whatever their type (this plugin only).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.get(
    '/emails',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "A page of the caller's folder (inbox by default), newest first; search reads subject, sender and body",
        querystring: EmailListQuery,
        response: { 200: EmailListResult, ...errorResponses(400, 401) },
      },
    },
    (request) => mailbox.list(requireAuth(request), request.query),
  );

  app.get(
    '/emails/stats',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's folder totals and unread inbox messages (the menu's badge)",
        response: { 200: EmailStats, ...errorResponses(401) },
      },
    },
    (request) => mailbox.stats(requireAuth(request)),
  );

  app.get(
    '/emails/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `A message with its body, attachments and the message it answers. ${OWN}`,
        params: IdParams,
        response: { 200: Email, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => mailbox.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/emails',
    {
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary:
          'Send a message to product users (each gets a copy in their inbox; the sender keeps one in sent). The body is sanitised. Accepts an Idempotency-Key header.',
        body: EmailInput,
        response: { 201: Email, ...errorResponses(400, 401, 413, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await mailbox.send(requireAuth(request), request.body, request.idempotency)),
  );

  app.patch(
    '/emails/:id/folder',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `Move a copy into the bin, or out of it back to its inbox or sent. ${OWN}`,
        params: IdParams,
        body: EmailFolderInput,
        response: { 200: z.object({ id: z.string(), folder: MailFolder }), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => mailbox.setFolder(requireAuth(request), request.params.id, request.body.folder),
  );

  app.patch(
    '/emails/:id/read',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `Mark a copy read or unread. ${OWN}`,
        params: IdParams,
        body: EmailReadInput,
        response: { 200: z.object({ id: z.string(), isRead: z.boolean() }), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => mailbox.setRead(requireAuth(request), request.params.id, request.body.isRead),
  );

  app.delete(
    '/emails/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `Move a copy to the bin, or delete it for good when it is in the bin. ${OWN}`,
        params: IdParams,
        response: { 200: EmailDeleteResult, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => mailbox.delete(requireAuth(request), request.params.id),
  );

  app.patch(
    '/emails/read',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Mark several of the caller's copies read or unread; ids that are not the caller's change nothing",
        body: EmailBulkReadInput,
        response: { 200: EmailBulkResult, ...errorResponses(400, 401) },
      },
    },
    (request) => mailbox.bulkRead(requireAuth(request), request.body.ids, request.body.isRead),
  );

  app.post(
    '/emails/delete',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "Delete several of the caller's copies as DELETE /api/emails/{id} does each; others' ids change nothing",
        body: EmailBulkDeleteInput,
        response: { 200: EmailBulkDeleteResult, ...errorResponses(400, 401) },
      },
    },
    (request) => mailbox.bulkDelete(requireAuth(request), request.body.ids),
  );

  app.post(
    '/emails/attachments',
    {
      config: { access: 'signedIn' },
      bodyLimit: ATTACHMENT_MAX_BYTES,
      // Refused before the bytes are read when the announced size is already too large.
      onRequest: (request, _reply, done) => {
        const length = Number(request.headers['content-length'] ?? 0);
        done(length > ATTACHMENT_MAX_BYTES ? attachmentTooLarge() : undefined);
      },
      schema: {
        tags,
        summary:
          'Upload a file to attach to the next message: the body is the bytes; its type is checked from its content (PDF, images, office documents, text)',
        querystring: AttachmentUploadQuery,
        response: { 201: EmailAttachment, ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw validationError({ file: 'mailbox.attachmentEmpty' });
      return reply.status(201).send(await mailbox.upload(requireAuth(request), request.query.fileName, request.body));
    },
  );

  app.get(
    '/emails/attachments/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Download an attachment of a message the caller holds, always as a download (Content-Disposition: attachment), never shown inline',
        params: IdParams,
        response: { 200: z.any().describe('the file'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await mailbox.download(requireAuth(request), request.params.id);
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', attachmentDisposition(file.file_name))
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  return Promise.resolve();
};
