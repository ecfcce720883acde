import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { addMember, makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';

describe.each(databases)('users admin API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const get = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, payload });

  describe('GET /api/users', () => {
    it('needs a token and read_users', async () => {
      expect((await get('/api/users')).statusCode).toBe(401);
      expect((await get('/api/users', (await ctx.user({}, ['read_teams'])).headers)).statusCode).toBe(403);
      expect((await get('/api/users/1', (await ctx.user({}, ['read_teams'])).headers)).statusCode).toBe(403);
    });

    it('lists users newest first with roles, teams and course progress; searches the usual fields', async () => {
      const admin = await ctx.user({}, ['read_users']);
      const older = await ctx.user(
        {
          name: 'Giovanna',
          surname: 'Cercata',
          tax_id: 'CRCGNN90A41F205X',
          birthdate: '1990-01-01',
          created_at: '2020-01-01T00:00:00.000Z',
          mooc_access: 1,
        },
        ['read_teams'],
      );
      const newer = await ctx.user({
        name: 'Paolo',
        surname: 'Cercato',
        email: 'paolo.cercato@example.test',
        created_at: '2030-01-01T00:00:00.000Z',
      });
      const team = await makeTeam(ctx.db, { name: 'Squadra' });
      await addMember(ctx.db, team, older.id);
      const course = await ctx.db
        .insertInto('courses')
        .values({ name: 'C', description: 'D', published: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const mod = await ctx.db
        .insertInto('modules')
        .values({ course_id: course.id, name: 'M', position: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lessons = [];
      for (let i = 1; i <= 4; i++) {
        lessons.push(
          (
            await ctx.db
              .insertInto('lessons')
              .values({ module_id: mod.id, position: i, name: `L${i}`, video_url: 'https://v.example/x.mp4' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      await ctx.db
        .insertInto('lesson_progress')
        .values({
          user_id: older.id,
          lesson_id: lessons[0],
          position: 10,
          watched: '[]',
          covered_seconds: 10,
          completed: 1,
          last_sync_ms: 0,
          version: 0,
          updated_at: new Date().toISOString(),
        })
        .execute();

      const res = await get('/api/users?filter[search]=cercat', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((u: { id: number }) => u.id)).toEqual([newer.id, older.id]);
      expect(body.meta).toMatchObject({ total: 2, from: 1, to: 2, current_page: 1, last_page: 1 });
      expect(body.data[1]).toMatchObject({
        id: older.id,
        name: 'Giovanna',
        surname: 'Cercata',
        tax_id: 'CRCGNN90A41F205X',
        birthdate: '1990-01-01',
        created_at: '2020-01-01T00:00:00.000Z',
        avatar: null,
        mobile: null,
        is_expert: false,
        expert_access: null,
        mooc_access: true,
        courses_percentage: 0.25,
        roles: [{ id: expect.any(Number), name: expect.any(String) }],
        teams: [{ id: team, name: 'Squadra' }],
      });
      expect(body.data[0]).toMatchObject({ mooc_access: false, courses_percentage: 0, roles: [], teams: [] });
      const search = async (term: string) =>
        (await get(`/api/users?filter[search]=${encodeURIComponent(term)}`, admin.headers))
          .json()
          .data.map((u: { id: number }) => u.id);
      expect(await search('paolo.cercato@')).toEqual([newer.id]);
      expect(await search('crcgnn90')).toEqual([older.id]);
      expect(await search('Giovanna Cercata')).toEqual([older.id]);
      expect(await search('Cercato Paolo')).toEqual([newer.id]);
      expect(await search('100%_')).toEqual([]);
      const page2 = (
        await get('/api/users?filter[search]=cercat&per_page=1&page=2&sort=-created_at', admin.headers)
      ).json();
      expect(page2.data.map((u: { id: number }) => u.id)).toEqual([older.id]);
      expect(page2.meta).toMatchObject({ current_page: 2, last_page: 2, from: 2, to: 2, total: 2 });
      const one = await get(`/api/users/${older.id}`, admin.headers);
      expect(one.json().data).toMatchObject({ id: older.id, courses_percentage: 0.25 });
      expect((await get('/api/users/999999', admin.headers)).statusCode).toBe(404);

      // The number of published lessons is kept between requests: a fifth lesson, then the course
      // withdrawn, change the percentage at the very next list.
      const percentage = async () =>
        (await get('/api/users?filter[search]=cercat', admin.headers)).json().data[1].courses_percentage;
      await ctx.db
        .insertInto('lessons')
        .values({ module_id: mod.id, position: 5, name: 'L5', video_url: 'https://v.example/x.mp4' })
        .execute();
      expect(await percentage()).toBeCloseTo(0.2);
      await ctx.db.updateTable('courses').set({ published: 0 }).where('id', '=', course.id).execute();
      expect(await percentage()).toBe(0);
    });
  });

  describe('POST /api/users', () => {
    const valid = () => ({
      name: 'Nuova',
      surname: 'Utente',
      email: `nuova.${Math.random().toString(36).slice(2)}@example.test`,
      tax_id: 'rssmra80a01h501u',
      birthdate: '1980-01-01',
    });

    it('needs create_users', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/users', payload: valid() })).statusCode).toBe(401);
      expect((await send('POST', '/api/users', (await ctx.user({}, ['read_users'])).headers, valid())).statusCode).toBe(
        403,
      );
    });

    it('requires name, surname and a valid unique e-mail', async () => {
      const admin = await ctx.user({}, ['create_users']);
      for (const field of ['name', 'surname', 'email'] as const) {
        for (const blank of [undefined, '', null]) {
          const payload: Record<string, unknown> = valid();
          if (blank === undefined) delete payload[field];
          else payload[field] = blank;
          const res = await send('POST', '/api/users', admin.headers, payload);
          expect(res.statusCode, `${field}=${String(blank)}`).toBe(422);
          expect(res.json().errors[field]).toEqual([
            `Il campo ${{ name: 'nome', surname: 'cognome', email: 'email' }[field]} è obbligatorio.`,
          ]);
        }
      }
      const badEmail = await send('POST', '/api/users', admin.headers, { ...valid(), email: 'non-una-email' });
      expect(badEmail.json().errors.email[0]).toMatch(/email/);
      const existing = await ctx.user({ email: 'gia.usata@example.test' });
      expect(existing.id).toBeGreaterThan(0);
      const taken = await send('POST', '/api/users', admin.headers, { ...valid(), email: 'GIA.usata@example.test' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors.email).toEqual(["L'indirizzo email è già in uso."]);
      const badDate = await send('POST', '/api/users', admin.headers, { ...valid(), birthdate: '31/12/1990' });
      expect(badDate.json().errors.birthdate).toBeDefined();
      const future = await send('POST', '/api/users', admin.headers, { ...valid(), birthdate: '2999-01-01' });
      expect(future.json().errors.birthdate).toBeDefined();
      const badTax = await send('POST', '/api/users', admin.headers, { ...valid(), tax_id: '12' });
      expect(badTax.json().errors.tax_id).toBeDefined();
    });

    it('creates a user, optional fields included or blank', async () => {
      const admin = await ctx.user({}, ['create_users']);
      const payload = valid();
      const res = await send('POST', '/api/users', admin.headers, {
        ...payload,
        email: `  ${payload.email.toUpperCase()} `,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        name: 'Nuova',
        surname: 'Utente',
        email: payload.email,
        tax_id: 'RSSMRA80A01H501U',
        birthdate: '1980-01-01',
        mooc_access: false,
        is_expert: false,
        roles: [],
      });
      const blank = await send('POST', '/api/users', admin.headers, { ...valid(), tax_id: '', birthdate: '' });
      expect(blank.statusCode).toBe(201);
      expect(blank.json().data).toMatchObject({ tax_id: null, birthdate: null });
      const earliest = await send('POST', '/api/users', admin.headers, { ...valid(), birthdate: '1900-01-01' });
      expect(earliest.statusCode).toBe(201);
      expect(earliest.json().data.birthdate).toBe('1900-01-01');
    });

    it('takes a birthdate only as a calendar day between 1 January 1900 and today in Rome', async () => {
      const admin = await ctx.user({}, ['create_users']);
      const refused = async (birthdate: unknown) => {
        const res = await send('POST', '/api/users', admin.headers, { ...valid(), birthdate });
        expect(res.statusCode, String(birthdate)).toBe(422);
        expect(Object.keys(res.json().errors), String(birthdate)).toEqual(['birthdate']);
        return res.json().errors.birthdate;
      };
      // A date-time is not a birthdate: its day depends on the time zone (this one is 5 April in Rome).
      for (const value of [
        '1991-04-04T23:30:00.000Z',
        '1991-04-05T00:00:00.000Z',
        '1991-04-05T00:00:00+02:00',
        '1991-04-05 00:00',
        '1991-4-5',
        '05/04/1991',
        '1991-02-30',
        '19910405',
      ]) {
        expect(await refused(value)).toEqual(['Il campo data di nascita deve essere una data valida (AAAA-MM-GG).']);
      }
      for (const value of ['1899-12-31', '0001-01-01']) {
        expect(await refused(value)).toEqual(['La data di nascita non può essere precedente al 01/01/1900.']);
      }
      const saved = ctx.app.now;
      // 00:30 of 1 March 2026 in Rome, still 28 February in UTC.
      ctx.app.now = () => Date.parse('2026-02-28T23:30:00.000Z');
      try {
        expect(await refused('2026-03-02')).toEqual(['La data di nascita non può essere nel futuro.']);
        const today = await send('POST', '/api/users', admin.headers, { ...valid(), birthdate: '2026-03-01' });
        expect(today.statusCode).toBe(201);
        expect(today.json().data.birthdate).toBe('2026-03-01');
      } finally {
        ctx.app.now = saved;
      }
    });
  });

  describe('PUT /api/users/{id}/roles and /mooc', () => {
    it('replaces roles with update_roles, checking the ids', async () => {
      const admin = await ctx.user({}, ['update_roles', 'create_roles', 'read_teams']);
      const role = (
        await send('POST', '/api/roles', admin.headers, {
          name: `Lettori ${kind}`,
          description: 'Leggono',
          permissions: ['read_teams'],
        })
      ).json().data.id;
      const user = await ctx.user();
      expect(
        (
          await send('PUT', `/api/users/${user.id}/roles`, (await ctx.user({}, ['read_users'])).headers, {
            roles: [role],
          })
        ).statusCode,
      ).toBe(403);
      const res = await send('PUT', `/api/users/${user.id}/roles`, admin.headers, { roles: [role] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.roles).toEqual([{ id: role, name: `Lettori ${kind}` }]);
      expect((await get('/api/teams', user.headers)).statusCode).toBe(200);
      const unknown = await send('PUT', `/api/users/${user.id}/roles`, admin.headers, { roles: [999999] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.roles).toBeDefined();
      const missing = await send('PUT', `/api/users/${user.id}/roles`, admin.headers, {});
      expect(missing.json().errors.roles).toBeDefined();
      expect(
        (await send('PUT', `/api/users/${user.id}/roles`, admin.headers, { roles: [] })).json().data.roles,
      ).toEqual([]);
      expect((await send('PUT', '/api/users/999999/roles', admin.headers, { roles: [] })).statusCode).toBe(404);
    });

    it('refuses developer roles to non-developers', async () => {
      const dev = await ctx.user({}, ['developer']);
      const devRole = (
        await send('POST', '/api/roles', dev.headers, {
          name: `Dev ${kind}`,
          description: 'D',
          permissions: ['developer'],
        })
      ).json().data.id;
      const admin = await ctx.user({}, ['update_roles']);
      const user = await ctx.user();
      const refused = await send('PUT', `/api/users/${user.id}/roles`, admin.headers, { roles: [devRole] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/Solo uno sviluppatore/);
      expect((await send('PUT', `/api/users/${user.id}/roles`, dev.headers, { roles: [devRole] })).statusCode).toBe(
        200,
      );
    });

    it('never lets someone change their own roles: neither take one away nor add one', async () => {
      const admin = await ctx.user({}, ['update_roles', 'create_roles', 'read_teams']);
      const [held] = await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', admin.id).execute();
      const extra = (
        await send('POST', '/api/roles', admin.headers, {
          name: `Extra ${kind}`,
          description: 'E',
          permissions: ['read_teams'],
        })
      ).json().data.id;
      const selfRemoval = await send('PUT', `/api/users/${admin.id}/roles`, admin.headers, { roles: [] });
      expect(selfRemoval.statusCode).toBe(403);
      expect(selfRemoval.json().message).toBe('Non puoi modificare i tuoi ruoli: chiedilo a un altro amministratore.');
      expect(
        (await send('PUT', `/api/users/${admin.id}/roles`, admin.headers, { roles: [held.role_id, extra] })).statusCode,
      ).toBe(403);
      // Sending back the roles one holds changes nothing, and is no climb.
      expect(
        (await send('PUT', `/api/users/${admin.id}/roles`, admin.headers, { roles: [held.role_id] })).statusCode,
      ).toBe(200);
      expect(await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', admin.id).execute()).toEqual(
        [{ role_id: held.role_id }],
      );
      expect((await get('/api/users?per_page=1', admin.headers)).statusCode).not.toBe(401);
    });

    it('sets video course access with update_roles', async () => {
      const admin = await ctx.user({}, ['update_roles']);
      const user = await ctx.user();
      expect(
        (await send('PUT', `/api/users/${user.id}/mooc`, (await ctx.user()).headers, { mooc_access: true })).statusCode,
      ).toBe(403);
      const on = await send('PUT', `/api/users/${user.id}/mooc`, admin.headers, { mooc_access: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().data.mooc_access).toBe(true);
      expect(
        (await send('PUT', `/api/users/${user.id}/mooc`, admin.headers, { mooc_access: false })).json().data
          .mooc_access,
      ).toBe(false);
      const bad = await send('PUT', `/api/users/${user.id}/mooc`, admin.headers, { mooc_access: 'forse' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.mooc_access).toBeDefined();
      expect(
        (await send('PUT', `/api/users/${user.id}/mooc`, admin.headers, {})).json().errors.mooc_access,
      ).toBeDefined();
    });
  });

  describe('DELETE /api/users/{id}', () => {
    it('needs delete_users, cascades, and leaves coordinated teams without coordinator', async () => {
      const victim = await ctx.user({}, ['read_teams']);
      const team = await makeTeam(ctx.db, { owner_id: victim.id });
      await addMember(ctx.db, team, victim.id);
      const expert = await makeExpert(ctx, 'limited', [team]);
      const session = await makeSession(ctx.db, { experts: [expert.id] });
      await ctx.db
        .insertInto('attendances')
        .values({
          session_id: session,
          user_id: victim.id,
          name: 'V',
          email: null,
          joined_at: null,
          left_at: null,
          source: 'seed',
          external_key: `v${victim.id}`,
        })
        .execute();

      expect(
        (await send('DELETE', `/api/users/${victim.id}`, (await ctx.user({}, ['read_users'])).headers)).statusCode,
      ).toBe(403);
      const admin = await ctx.user({}, ['delete_users', 'read_teams']);
      expect((await send('DELETE', `/api/users/${admin.id}`, admin.headers)).statusCode).toBe(422);
      expect((await send('DELETE', `/api/users/${victim.id}`, admin.headers)).statusCode).toBe(200);
      expect((await send('DELETE', `/api/users/${expert.id}`, admin.headers)).statusCode).toBe(200);
      expect(await ctx.db.selectFrom('users').select('id').where('id', 'in', [victim.id, expert.id]).execute()).toEqual(
        [],
      );
      expect(await ctx.db.selectFrom('team_members').selectAll().where('user_id', '=', victim.id).execute()).toEqual(
        [],
      );
      expect(await ctx.db.selectFrom('user_roles').selectAll().where('user_id', '=', victim.id).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('access_tokens').selectAll().where('user_id', '=', victim.id).execute()).toEqual(
        [],
      );
      expect(await ctx.db.selectFrom('expert_teams').selectAll().where('user_id', '=', expert.id).execute()).toEqual(
        [],
      );
      expect(
        await ctx.db.selectFrom('session_experts').selectAll().where('session_id', '=', session).execute(),
      ).toEqual([]);
      const attendance = await ctx.db
        .selectFrom('attendances')
        .selectAll()
        .where('session_id', '=', session)
        .executeTakeFirstOrThrow();
      expect(attendance.user_id).toBeNull();
      const teamRes = await get(`/api/teams/${team}`, admin.headers);
      expect(teamRes.statusCode).toBe(200);
      expect(teamRes.json().data).toMatchObject({ owner_id: null, owner: null, members_count: 0 });
      expect((await get('/api/teams', admin.headers)).statusCode).toBe(200);
      expect((await get(`/api/teams`, victim.headers)).statusCode).toBe(401);
      expect((await send('DELETE', `/api/users/${victim.id}`, admin.headers)).statusCode).toBe(404);
    });
  });

  describe('GET /api/stats', () => {
    it('counts users, teams, sessions and experts for anyone holding a permission', async () => {
      expect((await get('/api/stats')).statusCode).toBe(401);
      expect((await get('/api/stats', (await ctx.user()).headers)).statusCode).toBe(403);
      await makeExpert(ctx, 'complete');
      const res = await get('/api/stats', (await ctx.user({}, ['read_courses'])).headers);
      expect(res.statusCode).toBe(200);
      const users = await ctx.db.selectFrom('users').select('id').execute();
      const experts = await ctx.db.selectFrom('users').select('id').where('is_expert', '=', 1).execute();
      const teams = await ctx.db.selectFrom('teams').select('id').execute();
      const sessions = await ctx.db.selectFrom('sessions').select('id').execute();
      expect(res.json().data).toEqual({
        users: users.length,
        teams: teams.length,
        sessions: sessions.length,
        experts: experts.length,
      });
    });
  });
});
