import {
  CurrentPlanResult,
  Cycle,
  CycleInput,
  CycleList,
  CycleParams,
  CycleUpdate,
  MAX_IMPORT_CHARS,
  PlanImportInput,
  PlanImportResult,
  PlanParams,
  PlanTargetCountsQuery,
  PlanTargetCountsResult,
  PlanTargetsUpdate,
  PlanView,
  SegmentGoalsInput,
  SegmentGoalsResult,
  SyncPlansResult,
  TeamQuery,
  TeamResult,
} from '@crm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '#server/http/authenticate.ts';
import { requestLanguage } from '#server/http/i18n.ts';
import { errorResponses } from '#server/http/openapi.ts';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import type { CyclesService } from './cycles.service.ts';

/** An import's JSON carries the CSV: its limit, with room for the JSON around it and escaped characters. */
const IMPORT_BODY_LIMIT = MAX_IMPORT_CHARS * 2;

export const cyclesRoutes: FastifyPluginAsyncZod<{ cycles: CyclesService }> = (app, { cycles }) => {
  const tags = ['cycles'];

  app.get(
    '/cycles',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Every cycle, latest start first, with its channels and weights and its status at this moment',
        response: { 200: CycleList, ...errorResponses(401) },
      },
    },
    (request) => cycles.list(requireAuth(request)),
  );

  app.post(
    '/cycles',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Create a cycle (administrators): Paris days, grace period after the end (30 days by default), over and under thresholds (± % of the expected attainment), the channels it counts with their weights, and whether reps may adjust their own goals',
        body: CycleInput,
        response: { 201: Cycle, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await cycles.create(requireAuth(request), request.body)),
  );

  app.put(
    '/cycles/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Change a cycle (administrators); `channels` replaces the list. A completed cycle does not change (409), nor a started cycle's first day (409)",
        params: CycleParams,
        body: CycleUpdate,
        response: { 200: Cycle, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => cycles.update(requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/cycles/current/plan',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "The caller's plan in the current cycle (in progress; today within its days if one is, else the one in its grace period), with per-target and per-channel counts, attainment, expected attainment and pace; `plan` is null without one",
        response: { 200: CurrentPlanResult, ...errorResponses(401) },
      },
      // Hundreds of targets: JSON as built by the typed mapper, unparsed (decision 0010).
      serializerCompiler: typedJsonSerializer,
    },
    (request) => cycles.currentPlan(requireAuth(request)),
  );

  app.get(
    '/cycles/current/plan/targets',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'The counts of those of the doctors named that are targets of the caller\'s current plan ("2 of 4 visits this cycle" on the doctors list and page); doctors that are not targets are left out',
        querystring: PlanTargetCountsQuery,
        response: { 200: PlanTargetCountsResult, ...errorResponses(400, 401) },
      },
      // Hundreds of targets: JSON as built by the typed mapper, unparsed (decision 0010).
      serializerCompiler: typedJsonSerializer,
    },
    (request) => cycles.currentTargets(requireAuth(request), request.query.doctorIds),
  );

  app.get(
    '/cycles/:id/plans/:userId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "A rep's plan in the cycle with its counts: the caller's own, a managee's, or anyone's for an administrator (403 otherwise). A rep without a plan has one with no targets. `canEditGoals` says whether the caller may change it now",
        params: PlanParams,
        response: { 200: PlanView, ...errorResponses(400, 401, 403, 404) },
      },
      // Hundreds of targets: JSON as built by the typed mapper, unparsed (decision 0010).
      serializerCompiler: typedJsonSerializer,
    },
    (request) => cycles.plan(requireAuth(request), request.params.id, request.params.userId),
  );

  app.put(
    '/cycles/:id/plans/:userId/targets',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "Set the goals of targets (adding doctors not yet in the plan) and remove doctors from a rep's plan: an administrator until the cycle is completed (409 after), the rep's manager while it is planned, the rep on the targets already in their plan when the cycle lets reps edit goals (403 otherwise). Answers the plan with its counts",
        params: PlanParams,
        body: PlanTargetsUpdate,
        response: { 200: PlanView, ...errorResponses(400, 401, 403, 404, 409) },
      },
      // Hundreds of targets: JSON as built by the typed mapper, unparsed (decision 0010).
      serializerCompiler: typedJsonSerializer,
    },
    (request) => cycles.setTargets(requireAuth(request), request.params.id, request.params.userId, request.body),
  );

  app.post(
    '/cycles/:id/plans/segment',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Set goals by segment (administrators): for each rep named, every doctor they gave one of these targets (their per-user target; with includePotential, their potential target too) gets these goals',
        params: CycleParams,
        body: SegmentGoalsInput,
        response: { 200: SegmentGoalsResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => cycles.setSegmentGoals(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/cycles/:id/plans/import',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import goals from a CSV (administrators): header `email;rpps;channel;goal;cap` (`,` also read; cap optional), one line per rep, doctor and channel (the channel by its name). Each line is checked and the rejected ones reported with their line number and reason. Without `confirm` nothing is written; with it the valid lines are',
        params: CycleParams,
        body: PlanImportInput,
        response: { 200: PlanImportResult, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (request) => cycles.importGoals(requireAuth(request), request.params.id, request.body, requestLanguage(request)),
  );

  app.get(
    '/cycles/:id/team',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          "A manager's team in the cycle: each managee's attainment, pace and the targets falling behind (least attained first). An administrator may name the manager (managerId); anyone else sees their own team",
        params: CycleParams,
        querystring: TeamQuery,
        response: { 200: TeamResult, ...errorResponses(400, 401, 403, 404) },
      },
      // Hundreds of targets: JSON as built by the typed mapper, unparsed (decision 0010).
      serializerCompiler: typedJsonSerializer,
    },
    (request) => cycles.team(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/sync/plans',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sync'],
        summary:
          "The caller's plans in cycles in progress, for the offline slice, whole at each pull: the cycle, the goals, and the tallies of the activities that started before `before.until` (the start of the device's calendar window). The device counts with `slicePlanCounts` over these and its own activities",
        response: { 200: SyncPlansResult, ...errorResponses(401) },
      },
      // Hundreds of targets: JSON as built by the typed mapper, unparsed (decision 0010).
      serializerCompiler: typedJsonSerializer,
    },
    (request) => cycles.slice(requireAuth(request)),
  );

  return Promise.resolve();
};
