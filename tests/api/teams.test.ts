import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { issueToken } from '../../server/src/auth/tokens.js';
import { databases, useTestApp } from './helpers.js';
import { addMember, hoursFromNow, makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';

function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = '----percorsotest';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databases)('teams API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const get = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

  describe('GET /api/teams', () => {
    it('needs a token and read_teams', async () => {
      expect((await get('/api/teams')).statusCode).toBe(401);
      const nobody = await ctx.user();
      expect((await get('/api/teams', nobody.headers)).statusCode).toBe(403);
    });

    it('lists teams newest first with owner and member count, paginated', async () => {
      const admin = await ctx.user({}, ['read_teams']);
      const owner = await ctx.user({ name: 'Carla', surname: 'Coordinatrice', mobile: '333' });
      const member = await ctx.user();
      const older = await makeTeam(ctx.db, {
        name: 'Alfa Lista',
        owner_id: owner.id,
        created_at: '2020-01-01T00:00:00.000Z',
      });
      const newer = await makeTeam(ctx.db, { name: 'Beta Lista', created_at: '2030-01-01T00:00:00.000Z' });
      await addMember(ctx.db, older, member.id);
      await addMember(ctx.db, older, owner.id);

      const res = await get('/api/teams?filter[name]=lista', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((t: { id: number }) => t.id)).toEqual([newer, older]);
      expect(body.meta).toMatchObject({ current_page: 1, last_page: 1, from: 1, to: 2, total: 2 });
      const alfa = body.data[1];
      expect(alfa).toMatchObject({
        name: 'Alfa Lista',
        members_count: 2,
        owner_id: owner.id,
        description: null,
        avatar: null,
        drive_url: null,
      });
      expect(alfa.owner).toEqual({
        id: owner.id,
        name: 'Carla',
        surname: 'Coordinatrice',
        email: expect.any(String),
        mobile: '333',
        avatar: null,
      });
      expect(body.data[0]).toMatchObject({ owner: null, members_count: 0 });

      const sorted = (await get('/api/teams?filter[search]=LISTA&sort=name&per_page=1&page=2', admin.headers)).json();
      expect(sorted.data.map((t: { name: string }) => t.name)).toEqual(['Beta Lista']);
      expect(sorted.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 1, from: 2, to: 2, total: 2 });

      const byIds = (
        await get(`/api/teams?filter[id][]=${older}&filter[id][]=${newer}&sort=name`, admin.headers)
      ).json();
      expect(byIds.data.map((t: { id: number }) => t.id)).toEqual([older, newer]);
    });

    it('answers junk paging and sorting without failing', async () => {
      const admin = await ctx.user({}, ['read_teams']);
      for (const qs of ['page=abc', 'per_page=-4', 'sort=password', 'page=99999', 'filter[id]=abc', 'per_page=100']) {
        const res = await get(`/api/teams?${qs}`, admin.headers);
        expect(res.statusCode, qs).toBe(200);
      }
      const empty = (await get('/api/teams?page=99999', admin.headers)).json();
      expect(empty.data).toEqual([]);
      expect(empty.meta.from).toBeNull();
      expect((await get('/api/teams?filter=abc', admin.headers)).statusCode).toBe(422);
      // A one-value filter given as an object is refused rather than ignored.
      expect((await get('/api/teams?filter[search][x]=1', admin.headers)).statusCode).toBe(422);
    });
  });

  describe('GET /api/teams/{id} access', () => {
    it('is readable by members, the coordinator, following experts and read_teams; not by others', async () => {
      const owner = await ctx.user();
      const team = await makeTeam(ctx.db, { name: 'Accesso', owner_id: owner.id });
      const other = await makeTeam(ctx.db);
      const member = await ctx.user({ name: 'Mario', surname: 'Membro' });
      await addMember(ctx.db, team, member.id);
      const limited = await makeExpert(ctx, 'limited', [team]);
      const limitedElsewhere = await makeExpert(ctx, 'limited', [other]);
      const complete = await makeExpert(ctx, 'complete');
      const admin = await ctx.user({}, ['read_teams']);
      const outsider = await ctx.user();
      const sessionsOnly = await ctx.user({}, ['read_sessions']);

      for (const who of [member, owner, limited, complete, admin]) {
        const res = await get(`/api/teams/${team}`, who.headers);
        expect(res.statusCode).toBe(200);
      }
      for (const who of [outsider, limitedElsewhere, sessionsOnly]) {
        expect((await get(`/api/teams/${team}`, who.headers)).statusCode).toBe(403);
      }
      const body = (await get(`/api/teams/${team}`, member.headers)).json().data;
      expect(body).toMatchObject({ id: team, name: 'Accesso', members_count: 1, owner: { id: owner.id } });
      expect(body.members).toEqual([
        {
          id: member.id,
          name: 'Mario',
          surname: 'Membro',
          email: expect.any(String),
          mobile: null,
          avatar: null,
          joined_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]);

      expect((await get(`/api/teams/${team}/users`, limited.headers)).json().data).toHaveLength(1);
      expect((await get(`/api/teams/${team}/users`, outsider.headers)).statusCode).toBe(403);
    });

    it('answers 404 for a missing team and 422 for a malformed id, never 500', async () => {
      const admin = await ctx.user({}, ['read_teams']);
      expect((await get('/api/teams/999999', admin.headers)).statusCode).toBe(404);
      expect((await get('/api/teams/abc', admin.headers)).statusCode).toBe(422);
      expect((await get('/api/teams/99999999999999', admin.headers)).statusCode).toBe(422);
      expect((await get('/api/teams/999999', (await ctx.user()).headers)).statusCode).toBe(404);
    });
  });

  describe('POST /api/teams', () => {
    it('needs create_teams', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'x' } })).statusCode).toBe(
        401,
      );
      const user = await ctx.user({}, ['update_teams']);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/teams', headers: user.headers, payload: { name: 'x' } }))
          .statusCode,
      ).toBe(403);
    });

    it('requires a name and an existing coordinator, in Italian, under the fields', async () => {
      const admin = await ctx.user({}, ['create_teams']);
      const before = await ctx.db.selectFrom('teams').select('id').execute();
      for (const payload of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/teams', headers: admin.headers, payload });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.name).toEqual(['Il campo nome è obbligatorio.']);
      }
      const badOwner = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        headers: admin.headers,
        payload: { name: 'T', owner_id: 999999 },
      });
      expect(badOwner.statusCode).toBe(422);
      expect(badOwner.json().errors.owner_id[0]).toMatch(/non esiste/);
      const badUrl = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        headers: admin.headers,
        payload: { name: 'T', drive_url: 'javascript:alert(1)' },
      });
      expect(badUrl.statusCode).toBe(422);
      expect(badUrl.json().errors.drive_url).toBeDefined();
      expect(await ctx.db.selectFrom('teams').select('id').execute()).toHaveLength(before.length);
    });

    it('creates a team', async () => {
      const admin = await ctx.user({}, ['create_teams']);
      const owner = await ctx.user();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        headers: admin.headers,
        payload: {
          name: '  Nuova Startup ',
          description: 'Fa cose',
          owner_id: owner.id,
          drive_url: 'https://drive.google.com/x',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        name: 'Nuova Startup',
        description: 'Fa cose',
        owner: { id: owner.id },
        members: [],
        members_count: 0,
        drive_url: 'https://drive.google.com/x',
      });
      const blankOptional = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        headers: admin.headers,
        payload: { name: 'Senza', description: '', owner_id: '' },
      });
      expect(blankOptional.statusCode).toBe(201);
      expect(blankOptional.json().data).toMatchObject({ description: null, owner_id: null });
    });
  });

  describe('team names are unique', () => {
    it('refuses a new team with the name of another, whatever its case or spaces, under the field', async () => {
      const admin = await ctx.user({}, ['create_teams']);
      await makeTeam(ctx.db, { name: 'Omonima' });
      const before = await ctx.db.selectFrom('teams').select('id').execute();
      for (const name of ['Omonima', '  omonima ', 'OMONIMA']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/teams',
          headers: admin.headers,
          payload: { name },
        });
        expect(res.statusCode, name).toBe(422);
        expect(res.json().errors).toEqual({ name: ['Esiste già un team con questo nome.'] });
      }
      expect(await ctx.db.selectFrom('teams').select('id').execute()).toHaveLength(before.length);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/teams',
            headers: admin.headers,
            payload: { name: 'Omonima Due' },
          })
        ).statusCode,
      ).toBe(201);
    });

    it("refuses renaming a team to another team's name, and lets a team keep or recase its own", async () => {
      const admin = await ctx.user({}, ['update_teams']);
      await makeTeam(ctx.db, { name: 'Prima Rinominata' });
      const team = await makeTeam(ctx.db, { name: 'Seconda Rinominata' });
      const taken = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: admin.headers,
        payload: { name: 'prima rinominata' },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ name: ['Esiste già un team con questo nome.'] });
      const same = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: admin.headers,
        payload: { name: 'Seconda Rinominata', description: 'D' },
      });
      expect(same.statusCode).toBe(200);
      const recased = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: admin.headers,
        payload: { name: 'SECONDA rinominata' },
      });
      expect(recased.statusCode).toBe(200);
      expect(recased.json().data.name).toBe('SECONDA rinominata');
    });

    it('teams that shared a name before the rule still save their other fields', async () => {
      const admin = await ctx.user({}, ['update_teams']);
      await makeTeam(ctx.db, { name: 'Gemella' });
      const twin = await makeTeam(ctx.db, { name: 'Gemella' });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${twin}`,
        headers: admin.headers,
        payload: { name: 'Gemella', description: 'Salvata' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.description).toBe('Salvata');
    });
  });

  describe('PUT /api/teams/{id}', () => {
    it('lets update_teams change everything and validates the name', async () => {
      const admin = await ctx.user({}, ['update_teams']);
      const owner = await ctx.user();
      const team = await makeTeam(ctx.db, { name: 'Vecchio' });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: admin.headers,
        payload: { name: 'Nuovo', description: 'D', owner_id: owner.id },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Nuovo', description: 'D', owner_id: owner.id });
      const empty = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: admin.headers,
        payload: { name: '' },
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.name).toBeDefined();
      const missing = await ctx.app.inject({
        method: 'PUT',
        url: '/api/teams/999999',
        headers: admin.headers,
        payload: { name: 'x' },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('lets a member change the description only', async () => {
      const team = await makeTeam(ctx.db, { name: 'Dei Membri' });
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const ok = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: member.headers,
        payload: { description: 'Nuova descrizione' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.description).toBe('Nuova descrizione');
      const echo = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: member.headers,
        payload: { name: 'Dei Membri', description: 'Ancora', owner_id: null },
      });
      expect(echo.statusCode).toBe(200);
      const rename = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: member.headers,
        payload: { name: 'Altro nome' },
      });
      expect(rename.statusCode).toBe(403);
      const outsider = await ctx.user();
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: outsider.headers,
        payload: { description: 'x' },
      });
      expect(refused.statusCode).toBe(403);
      const row = await ctx.db.selectFrom('teams').selectAll().where('id', '=', team).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Dei Membri', description: 'Ancora' });
    });
  });

  describe('POST /api/teams/{id}/avatar', () => {
    it('stores a square logo for members and refuses outsiders and non-images', async () => {
      const team = await makeTeam(ctx.db);
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer();
      const upload = multipart({ _method: 'PUT' }, { field: 'avatar', name: 'logo.png', type: 'image/png', data: png });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/avatar`,
        headers: { ...member.headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(200);
      const avatar = res.json().data.avatar as string;
      expect(avatar).toMatch(/^\/storage\/teams\/[a-f0-9]+\.webp$/);

      const outsider = await ctx.user();
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/avatar`,
        headers: { ...outsider.headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(refused.statusCode).toBe(403);

      const text = multipart(
        { _method: 'PUT' },
        { field: 'avatar', name: 'x.png', type: 'image/png', data: Buffer.from('not an image') },
      );
      const bad = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/avatar`,
        headers: { ...member.headers, ...text.headers },
        payload: text.payload,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.avatar[0]).toMatch(/immagine/);
    });
  });

  describe('members', () => {
    it('adds and removes members with update_teams only', async () => {
      const team = await makeTeam(ctx.db);
      const user = await ctx.user({ surname: 'Aggiunto' });
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const admin = await ctx.user({}, ['update_teams']);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/teams/${team}/users/${user.id}` })).statusCode).toBe(
        401,
      );
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/teams/${team}/users/${user.id}`, headers: member.headers }))
          .statusCode,
      ).toBe(403);
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/users/${user.id}`,
        headers: admin.headers,
      });
      expect(added.statusCode).toBe(201);
      expect(
        added
          .json()
          .data.map((m: { id: number }) => m.id)
          .sort(),
      ).toEqual([member.id, user.id].sort());
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/users/${user.id}`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(201);
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/teams/${team}/users/999999`, headers: admin.headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/teams/999999/users/${user.id}`, headers: admin.headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/teams/${team}/users/${user.id}`,
            headers: member.headers,
          })
        ).statusCode,
      ).toBe(403);
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/teams/${team}/users/${user.id}`,
        headers: admin.headers,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.map((m: { id: number }) => m.id)).toEqual([member.id]);
    });
  });

  describe('GET /api/teams/{id}/past-users', () => {
    it('lists who left, once per stay, the latest departure first, to update_teams only', async () => {
      const team = await makeTeam(ctx.db, { created_at: '2025-01-01T00:00:00.000Z' });
      const carla = await ctx.user({ name: 'Carla', surname: 'Conti' });
      const dario = await ctx.user({ name: 'Dario', surname: 'Danti' });
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const admin = await ctx.user({}, ['update_teams']);
      const url = `/api/teams/${team}/past-users`;
      const saved = ctx.app.now;
      const at = (instant: string) => {
        ctx.app.now = () => Date.parse(instant);
      };
      try {
        expect((await get(url, admin.headers)).json()).toEqual({ data: [] });
        const call = (method: 'POST' | 'DELETE', userId: number) =>
          ctx.app.inject({ method, url: `/api/teams/${team}/users/${userId}`, headers: admin.headers });
        at('2026-01-10T09:00:00.000Z');
        await call('POST', carla.id);
        await call('POST', dario.id);
        at('2026-02-20T09:00:00.000Z');
        expect((await call('DELETE', carla.id)).statusCode).toBe(200);
        at('2026-03-01T09:00:00.000Z');
        await call('POST', carla.id);
        at('2026-04-15T09:00:00.000Z');
        await call('DELETE', dario.id);
        at('2026-05-31T09:00:00.000Z');
        await call('DELETE', carla.id);
      } finally {
        ctx.app.now = saved;
      }

      const res = await get(url, admin.headers);
      expect(res.statusCode).toBe(200);
      const stays = res
        .json()
        .data.map(
          (p: { id: number; name: string; surname: string; email: string; joined_at: string; left_at: string }) => [
            p.id,
            p.joined_at,
            p.left_at,
          ],
        );
      expect(stays).toEqual([
        [carla.id, '2026-03-01T09:00:00.000Z', '2026-05-31T09:00:00.000Z'],
        [dario.id, '2026-01-10T09:00:00.000Z', '2026-04-15T09:00:00.000Z'],
        [carla.id, '2026-01-10T09:00:00.000Z', '2026-02-20T09:00:00.000Z'],
      ]);
      expect(res.json().data[0]).toMatchObject({ name: 'Carla', surname: 'Conti' });

      expect((await get(url)).statusCode).toBe(401);
      // A member reads the team's members, not who left it.
      expect((await get(`/api/teams/${team}/users`, member.headers)).statusCode).toBe(200);
      expect((await get(url, member.headers)).statusCode).toBe(403);
      expect((await get('/api/teams/999999/past-users', admin.headers)).statusCode).toBe(404);
    });
  });

  describe('team sessions', () => {
    it("lists the team's sessions and those for every team, newest first", async () => {
      const team = await makeTeam(ctx.db);
      const other = await makeTeam(ctx.db);
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const own = await makeSession(ctx.db, { start_time: '2025-03-01T09:00:00.000Z', teams: [team] });
      const shared = await makeSession(ctx.db, { start_time: '2025-04-01T09:00:00.000Z', teams: [team, other] });
      const forAll = await makeSession(ctx.db, { start_time: '2025-02-01T09:00:00.000Z' });
      const foreign = await makeSession(ctx.db, { start_time: '2025-05-01T09:00:00.000Z', teams: [other] });

      const res = await get(`/api/teams/${team}/sessions?per_page=10000`, member.headers);
      expect(res.statusCode).toBe(200);
      const ids = res.json().data.map((s: { id: number }) => s.id);
      expect(ids).toContain(forAll);
      expect(ids).not.toContain(foreign);
      const mine = ids.filter((id: number) => [own, shared, forAll].includes(id));
      expect(mine).toEqual([shared, own, forAll]);
      expect(res.json().meta.per_page).toBe(10000);

      const one = await get(`/api/teams/${team}/sessions/${own}`, member.headers);
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ id: own, teams: [{ id: team }] });
      expect(one.json().data.attendances).toBeUndefined();
      expect((await get(`/api/teams/${team}/sessions/${forAll}`, member.headers)).statusCode).toBe(200);
      expect((await get(`/api/teams/${team}/sessions/${foreign}`, member.headers)).statusCode).toBe(404);
      expect((await get(`/api/teams/${team}/sessions/999999`, member.headers)).statusCode).toBe(404);

      const outsider = await ctx.user();
      expect((await get(`/api/teams/${team}/sessions`, outsider.headers)).statusCode).toBe(403);
      expect((await get(`/api/teams/${team}/sessions/${own}`, outsider.headers)).statusCode).toBe(403);
      const reader = await ctx.user({}, ['read_sessions']);
      expect((await get(`/api/teams/${team}/sessions`, reader.headers)).statusCode).toBe(200);
      const withAttendances = await get(`/api/teams/${team}/sessions/${own}`, reader.headers);
      expect(withAttendances.json().data.attendances).toEqual([]);
      const follower = await makeExpert(ctx, 'limited', [team]);
      expect((await get(`/api/teams/${team}/sessions`, follower.headers)).statusCode).toBe(200);
      const stranger = await makeExpert(ctx, 'limited', [other]);
      expect((await get(`/api/teams/${team}/sessions/${forAll}`, stranger.headers)).statusCode).toBe(403);
    });

    it('gives the upcoming sessions in order and the next one', async () => {
      const team = await makeTeam(ctx.db);
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const none = (await get(`/api/teams/${team}/sessions/next`, member.headers)).json();
      // Sessions valid for every team created by other tests may be upcoming; only check shape here.
      expect(none).toHaveProperty('data');
      await makeSession(ctx.db, { start_time: hoursFromNow(-48), teams: [team] });
      const ongoing = await makeSession(ctx.db, {
        start_time: hoursFromNow(-1),
        end_time: hoursFromNow(1),
        teams: [team],
      });
      const later = await makeSession(ctx.db, { start_time: hoursFromNow(72), teams: [team] });
      const soon = await makeSession(ctx.db, { start_time: hoursFromNow(24), teams: [team] });
      const upcoming = (await get(`/api/teams/${team}/sessions/upcoming`, member.headers)).json();
      const ids = upcoming.data
        .map((s: { id: number }) => s.id)
        .filter((id: number) => [ongoing, soon, later].includes(id));
      expect(ids).toEqual([ongoing, soon, later]);
      expect(upcoming.meta.total).toBeGreaterThanOrEqual(3);
      const next = (await get(`/api/teams/${team}/sessions/next`, member.headers)).json();
      expect(next.data.id).toBe(ongoing);
      expect((await get(`/api/teams/${team}/sessions/next`, (await ctx.user()).headers)).statusCode).toBe(403);
    });

    it("narrows a team's session lists to the fields asked for, and refuses an unknown one", async () => {
      const team = await makeTeam(ctx.db);
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const expert = await ctx.user();
      const session = await makeSession(ctx.db, { start_time: hoursFromNow(24), teams: [team] });
      await ctx.db.insertInto('session_experts').values({ session_id: session, user_id: expert.id }).execute();

      const calendar = (
        await get(`/api/teams/${team}/sessions?page=1&per_page=10000&fields=start_time`, member.headers)
      ).json();
      expect(calendar.data.length).toBeGreaterThanOrEqual(1);
      expect(calendar.data.every((s: object) => Object.keys(s).join() === 'start_time')).toBe(true);
      expect(calendar.meta.total).toBe(calendar.data.length);

      const upcoming = (
        await get(`/api/teams/${team}/sessions/upcoming?per_page=10000&fields=id,name,start_time,type`, member.headers)
      ).json();
      const listed = upcoming.data.find((s: { id: number }) => s.id === session);
      expect(Object.keys(listed).sort()).toEqual(['id', 'name', 'start_time', 'type']);

      // A relation asked for is loaded: the same values as the whole record.
      const withTeam = (
        await get(`/api/teams/${team}/sessions/upcoming?fields=id,team_id,experts`, member.headers)
      ).json();
      const whole = (await get(`/api/teams/${team}/sessions/upcoming`, member.headers)).json();
      const pick = (s: { id: number; team_id: number | null; experts: unknown }) => ({
        id: s.id,
        team_id: s.team_id,
        experts: s.experts,
      });
      expect(withTeam.data.find((s: { id: number }) => s.id === session)).toEqual(
        pick(whole.data.find((s: { id: number }) => s.id === session)),
      );
      expect(withTeam.data.find((s: { id: number }) => s.id === session).experts).toHaveLength(1);

      const wrong = await get(`/api/teams/${team}/sessions?fields=id,password`, member.headers);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.fields[0]).toMatch(/Campi sconosciuti: password/);
    });

    it('answers next with data null when nothing is planned', async () => {
      const { db } = ctx;
      const team = await makeTeam(db);
      const member = await ctx.user();
      await addMember(db, team, member.id);
      // Sessions valid for every team may exist: move the clock past all of them. The server checks
      // tokens against that clock too, so the member signs in at that time.
      const realNow = ctx.app.now;
      ctx.app.now = () => Date.parse('2999-01-01T00:00:00Z');
      try {
        const token = await issueToken(db, member.id, 3600, new Date(ctx.app.now()));
        const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
        expect((await get(`/api/teams/${team}/sessions/next`, headers)).json()).toEqual({ data: null });
      } finally {
        ctx.app.now = realNow;
      }
    });
  });

  describe('DELETE /api/teams/{id}', () => {
    it('needs delete_teams and leaves no dangling rows', async () => {
      const team = await makeTeam(ctx.db);
      const other = await makeTeam(ctx.db);
      const member = await ctx.user();
      await addMember(ctx.db, team, member.id);
      const expert = await makeExpert(ctx, 'limited', [team, other]);
      const exclusive = await makeSession(ctx.db, { teams: [team] });
      const shared = await makeSession(ctx.db, { teams: [team, other] });
      const forAll = await makeSession(ctx.db);

      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${team}`, headers: member.headers })).statusCode,
      ).toBe(403);
      const admin = await ctx.user({}, ['delete_teams', 'read_teams']);
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${team}`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(await ctx.db.selectFrom('team_members').selectAll().where('team_id', '=', team).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('session_teams').selectAll().where('team_id', '=', team).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('expert_teams').selectAll().where('team_id', '=', team).execute()).toEqual([]);
      expect(
        await ctx.db.selectFrom('expert_teams').select('team_id').where('user_id', '=', expert.id).execute(),
      ).toEqual([{ team_id: other }]);
      const sessions = (
        await ctx.db.selectFrom('sessions').select('id').where('id', 'in', [exclusive, shared, forAll]).execute()
      ).map((s) => s.id);
      expect(sessions.sort()).toEqual([shared, forAll].sort());
      expect((await get(`/api/teams/${team}`, admin.headers)).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${team}`, headers: admin.headers })).statusCode,
      ).toBe(404);
      expect((await get('/api/teams', admin.headers)).statusCode).toBe(200);
    });
  });
});
