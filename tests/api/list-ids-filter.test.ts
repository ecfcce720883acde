import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers';

/**
 * react-admin's getMany asks for several records in one request:
 * `?page=1&per_page=N&filter[id][]=…` on the list route. Every list answers exactly the records
 * asked for.
 */
describe.each(databases)('getMany through the list routes (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('answers exactly the asked ids on users, experts, teams, sessions, roles, courses and modules', async () => {
    const admin = await ctx.user({}, ['developer']);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
      return res.json().data.id as number;
    };
    const ids: Record<string, number[]> = { users: [], experts: [], teams: [], sessions: [], roles: [], courses: [] };
    const course = await post('/api/courses', { name: 'Corso', description: 'Descrizione' });
    ids[`courses/${course}/modules`] = [];
    for (let i = 0; i < 4; i++) {
      const user = await ctx.user();
      ids.users.push(user.id);
      ids.experts.push(await post('/api/experts', { user_id: user.id, expert_access: 'complete' }));
      ids.teams.push(await post('/api/teams', { name: `Team ${i}` }));
      ids.sessions.push(
        await post('/api/sessions', {
          name: `Sessione ${i}`,
          type: 'other',
          description: 'Descrizione',
          start_time: `2030-01-0${i + 1}T10:00:00.000Z`,
          join_instructions: 'In sede',
        }),
      );
      ids.roles.push(await post('/api/roles', { name: `Ruolo ${i}`, description: 'Descrizione', permissions: [] }));
      ids.courses.push(await post('/api/courses', { name: `Corso ${i}`, description: 'Descrizione' }));
      ids[`courses/${course}/modules`].push(
        await post(`/api/courses/${course}/modules`, { position: i + 1, name: `Modulo ${i}` }),
      );
    }
    for (const [resource, all] of Object.entries(ids)) {
      const asked = [all[3], all[1]];
      const query = `page=1&per_page=${asked.length}&${asked.map((id) => `filter[id][]=${id}`).join('&')}`;
      const res = await ctx.app.inject({ method: 'GET', url: `/api/${resource}?${query}`, headers: admin.headers });
      expect(res.statusCode, resource).toBe(200);
      const got = (res.json().data as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
      expect(got, resource).toEqual([...asked].sort((a, b) => a - b));
      expect(res.json().meta.total, resource).toBe(2);
    }
  });
});
