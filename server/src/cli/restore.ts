/**
 * `npm run db:restore -- <file>`: replaces the content of the database of DATABASE_URL with a
 * backup made by `npm run db:backup`. Stop the server first.
 */
import { ConfigError, loadConfig } from '../config.js';
import { restoreDatabase } from '../db/backup.js';

try {
  const file = process.argv[2];
  if (!file) throw new Error('indica il file di backup: npm run db:restore -- <file>');
  await restoreDatabase(loadConfig().database, file);
  console.log(`Database ripristinato da ${file}.`);
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configurazione non valida: ${error.message}`
      : `Ripristino non riuscito: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
