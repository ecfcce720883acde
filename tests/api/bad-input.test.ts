import { describe, expect, it } from 'vitest';
import { makeSession, makeTeam } from './backoffice-fixtures.js';
import { COURSE_ADMIN, insertCourse, insertModule } from './courses-fixtures.js';
import { databases, useTestApp } from './helpers.js';

/**
 * Input that once answered 500 or left a write half done, and the rules about the order and
 * completeness of validation: each case here failed before its fix.
 */
describe.each(databases)('bad input (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('a page number far past the end is an empty page on every list, not a 500', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const list of ['/api/teams', '/api/sessions', '/api/experts', '/api/roles', '/api/users', '/api/courses']) {
      const res = await ctx.app.inject({ method: 'GET', url: `${list}?page=1e20`, headers: dev.headers });
      expect(res.statusCode, list).toBe(200);
      expect(res.json().data, list).toEqual([]);
    }
  });

  it('a sort by a name of Object.prototype falls back to the default order', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const list of ['/api/teams', '/api/experts', '/api/users', '/api/sessions']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${list}?sort=constructor,-__proto__,toString`,
        headers: dev.headers,
      });
      expect(res.statusCode, list).toBe(200);
    }
  });

  it('an id past the database integer range is a 4xx on every route that takes one', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const url of [
      '/api/sessions/99999999999/attendances',
      '/api/sessions/99999999999',
      '/api/teams/99999999999',
      '/api/users/99999999999',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: dev.headers });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('a NUL byte in a query value or a description is never a 500', async () => {
    const dev = await ctx.user({}, ['developer']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions?filter[name]=a%00b&filter[search]=%00',
      headers: dev.headers,
    });
    expect(list.statusCode).toBe(200);
    const team = await makeTeam(ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${team}`,
      headers: dev.headers,
      payload: { name: 'Team', description: 'a\u0000b' },
    });
    // The same answer on SQLite (which would store it) and PostgreSQL (which cannot).
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.description).toEqual([
      'Il campo descrizione contiene caratteri di controllo non ammessi.',
    ]);
  });

  it('refuses control characters in every free text, keeps its lines and tabs', async () => {
    const dev = await ctx.user({}, ['developer']);
    const session = {
      name: 'Sessione',
      type: 'other',
      start_time: '2026-05-04T09:00:00Z',
      end_time: '2026-05-04T10:00:00Z',
      description: 'Riga uno\r\nRiga due\tcon tab',
      join_instructions: 'Istruzioni',
    };
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/sessions', headers: dev.headers, payload: session });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.description).toBe('Riga uno\r\nRiga due\tcon tab');
    for (const [field, value] of [
      ['description', 'campanello \u0007'],
      ['join_instructions', 'a\u0000b'],
      ['description', 'testo \u202Ecapovolto'],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: dev.headers,
        payload: { ...session, [field]: value },
      });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const course = await ctx.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: dev.headers,
      payload: { name: 'Corso', description: 'x\u0008' },
    });
    expect(course.statusCode).toBe(422);
    expect(course.json().errors.description).toEqual([
      'Il campo descrizione contiene caratteri di controllo non ammessi.',
    ]);
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/api/accessibility-reports',
      headers: dev.headers,
      payload: { description: 'a\u0000b' },
    });
    expect(report.statusCode).toBe(422);
  });

  it('a path id spelled another way (01, 1e1, 1.0, +1) names nothing: 404, after the sign-in check', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}`, headers: dev.headers })).statusCode).toBe(
      200,
    );
    for (const spelling of [`0${team}`, `${team}.0`, `+${team}`, `${team}e0`, `%20${team}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/teams/${spelling}`, headers: dev.headers });
      expect(res.statusCode, spelling).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/teams/${spelling}` })).statusCode, spelling).toBe(401);
    }
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/0${team}`,
      headers: dev.headers,
      payload: { name: 'Altro nome' },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await ctx.db.selectFrom('teams').select('name').where('id', '=', team).executeTakeFirstOrThrow()).name,
    ).not.toBe('Altro nome');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/courses/1e0/modules', headers: dev.headers })).statusCode,
    ).toBe(404);
  });

  it('a leap-second or impossible timestamp is a 422 on session create and update', async () => {
    const dev = await ctx.user({}, ['developer']);
    const session = await makeSession(ctx.db);
    for (const start_time of ['2016-12-31T23:59:60Z', '2025-02-30T10:00:00Z']) {
      const body = {
        name: 'Office hour',
        type: 'other',
        description: 'Domande',
        start_time,
        join_instructions: 'In sala riunioni',
      };
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: dev.headers,
        payload: body,
      });
      expect(created.statusCode, start_time).toBe(422);
      expect(created.json().errors.start_time).toBeDefined();
      const updated = await ctx.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session}`,
        headers: dev.headers,
        payload: body,
      });
      expect(updated.statusCode, start_time).toBe(422);
    }
  });

  it("a permission named like an object's own property is refused, and no role is written", async () => {
    const dev = await ctx.user({}, ['developer']);
    const before = await ctx.db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: dev.headers,
        payload: { name: `Ruolo ${name}`, description: 'Prova', permissions: [name] },
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.permissions, name).toBeDefined();
    }
    const after = await ctx.db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('checks the permission before the body: 403, not 422, for a caller who may not write', async () => {
    const reader = await ctx.user({}, ['read_teams', 'read_sessions', 'read_roles']);
    const team = await makeTeam(ctx.db);
    for (const [method, url] of [
      ['POST', '/api/teams'],
      ['PUT', `/api/teams/${team}`],
      ['POST', '/api/sessions'],
      ['POST', '/api/roles'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: reader.headers, payload: { name: 42 } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists every invalid field at once: a wrong position does not hide a wrong video URL', async () => {
    const admin = await ctx.user({}, COURSE_ADMIN);
    const courseId = await insertCourse(ctx.db);
    const moduleId = await insertModule(ctx.db, courseId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules/${moduleId}/lessons`,
      headers: admin.headers,
      payload: { position: 'primo', name: 'Lezione', video_url: 'ftp://example.com/a.mp4' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['position', 'video_url']);
  });

  it('lists schema and business-rule errors together, the database-dependent ones included', async () => {
    const dev = await ctx.user({ email: 'preso@example.test' }, ['developer']);
    const expectFields = async (method: 'POST' | 'PUT', url: string, payload: object, fields: string[]) => {
      const res = await ctx.app.inject({ method, url, headers: dev.headers, payload });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors).sort(), url).toEqual(fields);
      return res.json().errors as Record<string, string[]>;
    };
    // A session: a start that is no date (schema) with a team and an expert that do not exist (database).
    const session = {
      name: 'Sessione',
      type: 'meet',
      description: 'Descrizione',
      join_instructions: 'Istruzioni',
      start_time: 'domani',
      team_id: 999999,
      expert_id: 999998,
    };
    const sessionErrors = await expectFields('POST', '/api/sessions', session, ['expert_id', 'start_time', 'team_id']);
    expect(sessionErrors.team_id).toEqual(['Il team selezionato non esiste.']);
    // An end before the start is seen beside a wrong type.
    await expectFields(
      'POST',
      '/api/sessions',
      {
        ...session,
        type: 'riunione',
        start_time: '2030-01-02T10:00:00Z',
        end_time: '2030-01-02T09:00:00Z',
        team_id: null,
        expert_id: null,
      },
      ['end_time', 'type'],
    );
    // A team: a name too long (schema) with a coordinator that does not exist and a link that is no web address.
    await expectFields('POST', '/api/teams', { name: 'x'.repeat(300), owner_id: 999999, drive_url: 'ftp://drive' }, [
      'drive_url',
      'name',
      'owner_id',
    ]);
    // A user: a malformed birthdate (schema) with an email already taken (database).
    await expectFields(
      'POST',
      '/api/users',
      { name: 'Ada', surname: 'Lovelace', email: 'PRESO@example.test', birthdate: 'ieri' },
      ['birthdate', 'email'],
    );
    // A role: a description of the wrong type (schema) with a name already taken and an unknown permission.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: dev.headers,
      payload: { name: 'Doppione', description: 'Primo', permissions: [] },
    });
    await expectFields(
      'POST',
      '/api/roles',
      { name: 'Doppione', description: { testo: 'Secondo' }, permissions: ['fly'] },
      ['description', 'name', 'permissions'],
    );
    // An expert: a user that does not exist with limited access and no team.
    await expectFields('POST', '/api/experts', { user_id: 999999, expert_access: 'limited', teams: [] }, [
      'teams',
      'user_id',
    ]);
    // A lesson: a wrong position (schema) with an external video that has no length (a rule).
    const courseId = await insertCourse(ctx.db);
    const moduleId = await insertModule(ctx.db, courseId);
    await expectFields(
      'POST',
      `/api/courses/${courseId}/modules/${moduleId}/lessons`,
      { position: 0, name: 'Lezione', video_url: 'https://cdn.example.com/a.mp4' },
      ['position', 'video_length'],
    );
  });

  it('checks who may edit a team before its rules, and nothing is written when a rule fails', async () => {
    const dev = await ctx.user({}, ['developer']);
    const outsider = await ctx.user({}, []);
    const teamId = await makeTeam(ctx.db, { name: 'Squadra' });
    const denied = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      headers: outsider.headers,
      payload: { owner_id: 999999 },
    });
    expect(denied.statusCode).toBe(403);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      headers: dev.headers,
      payload: { name: 'Nuovo nome', owner_id: 999999 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ owner_id: ['Il coordinatore selezionato non esiste.'] });
    const team = await ctx.app.inject({ method: 'GET', url: `/api/teams/${teamId}`, headers: dev.headers });
    expect(team.json().data.name).toBe('Squadra');
  });

  it('refuses NUL and bidirectional-override characters in names', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const name of [
      'Team\u0000Zero',
      'Team \u202Eorcim',
      'Team \u2066isolato\u2069',
      'Team\tTab',
      'Team\r\nA capo',
      'Team\u2028riga',
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/teams', headers: dev.headers, payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().errors.name).toEqual([
        'Il campo nome contiene caratteri non ammessi (a capo, tabulazioni o caratteri di controllo).',
      ]);
    }
  });

  it('a name of invisible characters only is missing, not a name', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const name of ['\u200b\u200b', ' \u2060\u200d ']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/teams', headers: dev.headers, payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().errors.name).toEqual(['Il campo nome è obbligatorio.']);
    }
    const padded = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: dev.headers,
      payload: { name: '\u200bTeam Visibile\u200b' },
    });
    expect(padded.statusCode).toBe(201);
    expect(padded.json().data.name).toBe('Team Visibile');
  });

  it('accepts lesson videos over https only, without credentials in the address', async () => {
    const admin = await ctx.user({}, COURSE_ADMIN);
    const courseId = await insertCourse(ctx.db);
    const moduleId = await insertModule(ctx.db, courseId);
    for (const video_url of ['http://cdn.example.com/a.mp4', 'https://user:secret@cdn.example.com/a.mp4']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${courseId}/modules/${moduleId}/lessons`,
        headers: admin.headers,
        payload: { position: 1, name: 'Lezione', video_url },
      });
      expect(res.statusCode, video_url).toBe(422);
      expect(res.json().errors.video_url, video_url).toBeDefined();
    }
  });

  it('answers a JSON body over the limit with its own message', async () => {
    const dev = await ctx.user({}, ['developer']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { ...dev.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Grande', description: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La richiesta è troppo grande: il contenuto inviato supera 1 MB.');
  });

  it('answers a body that does not parse, or comes in another format, in Italian', async () => {
    const dev = await ctx.user({}, ['developer']);
    const send = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${dev.id}/mooc`,
        headers: { ...dev.headers, 'content-type': contentType },
        payload,
      });
    const cases: Array<[string, string, number, string]> = [
      ['application/json', '{bad json', 400, 'Il contenuto inviato non è un JSON valido.'],
      ['application/json', '{"__proto__":{"x":1}}', 400, 'Il contenuto inviato non è un JSON valido.'],
      ['application/json', '', 400, 'Il contenuto inviato è vuoto: serve un oggetto JSON.'],
      ['application/xml', '<mooc/>', 415, 'Formato della richiesta non supportato: invia i dati come JSON.'],
      [
        'application/x-www-form-urlencoded',
        'mooc_access=1',
        415,
        'Formato della richiesta non supportato: invia i dati come JSON.',
      ],
    ];
    for (const [contentType, payload, status, message] of cases) {
      const res = await send(contentType, payload);
      expect(res.statusCode, `${contentType} ${payload}`).toBe(status);
      expect(res.json().message, `${contentType} ${payload}`).toBe(message);
    }
  });

  it('answers a cut-off or malformed image upload with a 422 under the file field, never a 500', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const bodies: Array<[string, string]> = [
      ['multipart/form-data; boundary=xx', 'garbage'],
      [
        'multipart/form-data; boundary=xx',
        '--xx\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      ],
      ['multipart/form-data; boundary=xx', '--xx\r\nbroken header\r\n\r\nabc\r\n--xx--\r\n'],
      ['multipart/form-data', '--xx\r\n\r\n'],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/avatar`,
        headers: { ...dev.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, `${payload} → ${res.body}`).toBe(422);
      expect(res.json().errors.avatar?.[0], `${payload} → ${res.body}`).toMatch(
        /^(Il file non è arrivato per intero|Seleziona un'immagine)/,
      );
    }
  });

  it('a one-value filter given as a list or an object is a 422, never ignored (which answered the whole list)', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const url of [
      '/api/audit-log?filter[actor_id][]=99999',
      '/api/accessibility-reports?filter[state][]=bogus',
      '/api/users?filter[developer][]=maybe',
      '/api/users?filter[search][]=rossi',
      '/api/teams?filter[name][a]=x',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: dev.headers });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.filter[0], url).toMatch(/^Il filtro \w+ accetta un solo valore\.$/);
    }
    // Lists of ids stay lists (react-admin's getMany).
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users?filter[id][]=1&filter[id][]=2', headers: dev.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('a change to a record that does not exist is a 404, before any rule about its body', async () => {
    const dev = await ctx.user({}, ['developer']);
    const taken = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: dev.headers,
        payload: { name: 'Nome preso', description: 'D' },
      })
    ).statusCode;
    expect(taken).toBe(201);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/roles/999999', { name: 'Nome preso', description: 'D' }, 'Ruolo non trovato.'],
      ['/api/experts/999999', { access: 'limited', teams: [999999] }, 'Esperto non trovato.'],
      [
        '/api/sessions/999999',
        { name: '', type: 'other', description: 'D', start_time: 'ieri', join_instructions: 'J' },
        'Sessione non trovata.',
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'PUT', url, headers: dev.headers, payload });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(message);
    }
    // A malformed id is still the schema's 422.
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/roles/abc',
          headers: dev.headers,
          payload: { name: 'X', description: 'D' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('marks API answers as not to be stored by browsers or proxies', async () => {
    const dev = await ctx.user({}, ['developer']);
    for (const url of ['/api/user', '/api/teams', '/api/config', '/api/teams/999999']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: dev.headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
