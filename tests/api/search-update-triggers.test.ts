import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../server/src/db/index.js';
import { isolatedDb, migrateUpTo } from './helpers.js';

/** Rows written by the statement `write` runs, its triggers' writes included. */
async function rowsWritten(db: Db, write: () => Promise<unknown>): Promise<number> {
  const total = async () => Number((await sql<{ c: number }>`select total_changes() as c`.execute(db)).rows[0].c);
  const before = await total();
  await write();
  return (await total()) - before;
}

/** SQLite keeps its search tables with triggers; PostgreSQL's search indexes need none. */
describe('search tables on SQLite', () => {
  it('are rewritten only when a searched column changes', async () => {
    const { db } = await isolatedDb('sqlite');
    try {
      await migrateUpTo(db, '016_team_member_counts');
      const team = (await db.insertInto('teams').values({ name: 'Zefiro' }).returning('id').executeTakeFirstOrThrow())
        .id;
      const person = async (email: string) =>
        (
          await db
            .insertInto('users')
            .values({ name: 'Anna', surname: 'Alfieri', email })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [anna, bruno] = [await person('anna@example.test'), await person('bruno@example.test')];
      const join = (user: number) => () =>
        db
          .insertInto('team_members')
          .values({ team_id: team, user_id: user, joined_at: '2026-01-01T00:00:00.000Z' })
          .execute();
      // Before: the membership, the team's count, and the team's search row (the search table's
      // own storage counts its writes too).
      expect(await rowsWritten(db, join(anna))).toBeGreaterThan(2);

      await migrateToLatest(db);
      // Now the membership and the team's count only.
      expect(await rowsWritten(db, join(bruno))).toBe(2);
      expect(
        await rowsWritten(db, () => db.updateTable('users').set({ avatar: 'a.webp' }).where('id', '=', anna).execute()),
      ).toBe(1);

      // A searched column still reaches the search table.
      await db.updateTable('teams').set({ name: 'Zefiro Nuovo' }).where('id', '=', team).execute();
      await db.updateTable('users').set({ surname: 'Aldini' }).where('id', '=', anna).execute();
      const teamRow = await sql<{ name: string }>`select name from search_teams where rowid = ${team}`.execute(db);
      expect(teamRow.rows[0]).toEqual({ name: 'Zefiro Nuovo' });
      const full = await sql<{
        full_name: string;
        full_name_reversed: string;
      }>`select full_name, full_name_reversed from search_users where rowid = ${anna}`.execute(db);
      expect(full.rows[0]).toEqual({ full_name: 'Anna Aldini', full_name_reversed: 'Aldini Anna' });
    } finally {
      await db.destroy();
    }
  });
});
