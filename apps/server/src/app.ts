import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Clock, systemClock } from './core/clock.ts';
import type { Db } from './db/database.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerCompression } from './http/compression.ts';
import { registerControlCharacterGuard } from '#server/http/control-characters.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { withRedactedUrls } from './http/log-redaction.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { MailDelivery } from './jobs/mail-delivery.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { ssoRoutes } from './modules/auth/sso.routes.ts';
import { configurationRoutes } from './modules/configuration/configuration.routes.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { doctorsRoutes } from './modules/doctors/doctors.routes.ts';
import { directoryCsvRoutes } from './modules/directory-csv/directory-csv.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { officesRoutes } from './modules/offices/offices.routes.ts';
import { recentDoctorsRoutes } from './modules/recent-doctors/recent-doctors.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { registerUnsubscribe } from './modules/campaigns/unsubscribe.routes.ts';
import { CampaignSending } from './jobs/campaign-sending.ts';
import { transparencyRoutes } from './modules/transparency/transparency.routes.ts';
import { directoryImportRoutes } from './modules/directory-import/directory-import.routes.ts';
import { cyclesRoutes } from './modules/cycles/cycles.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { passwordLinksRoutes } from './modules/password-links/password-links.routes.ts';
import { MailOutboxRepository } from './modules/mail/mail-outbox.repository.ts';
import { createServices } from './services.ts';
import { appVersion } from './version.ts';

export type BuildAppOptions = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The time services read; the system clock unless a test pins or steps it. */
  clock?: Clock;
  /**
   * Runs the background jobs (mail delivery) from `ready` to `close`; true unless a test plays a process that
   * stops before its jobs run.
   */
  startJobs?: boolean;
};

const ONE_MIB = 1024 * 1024;

/** The whole HTTP application; main.ts listens with it, tests call it through app.inject. */
export async function buildApp({
  config,
  db,
  logger = false,
  clock = systemClock,
  startJobs = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedUrls(logger),
    trustProxy: config.trustProxy,
    bodyLimit: ONE_MIB,
    // Idle keep-alive sockets close at shutdown; requests in flight finish first.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (config.serverTiming) {
    app.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('Server-Timing', `app;dur=${reply.elapsedTime.toFixed(3)}`);
      done(null, payload);
    });
  }
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerOpenApi(app, appVersion);

  const services = await createServices(db, config, clock);
  // Discovery runs in the background: a provider that can't be reached leaves single sign-on off, not the server.
  services.ssoClient?.start(app.log);
  app.addHook('onClose', (_instance, done) => {
    services.ssoClient?.stop();
    done();
  });
  // An import running in this process ends before the database closes.
  app.addHook('onClose', () => services.directoryImport.settled());

  await app.register(
    async (api) => {
      registerAuthentication(api, services.auth);
      registerControlCharacterGuard(api);
      registerIdempotency(api, services.idempotency);
      await api.register(healthRoutes, { config, version: appVersion, db });
      await api.register(authRoutes, { auth: services.auth, configuration: services.configuration });
      await api.register(ssoRoutes, { sso: services.sso, oidc: config.oidc });
      await api.register(accountRoutes, { account: services.account });
      await api.register(doctorsRoutes, { doctors: services.doctors });
      await api.register(recentDoctorsRoutes, { recentDoctors: services.recentDoctors });
      await api.register(officesRoutes, { offices: services.offices });
      await api.register(directoryCsvRoutes, { directoryCsv: services.directoryCsv });
      await api.register(configurationRoutes, { configuration: services.configuration });
      await api.register(geoRoutes, { geo: services.geo });
      await api.register(activitiesRoutes, { activities: services.activities });
      await api.register(consentsRoutes, { consents: services.consents });
      await api.register(dashboardRoutes, { dashboard: services.dashboard });
      await api.register(syncRoutes, { sync: services.sync });
      await api.register(usersRoutes, { users: services.users, configuration: services.configuration });
      await api.register(passwordLinksRoutes, { passwordLinks: services.passwordLinks });
      await api.register(logsRoutes, { logs: services.logs });
      await api.register(mailboxRoutes, { mailbox: services.mailbox });
      await api.register(campaignsRoutes, { campaigns: services.campaigns });
      await api.register(transparencyRoutes, { transparency: services.transparency });
      await api.register(directoryImportRoutes, { directoryImport: services.directoryImport });
      await api.register(cyclesRoutes, { cycles: services.cycles });
    },
    { prefix: '/api' },
  );

  await registerUnsubscribe(app, services.campaigns);
  await registerWebApp(app, config.webDistDir);

  if (startJobs) {
    // The outbox's sender; messages a stopped process left behind are sent by the next one to start.
    const mailDelivery = new MailDelivery({ db, outbox: new MailOutboxRepository(), config, clock, logger: app.log });
    // The campaigns' sender: hands each campaign's messages to the outbox, checking consents again.
    const campaignSending = new CampaignSending({
      db,
      ...services.campaignSending,
      consents: services.consents,
      mail: services.mail,
      clock,
      logger: app.log,
      window: Math.max(10, config.mailBulkPerMinute),
    });
    app.addHook('onReady', () => {
      services.mail.setWaker(mailDelivery);
      mailDelivery.start();
      services.campaigns.setSender(campaignSending);
      campaignSending.start();
      return Promise.resolve();
    });
    app.addHook('onClose', async () => {
      services.campaigns.setSender(null);
      await campaignSending.stop();
      services.mail.setWaker(null);
      await mailDelivery.stop();
    });
  }
  return app;
}
