import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { addMember, makeTeam } from './backoffice-fixtures.js';

const TOO_MANY = (max: number) => `Il campo elementi per pagina non può superare ${max}.`;

/**
 * `per_page` is capped at 100 on every list; the lists the product's own pages read whole (a team's
 * sessions, the courses, a course's modules, a module's lessons, the roles) allow 10000. Over the
 * cap the answer is a 422 that names the limit, never a page cut short without a word.
 */
describe.each(databases)('per_page limits (%s)', (kind) => {
  const ctx = useTestApp(kind);

  async function lists() {
    const admin = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    await addMember(ctx.db, team, admin.id);
    const post = async (url: string, payload: object) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const course = await post('/api/courses', { name: 'Corso', description: 'Descrizione' });
    const module = await post(`/api/courses/${course}/modules`, { position: 1, name: 'Modulo' });
    return {
      admin,
      capped: [
        '/api/teams',
        '/api/users',
        '/api/sessions',
        '/api/experts',
        '/api/audit-log',
        '/api/accessibility-reports',
      ],
      whole: [
        `/api/teams/${team}/sessions`,
        `/api/teams/${team}/sessions/upcoming`,
        '/api/courses',
        `/api/courses/${course}/modules`,
        `/api/courses/${course}/modules/${module}/lessons`,
        '/api/roles',
      ],
    };
  }

  it('refuses more than 100 rows a page on every list, with the limit in Italian', async () => {
    const { admin, capped } = await lists();
    for (const url of capped) {
      const ok = await ctx.app.inject({ method: 'GET', url: `${url}?per_page=100`, headers: admin.headers });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.json().meta.per_page, url).toBe(100);
      for (const perPage of ['101', '10000']) {
        const res = await ctx.app.inject({ method: 'GET', url: `${url}?per_page=${perPage}`, headers: admin.headers });
        expect(res.statusCode, `${url} ${perPage}`).toBe(422);
        expect(res.json(), url).toEqual({ message: TOO_MANY(100), errors: { per_page: [TOO_MANY(100)] } });
      }
    }
  });

  it('lets the lists the portal and the back-office read whole give up to 10000 rows a page', async () => {
    const { admin, whole } = await lists();
    for (const url of whole) {
      const ok = await ctx.app.inject({ method: 'GET', url: `${url}?page=1&per_page=10000`, headers: admin.headers });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.json().meta.per_page, url).toBe(10000);
      const res = await ctx.app.inject({ method: 'GET', url: `${url}?per_page=10001`, headers: admin.headers });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.per_page, url).toEqual([TOO_MANY(10000)]);
    }
  });
});
