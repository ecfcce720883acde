import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { addMember, makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';

/** The Italian names validation messages give the required session fields. */
const REQUIRED_LABELS = {
  name: 'nome',
  type: 'tipo',
  description: 'descrizione',
  start_time: 'data di inizio',
  join_instructions: 'istruzioni per partecipare',
};

const valid = {
  name: 'Pitch day',
  type: 'meet',
  description: 'Prova del pitch',
  start_time: '2026-11-21T09:30:00.000Z',
  end_time: '2026-11-21T11:00:00.000Z',
  join_instructions: 'Partecipa con Google Meet: https://meet.google.com/abc-defg-hij oppure chiama.',
};

describe.each(databases)('sessions API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const get = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, payload });

  describe('GET /api/sessions', () => {
    it('needs a token and read_sessions', async () => {
      expect((await get('/api/sessions')).statusCode).toBe(401);
      expect((await get('/api/sessions', (await ctx.user({}, ['read_teams'])).headers)).statusCode).toBe(403);
    });

    it('lists by start time descending, searches name and description, includes relations', async () => {
      const admin = await ctx.user({}, ['read_sessions']);
      const team = await makeTeam(ctx.db, { name: 'Zeta' });
      const expert = await makeExpert(ctx, 'complete');
      const first = await makeSession(ctx.db, {
        name: 'Ricerca uno',
        start_time: '2024-01-01T10:00:00.000Z',
        teams: [team],
        experts: [expert.id],
      });
      const second = await makeSession(ctx.db, {
        name: 'Altro',
        description: 'parla di RICERCA di mercato',
        start_time: '2024-02-01T10:00:00.000Z',
      });
      await makeSession(ctx.db, { name: 'Niente', start_time: '2024-03-01T10:00:00.000Z' });

      const res = await get('/api/sessions?filter[search]=ricerca', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((s: { id: number }) => s.id)).toEqual([second, first]);
      expect(body.meta).toMatchObject({ total: 2, from: 1, to: 2, current_page: 1, last_page: 1 });
      expect(body.data[1]).toMatchObject({
        teams: [{ id: team, name: 'Zeta' }],
        team_id: team,
        experts: [
          {
            id: expert.id,
            name: expect.any(String),
            surname: expect.any(String),
            email: expect.any(String),
            mobile: null,
            avatar: null,
          },
        ],
      });
      expect(body.data[0]).toMatchObject({ teams: [], team_id: null, experts: [] });
      expect(body.data[0].attendances).toBeUndefined();

      const asc = (await get('/api/sessions?filter[search]=ricerca&sort=start_time&per_page=1', admin.headers)).json();
      expect(asc.data.map((s: { id: number }) => s.id)).toEqual([first]);
      expect(asc.meta).toMatchObject({ total: 2, last_page: 2, to: 1 });
    });

    it('includes attendances when asked, with user data and UTC SQL times', async () => {
      const admin = await ctx.user({}, ['read_sessions']);
      const attendee = await ctx.user({ name: 'Anna', surname: 'Presente', email: 'anna.presente@example.test' });
      const session = await makeSession(ctx.db, { name: 'Con presenze' });
      await ctx.db
        .insertInto('attendances')
        .values([
          {
            session_id: session,
            user_id: attendee.id,
            name: 'ignored',
            email: 'x@y.z',
            joined_at: '2025-06-01T09:01:02.000Z',
            left_at: '2025-06-01T10:00:00.000Z',
            source: 'seed',
            external_key: 'a',
          },
          {
            session_id: session,
            user_id: null,
            name: 'Ospite',
            email: null,
            joined_at: '2025-06-01T09:05:00.000Z',
            left_at: null,
            source: 'seed',
            external_key: 'b',
          },
        ])
        .execute();
      const body = (await get('/api/sessions?attendances=true&filter[search]=Con presenze', admin.headers)).json();
      expect(body.data[0].attendances).toEqual([
        {
          id: expect.any(Number),
          user_id: attendee.id,
          name: 'Anna Presente',
          email: 'anna.presente@example.test',
          joined_at: '2025-06-01 09:01:02',
          left_at: '2025-06-01 10:00:00',
        },
        {
          id: expect.any(Number),
          user_id: null,
          name: 'Ospite',
          email: null,
          joined_at: '2025-06-01 09:05:00',
          left_at: null,
        },
      ]);
      const detail = (await get(`/api/sessions/${session}`, admin.headers)).json().data;
      expect(detail.attendances).toHaveLength(2);
    });
  });

  describe('GET /api/sessions/{id} access', () => {
    it('follows the team, expert and permission rules', async () => {
      const team = await makeTeam(ctx.db);
      const other = await makeTeam(ctx.db);
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const otherMember = await ctx.user();
      await addMember(ctx.db, other, otherMember.id);
      const coordinator = await ctx.user();
      await ctx.db.updateTable('teams').set({ owner_id: coordinator.id }).where('id', '=', team).execute();
      const limited = await makeExpert(ctx, 'limited', [team]);
      const limitedOther = await makeExpert(ctx, 'limited', [other]);
      const complete = await makeExpert(ctx, 'complete');
      const sessionExpert = await makeExpert(ctx, 'limited', []);
      const admin = await ctx.user({}, ['read_sessions']);
      const outsider = await ctx.user();

      const teamSession = await makeSession(ctx.db, { teams: [team], experts: [sessionExpert.id] });
      const forAll = await makeSession(ctx.db);

      for (const who of [member, coordinator, limited, complete, sessionExpert, admin]) {
        expect((await get(`/api/sessions/${teamSession}`, who.headers)).statusCode).toBe(200);
      }
      for (const who of [otherMember, limitedOther, outsider]) {
        expect((await get(`/api/sessions/${teamSession}`, who.headers)).statusCode).toBe(403);
      }
      for (const who of [member, otherMember, limited, limitedOther, complete, admin]) {
        expect((await get(`/api/sessions/${forAll}`, who.headers)).statusCode).toBe(200);
      }
      expect((await get(`/api/sessions/${forAll}`, outsider.headers)).statusCode).toBe(403);

      const seen = (await get(`/api/sessions/${teamSession}`, member.headers)).json().data;
      expect(seen).toMatchObject({ id: teamSession, teams: [{ id: team }], experts: [{ id: sessionExpert.id }] });
      expect(seen.attendances).toBeUndefined();
      expect((await get(`/api/sessions/${teamSession}`, admin.headers)).json().data.attendances).toEqual([]);
      expect((await get('/api/sessions/999999', admin.headers)).statusCode).toBe(404);
      expect((await get('/api/sessions/999999', outsider.headers)).statusCode).toBe(404);
      expect((await get('/api/sessions/nope', admin.headers)).statusCode).toBe(422);
      expect((await get(`/api/sessions/${forAll}`)).statusCode).toBe(401);
    });
  });

  describe('POST /api/sessions', () => {
    it('needs create_sessions', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/sessions', payload: valid })).statusCode).toBe(401);
      expect(
        (await send('POST', '/api/sessions', (await ctx.user({}, ['update_sessions'])).headers, valid)).statusCode,
      ).toBe(403);
    });

    it('reports every missing required field in Italian and saves nothing', async () => {
      const admin = await ctx.user({}, ['create_sessions']);
      const before = (await ctx.db.selectFrom('sessions').select('id').execute()).length;
      for (const field of ['name', 'type', 'description', 'start_time', 'join_instructions'] as const) {
        for (const blank of [undefined, '', null]) {
          const payload: Record<string, unknown> = { ...valid };
          if (blank === undefined) delete payload[field];
          else payload[field] = blank;
          const res = await send('POST', '/api/sessions', admin.headers, payload);
          expect(res.statusCode, `${field}=${String(blank)}`).toBe(422);
          expect(res.json().errors[field]).toEqual([`Il campo ${REQUIRED_LABELS[field]} è obbligatorio.`]);
        }
      }
      const all = await send('POST', '/api/sessions', admin.headers, {});
      expect(Object.keys(all.json().errors).sort()).toEqual([
        'description',
        'join_instructions',
        'name',
        'start_time',
        'type',
      ]);
      expect((await ctx.db.selectFrom('sessions').select('id').execute()).length).toBe(before);
    });

    it('checks type, dates, team and expert', async () => {
      const admin = await ctx.user({}, ['create_sessions']);
      const plain = await ctx.user();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ type: 'zoom' }, 'type'],
        [{ start_time: 'domani' }, 'start_time'],
        [{ start_time: '2026-13-45T10:00:00Z' }, 'start_time'],
        [{ end_time: 'dopo' }, 'end_time'],
        [{ end_time: '2026-11-21T09:00:00.000Z' }, 'end_time'],
        [{ team_id: 999999 }, 'team_id'],
        [{ team_id: 'abc' }, 'team_id'],
        [{ expert_id: plain.id }, 'expert_id'],
        [{ expert_id: 999999 }, 'expert_id'],
        [{ expert_id: 99999999999 }, 'expert_id'],
      ];
      for (const [patch, field] of cases) {
        const res = await send('POST', '/api/sessions', admin.headers, { ...valid, ...patch });
        expect(res.statusCode, JSON.stringify(patch)).toBe(422);
        expect(res.json().errors[field], JSON.stringify(patch)).toBeDefined();
      }
    });

    it('creates a session with its team, expert and meet link', async () => {
      const admin = await ctx.user({}, ['create_sessions']);
      const team = await makeTeam(ctx.db);
      const expert = await makeExpert(ctx, 'limited', [team]);
      const res = await send('POST', '/api/sessions', admin.headers, {
        ...valid,
        start_time: '2026-11-21T10:30:00+01:00',
        team_id: team,
        expert_id: expert.id,
      });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({
        name: 'Pitch day',
        type: 'meet',
        start_time: '2026-11-21T09:30:00.000Z',
        end_time: '2026-11-21T11:00:00.000Z',
        join_url: 'https://meet.google.com/abc-defg-hij',
        teams: [{ id: team }],
        experts: [{ id: expert.id }],
      });
      const minimal = await send('POST', '/api/sessions', admin.headers, {
        ...valid,
        type: 'other',
        join_instructions: 'In sede',
        end_time: '',
        team_id: '',
        expert_id: null,
      });
      expect(minimal.statusCode).toBe(201);
      expect(minimal.json().data).toMatchObject({ end_time: null, join_url: null, teams: [], experts: [] });
    });
  });

  describe('PUT /api/sessions/{id}', () => {
    it('updates fields and the single team field', async () => {
      const admin = await ctx.user({}, ['update_sessions']);
      const a = await makeTeam(ctx.db);
      const b = await makeTeam(ctx.db);
      const c = await makeTeam(ctx.db);
      const session = await makeSession(ctx.db, { teams: [a, b] });
      expect(
        (await send('PUT', `/api/sessions/${session}`, (await ctx.user({}, ['create_sessions'])).headers, valid))
          .statusCode,
      ).toBe(403);
      const same = await send('PUT', `/api/sessions/${session}`, admin.headers, {
        ...valid,
        name: 'Rinominata',
        team_id: b,
        expert_id: 5,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data.name).toBe('Rinominata');
      expect(
        same
          .json()
          .data.teams.map((t: { id: number }) => t.id)
          .sort(),
      ).toEqual([a, b].sort());
      const replaced = await send('PUT', `/api/sessions/${session}`, admin.headers, { ...valid, team_id: c });
      expect(replaced.json().data.teams.map((t: { id: number }) => t.id)).toEqual([c]);
      const kept = await send('PUT', `/api/sessions/${session}`, admin.headers, valid);
      expect(kept.json().data.teams.map((t: { id: number }) => t.id)).toEqual([c]);
      const cleared = await send('PUT', `/api/sessions/${session}`, admin.headers, { ...valid, team_id: null });
      expect(cleared.json().data.teams).toEqual([]);
      const invalid = await send('PUT', `/api/sessions/${session}`, admin.headers, { ...valid, name: '' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors.name).toBeDefined();
      expect((await send('PUT', '/api/sessions/999999', admin.headers, valid)).statusCode).toBe(404);
    });
  });

  describe('session experts and teams', () => {
    it('adds and removes experts (experts only) with update_sessions', async () => {
      const admin = await ctx.user({}, ['update_sessions']);
      const session = await makeSession(ctx.db);
      const expert = await makeExpert(ctx, 'complete');
      const plain = await ctx.user();
      expect(
        (await send('POST', `/api/sessions/${session}/experts`, (await ctx.user()).headers, { user_id: expert.id }))
          .statusCode,
      ).toBe(403);
      const notExpert = await send('POST', `/api/sessions/${session}/experts`, admin.headers, { user_id: plain.id });
      expect(notExpert.statusCode).toBe(422);
      expect(notExpert.json().errors.user_id).toBeDefined();
      const missing = await send('POST', `/api/sessions/${session}/experts`, admin.headers, {});
      expect(missing.json().errors.user_id).toEqual(['Il campo utente è obbligatorio.']);
      const added = await send('POST', `/api/sessions/${session}/experts`, admin.headers, { user_id: expert.id });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.experts.map((e: { id: number }) => e.id)).toEqual([expert.id]);
      expect(
        (await send('POST', `/api/sessions/${session}/experts`, admin.headers, { user_id: expert.id })).statusCode,
      ).toBe(201);
      const removed = await send('DELETE', `/api/sessions/${session}/experts/${expert.id}`, admin.headers);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.experts).toEqual([]);
      expect((await send('DELETE', `/api/sessions/999999/experts/${expert.id}`, admin.headers)).statusCode).toBe(404);
    });

    it('replaces the teams of a session', async () => {
      const admin = await ctx.user({}, ['update_sessions']);
      const session = await makeSession(ctx.db);
      const a = await makeTeam(ctx.db);
      const b = await makeTeam(ctx.db);
      expect(
        (await send('PUT', `/api/sessions/${session}/teams`, (await ctx.user()).headers, { teams: [a] })).statusCode,
      ).toBe(403);
      const set = await send('PUT', `/api/sessions/${session}/teams`, admin.headers, { teams: [a, b, a] });
      expect(set.statusCode).toBe(200);
      expect(
        set
          .json()
          .data.teams.map((t: { id: number }) => t.id)
          .sort(),
      ).toEqual([a, b].sort());
      const unknown = await send('PUT', `/api/sessions/${session}/teams`, admin.headers, { teams: [a, 999999] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.teams).toBeDefined();
      expect((await send('PUT', `/api/sessions/${session}/teams`, admin.headers, { teams: 'a' })).statusCode).toBe(422);
      const none = await send('PUT', `/api/sessions/${session}/teams`, admin.headers, { teams: [] });
      expect(none.json().data.teams).toEqual([]);
    });
  });

  describe('DELETE /api/sessions/{id}', () => {
    it('needs delete_sessions and removes every related row', async () => {
      const team = await makeTeam(ctx.db);
      const expert = await makeExpert(ctx, 'complete');
      const session = await makeSession(ctx.db, { teams: [team], experts: [expert.id] });
      await ctx.db
        .insertInto('attendances')
        .values({
          session_id: session,
          user_id: null,
          name: 'x',
          email: null,
          joined_at: null,
          left_at: null,
          source: 'seed',
          external_key: 'k',
        })
        .execute();
      expect(
        (await send('DELETE', `/api/sessions/${session}`, (await ctx.user({}, ['update_sessions'])).headers))
          .statusCode,
      ).toBe(403);
      const admin = await ctx.user({}, ['delete_sessions']);
      expect((await send('DELETE', `/api/sessions/${session}`, admin.headers)).statusCode).toBe(200);
      for (const table of ['session_teams', 'session_experts', 'attendances'] as const) {
        expect(await ctx.db.selectFrom(table).select('session_id').where('session_id', '=', session).execute()).toEqual(
          [],
        );
      }
      expect((await send('DELETE', `/api/sessions/${session}`, admin.headers)).statusCode).toBe(404);
    });
  });
});
