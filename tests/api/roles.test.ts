import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { PERMISSIONS } from '../../server/src/access/permissions.js';

describe.each(databases)('roles and permissions API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const get = (url: string, headers?: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, payload });

  it('GET /api/permissions gives the catalogue to read_roles holders', async () => {
    expect((await get('/api/permissions')).statusCode).toBe(401);
    expect((await get('/api/permissions', (await ctx.user({}, ['read_users'])).headers)).statusCode).toBe(403);
    const res = await get('/api/permissions', (await ctx.user({}, ['read_roles'])).headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(Object.keys(PERMISSIONS).length);
    expect(res.json().data).toContainEqual({ name: 'update_lesosns', description: PERMISSIONS.update_lesosns });
  });

  it('GET /api/roles lists roles with permissions, filtered by name', async () => {
    expect((await get('/api/roles')).statusCode).toBe(401);
    expect((await get('/api/roles', (await ctx.user({}, ['read_users'])).headers)).statusCode).toBe(403);
    const admin = await ctx.user({}, ['read_roles', 'create_roles', 'read_teams', 'update_teams']);
    await send('POST', '/api/roles', admin.headers, {
      name: 'Coordinatore lista',
      description: 'Coordina',
      permissions: ['read_teams', 'update_teams'],
    });
    const res = await get('/api/roles?includes=permissions&filter[name]=coordinatore lista', admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      name: 'Coordinatore lista',
      description: 'Coordina',
      permissions: [
        { name: 'read_teams', description: expect.any(String) },
        { name: 'update_teams', description: expect.any(String) },
      ],
    });
    expect(body.meta).toMatchObject({ total: 1, from: 1, to: 1 });
    const all = (await get('/api/roles', admin.headers)).json();
    expect(all.data.length).toBe(all.meta.total);
    const paged = (await get('/api/roles?per_page=1&page=1', admin.headers)).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.last_page).toBe(paged.meta.total);
  });

  it('POST /api/roles needs create_roles and validates name, description and permission names', async () => {
    const payload = { name: 'R', description: 'D', permissions: ['read_roles'] };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/roles', payload })).statusCode).toBe(401);
    expect((await send('POST', '/api/roles', (await ctx.user({}, ['edit_roles'])).headers, payload)).statusCode).toBe(
      403,
    );
    const admin = await ctx.user({}, ['create_roles', 'read_roles']);
    for (const field of ['name', 'description'] as const) {
      for (const blank of [undefined, '', '  ']) {
        const body: Record<string, unknown> = { ...payload };
        if (blank === undefined) delete body[field];
        else body[field] = blank;
        const res = await send('POST', '/api/roles', admin.headers, body);
        expect(res.statusCode, `${field}=${String(blank)}`).toBe(422);
        expect(res.json().errors[field]).toEqual([
          `Il campo ${{ name: 'nome', description: 'descrizione' }[field]} è obbligatorio.`,
        ]);
      }
    }
    const unknown = await send('POST', '/api/roles', admin.headers, { ...payload, permissions: ['read_roles', 'fly'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.permissions[0]).toMatch(/fly/);
    const developer = await send('POST', '/api/roles', admin.headers, { ...payload, permissions: ['developer'] });
    expect(developer.statusCode).toBe(403);
    expect(developer.json().message).toMatch(/Solo uno sviluppatore/);
    const created = await send('POST', '/api/roles', admin.headers, {
      name: 'Unico',
      description: 'D',
      permissions: ['read_roles', 'read_roles'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.permissions).toEqual([{ name: 'read_roles', description: PERMISSIONS.read_roles }]);
    const duplicate = await send('POST', '/api/roles', admin.headers, { name: 'unico', description: 'D' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name[0]).toMatch(/Esiste già/);
  });

  it('PUT /api/roles/{id} needs edit_roles and replaces the permissions', async () => {
    const creator = await ctx.user({}, ['create_roles', 'read_teams']);
    const id = (
      await send('POST', '/api/roles', creator.headers, {
        name: 'Da modificare',
        description: 'D',
        permissions: ['read_teams'],
      })
    ).json().data.id;
    expect((await send('PUT', `/api/roles/${id}`, creator.headers, { name: 'X', description: 'D' })).statusCode).toBe(
      403,
    );
    const editor = await ctx.user({}, ['edit_roles', 'read_roles', 'read_teams', 'read_users', 'create_users']);
    const res = await send('PUT', `/api/roles/${id}`, editor.headers, {
      name: 'Modificato',
      description: 'Nuova',
      permissions: ['read_users', 'create_users'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: 'Modificato', description: 'Nuova' });
    expect(res.json().data.permissions.map((p: { name: string }) => p.name)).toEqual(['create_users', 'read_users']);
    expect((await get(`/api/roles/${id}`, editor.headers)).json().data.name).toBe('Modificato');
    const blank = await send('PUT', `/api/roles/${id}`, editor.headers, { name: '', description: '' });
    expect(Object.keys(blank.json().errors).sort()).toEqual(['description', 'name']);
    expect((await send('PUT', '/api/roles/999999', editor.headers, { name: 'X', description: 'D' })).statusCode).toBe(
      404,
    );
  });

  it('only a developer may grant or remove the developer permission', async () => {
    const dev = await ctx.user({}, ['developer']);
    const res = await send('POST', '/api/roles', dev.headers, {
      name: 'Sviluppo',
      description: 'Tutto',
      permissions: ['developer'],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const admin = await ctx.user({}, ['edit_roles', 'delete_roles']);
    expect(
      (
        await send('PUT', `/api/roles/${id}`, admin.headers, {
          name: 'Sviluppo',
          description: 'Tutto',
          permissions: [],
        })
      ).statusCode,
    ).toBe(403);
    // Not even renamed, or described anew, by someone who is not a developer.
    const renamed = await send('PUT', `/api/roles/${id}`, admin.headers, {
      name: 'Sviluppo 2',
      description: 'Tutto',
      permissions: ['developer'],
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toBe(
      'Solo uno sviluppatore può creare, modificare, rinominare o assegnare un ruolo con il permesso developer.',
    );
    expect(
      (await send('PUT', `/api/roles/${id}`, admin.headers, { name: 'Sviluppo', description: 'Altro' })).statusCode,
    ).toBe(403);
    // Leaving the list out keeps the permissions: it cannot empty the role past the rule.
    const withoutList = await send('PUT', `/api/roles/${id}`, dev.headers, {
      name: 'Sviluppo 3',
      description: 'Tutto',
    });
    expect(withoutList.statusCode).toBe(200);
    expect(withoutList.json().data.permissions.map((p: { name: string }) => p.name)).toEqual(['developer']);
    expect((await send('DELETE', `/api/roles/${id}`, admin.headers)).statusCode).toBe(422);
    expect((await send('DELETE', `/api/roles/${id}`, dev.headers)).statusCode).toBe(200);
  });

  it('answers how many users hold each role (users_count), in the list and one by one', async () => {
    const creator = await ctx.user({}, ['create_roles', 'read_roles', 'read_teams']);
    const created = await send('POST', '/api/roles', creator.headers, {
      name: 'Conteggio titolari',
      description: 'D',
      permissions: ['read_teams'],
    });
    expect(created.json().data.users_count).toBe(0);
    const id = created.json().data.id;
    const holders = await Promise.all([ctx.user(), ctx.user(), ctx.user()]);
    await ctx.db
      .insertInto('user_roles')
      .values(holders.map((h) => ({ user_id: h.id, role_id: id })))
      .execute();
    const listed = (await get('/api/roles?filter[name]=conteggio titolari', creator.headers)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id, users_count: 3 })]);
    expect((await get(`/api/roles/${id}`, creator.headers)).json().data.users_count).toBe(3);
    // Every role of the list has its own count.
    const all = (await get('/api/roles', creator.headers)).json().data as Array<{ id: number; users_count: number }>;
    for (const role of all) {
      const held = await ctx.db.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id).execute();
      expect(role.users_count, `role ${role.id}`).toBe(held.length);
    }
  });

  it('DELETE /api/roles/{id} needs delete_roles and detaches the role from users', async () => {
    const creator = await ctx.user({}, ['create_roles', 'read_teams']);
    const id = (
      await send('POST', '/api/roles', creator.headers, {
        name: 'Da eliminare',
        description: 'D',
        permissions: ['read_teams'],
      })
    ).json().data.id;
    const holder = await ctx.user();
    await ctx.db.insertInto('user_roles').values({ user_id: holder.id, role_id: id }).execute();
    expect((await get('/api/teams', holder.headers)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/roles/${id}`, creator.headers)).statusCode).toBe(403);
    const admin = await ctx.user({}, ['delete_roles']);
    expect((await send('DELETE', `/api/roles/${id}`, admin.headers)).statusCode).toBe(200);
    expect(await ctx.db.selectFrom('user_roles').selectAll().where('role_id', '=', id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('role_permissions').selectAll().where('role_id', '=', id).execute()).toEqual([]);
    expect((await get('/api/teams', holder.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/roles/${id}`, admin.headers)).statusCode).toBe(404);
  });
});
