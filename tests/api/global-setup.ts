import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../server/src/db/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The start of every PostgreSQL schema this run's API tests create (tests/api/helpers.ts). */
    testSchemaPrefix: string;
  }
}

/*
 * Test files on PostgreSQL each work in a schema of their own, dropped only when the whole run has
 * ended. Dropping one while another file runs its migrations would break them: Kysely's migrator
 * reads the columns of every schema's tables, and a schema dropped under that read fails it
 * ("schema … does not exist").
 */
export default function setup(project: TestProject) {
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  project.provide('testSchemaPrefix', prefix);
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const db = await createDb({ kind: 'postgres', url: base });
    try {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_namespace where starts_with(nspname, ${prefix})`.execute(db);
      for (const { name } of rows) await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db);
    } finally {
      await db.destroy();
    }
  };
}
