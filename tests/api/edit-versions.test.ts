import { describe, expect, it } from 'vitest';
import { databases, useTestApp, type TestContext } from './helpers.js';
import { addMember, makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';
import { COURSE_ADMIN, insertCourse, insertLesson, insertModule } from './courses-fixtures.js';
import { EDITED_MEANWHILE, editVersionTag, ifMatchAccepts } from '../../server/src/plugins/edit-versions.js';

/**
 * Two people edit one record: each form sends back the version it loaded (If-Match); the second
 * save is refused rather than putting back the values the first one replaced.
 */
interface Edited {
  url: string;
  permissions: string[];
  /** Two different, valid PUT bodies. */
  first: object;
  second: object;
}

const SESSION = {
  type: 'meet',
  description: 'Prova del pitch',
  start_time: '2026-11-21T09:30:00.000Z',
  end_time: '2026-11-21T11:00:00.000Z',
  join_instructions: 'Partecipa dal link.',
};

let roleCount = 0;
// Team names are unique: each record's saves use names of their own.
let teamCount = 0;

/** Per resource, a new record and two saves of it, each different from the record and from the other. */
const RECORDS: Record<string, (ctx: TestContext) => Promise<Edited>> = {
  teams: async (ctx) => {
    const n = ++teamCount;
    return {
      url: `/api/teams/${await makeTeam(ctx.db)}`,
      permissions: ['read_teams', 'update_teams'],
      first: { name: `Nome nuovo ${n}`, description: 'Descrizione' },
      second: { name: `Nome vecchio ${n}`, description: 'Descrizione cambiata' },
    };
  },
  sessions: async (ctx) => ({
    url: `/api/sessions/${await makeSession(ctx.db)}`,
    permissions: ['read_sessions', 'update_sessions'],
    first: { ...SESSION, name: 'Pitch day' },
    second: { ...SESSION, name: 'Demo day', description: 'Altro' },
  }),
  roles: async (ctx) => {
    // Role names are unique: each record gets its own.
    const name = `Ruolo da modificare ${++roleCount}`;
    const role = await ctx.db
      .insertInto('roles')
      .values({ name, description: 'Prima' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      url: `/api/roles/${role.id}`,
      // Editing a role's permissions needs all of them.
      permissions: ['read_roles', 'edit_roles', 'read_teams', 'read_users'],
      first: { name: `Ruolo rinominato ${roleCount}`, description: 'Dopo', permissions: ['read_teams'] },
      second: { name, description: 'Prima', permissions: ['read_users'] },
    };
  },
  experts: async (ctx) => {
    const [team, other] = [await makeTeam(ctx.db), await makeTeam(ctx.db)];
    return {
      url: `/api/experts/${(await makeExpert(ctx, 'complete')).id}`,
      permissions: ['read_experts', 'update_experts'],
      first: { access: 'limited', teams: [team] },
      second: { access: 'limited', teams: [other] },
    };
  },
  courses: async (ctx) => ({
    url: `/api/courses/${await insertCourse(ctx.db)}`,
    permissions: COURSE_ADMIN,
    first: { name: 'Corso nuovo', description: 'Descrizione', published: true },
    second: { name: 'Corso vecchio', description: 'Descrizione', published: false },
  }),
  modules: async (ctx) => {
    const course = await insertCourse(ctx.db);
    return {
      url: `/api/courses/${course}/modules/${await insertModule(ctx.db, course)}`,
      permissions: COURSE_ADMIN,
      first: { position: 1, name: 'Modulo nuovo' },
      second: { position: 2, name: 'Modulo nuovo', description: 'Ora con descrizione' },
    };
  },
  lessons: async (ctx) => {
    const course = await insertCourse(ctx.db);
    const module = await insertModule(ctx.db, course);
    return {
      url: `/api/courses/${course}/modules/${module}/lessons/${await insertLesson(ctx.db, module)}`,
      permissions: COURSE_ADMIN,
      first: {
        position: 1,
        name: 'Lezione nuova',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        video_length: 60,
      },
      second: {
        position: 1,
        name: 'Lezione nuova',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        video_length: 90,
      },
    };
  },
};

describe.each(databases)('edit versions: If-Match on PUT (%s)', (kind) => {
  const ctx = useTestApp(kind);

  describe.each(Object.keys(RECORDS))('%s', (resource) => {
    it('a save made on a version another save replaced is refused, and changes nothing', async () => {
      const record = await RECORDS[resource](ctx);
      const { headers } = await ctx.user({}, record.permissions);
      const loaded = await ctx.app.inject({ method: 'GET', url: record.url, headers });
      expect(loaded.statusCode).toBe(200);
      const version = loaded.headers.etag as string;
      expect(version).toMatch(/^"[\w-]{22}"$/);

      // One person saves on the version both loaded: accepted, with the new version.
      const first = await ctx.app.inject({
        method: 'PUT',
        url: record.url,
        headers: { ...headers, 'if-match': version },
        payload: record.first,
      });
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.headers.etag as string;
      expect(saved).toMatch(/^"[\w-]{22}"$/);
      expect(saved).not.toBe(version);
      expect((await ctx.app.inject({ method: 'GET', url: record.url, headers })).headers.etag).toBe(saved);

      // The other saves on the version it loaded before: refused, the first save stands.
      const second = await ctx.app.inject({
        method: 'PUT',
        url: record.url,
        headers: { ...headers, 'if-match': version },
        payload: record.second,
      });
      expect(second.statusCode).toBe(412);
      expect(second.json()).toEqual({ message: EDITED_MEANWHILE });
      const after = await ctx.app.inject({ method: 'GET', url: record.url, headers });
      expect(after.headers.etag).toBe(saved);
      expect(after.json().data).toMatchObject(first.json().data);

      // On the current version it goes through; without If-Match a save is applied as before.
      const again = await ctx.app.inject({
        method: 'PUT',
        url: record.url,
        headers: { ...headers, 'if-match': saved },
        payload: record.second,
      });
      expect(again.statusCode, again.body).toBe(200);
      const plain = await ctx.app.inject({ method: 'PUT', url: record.url, headers, payload: record.first });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers.etag).toBe(saved);
    });

    it('two saves sent at once on the same version: one applies, the other is refused', async () => {
      const record = await RECORDS[resource](ctx);
      const { headers } = await ctx.user({}, record.permissions);
      const version = (await ctx.app.inject({ method: 'GET', url: record.url, headers })).headers.etag as string;
      const save = (payload: object) =>
        ctx.app.inject({ method: 'PUT', url: record.url, headers: { ...headers, 'if-match': version }, payload });
      const answers = await Promise.all([save(record.first), save(record.second)]);
      expect(
        answers.map((answer) => answer.statusCode).sort(),
        answers.map((answer) => answer.body).join(' / '),
      ).toEqual([200, 412]);
      // What stands is the save that was applied, whole.
      const applied = answers.find((answer) => answer.statusCode === 200)!;
      const after = await ctx.app.inject({ method: 'GET', url: record.url, headers });
      expect(after.headers.etag).toBe(applied.headers.etag);
      expect(after.json().data).toMatchObject(applied.json().data);
    });

    it('a refusal the request would get anyway comes first: sign-in, permission, a missing record', async () => {
      const record = await RECORDS[resource](ctx);
      const stale = { 'if-match': '"not-the-current-version"' };
      expect(
        (await ctx.app.inject({ method: 'PUT', url: record.url, headers: stale, payload: record.first })).statusCode,
      ).toBe(401);
      const reader = await ctx.user(
        {},
        record.permissions.filter((name) => name.startsWith('read_')),
      );
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: record.url,
            headers: { ...reader.headers, ...stale },
            payload: record.first,
          })
        ).statusCode,
      ).toBe(403);
      const { headers } = await ctx.user({}, record.permissions);
      const missing = record.url.replace(/\d+$/, '999999');
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: missing,
            headers: { ...headers, ...stale },
            payload: record.first,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  it("a team's version does not move with what its edit form does not send (members)", async () => {
    const team = await makeTeam(ctx.db);
    const { headers } = await ctx.user({}, ['read_teams', 'update_teams']);
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}`, headers })).headers.etag;
    await addMember(ctx.db, team, (await ctx.user()).id);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}`, headers });
    expect(after.json().data.members_count).toBe(1);
    expect(after.headers.etag).toBe(before);
  });

  it("a record's save lease: one holder at a time, given back by its holder only, taken over once lapsed", async () => {
    // What lets saves in different processes wait for each other (infra/leases.ts): here, two holders.
    const leases = ctx.app.repos.editLeases;
    const key = `lease test ${kind}`;
    const realNow = ctx.app.now;
    const start = realNow();
    const at = (ms: number) => (ctx.app.now = () => start + ms);
    try {
      at(0);
      expect(await leases.take(key, 'first', 1_000)).toBe(true);
      expect(await leases.take(key, 'second', 1_000)).toBe(false);
      await leases.release(key, 'second');
      expect(await leases.take(key, 'second', 1_000)).toBe(false);
      await leases.release(key, 'first');
      expect(await leases.take(key, 'second', 1_000)).toBe(true);
      // Its holder died: nobody gives the lease back, and it lapses.
      at(999);
      expect(await leases.take(key, 'third', 1_000)).toBe(false);
      at(1_000);
      expect(await leases.take(key, 'third', 1_000)).toBe(true);
      // The lapsed holder's late release leaves the new holder's lease alone.
      await leases.release(key, 'second');
      expect(await leases.take(key, 'fourth', 1_000)).toBe(false);
      await leases.release(key, 'third');
    } finally {
      ctx.app.now = realNow;
    }
  });

  it('a save gives its lease back whatever its answer', async () => {
    const team = await makeTeam(ctx.db);
    const { headers } = await ctx.user({}, ['read_teams', 'update_teams']);
    const answers = [
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers,
        payload: { name: `Squadra in prestito ${kind}` },
      }),
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${team}`,
        headers: { ...headers, 'if-match': '"stale"' },
        payload: { name: 'Altro nome' },
      }),
      await ctx.app.inject({ method: 'PUT', url: `/api/teams/${team}`, headers, payload: { name: '  ' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 412, 422]);
    expect(await ctx.db.selectFrom('edit_leases').selectAll().execute()).toEqual([]);
  });

  it('a body the rules refuse hears why (422) rather than about its version', async () => {
    const { headers } = await ctx.user({}, ['read_teams', 'update_teams']);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${await makeTeam(ctx.db)}`,
      headers: { ...headers, 'if-match': '"stale"' },
      payload: { name: '  ' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('edit version tags', () => {
  it('name the edited fields only, in the order the body declares them', () => {
    const fields = ['name', 'description'];
    expect(editVersionTag({ name: 'A', description: null, members_count: 1 }, fields)).toBe(
      editVersionTag({ name: 'A', members_count: 7 }, fields),
    );
    expect(editVersionTag({ name: 'A', description: 'x' }, fields)).not.toBe(
      editVersionTag({ name: 'A', description: 'y' }, fields),
    );
  });

  it('If-Match accepts the tag among others, or *', () => {
    expect(ifMatchAccepts('"a", "b"', '"b"')).toBe(true);
    expect(ifMatchAccepts('*', '"b"')).toBe(true);
    expect(ifMatchAccepts('"a"', '"b"')).toBe(false);
    expect(ifMatchAccepts('W/"b"', '"b"')).toBe(false);
  });
});
