import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoDataIfEmpty } from './demo/seed-demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The logger comes with the app, after the database; a connection lost before then has nowhere to go.
  const logger: { current?: FastifyBaseLogger } = {};
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'crm.sqlite'),
    poolSize: config.databasePoolSize,
    onConnectionLost: (error) =>
      logger.current?.warn({ err: error }, 'a database connection was lost; the pool opens another'),
  });
  const applied = await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
  });
  logger.current = app.log;
  app.log.info({ engine: database.engine, location: database.location, migrations: applied }, 'database ready');
  if (config.demoMode && (await seedDemoDataIfEmpty(database.db))) app.log.info('demo data created');

  // Requests in flight finish before the database closes: Fastify's close stops new ones only. A request
  // counts until its answer is sent, even when its client has gone away meanwhile.
  let inFlight = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight += 1;
    done();
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    inFlight -= 1;
    done(null, payload);
  });
  const drained = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await drained(10_000);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Praxis CRM on http://localhost:${config.port} (${config.demoMode ? 'demo mode' : 'production mode'})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
