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
import { GeoService } from './modules/geo/geo.service.ts';
import { IdempotencyKeysRepository } from './modules/idempotency/idempotency.repository.ts';
import { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { LogsRepository } from './modules/logs/logs.repository.ts';
import { MailOutboxRepository } from './modules/mail/mail-outbox.repository.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { OfficesRepository } from './modules/offices/offices.repository.ts';
import { OfficesService } from './modules/offices/offices.service.ts';
import { RecentDoctorsRepository } from './modules/recent-doctors/recent-doctors.repository.ts';
import { RecentDoctorsService } from './modules/recent-doctors/recent-doctors.service.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { ActivityTombstonesRepository } from './modules/sync/activity-tombstones.repository.ts';
import { SyncRepository } from './modules/sync/sync.repository.ts';
import { SyncService } from './modules/sync/sync.service.ts';
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
};

/** `clock` is the time every service reads; tests pass a fixed or stepping one. */
export async function createServices(db: Db, config: Config, clock: Clock = systemClock): Promise<Services> {
  // Kept in the database when not configured, so every process of a deployment signs alike.
  const secret =
    config.jwtSecret ??
    (await new SettingsRepository(db).getOrCreate('jwt_secret', () => TokenService.generateSecret()));
  const logs = new LogsRepository(clock);
  const doctors = new DoctorsRepository(db);
  const offices = new OfficesRepository(db);
  const links = new DoctorOfficesRepository();
  const recent = new RecentDoctorsRepository(db);
  const channels = new ChannelsRepository(db);
  const products = new ProductsRepository(db);
  const idempotencyKeys = new IdempotencyKeysRepository(db);
  const generations = new CacheGenerationsRepository(db);
  const targets = new TargetsRepository(db);
  const extras = new ActivityExtrasRepository(db);
  const tombstones = new ActivityTombstonesRepository(db);
  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db);
  const tokens = new TokenService(secret, clock);
  const ssoClient = config.oidc ? new SsoClient(config.oidc) : null;
  const auth = new AuthService({
    db,
    config,
    users,
    sessions,
    throttle: new LoginThrottleRepository(db),
    logs,
    tokens,
    sso: ssoClient,
    clock,
  });
  const mail = new MailService({ outbox: new MailOutboxRepository(db), config, clock });
  const identities = new UserIdentitiesRepository(db);
  const consentRecords = new ConsentsRepository(db);
  return {
    account: new AccountService({ db, users, sessions, identities, auth, logs, clock }),
    auth,
    sso: new SsoService({
      db,
      config: config.oidc,
      client: ssoClient,
      flow: new SsoRepository(db),
      identities,
      users,
      logs,
      auth,
      tokens,
      clock,
    }),
    ssoClient,
    doctors: new DoctorsService({
      db,
      doctors,
      links,
      offices,
      search: new DoctorSearchRepository(db),
      targets,
      logs,
      generations,
      keys: idempotencyKeys,
      clock,
    }),
    offices: new OfficesService({ db, offices, doctors, links, logs, generations, clock }),
    recentDoctors: new RecentDoctorsService({ db, recent, doctors, clock }),
    configuration: new ConfigurationService({ channels, products, targets }),
    geo: new GeoService({ geocoderUrl: config.geocoderUrl, ugaFile: config.ugaFile }),
    activities: new ActivitiesService({
      db,
      activities: new ActivitiesRepository(db),
      extras,
      stats: new ActivityStatsRepository(db),
      channels,
      products,
      doctors,
      keys: idempotencyKeys,
      tombstones,
      logs,
      clock,
    }),
    consents: new ConsentsService({
      db,
      consents: consentRecords,
      doctors,
      keys: idempotencyKeys,
      logs,
      clock,
    }),
    dashboard: new DashboardService({ dashboard: new DashboardRepository(db), consents: consentRecords, clock }),
    idempotency: new IdempotencyService({ keys: idempotencyKeys }),
    sync: new SyncService({ sync: new SyncRepository(db), tombstones, extras, channels, products, clock }),
    mail,
    users: new UsersService({ db, users, sessions, logs, clock }),
  };
}
