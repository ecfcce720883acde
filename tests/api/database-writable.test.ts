import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';

/** A database that cannot be written is refused at start, with a message saying so. */
describe('a database that cannot be written', () => {
  it('is accepted when writable (SQLite), and nothing is written by the check', async () => {
    const db = await createDb({
      kind: 'sqlite',
      path: join(mkdtempSync(join(tmpdir(), 'percorso-writable-')), 'test.db'),
    });
    await migrateToLatest(db);
    await migrateToLatest(db);
    await db.destroy();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('is refused at start on a read-only PostgreSQL connection', async () => {
    const admin = await createDb({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! });
    const role = `percorso_ro_${process.pid}`;
    await sql.raw(`drop role if exists ${role}`).execute(admin);
    await sql.raw(`create role ${role} login password 'ro'`).execute(admin);
    await sql.raw(`alter role ${role} set default_transaction_read_only = on`).execute(admin);
    try {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.username = role;
      url.password = 'ro';
      const readOnly = await createDb({ kind: 'postgres', url: url.toString() });
      await expect(migrateToLatest(readOnly)).rejects.toThrow(
        'il database non accetta scritture: the connection is read-only',
      );
      await readOnly.destroy();
    } finally {
      await sql.raw(`drop role if exists ${role}`).execute(admin);
      await admin.destroy();
    }
  });
});
