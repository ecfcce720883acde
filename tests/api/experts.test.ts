import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';

describe.each(databases)('experts API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const get = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, payload });

  describe('GET /api/experts', () => {
    it('needs a token and read_experts', async () => {
      expect((await get('/api/experts')).statusCode).toBe(401);
      expect((await get('/api/experts', (await ctx.user({}, ['read_users'])).headers)).statusCode).toBe(403);
    });

    it('lists experts only, newest first, with teams, searching name, surname, e-mail and tax id', async () => {
      const admin = await ctx.user({}, ['read_experts']);
      const team = await makeTeam(ctx.db, { name: 'Seguita' });
      const older = await makeExpert(ctx, 'limited', [team]);
      await ctx.db
        .updateTable('users')
        .set({ name: 'Elena', surname: 'Esperta', tax_id: 'RSSMRA80A01H501U', created_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', older.id)
        .execute();
      const newer = await makeExpert(ctx, 'complete');
      await ctx.db
        .updateTable('users')
        .set({ name: 'Ettore', surname: 'Esperto', created_at: '2030-01-01T00:00:00.000Z' })
        .where('id', '=', newer.id)
        .execute();
      await ctx.user({ name: 'Elena', surname: 'Normale' });

      const res = await get('/api/experts?filter[search]=esper', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((e: { id: number }) => e.id)).toEqual([newer.id, older.id]);
      expect(body.meta).toMatchObject({ total: 2, from: 1, to: 2, current_page: 1, last_page: 1 });
      expect(body.data[1]).toMatchObject({
        name: 'Elena',
        surname: 'Esperta',
        tax_id: 'RSSMRA80A01H501U',
        expert_access: 'limited',
        teams: [{ id: team, name: 'Seguita' }],
      });
      expect(body.data[0]).toMatchObject({ expert_access: 'complete', teams: [], tax_id: null });

      expect(
        (await get('/api/experts?filter[search]=rssmra80', admin.headers)).json().data.map((e: { id: number }) => e.id),
      ).toEqual([older.id]);
      expect(
        (await get('/api/experts?filter[search]=elena esperta', admin.headers))
          .json()
          .data.map((e: { id: number }) => e.id),
      ).toEqual([older.id]);
      expect((await get('/api/experts?filter[search]=normale', admin.headers)).json().data).toEqual([]);
      const paged = (await get('/api/experts?filter[search]=esper&per_page=1&page=2', admin.headers)).json();
      expect(paged.data.map((e: { id: number }) => e.id)).toEqual([older.id]);
      expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, from: 2, to: 2 });
    });
  });

  describe('POST /api/experts', () => {
    it('needs create_experts', async () => {
      const user = await ctx.user();
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/experts',
            payload: { user_id: user.id, access: 'complete' },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await send('POST', '/api/experts', (await ctx.user({}, ['update_experts'])).headers, {
            user_id: user.id,
            access: 'complete',
          })
        ).statusCode,
      ).toBe(403);
    });

    it('validates user, access and teams under their fields', async () => {
      const admin = await ctx.user({}, ['create_experts']);
      const user = await ctx.user();
      const already = await makeExpert(ctx, 'complete');
      const team = await makeTeam(ctx.db);
      const cases: Array<[object, string]> = [
        [{ access: 'complete' }, 'user_id'],
        [{ user_id: 999999, access: 'complete' }, 'user_id'],
        [{ user_id: already.id, access: 'complete' }, 'user_id'],
        [{ user_id: 'abc', access: 'complete' }, 'user_id'],
        [{ user_id: user.id }, 'expert_access'],
        [{ user_id: user.id, access: 'totale' }, 'expert_access'],
        [{ user_id: user.id, access: 'limited' }, 'teams'],
        [{ user_id: user.id, access: 'limited', teams: [] }, 'teams'],
        [{ user_id: user.id, access: 'limited', teams: [team, 999999] }, 'teams'],
      ];
      for (const [payload, field] of cases) {
        const res = await send('POST', '/api/experts', admin.headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().errors[field], JSON.stringify(payload)).toBeDefined();
      }
      const row = await ctx.db
        .selectFrom('users')
        .select('is_expert')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.is_expert).toBe(0);
    });

    it('turns a user into a limited or complete expert', async () => {
      const admin = await ctx.user({}, ['create_experts']);
      const a = await makeTeam(ctx.db);
      const b = await makeTeam(ctx.db);
      const user = await ctx.user();
      const res = await send('POST', '/api/experts', admin.headers, {
        user_id: user.id,
        access: 'limited',
        teams: [a, b],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ id: user.id, is_expert: true, expert_access: 'limited' });
      expect(
        res
          .json()
          .data.teams.map((t: { id: number }) => t.id)
          .sort(),
      ).toEqual([a, b].sort());
      const other = await ctx.user();
      const complete = await send('POST', '/api/experts', admin.headers, {
        user_id: other.id,
        expert_access: 'complete',
        teams: [a],
      });
      expect(complete.statusCode).toBe(201);
      expect(complete.json().data).toMatchObject({ expert_access: 'complete', teams: [] });
    });
  });

  describe('PUT /api/experts/{id}', () => {
    it('changes access and teams with update_experts', async () => {
      const a = await makeTeam(ctx.db);
      const b = await makeTeam(ctx.db);
      const expert = await makeExpert(ctx, 'limited', [a]);
      expect(
        (
          await send('PUT', `/api/experts/${expert.id}`, (await ctx.user({}, ['create_experts'])).headers, {
            access: 'complete',
          })
        ).statusCode,
      ).toBe(403);
      const admin = await ctx.user({}, ['update_experts']);
      const moved = await send('PUT', `/api/experts/${expert.id}`, admin.headers, { access: 'limited', teams: [b] });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.teams.map((t: { id: number }) => t.id)).toEqual([b]);
      const empty = await send('PUT', `/api/experts/${expert.id}`, admin.headers, { access: 'limited', teams: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.teams).toBeDefined();
      const complete = await send('PUT', `/api/experts/${expert.id}`, admin.headers, { access: 'complete' });
      expect(complete.json().data).toMatchObject({ expert_access: 'complete', teams: [] });
      const notExpert = await ctx.user();
      expect(
        (await send('PUT', `/api/experts/${notExpert.id}`, admin.headers, { access: 'complete' })).statusCode,
      ).toBe(404);
    });
  });

  describe('DELETE /api/experts/{id}', () => {
    it('turns the expert back into a plain user and drops expert links', async () => {
      const team = await makeTeam(ctx.db);
      const expert = await makeExpert(ctx, 'limited', [team]);
      const session = await makeSession(ctx.db, { experts: [expert.id] });
      expect(
        (await send('DELETE', `/api/experts/${expert.id}`, (await ctx.user({}, ['update_experts'])).headers))
          .statusCode,
      ).toBe(403);
      const admin = await ctx.user({}, ['delete_experts', 'read_experts']);
      expect((await send('DELETE', `/api/experts/${expert.id}`, admin.headers)).statusCode).toBe(200);
      const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', expert.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ is_expert: 0, expert_access: null });
      expect(await ctx.db.selectFrom('expert_teams').selectAll().where('user_id', '=', expert.id).execute()).toEqual(
        [],
      );
      expect(
        await ctx.db.selectFrom('session_experts').selectAll().where('session_id', '=', session).execute(),
      ).toEqual([]);
      expect((await send('DELETE', `/api/experts/${expert.id}`, admin.headers)).statusCode).toBe(404);
      expect((await get(`/api/experts/${expert.id}`, admin.headers)).statusCode).toBe(404);
    });
  });
});
