import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';

/** Coordinator candidates are the incubator staff, `filter[developer]=true` (users holding a role). */
describe.each(databases)('GET /api/users?filter[developer] (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const ids = async (url: string, headers: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res
      .json()
      .data.map((u: { id: number }) => u.id)
      .sort((a: number, b: number) => a - b);
  };

  it('keeps users holding at least one role, combined with filter[search]', async () => {
    const admin = await ctx.user({ name: 'Amministra', surname: 'Tore' }, ['read_users']);
    const coordinator = await ctx.user({ name: 'Bruna', surname: 'Staffetta' }, ['read_teams']);
    const otherStaff = await ctx.user({ name: 'Carlo', surname: 'Neri' }, ['update_teams']);
    const member = await ctx.user({ name: 'Dario', surname: 'Staffetta' });

    expect(await ids('/api/users?filter[developer]=true&per_page=100', admin.headers)).toEqual([
      admin.id,
      coordinator.id,
      otherStaff.id,
    ]);
    expect(await ids('/api/users?filter[developer]=true&filter[search]=staffetta', admin.headers)).toEqual([
      coordinator.id,
    ]);
    expect(await ids('/api/users?filter[search]=staffetta', admin.headers)).toEqual([coordinator.id, member.id]);
    expect(await ids('/api/users?filter[developer]=false&filter[search]=staffetta', admin.headers)).toEqual([
      member.id,
    ]);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?filter[developer]=true&filter[search]=staffetta',
      headers: admin.headers,
    });
    expect(res.json().meta).toMatchObject({ total: 1, from: 1, to: 1, current_page: 1, last_page: 1 });
  });

  it('answers 422 in Italian for a value other than true or false', async () => {
    const admin = await ctx.user({}, ['read_users']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?filter[developer]=forse',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ filter: ['Il filtro developer deve valere true o false.'] });
  });
});
