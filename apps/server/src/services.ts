import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { LogsRepository } from './modules/logs/logs.repository.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { UsersRepository } from './modules/users/users.repository.ts';

/** The services the routes call, wired once per app. */
export type Services = {
  auth: AuthService;
};

export async function createServices(db: Db, config: Config): Promise<Services> {
  // Kept in the database when not configured, so every process of a deployment signs alike.
  const secret =
    config.jwtSecret ??
    (await new SettingsRepository(db).getOrCreate('jwt_secret', () => TokenService.generateSecret()));
  const users = new UsersRepository(db);
  return {
    auth: new AuthService({
      db,
      config,
      users,
      sessions: new SessionsRepository(db),
      throttle: new LoginThrottleRepository(db),
      logs: new LogsRepository(),
      tokens: new TokenService(secret),
    }),
  };
}
