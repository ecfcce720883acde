import { describe, expect, it } from 'vitest';
import { SQLite } from '../../server/src/db/sqlite-driver.js';
import { databases, grant, useTestApp } from './helpers.js';
import { runtimeOf } from '../../server/src/db/index.js';
import { hashToken } from '../../server/src/auth/tokens.js';

/**
 * The in-process caches (token → caller in the auth hook, list totals on SQLite) must never
 * answer with what the database no longer says, whoever changed it.
 */
describe.each(databases)('in-process caches (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

  it('a revoked token is refused at once (logout)', async () => {
    const me = await ctx.user({}, ['read_teams']);
    expect((await get('/api/teams', me.headers)).statusCode).toBe(200);
    // Logout answers 200 with the provider's end-session URL (or null).
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.headers })).statusCode).toBe(
      200,
    );
    expect((await get('/api/teams', me.headers)).statusCode).toBe(401);
  });

  it('a token deleted or expired directly in the database is refused at once', async () => {
    const deleted = await ctx.user({}, ['read_teams']);
    const expired = await ctx.user({}, ['read_teams']);
    expect((await get('/api/teams', deleted.headers)).statusCode).toBe(200);
    expect((await get('/api/teams', expired.headers)).statusCode).toBe(200);
    await ctx.db.deleteFrom('access_tokens').where('token_hash', '=', hashToken(deleted.token)).execute();
    await ctx.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(expired.token))
      .execute();
    expect((await get('/api/teams', deleted.headers)).statusCode).toBe(401);
    expect((await get('/api/teams', expired.headers)).statusCode).toBe(401);
  });

  it('a token expires when the server clock passes its expiry, cached or not (app.now, no row touched)', async () => {
    const user = await ctx.user({}, ['read_teams']);
    expect((await get('/api/teams', user.headers)).statusCode).toBe(200);
    const realNow = ctx.app.now;
    ctx.app.now = () => realNow() + 2 * 3600 * 1000;
    try {
      expect((await get('/api/teams', user.headers)).statusCode).toBe(401);
    } finally {
      ctx.app.now = realNow;
    }
    expect((await get('/api/teams', user.headers)).statusCode).toBe(200);
  });

  it('a deleted user is refused at once', async () => {
    const admin = await ctx.user({}, ['delete_users']);
    const victim = await ctx.user({}, ['read_teams']);
    expect((await get('/api/teams', victim.headers)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect((await get('/api/teams', victim.headers)).statusCode).toBe(401);
  });

  it("a role's new permissions apply at once, through the API and through direct writes", async () => {
    // Giving and editing a role needs what it grants.
    const admin = await ctx.user({}, ['read_roles', 'edit_roles', 'update_roles', 'read_teams', 'read_users']);
    const me = await ctx.user();
    expect((await get('/api/teams', me.headers)).statusCode).toBe(403);

    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: await ctx.user({}, ['create_roles', 'read_teams']).then((u) => u.headers),
      payload: { name: 'Lettori cache', description: 'Leggono i team', permissions: ['read_teams'] },
    });
    expect(role.statusCode).toBe(201);
    const roleId = role.json().data.id as number;
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${me.id}/roles`,
          headers: admin.headers,
          payload: { roles: [roleId] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/teams', me.headers)).statusCode).toBe(200);

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/roles/${roleId}`,
      headers: admin.headers,
      payload: { name: 'Lettori cache', description: 'Leggono gli utenti', permissions: ['read_users'] },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get('/api/teams', me.headers)).statusCode).toBe(403);
    expect((await get('/api/users', me.headers)).statusCode).toBe(200);

    await ctx.db.deleteFrom('user_roles').where('user_id', '=', me.id).execute();
    expect((await get('/api/users', me.headers)).statusCode).toBe(403);
    await grant(ctx.db, me.id, ['read_teams']);
    expect((await get('/api/teams', me.headers)).statusCode).toBe(200);
  });

  it('expert and video-course access changes apply at once', async () => {
    const me = await ctx.user();
    expect((await get('/api/courses', me.headers)).statusCode).toBe(403);
    await ctx.db.updateTable('users').set({ mooc_access: 1 }).where('id', '=', me.id).execute();
    expect((await get('/api/courses', me.headers)).statusCode).toBe(200);
    const admin = await ctx.user({}, ['update_roles']);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${me.id}/mooc`,
          headers: admin.headers,
          payload: { mooc_access: false },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/courses', me.headers)).statusCode).toBe(403);
  });

  it('list totals follow every write, including direct ones', async () => {
    const admin = await ctx.user({}, ['read_teams', 'create_teams', 'delete_teams']);
    const total = async () =>
      (await get('/api/teams?filter[search]=cachetotale', admin.headers)).json().meta.total as number;
    expect(await total()).toBe(0);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: admin.headers,
      payload: { name: 'CacheTotale Uno' },
    });
    expect(created.statusCode).toBe(201);
    expect(await total()).toBe(1);
    await ctx.db.insertInto('teams').values({ name: 'CacheTotale Due' }).execute();
    expect(await total()).toBe(2);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${created.json().data.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect(await total()).toBe(1);
  });

  it.runIf(kind === 'sqlite')(
    'on SQLite, writes by another connection (another process) are seen at once',
    async () => {
      const admin = await ctx.user({}, ['read_teams']);
      const other = await ctx.user({}, ['read_teams']);
      const total = async () =>
        (await get('/api/teams?filter[search]=altroprocesso', admin.headers)).json().meta.total as number;
      expect(await total()).toBe(0);
      expect((await get('/api/teams', other.headers)).statusCode).toBe(200);
      const file = ctx.config.database.kind === 'sqlite' ? ctx.config.database.path : '';
      const outside = new SQLite(file);
      try {
        outside.prepare('insert into teams (name) values (?)').run('AltroProcesso');
        outside.prepare('delete from access_tokens where token_hash = ?').run(hashToken(other.token));
      } finally {
        outside.close();
      }
      expect(await total()).toBe(1);
      expect((await get('/api/teams', other.headers)).statusCode).toBe(401);
    },
  );

  it('every database opened by createDb tracks its writes', async () => {
    const runtime = runtimeOf(ctx.db)!;
    expect(runtime.kind).toBe(kind);
    const before = runtime.writes.versionOf(['teams']);
    const untouched = runtime.writes.versionOf(['sessions']);
    await ctx.db.insertInto('teams').values({ name: 'Versione' }).execute();
    expect(runtime.writes.versionOf(['teams'])).toBeGreaterThan(before);
    expect(runtime.writes.versionOf(['sessions'])).toBe(untouched);
  });

  it("a membership's write counts as a write to its team, which the database's trigger updates", async () => {
    const runtime = runtimeOf(ctx.db)!;
    const team = (
      await ctx.db.insertInto('teams').values({ name: 'Versione dei membri' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const person = await ctx.user();
    const before = runtime.writes.versionOf(['teams']);
    await ctx.db
      .insertInto('team_members')
      .values({ team_id: team, user_id: person.id, joined_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    expect(runtime.writes.versionOf(['teams'])).toBeGreaterThan(before);
  });
});
