import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { ActivitiesRepository } from './modules/activities/activities.repository.ts';
import { ActivitiesService } from './modules/activities/activities.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { ChannelsRepository } from './modules/configuration/channels.repository.ts';
import { ProductsRepository } from './modules/configuration/products.repository.ts';
import { TargetsRepository } from './modules/configuration/targets.repository.ts';
import { DoctorOfficesRepository } from './modules/doctors/doctor-offices.repository.ts';
import { DoctorSearchRepository } from './modules/doctors/doctor-search.repository.ts';
import { DoctorsRepository } from './modules/doctors/doctors.repository.ts';
import { DoctorsService } from './modules/doctors/doctors.service.ts';
import { GeoService } from './modules/geo/geo.service.ts';
import { IdempotencyKeysRepository } from './modules/idempotency/idempotency.repository.ts';
import { LogsRepository } from './modules/logs/logs.repository.ts';
import { OfficesRepository } from './modules/offices/offices.repository.ts';
import { OfficesService } from './modules/offices/offices.service.ts';
import { RecentDoctorsRepository } from './modules/recent-doctors/recent-doctors.repository.ts';
import { RecentDoctorsService } from './modules/recent-doctors/recent-doctors.service.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { UsersRepository } from './modules/users/users.repository.ts';

/** The services the routes call, wired once per app. */
export type Services = {
  auth: AuthService;
  doctors: DoctorsService;
  offices: OfficesService;
  recentDoctors: RecentDoctorsService;
  targets: TargetsRepository;
  geo: GeoService;
  activities: ActivitiesService;
  dashboard: DashboardService;
  /** Reading channels and products needs no rules yet; the configuration issue gives them a service. */
  channels: ChannelsRepository;
  products: ProductsRepository;
  idempotencyKeys: IdempotencyKeysRepository;
};

export async function createServices(db: Db, config: Config): Promise<Services> {
  // Kept in the database when not configured, so every process of a deployment signs alike.
  const secret =
    config.jwtSecret ??
    (await new SettingsRepository(db).getOrCreate('jwt_secret', () => TokenService.generateSecret()));
  const logs = new LogsRepository();
  const doctors = new DoctorsRepository(db);
  const offices = new OfficesRepository(db);
  const links = new DoctorOfficesRepository();
  const recent = new RecentDoctorsRepository(db);
  const channels = new ChannelsRepository(db);
  const products = new ProductsRepository(db);
  const idempotencyKeys = new IdempotencyKeysRepository(db);
  return {
    auth: new AuthService({
      db,
      config,
      users: new UsersRepository(db),
      sessions: new SessionsRepository(db),
      throttle: new LoginThrottleRepository(db),
      logs,
      tokens: new TokenService(secret),
    }),
    doctors: new DoctorsService({ db, doctors, links, offices, search: new DoctorSearchRepository(db), logs }),
    offices: new OfficesService({ db, offices, doctors, links, logs }),
    recentDoctors: new RecentDoctorsService({ db, recent, doctors }),
    // Reading targets needs no rules yet; the configuration issue gives them a service.
    targets: new TargetsRepository(db),
    geo: new GeoService({ geocoderUrl: config.geocoderUrl, ugaFile: config.ugaFile }),
    activities: new ActivitiesService({
      db,
      activities: new ActivitiesRepository(db),
      channels,
      products,
      doctors,
      keys: idempotencyKeys,
      logs,
    }),
    dashboard: new DashboardService({ dashboard: new DashboardRepository(db) }),
    channels,
    products,
    idempotencyKeys,
  };
}
