/**
 * `npm run db:backup -- [file]`: a consistent backup of the database of DATABASE_URL, taken while
 * Percorso runs (SQLite's online backup, or pg_dump). Default file:
 * ./data/backups/percorso-<date>.sqlite (or .dump for PostgreSQL).
 */
import { ConfigError, loadConfig } from '../config.js';
import { backupDatabase } from '../db/backup.js';

try {
  const { database } = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = process.argv[2] || `./data/backups/percorso-${stamp}.${database.kind === 'sqlite' ? 'sqlite' : 'dump'}`;
  await backupDatabase(database, file);
  console.log(`Backup scritto in ${file}.`);
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? `Configurazione non valida: ${error.message}`
      : `Backup non riuscito: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
