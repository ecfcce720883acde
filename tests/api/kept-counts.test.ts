import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../server/src/db/index.js';
import { migrations } from '../../server/src/db/migrations/index.js';
import { wipeData } from '../../server/src/seed/wipe.js';
import { databases, isolatedDb, migrateUpTo } from './helpers.js';

/** The kept counts beside the ones counted from the rows themselves. */
async function counts(db: Db) {
  const kept = Object.fromEntries(
    (await db.selectFrom('row_counts').select(['table_name', 'row_count']).execute()).map((r) => [
      r.table_name,
      Number(r.row_count),
    ]),
  );
  const counted: Record<string, number> = {};
  for (const table of ['users', 'teams', 'sessions'] as const)
    counted[table] = Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const teamsOfSessions = Object.fromEntries(
    (await db.selectFrom('sessions').select(['id', 'teams_count']).execute()).map((s) => [s.id, Number(s.teams_count)]),
  );
  const linked = await db
    .selectFrom('sessions')
    .select([
      'id',
      (eb) =>
        eb
          .selectFrom('session_teams')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('session_teams.session_id', '=', 'sessions.id')
          .as('n'),
    ])
    .execute();
  return {
    kept,
    counted,
    teamsOfSessions,
    linkedOfSessions: Object.fromEntries(linked.map((s) => [s.id, Number(s.n)])),
  };
}

/** The schema just before the migration that starts counting (later migrations add tables wipeData empties). */
const names = Object.keys(migrations);
const BEFORE_COUNTS = names[names.indexOf('026_session_team_counts') - 1];

describe.each(databases)('rows and session teams counted by the database (%s)', (kind) => {
  it('are counted from the rows written before them and kept for every later write, whoever makes it', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, BEFORE_COUNTS);
      await wipeData(db);
      const team = async (name: string) =>
        (await db.insertInto('teams').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
      const session = async (name: string) =>
        (
          await db
            .insertInto('sessions')
            .values({
              name,
              type: 'other',
              description: '',
              start_time: '2026-10-01T09:00:00.000Z',
              end_time: null,
              join_instructions: '',
              join_url: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [alfa, beta] = [await team('Alfa'), await team('Beta')];
      const [one, two, three] = [await session('Uno'), await session('Due'), await session('Tre')];
      await db
        .insertInto('session_teams')
        .values([
          { session_id: one, team_id: alfa },
          { session_id: one, team_id: beta },
          { session_id: two, team_id: beta },
        ])
        .execute();
      await db
        .insertInto('users')
        .values({ name: 'Anna', surname: 'Alfieri', email: `anna-${kind}@example.test` })
        .execute();

      await migrateToLatest(db);
      let now = await counts(db);
      expect(now.kept).toEqual(now.counted);
      expect(now.kept).toMatchObject({ teams: 2, sessions: 3 });
      expect(now.teamsOfSessions).toEqual({ [one]: 2, [two]: 1, [three]: 0 });

      // Several rows in one statement, links moved and removed by hand, a cascade from a deleted team.
      await db
        .insertInto('users')
        .values([1, 2, 3].map((n) => ({ name: 'Bruno', surname: 'Bassi', email: `bruno${n}-${kind}@example.test` })))
        .execute();
      await sql`update session_teams set session_id = ${three} where session_id = ${two}`.execute(db);
      await db.deleteFrom('teams').where('id', '=', alfa).execute();
      await db.deleteFrom('sessions').where('id', '=', two).execute();
      now = await counts(db);
      expect(now.kept).toEqual(now.counted);
      expect(now.kept).toMatchObject({ teams: 1, sessions: 2 });
      expect(now.teamsOfSessions).toEqual(now.linkedOfSessions);
      expect(now.teamsOfSessions).toEqual({ [one]: 1, [three]: 1 });

      // Emptied (a TRUNCATE on PostgreSQL).
      await wipeData(db);
      now = await counts(db);
      expect(now.kept).toEqual({ users: 0, teams: 0, sessions: 0 });
    } finally {
      await db.destroy();
    }
  });
});
