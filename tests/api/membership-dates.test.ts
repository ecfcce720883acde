import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/src/db/index.js';
import { createTeamsRepository } from '../../server/src/modules/teams/repository.js';
import { databases, isolatedDb, migrateUpTo, useTestApp } from './helpers.js';
import { addMember, makeTeam } from './backoffice-fixtures.js';

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
      const user = (
        await db
          .insertInto('users')
          .values({ name: 'Anna', surname: 'Alfieri', email: `anna-${kind}@example.test` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
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

describe.each(databases)("changing a member's join date (%s)", (kind) => {
  const ctx = useTestApp(kind);
  const put = (url: string, payload: unknown, headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers });

  it('sets the start of the Rome day given, for members only, with update_teams; the audit trail says whose', async () => {
    const admin = await ctx.user({}, ['update_teams', 'read_teams', 'read_audit']);
    const reader = await ctx.user({}, ['read_teams']);
    const team = await makeTeam(ctx.db, { name: 'Data di ingresso' });
    const [member, outsider] = [await ctx.user(), await ctx.user()];
    await addMember(ctx.db, team, member.id);
    const url = `/api/teams/${team}/users/${member.id}`;
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-11-20T10:00:00.000Z');
    try {
      expect((await put(url, { joined_on: '2026-10-01' })).statusCode).toBe(401);
      expect((await put(url, { joined_on: '2026-10-01' }, reader.headers)).statusCode).toBe(403);

      const summer = await put(url, { joined_on: '2026-10-01' }, admin.headers);
      expect(summer.statusCode).toBe(200);
      expect(summer.json().data).toEqual([
        expect.objectContaining({ id: member.id, joined_at: '2026-09-30T22:00:00.000Z' }),
      ]);
      const winter = await put(url, { joined_on: '2026-02-20' }, admin.headers);
      expect(winter.json().data[0].joined_at).toBe('2026-02-19T23:00:00.000Z');
      // Today, in Rome, is the latest day taken.
      expect((await put(url, { joined_on: '2026-11-20' }, admin.headers)).statusCode).toBe(200);

      const audit = await ctx.app.inject({
        method: 'GET',
        url: `/api/audit-log?filter[entity_type]=team&filter[entity_id]=${team}`,
        headers: admin.headers,
      });
      expect(audit.json().data[0]).toMatchObject({
        action: 'update',
        changes: {
          user_id: [member.id, member.id],
          joined_at: ['2026-02-19T23:00:00.000Z', '2026-11-19T23:00:00.000Z'],
        },
      });

      const refused = async (payload: unknown) => {
        const res = await put(url, payload, admin.headers);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        return res.json().errors.joined_on;
      };
      expect(await refused({ joined_on: '2026-11-21' })).toEqual(['La data di ingresso non può essere nel futuro.']);
      expect(await refused({ joined_on: '1999-12-31' })).toEqual([
        'La data di ingresso non può essere precedente al 01/01/2000.',
      ]);
      expect(await refused({ joined_on: '2026-02-30' })).toHaveLength(1);
      expect(await refused({})).toEqual(['Il campo data di ingresso è obbligatorio.']);
      // Nothing refused was saved.
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}/users`, headers: admin.headers })).json()
          .data[0].joined_at,
      ).toBe('2026-11-19T23:00:00.000Z');

      const notMember = await put(
        `/api/teams/${team}/users/${outsider.id}`,
        { joined_on: '2026-10-01' },
        admin.headers,
      );
      expect(notMember.statusCode).toBe(404);
      expect(notMember.json().message).toBe('Questa persona non fa parte del team.');
      expect(
        (await put(`/api/teams/999999/users/${member.id}`, { joined_on: '2026-10-01' }, admin.headers)).statusCode,
      ).toBe(404);
    } finally {
      ctx.app.now = saved;
    }
  });
});

describe.each(databases)('adding a member from a given day (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('dates the membership at the start of that Rome day, or at the addition without one; the audit trail keeps the day', async () => {
    const admin = await ctx.user({}, ['update_teams', 'read_teams', 'read_audit']);
    const reader = await ctx.user({}, ['read_teams']);
    const team = await makeTeam(ctx.db, { name: 'Ingresso datato' });
    const [early, fresh] = [await ctx.user(), await ctx.user()];
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-11-20T10:00:00.000Z');
    try {
      expect((await post(`/api/teams/${team}/users/${early.id}`, { joined_on: '2026-10-01' })).statusCode).toBe(401);
      expect(
        (await post(`/api/teams/${team}/users/${early.id}`, { joined_on: '2026-10-01' }, reader.headers)).statusCode,
      ).toBe(403);

      const added = await post(`/api/teams/${team}/users/${early.id}`, { joined_on: '2026-10-01' }, admin.headers);
      expect(added.statusCode).toBe(201);
      expect(added.json().data).toEqual([
        expect.objectContaining({ id: early.id, joined_at: '2026-09-30T22:00:00.000Z' }),
      ]);
      const audit = await ctx.app.inject({
        method: 'GET',
        url: `/api/audit-log?filter[entity_type]=team&filter[entity_id]=${team}`,
        headers: admin.headers,
      });
      expect(audit.json().data[0]).toMatchObject({
        action: 'update',
        changes: { members: [[], [early.id]], joined_at: [null, '2026-09-30T22:00:00.000Z'] },
      });

      // No body at all, as before dates could be given: the moment of the addition.
      const plain = await post(`/api/teams/${team}/users/${fresh.id}`, undefined, admin.headers);
      expect(plain.statusCode).toBe(201);
      expect(plain.json().data.find((member: { id: number }) => member.id === fresh.id).joined_at).toBe(
        '2026-11-20T10:00:00.000Z',
      );

      // Added again with another day, a member keeps their date: changing it is the PUT's job.
      expect(
        (await post(`/api/teams/${team}/users/${early.id}`, { joined_on: '2026-01-10' }, admin.headers)).statusCode,
      ).toBe(201);
      const members = (
        await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}/users`, headers: admin.headers })
      ).json().data;
      expect(members.find((member: { id: number }) => member.id === early.id).joined_at).toBe(
        '2026-09-30T22:00:00.000Z',
      );
    } finally {
      ctx.app.now = saved;
    }
  });

  it('refuses a day in the future, before 2000 or not a date, under joined_on, and adds no one', async () => {
    const admin = await ctx.user({}, ['update_teams', 'read_teams']);
    const team = await makeTeam(ctx.db, { name: 'Ingresso rifiutato' });
    const person = await ctx.user();
    const url = `/api/teams/${team}/users/${person.id}`;
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-11-20T10:00:00.000Z');
    try {
      const refused = async (payload: unknown) => {
        const res = await post(url, payload, admin.headers);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        return res.json().errors.joined_on;
      };
      expect(await refused({ joined_on: '2026-11-21' })).toEqual(['La data di ingresso non può essere nel futuro.']);
      expect(await refused({ joined_on: '1999-12-31' })).toEqual([
        'La data di ingresso non può essere precedente al 01/01/2000.',
      ]);
      expect(await refused({ joined_on: '2026-02-30' })).toHaveLength(1);
      expect(await refused({ joined_on: 'ieri' })).toHaveLength(1);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}/users`, headers: admin.headers })).json().data,
      ).toEqual([]);
    } finally {
      ctx.app.now = saved;
    }
  });
});
