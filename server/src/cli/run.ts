import { ConfigError, loadConfig, type Config } from '../config.js';
import { createDb, migrateToLatest, type Db } from '../db/index.js';

/**
 * Shared frame of the database commands: loads the configuration, opens and migrates the
 * database, runs `task`, and always closes the connection. Errors end the process with a clear
 * message and exit code 1.
 */
export async function runDatabaseCommand(task: (db: Db, config: Config) => Promise<void>): Promise<void> {
  let db: Db | undefined;
  try {
    const config = loadConfig();
    db = await createDb(config.database, { queryTimeoutMs: config.dbQueryTimeoutSeconds * 1000 });
    await migrateToLatest(db);
    await task(db, config);
  } catch (error) {
    const message =
      error instanceof ConfigError
        ? `Configurazione non valida: ${error.message}`
        : String((error as Error)?.stack ?? error);
    console.error(message);
    process.exitCode = 1;
  } finally {
    await db?.destroy();
  }
}

export function describeDatabase(config: Config): string {
  return config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
}
