import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';

describe.each(databases)('test harness (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('migrates a fresh database and creates users with tokens', async () => {
    const user = await ctx.user({ name: 'Giulia' }, ['read_teams']);
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Giulia');
    expect(row.mooc_access).toBe(0);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/non trovato/);
  });
});
