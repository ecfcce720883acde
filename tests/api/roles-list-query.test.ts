import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';

/** The roles page calls GET /api/roles with includes=permissions and filter[name]. */
describe.each(databases)('GET /api/roles?includes=permissions&filter[name] (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('filters by name and answers each role with its permissions', async () => {
    const reader = await ctx.user({}, ['read_roles']);
    const role = await ctx.db
      .insertInto('roles')
      .values({ name: 'Tutor del programma', description: 'Segue i team' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('role_permissions').values({ role_id: role.id, permission_name: 'read_roles' }).execute();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/roles?includes=permissions&page=1&per_page=1000&sort=name&filter[name]=tutor',
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: role.id,
      name: 'Tutor del programma',
      permissions: [{ name: 'read_roles' }],
    });
    expect(body.data[0].permissions[0].description).toEqual(expect.any(String));
    expect(body.meta).toMatchObject({ total: 1, from: 1, to: 1 });
  });
});
