import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { makeSession, makeTeam } from './backoffice-fixtures.js';

/** Malformed input on every back-office write gets a 4xx with a message, never a 500. */
describe.each(databases)('back-office bad input (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('answers odd bodies, ids and queries with 4xx', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const session = await makeSession(ctx.db);
    const routes: Array<[string, string]> = [
      ['POST', '/api/teams'],
      ['PUT', `/api/teams/${team}`],
      ['POST', `/api/teams/${team}/avatar`],
      ['POST', '/api/sessions'],
      ['PUT', `/api/sessions/${session}`],
      ['POST', `/api/sessions/${session}/experts`],
      ['PUT', `/api/sessions/${session}/teams`],
      ['POST', '/api/experts'],
      ['PUT', `/api/experts/${dev.id}`],
      ['POST', '/api/roles'],
      ['PUT', '/api/roles/1'],
      ['POST', '/api/users'],
      ['PUT', `/api/users/${dev.id}/roles`],
      ['PUT', `/api/users/${dev.id}/mooc`],
    ];
    const bodies: unknown[] = [
      [],
      'testo',
      42,
      { name: { a: 1 } },
      { name: ['x'], teams: [{}], roles: ['a'], user_id: -1, owner_id: 1.5, start_time: 12, mooc_access: [] },
    ];
    for (const [method, url] of routes) {
      for (const payload of bodies) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: dev.headers,
          payload: payload as object,
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect(typeof res.json().message).toBe('string');
      }
      const broken = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { ...dev.headers, 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(broken.statusCode, `${method} ${url} broken JSON`).toBeLessThan(500);
    }
    for (const url of [
      '/api/teams/0',
      '/api/teams/-1',
      '/api/teams/1.5',
      '/api/sessions/1e3',
      `/api/teams/${team}/sessions/abc`,
      '/api/users?sort=-',
      '/api/sessions?sort=,,,',
      '/api/experts?page[]=1',
      '/api/roles?filter[name][]=x',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: dev.headers });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
