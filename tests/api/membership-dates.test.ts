import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/src/db/index.js';
import { createTeamsRepository } from '../../server/src/repositories/teams.js';
import { databases, isolatedDb, migrateUpTo } from './helpers.js';

/**
 * Memberships recorded before join dates existed get their team's creation, the date from which the
 * reports already expected them: migrating changes no figure.
 */
describe.each(databases)('join dates of existing memberships (%s)', (kind) => {
  it("are their team's creation; an old process's new one is dated at the write, or read as a founder's", async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, '013_attendance_pairs_index');
      const older = '2025-03-01T08:00:00.000Z';
      const newer = '2026-09-15T10:30:00.000Z';
      const team = async (name: string, created_at: string) =>
        (await db.insertInto('teams').values({ name, created_at }).returning('id').executeTakeFirstOrThrow()).id;
      const alfa = await team('Alfa', older);
      const beta = await team('Beta', newer);
      const user = (await db.insertInto('users').values({ name: 'Anna', surname: 'Alfieri', email: `anna-${kind}@example.test` }).returning('id').executeTakeFirstOrThrow()).id;
      // Written as the code before the migration did: no join date.
      await sql`insert into team_members (team_id, user_id) values (${alfa}, ${user}), (${beta}, ${user})`.execute(db);

      await migrateToLatest(db);
      const rows = await db.selectFrom('team_members').select(['team_id', 'joined_at']).orderBy('team_id').execute();
      expect(rows).toEqual([
        { team_id: alfa, joined_at: older },
        { team_id: beta, joined_at: newer },
      ]);

      // A process still running the code from before (a rolling restart) adds a member without a
      // date: PostgreSQL dates it at the write, SQLite leaves it empty and it reads as a founder.
      const gamma = await team('Gamma', newer);
      const before = Date.now();
      await sql`insert into team_members (team_id, user_id) values (${gamma}, ${user})`.execute(db);
      const [member] = await createTeamsRepository(db, Date.now).members(gamma);
      if (kind === 'postgres') {
        expect(Date.parse(member.joined_at)).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(member.joined_at)).toBeLessThanOrEqual(Date.now() + 1000);
      } else {
        expect(member.joined_at).toBe(newer);
      }
    } finally {
      await db.destroy();
    }
  });
});
