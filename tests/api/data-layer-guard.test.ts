import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps SQL, the database handle and the clock out of route files (see
 * eslint.config.js): a route that breaks each part of it is refused, the same code elsewhere is not.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const PROBE = `import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';

export default async function probe(app: FastifyInstance, other: Db) {
  app.get('/probe', async () => {
    const rows = await app.db.selectFrom('users').select(sql<number>\`count(*)\`.as('n')).execute();
    await other.transaction().execute(async (trx) => trx.deleteFrom('teams').execute());
    return { rows, at: new Date(), ms: Date.now() };
  });
}
`;

async function problems(filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(PROBE, { filePath: `${root}/${filePath}` });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('data layer lint guard', () => {
  it('refuses Kysely, the database, SQL and the wall clock in a route file', async () => {
    const found = await problems('server/src/modules/probe/routes.ts');
    expect(found.filter((m) => m.startsWith("'kysely' import is restricted"))).toHaveLength(1);
    expect(found.filter((m) => m.includes('../db/index.js'))).toHaveLength(1);
    expect(found.filter((m) => m.startsWith('Route files do not use the database'))).toHaveLength(1);
    // selectFrom, sql``, transaction, deleteFrom
    expect(found.filter((m) => m.startsWith('Route files do not build SQL'))).toHaveLength(4);
    expect(found.filter((m) => m === 'Use the server clock: app.now().')).toHaveLength(2);
  }, 60000);

  it('refuses the wall clock in a repository', async () => {
    const found = await problems('server/src/modules/probe/repository.ts');
    expect(found.filter((m) => m.startsWith('Use the clock the repository is given'))).toHaveLength(2);
    expect(found.filter((m) => m.startsWith('Route files'))).toEqual([]);
  }, 60000);

  it('leaves other server files alone', async () => {
    expect(await problems('server/src/http/probe.ts')).toEqual([]);
  }, 60000);
});

describe('front-end import guard', () => {
  it('lets src/ take API types from the server contract, as types only, and nothing else from server/', async () => {
    const eslint = new ESLint({ cwd: root });
    const cases: Array<[string, number]> = [
      ["import type { Course } from '../../server/src/contract';", 0],
      ["import type { PartnerResource } from '../../server/src/contract';", 0],
      ["import { PartnerResource } from '../../server/src/contract';", 1],
      ["import { isAcceptedVideoUrl } from '../../server/src/modules/lessons/video-url';", 0],
      ["import { createTeamsRepository } from '../../server/src/modules/teams/repository';", 1],
      ["import type { Db } from '../../server/src/db/index';", 1],
    ];
    for (const [code, expected] of cases) {
      const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, {
        filePath: `${root}/src/admin/probe.ts`,
      });
      const refused = result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
      expect(refused, code).toHaveLength(expected);
    }
  }, 60000);
});
