import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/src/db/index.js';
import { databases, isolatedDb, migrateUpTo } from './helpers.js';

/**
 * Memberships recorded before join dates existed get their team's creation, the date from which the
 * reports already expected them: migrating changes no figure.
 */
describe.each(databases)('join dates of existing memberships (%s)', (kind) => {
  it('are their team\'s creation, and required from then on', async () => {
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
      if (kind === 'postgres') {
        const other = await team('Gamma', newer);
        await expect(sql`insert into team_members (team_id, user_id) values (${other}, ${user})`.execute(db)).rejects.toThrow(/null/);
      }
    } finally {
      await db.destroy();
    }
  });
});
