import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseUrl } from './index.js';

/**
 * Backups of either database, taken while Percorso runs:
 * - SQLite: SQLite's online backup API (the driver's `backup()`), a consistent copy of the
 *   database file including what is still in the WAL, checked with `integrity_check`;
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot), restored with `pg_restore`.
 * A restore replaces the database's content; stop the server first (docs/DEPLOYING.md).
 */

async function integrityCheck(path: string): Promise<void> {
  const { SQLite } = await import('./sqlite-driver.js');
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${path} non è un database integro: ${String(result)}`);
  } finally {
    db.close();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`${command} non eseguibile (${error.message}): è installato il client di PostgreSQL?`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} è terminato con codice ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of `database` to `file` (created with its folder; an existing file is replaced). */
export async function backupDatabase(database: DatabaseUrl, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  if (database.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${database.url}`]);
    return;
  }
  if (!existsSync(database.path)) throw new Error(`Il database ${database.path} non esiste.`);
  const { SQLite } = await import('./sqlite-driver.js');
  const source = new SQLite(database.path, { fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
  await integrityCheck(file);
}

/** Replaces the content of `database` with the backup in `file`. */
export async function restoreDatabase(database: DatabaseUrl, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`Il file di backup ${file} non esiste.`);
  if (database.kind === 'postgres') {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      `--dbname=${database.url}`,
      file,
    ]);
    return;
  }
  await integrityCheck(file);
  mkdirSync(dirname(database.path), { recursive: true });
  // The backup API again, from the backup into the database: it writes through SQLite, so the
  // target's WAL and journal stay consistent (a plain file copy over a WAL database would not).
  const { SQLite } = await import('./sqlite-driver.js');
  const backup = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(database.path);
  } finally {
    backup.close();
  }
  await integrityCheck(database.path);
}
