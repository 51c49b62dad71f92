import path from 'node:path';
import type { Config } from './config.ts';
import { type Clock, systemClock } from './core/clock.ts';
import type { Db } from './db/database.ts';
import { AccountService } from './modules/account/account.service.ts';
import { ActivitiesRepository } from './modules/activities/activities.repository.ts';
import { ActivitiesService } from './modules/activities/activities.service.ts';
import { ActivityExtrasRepository } from './modules/activities/activity-extras.repository.ts';
import { ActivityStatsRepository } from './modules/activities/activity-stats.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CacheGenerationsRepository } from './modules/cache-generations/cache-generations.repository.ts';
import { LoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { SsoClient } from './modules/auth/sso-client.ts';
import { SsoRepository } from './modules/auth/sso.repository.ts';
import { SsoService } from './modules/auth/sso.service.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { UserIdentitiesRepository } from './modules/auth/user-identities.repository.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { ChannelsRepository } from './modules/configuration/channels.repository.ts';
import { ConfigurationService } from './modules/configuration/configuration.service.ts';
import { ConsentsRepository } from './modules/consents/consents.repository.ts';
import { ConsentsService } from './modules/consents/consents.service.ts';
import { ProductsRepository } from './modules/configuration/products.repository.ts';
import { TargetsRepository } from './modules/configuration/targets.repository.ts';
import { DoctorOfficesRepository } from './modules/doctors/doctor-offices.repository.ts';
import { DoctorSearchRepository } from './modules/doctors/doctor-search.repository.ts';
import { DoctorsRepository } from './modules/doctors/doctors.repository.ts';
import { DoctorsService } from './modules/doctors/doctors.service.ts';
import { DirectoryCsvService } from './modules/directory-csv/directory-csv.service.ts';
import { GeoService } from './modules/geo/geo.service.ts';
import { IdempotencyKeysRepository } from './modules/idempotency/idempotency.repository.ts';
import { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { LogsRepository } from './modules/logs/logs.repository.ts';
import { LogsService } from './modules/logs/logs.service.ts';
import { MailOutboxRepository } from './modules/mail/mail-outbox.repository.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { PasswordLinksService } from './modules/password-links/password-links.service.ts';
import { PasswordTokensRepository } from './modules/password-links/password-tokens.repository.ts';
import { CampaignsRepository } from './modules/campaigns/campaigns.repository.ts';
import { CampaignsService } from './modules/campaigns/campaigns.service.ts';
import { UnsubscribeLinks } from './modules/campaigns/unsubscribe-links.ts';
import { AttachmentsRepository } from './modules/mailbox/attachments.repository.ts';
import { MailboxRepository } from './modules/mailbox/mailbox.repository.ts';
import { MailboxService } from './modules/mailbox/mailbox.service.ts';
import { OfficesRepository } from './modules/offices/offices.repository.ts';
import { OfficesService } from './modules/offices/offices.service.ts';
import { RecentDoctorsRepository } from './modules/recent-doctors/recent-doctors.repository.ts';
import { RecentDoctorsService } from './modules/recent-doctors/recent-doctors.service.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { ActivityTombstonesRepository } from './modules/sync/activity-tombstones.repository.ts';
import { SyncRepository } from './modules/sync/sync.repository.ts';
import { SyncService } from './modules/sync/sync.service.ts';
import { TransparencyRepository } from './modules/transparency/transparency.repository.ts';
import { TransparencyService } from './modules/transparency/transparency.service.ts';
import { createDirectoryImporter } from './modules/directory-import/create-importer.ts';
import { DirectoryImportRepository } from './modules/directory-import/directory-import.repository.ts';
import { DirectoryImportService } from './modules/directory-import/directory-import.service.ts';
import { CyclesRepository } from './modules/cycles/cycles.repository.ts';
import { CyclesService } from './modules/cycles/cycles.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { UsersService } from './modules/users/users.service.ts';

/** The services the routes and hooks call, wired once per app; repositories stay private to them. */
export type Services = {
  account: AccountService;
  auth: AuthService;
  sso: SsoService;
  /** null when single sign-on is not configured; app.ts starts its discovery */
  ssoClient: SsoClient | null;
  doctors: DoctorsService;
  offices: OfficesService;
  directoryCsv: DirectoryCsvService;
  recentDoctors: RecentDoctorsService;
  configuration: ConfigurationService;
  geo: GeoService;
  activities: ActivitiesService;
  consents: ConsentsService;
  dashboard: DashboardService;
  idempotency: IdempotencyService;
  sync: SyncService;
  mail: MailService;
  users: UsersService;
  passwordLinks: PasswordLinksService;
  logs: LogsService;
  mailbox: MailboxService;
  campaigns: CampaignsService;
  transparency: TransparencyService;
  directoryImport: DirectoryImportService;
  cycles: CyclesService;
  /** What the campaign sending job needs besides the services (app.ts starts it). */
  campaignSending: { campaigns: CampaignsRepository; links: UnsubscribeLinks };
};

/** `clock` is the time every service reads; tests pass a fixed or stepping one. */
export async function createServices(db: Db, config: Config, clock: Clock = systemClock): Promise<Services> {
  // Kept in the database when not configured, so every process of a deployment signs alike.
  const secret =
    config.jwtSecret ??
    (await new SettingsRepository().getOrCreate(db, 'jwt_secret', () => TokenService.generateSecret()));
  const logs = new LogsRepository(clock);
  const doctors = new DoctorsRepository();
  const offices = new OfficesRepository();
  const links = new DoctorOfficesRepository();
  const recent = new RecentDoctorsRepository();
  const channels = new ChannelsRepository();
  const products = new ProductsRepository();
  const idempotencyKeys = new IdempotencyKeysRepository();
  const generations = new CacheGenerationsRepository();
  const targets = new TargetsRepository();
  const extras = new ActivityExtrasRepository();
  const tombstones = new ActivityTombstonesRepository();
  const users = new UsersRepository();
  const sessions = new SessionsRepository();
  const mail = new MailService({ db, outbox: new MailOutboxRepository(), config, clock });
  const consentRecords = new ConsentsRepository();
  const throttle = new LoginThrottleRepository();
  const tokens = new TokenService(secret, clock);
  const ssoClient = config.oidc ? new SsoClient(config.oidc) : null;
  const auth = new AuthService({ db, config, users, sessions, throttle, logs, tokens, sso: ssoClient, clock });
  const identities = new UserIdentitiesRepository();
  const passwordLinks = new PasswordLinksService({
    db,
    config,
    users,
    tokens: new PasswordTokensRepository(),
    sessions,
    throttle,
    logs,
    mail,
    signer: tokens,
    clock,
  });
  const unsubscribeLinks = new UnsubscribeLinks(
    await new SettingsRepository().getOrCreate(db, 'unsubscribe_secret', () => UnsubscribeLinks.generateSecret()),
    config.publicUrl,
  );
  const campaignRows = new CampaignsRepository();
  const activityRows = new ActivitiesRepository();
  const consents = new ConsentsService({
    db,
    consents: consentRecords,
    doctors,
    keys: idempotencyKeys,
    logs,
    clock,
  });
  const doctorsService = new DoctorsService({
    db,
    doctors,
    links,
    offices,
    search: new DoctorSearchRepository(),
    targets,
    logs,
    generations,
    keys: idempotencyKeys,
    clock,
  });
  const officesService = new OfficesService({ db, offices, doctors, links, logs, generations, clock });
  return {
    account: new AccountService({ db, users, sessions, identities, auth, logs, clock }),
    auth,
    sso: new SsoService({
      db,
      config: config.oidc,
      client: ssoClient,
      flow: new SsoRepository(),
      identities,
      users,
      logs,
      auth,
      tokens,
      clock,
    }),
    ssoClient,
    doctors: doctorsService,
    offices: officesService,
    directoryCsv: new DirectoryCsvService({
      db,
      doctors,
      offices,
      links,
      doctorsService,
      officesService,
      logs,
      generations,
      clock,
    }),
    recentDoctors: new RecentDoctorsService({ db, recent, doctors, clock }),
    configuration: new ConfigurationService({ db, channels, products, targets, logs, clock }),
    geo: new GeoService({ geocoderUrl: config.geocoderUrl, ugaFile: config.ugaFile }),
    activities: new ActivitiesService({
      db,
      activities: activityRows,
      extras,
      stats: new ActivityStatsRepository(),
      channels,
      products,
      doctors,
      keys: idempotencyKeys,
      tombstones,
      logs,
      clock,
    }),
    consents,
    dashboard: new DashboardService({ db, dashboard: new DashboardRepository(), consents: consentRecords, clock }),
    idempotency: new IdempotencyService({ db, keys: idempotencyKeys }),
    sync: new SyncService({ db, sync: new SyncRepository(), tombstones, extras, channels, products, clock }),
    mail,
    users: new UsersService({ db, users, sessions, logs, mail, links: passwordLinks, clock }),
    passwordLinks,
    logs: new LogsService({ db, logs, clock }),
    mailbox: new MailboxService({
      db,
      mailbox: new MailboxRepository(),
      attachments: new AttachmentsRepository(),
      keys: idempotencyKeys,
      logs,
      mail,
      clock,
    }),
    campaigns: new CampaignsService({
      db,
      campaigns: campaignRows,
      consents,
      mail,
      keys: idempotencyKeys,
      logs,
      clock,
      links: unsubscribeLinks,
    }),
    transparency: new TransparencyService({
      db,
      ledger: new TransparencyRepository(),
      doctors,
      activities: activityRows,
      keys: idempotencyKeys,
      logs,
      clock,
      company: config.transparencyCompany,
    }),
    directoryImport: new DirectoryImportService({
      db,
      imports: new DirectoryImportRepository(),
      logs,
      importer: () => createDirectoryImporter(db, { ugaFile: config.ugaFile, clock }),
      uploadDir: path.join(config.dataDir, 'directory-imports'),
      clock,
    }),
    cycles: new CyclesService({ db, cycles: new CyclesRepository(), users, doctors, logs, clock }),
    campaignSending: { campaigns: campaignRows, links: unsubscribeLinks },
  };
}
