import {
  Channel,
  ChannelInput,
  ChannelList,
  IdParams,
  Product,
  ProductInput,
  ProductList,
  Target,
  TargetInput,
  TargetList,
  TargetListQuery,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { errorResponses } from '#server/http/openapi.ts';
import type { ConfigurationService } from './configuration.service.ts';

const tags = ['configuration'];

export const configurationRoutes: FastifyPluginAsyncZod<{ configuration: ConfigurationService }> = (
  app,
  { configuration },
) => {
  app.get(
    '/configuration/targets',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Targets (active=true for the ones offered in selects)',
        description: 'Every signed-in user: doctors carry targets by name, and show their colours.',
        querystring: TargetListQuery,
        response: { 200: TargetList, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      targets: await configuration.targets(requireAuth(request), { active: request.query.active }),
    }),
  );
  app.get(
    '/configuration/channels/active',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Active channels in their configured order (the first is the activity form’s default)',
        response: { 200: ChannelList, ...errorResponses(401) },
      },
    },
    async (request) => ({ channels: await configuration.activeChannels(requireAuth(request)) }),
  );
  app.get(
    '/configuration/products',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every product, active or not (administrators)',
        response: { 200: ProductList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ products: await configuration.products(requireAuth(request)) }),
  );
  app.get(
    '/configuration/channels',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every channel, active or not, in their configured order (administrators)',
        response: { 200: ChannelList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ channels: await configuration.channels(requireAuth(request)) }),
  );

  // POST, PUT and DELETE of each kind (spec 001 §7).
  app.post(
    '/configuration/products',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a product (administrators)',
        body: ProductInput,
        response: { 201: Product, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await configuration.productEntries.create(requireAuth(request), request.body)),
  );
  app.put(
    '/configuration/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a product: the whole entry, as created (administrators)',
        params: IdParams,
        body: ProductInput,
        response: { 200: Product, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => configuration.productEntries.update(requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    '/configuration/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a product (administrators); one still in use answers 409: deactivate it instead',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await configuration.productEntries.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/configuration/channels',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a channel (administrators)',
        body: ChannelInput,
        response: { 201: Channel, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await configuration.channelEntries.create(requireAuth(request), request.body)),
  );
  app.put(
    '/configuration/channels/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a channel: the whole entry, as created (administrators)',
        params: IdParams,
        body: ChannelInput,
        response: { 200: Channel, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => configuration.channelEntries.update(requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    '/configuration/channels/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a channel (administrators); one still in use answers 409: deactivate it instead',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await configuration.channelEntries.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/configuration/targets',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a target (administrators)',
        body: TargetInput,
        response: { 201: Target, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await configuration.targetEntries.create(requireAuth(request), request.body)),
  );
  app.put(
    '/configuration/targets/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a target: the whole entry, as created (administrators)',
        params: IdParams,
        body: TargetInput,
        response: { 200: Target, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => configuration.targetEntries.update(requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    '/configuration/targets/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a target (administrators); one still in use answers 409: deactivate it instead',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await configuration.targetEntries.delete(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
