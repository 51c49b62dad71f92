import {
  CAMPAIGN_BODY_LIMIT_BYTES,
  CampaignInput,
  CampaignList,
  CampaignListQuery,
  CampaignSendResult,
  CampaignTemplate,
  CampaignTemplateInput,
  CampaignTemplateList,
  DoctorsWithConsentList,
  DoctorsWithConsentQuery,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { CampaignsService } from './campaigns.service.ts';

export const campaignsRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = (app, { campaigns }) => {
  const tags = ['campaigns'];

  app.get(
    '/campaigns',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's campaigns (every campaign for an admin), newest first, with their sending counts",
        querystring: CampaignListQuery,
        response: { 200: CampaignList, ...errorResponses(400, 401) },
      },
    },
    (request) => campaigns.list(requireAuth(request), request.query),
  );

  app.get(
    '/campaigns/templates',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's templates, newest first, then the four built-in ones in the request's language",
        response: { 200: CampaignTemplateList, ...errorResponses(401) },
      },
    },
    async (request) => ({ templates: await campaigns.templates(requireAuth(request), requestLanguage(request)) }),
  );

  app.post(
    '/campaigns/templates',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Keep a template for the caller; its content is sanitised',
        body: CampaignTemplateInput,
        response: { 201: CampaignTemplate, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await campaigns.createTemplate(requireAuth(request), request.body)),
  );

  app.get(
    '/campaigns/doctors-with-consent',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'The doctors a campaign of this template (or type) may reach: an e-mail and the consent the type needs (spec 001 §5), by name, paged and searched; with neither, every doctor with an e-mail and any consent in force, with their consent',
        querystring: DoctorsWithConsentQuery,
        response: { 200: DoctorsWithConsentList, ...errorResponses(400, 401) },
      },
    },
    (request) => campaigns.doctorsWithConsent(requireAuth(request), request.query),
  );

  app.post(
    '/campaigns',
    {
      bodyLimit: CAMPAIGN_BODY_LIMIT_BYTES,
      config: { access: 'signedIn', idempotent: true },
      schema: {
        tags,
        summary:
          'Send a campaign: recorded at once with its eligible recipients (the others counted as skipped, with why), then sent in the background through the mail outbox. Accepts an Idempotency-Key header.',
        body: CampaignInput,
        response: { 201: CampaignSendResult, ...errorResponses(400, 401, 409, 413, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await campaigns.send(requireAuth(request), request.body, requestLanguage(request), request.idempotency)),
  );

  return Promise.resolve();
};
