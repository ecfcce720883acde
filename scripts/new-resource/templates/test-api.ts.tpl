import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '{{import:db}}';
import { PERMISSIONS } from '{{import:permissions}}';
import { databases, isolatedDb, migrateUpTo, useTestApp } from './helpers.js';

const URL = '/api/{{kebab}}';
const ALL = ['read_{{name}}', 'create_{{name}}', 'update_{{name}}', 'delete_{{name}}'];

describe.each(databases)('{{many}} API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers?: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers, payload });
  const create = async (headers: Record<string, string>, payload: object) => {
    const res = await call('POST', URL, headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      id: number;
      name: string;
      description: string | null;
      created_at: string;
      updated_at: string;
    };
  };

  it('needs a token, and each route its permission', async () => {
    expect((await call('GET', URL)).statusCode).toBe(401);
    const nobody = (await ctx.user({}, ['read_teams'])).headers;
    expect((await call('GET', URL, nobody)).statusCode).toBe(403);
    expect((await call('GET', `${URL}/1`, nobody)).statusCode).toBe(403);
    expect((await call('POST', URL, nobody, { name: 'X' })).statusCode).toBe(403);
    expect((await call('PUT', `${URL}/1`, nobody, { name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', `${URL}/1`, nobody)).statusCode).toBe(403);
  });

  it('creates, reads, updates and deletes one', async () => {
    const admin = (await ctx.user({}, ALL)).headers;
    const created = await create(admin, { name: '  Alfa  ', description: 'La prima' });
    expect(created).toMatchObject({ name: 'Alfa', description: 'La prima' });
    expect((await call('GET', `${URL}/${created.id}`, admin)).json().data).toEqual(created);

    const updated = await call('PUT', `${URL}/${created.id}`, admin, { name: 'Alfa 2', description: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ id: created.id, name: 'Alfa 2', description: null });

    const deleted = await call('DELETE', `${URL}/${created.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ id: created.id, name: 'Alfa 2' });
    expect((await call('GET', `${URL}/${created.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `${URL}/${created.id}`, admin)).json().message).toBe({{q:notFound}});
    expect((await call('PUT', `${URL}/${created.id}`, admin, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}/${created.id}`, admin)).statusCode).toBe(404);
  });

  it('answers 422 with Italian messages: a name is required, at most 255 characters and not taken', async () => {
    const admin = (await ctx.user({}, ALL)).headers;
    for (const name of [undefined, '', '   ']) {
      const res = await call('POST', URL, admin, name === undefined ? {} : { name });
      expect(res.statusCode, String(name)).toBe(422);
      expect(res.json().errors.name).toEqual(['Il campo nome è obbligatorio.']);
    }
    expect((await call('POST', URL, admin, { name: 'x'.repeat(256) })).json().errors.name).toEqual([
      'Il campo nome non può superare 255 caratteri.',
    ]);
    const first = await create(admin, { name: 'Unico' });
    const taken = await call('POST', URL, admin, { name: 'UNICO' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([{{q:nameTaken}}]);
    const other = await create(admin, { name: 'Altro' });
    expect((await call('PUT', `${URL}/${other.id}`, admin, { name: 'unico' })).json().errors.name).toEqual([
      {{q:nameTaken}},
    ]);
    // Its own name is not taken.
    expect((await call('PUT', `${URL}/${first.id}`, admin, { name: 'Unico', description: 'Sì' })).statusCode).toBe(200);
  });

  it('lists them newest first, searched by name, sorted and paged', async () => {
    const admin = (await ctx.user({}, ALL)).headers;
    const names = ['Lista Città', 'Lista Bosco', 'Lista Argine'];
    const clock = ctx.app.now;
    try {
      // A minute apart, so that "newest first" has an order to keep.
      for (const [index, name] of names.entries()) {
        const at = clock() + index * 60_000;
        ctx.app.now = () => at;
        await create(admin, { name });
      }
    } finally {
      ctx.app.now = clock;
    }
    const list = async (query: string) => {
      const res = await call('GET', `${URL}?${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ name: string }>; meta: { total: number; last_page: number } };
    };
    expect((await list('filter[search]=lista')).data.map((row) => row.name)).toEqual([...names].reverse());
    // Case and accents do not count.
    expect((await list('filter[search]=CITTA')).data.map((row) => row.name)).toEqual(['Lista Città']);
    expect((await list('filter[search]=lista&sort=name')).data.map((row) => row.name)).toEqual([...names].sort());
    const page = await list('filter[search]=lista&sort=name&per_page=2&page=2');
    expect(page.data.map((row) => row.name)).toEqual(['Lista Città']);
    expect(page.meta).toMatchObject({ total: 3, last_page: 2 });
  });

  it('records every change in the audit trail', async () => {
    const admin = (await ctx.user({}, [...ALL, 'read_audit'])).headers;
    const created = await create(admin, { name: 'Tracciato' });
    await call('PUT', `${URL}/${created.id}`, admin, { name: 'Tracciato 2', description: 'Nota' });
    await call('DELETE', `${URL}/${created.id}`, admin);
    const trail = await call(
      'GET',
      `/api/audit-log?filter[entity_type]={{singular}}&filter[entity_id]=${created.id}`,
      admin,
    );
    expect(trail.statusCode, trail.body).toBe(200);
    const actions = (trail.json().data as Array<{ action: string; changes: Record<string, unknown> }>).map(
      ({ action, changes }) => ({ action, changes }),
    );
    expect(actions).toEqual([
      { action: 'delete', changes: { name: ['Tracciato 2', null], description: ['Nota', null] } },
      { action: 'update', changes: { name: ['Tracciato', 'Tracciato 2'], description: [null, 'Nota'] } },
      { action: 'create', changes: { name: [null, 'Tracciato'] } },
    ]);
  });

  it('has its four permissions in the catalogue, and gives them to the administrator role of an existing installation', async () => {
    for (const name of ALL) expect(PERMISSIONS, name).toHaveProperty(name);
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, '{{previousMigration}}');
      const role = await db
        .insertInto('roles')
        .values({ name: 'Amministratore', description: 'Tutto' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await migrateToLatest(db);
      const granted = await db
        .selectFrom('role_permissions')
        .select('permission_name')
        .where('role_id', '=', role.id)
        .execute();
      // Later migrations may grant more.
      expect(granted.map((row) => row.permission_name)).toEqual(expect.arrayContaining(ALL));
    } finally {
      await db.destroy();
    }
  });
});
