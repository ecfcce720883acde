import { ConfigError, loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase, setDatabaseLogger } from './db/index.js';
import { buildApp } from './app.js';
import { purgeExpiredTokens } from './auth/tokens.js';
import { seedIfEmpty } from './seed/index.js';
import { logSignInSettings } from './auth/startup-notes.js';
import { startAttendanceScheduler } from './attendances/scheduler.js';
import { startAuditRetention } from './plugins/audit.js';
import { drainOnSignals } from './shutdown.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configurazione non valida: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** The only process entry point that listens: migrate, seed on first start, serve, close cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  // Start in any order: a database still starting (a container stack, a reboot) is waited for.
  const db = await openDatabase(config.database, {
    timeoutSeconds: config.dbConnectTimeoutSeconds,
    log: (message) => console.error(message),
  });
  await migrateToLatest(db);
  await seedIfEmpty(db, config);
  await purgeExpiredTokens(db);

  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  setDatabaseLogger(db, app.log);

  drainOnSignals(app, () => db.destroy(), config.timeouts.shutdownMs);

  await app.listen({ host: config.host, port: config.port });
  startAttendanceScheduler(app);
  startAuditRetention(app);
  const provider = config.oidc.external ? config.oidc.issuer : `${config.oidc.issuer} (provider di sviluppo)`;
  app.log.info(`Percorso è pronto su ${config.publicUrl} — accesso tramite ${provider}`);
  await logSignInSettings(app);
}

main().catch((error: unknown) => {
  console.error('Avvio non riuscito:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
