import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../server/src/db/index.js';
import { databases, isolatedDb, migrateUpTo, useTestApp } from './helpers.js';
import { addMember, makeTeam } from './backoffice-fixtures.js';

/** Each team's members counted from the memberships themselves, to hold the kept counts against. */
async function countedMembers(db: Db): Promise<Record<number, number>> {
  const teams = await db.selectFrom('teams').select('id').execute();
  const rows = await db
    .selectFrom('team_members')
    .select(['team_id', sql<number>`count(*)`.as('count')])
    .groupBy('team_id')
    .execute();
  const counted = Object.fromEntries(teams.map((t) => [t.id, 0]));
  for (const row of rows) counted[row.team_id] = Number(row.count);
  return counted;
}

async function keptCounts(db: Db): Promise<Record<number, number>> {
  const rows = await db.selectFrom('teams').select(['id', 'members_count']).execute();
  return Object.fromEntries(rows.map((t) => [t.id, t.members_count]));
}

describe.each(databases)("teams' member counts (%s)", (kind) => {
  it('are counted from the memberships recorded before them, and kept for memberships written without the app', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, '015_unique_positions');
      const team = async (name: string) =>
        (await db.insertInto('teams').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
      const person = async (email: string) =>
        (
          await db
            .insertInto('users')
            .values({ name: 'Anna', surname: 'Alfieri', email })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [alfa, beta, gamma] = [await team('Alfa'), await team('Beta'), await team('Gamma')];
      const [anna, bruno] = [await person(`anna-${kind}@example.test`), await person(`bruno-${kind}@example.test`)];
      await sql`insert into team_members (team_id, user_id, joined_at) values (${alfa}, ${anna}, ${'2026-01-01T00:00:00.000Z'}),
        (${alfa}, ${bruno}, ${'2026-01-01T00:00:00.000Z'}), (${beta}, ${anna}, ${'2026-01-01T00:00:00.000Z'})`.execute(
        db,
      );

      await migrateToLatest(db);
      expect(await keptCounts(db)).toEqual({ [alfa]: 2, [beta]: 1, [gamma]: 0 });

      // Written as a process from before the counts would (a rolling restart), or by hand.
      await sql`insert into team_members (team_id, user_id) values (${gamma}, ${anna}), (${gamma}, ${bruno})`.execute(
        db,
      );
      await sql`delete from team_members where team_id = ${alfa} and user_id = ${anna}`.execute(db);
      await sql`update team_members set team_id = ${beta} where team_id = ${alfa} and user_id = ${bruno}`.execute(db);
      expect(await keptCounts(db)).toEqual({ [alfa]: 0, [beta]: 2, [gamma]: 2 });
      // A deleted person leaves every team they were in (a cascade), a deleted team takes its memberships.
      await db.deleteFrom('users').where('id', '=', anna).execute();
      await db.deleteFrom('teams').where('id', '=', gamma).execute();
      expect(await keptCounts(db)).toEqual({ [alfa]: 0, [beta]: 1 });
      expect(await keptCounts(db)).toEqual(await countedMembers(db));
    } finally {
      await db.destroy();
    }
  });
});

describe.each(databases)("teams' member counts through the API (%s)", (kind) => {
  const ctx = useTestApp(kind);
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
    ctx.app.inject({ method, url, headers });

  it('follow members added and removed, people deleted and teams deleted, in the list and on the team', async () => {
    const admin = await ctx.user({}, ['read_teams', 'update_teams', 'delete_teams', 'read_users', 'delete_users']);
    const team = await makeTeam(ctx.db, { name: 'Conteggio Uno' });
    const other = await makeTeam(ctx.db, { name: 'Conteggio Due' });
    const [anna, bruno, carla] = [await ctx.user(), await ctx.user(), await ctx.user()];
    await addMember(ctx.db, other, carla.id);
    const counts = async () => {
      const list = (await send('GET', '/api/teams?filter[name]=conteggio&sort=name', admin.headers)).json();
      return Object.fromEntries(list.data.map((t: { id: number; members_count: number }) => [t.id, t.members_count]));
    };
    const onTheTeam = async () => (await send('GET', `/api/teams/${team}`, admin.headers)).json().data.members_count;

    for (const person of [anna, bruno, carla])
      expect((await send('POST', `/api/teams/${team}/users/${person.id}`, admin.headers)).statusCode).toBe(201);
    // Adding someone already there changes nothing.
    expect((await send('POST', `/api/teams/${team}/users/${anna.id}`, admin.headers)).statusCode).toBe(201);
    expect(await counts()).toEqual({ [team]: 3, [other]: 1 });
    expect(await onTheTeam()).toBe(3);

    expect((await send('DELETE', `/api/teams/${team}/users/${bruno.id}`, admin.headers)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/users/${carla.id}`, admin.headers)).statusCode).toBe(200);
    expect(await counts()).toEqual({ [team]: 1, [other]: 0 });
    expect(await onTheTeam()).toBe(1);

    expect((await send('DELETE', `/api/teams/${team}`, admin.headers)).statusCode).toBe(200);
    expect(await counts()).toEqual({ [other]: 0 });
    expect(await keptCounts(ctx.db)).toEqual(await countedMembers(ctx.db));
  });
});
