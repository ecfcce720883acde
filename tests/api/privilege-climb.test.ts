import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from '../../server/src/db/index.js';
import { seedIfEmpty } from '../../server/src/seed/index.js';
import { PERMISSION_NAMES } from '../../server/src/access/permissions.js';
import { browse, FakeProvider } from './auth-fake-provider.js';
import { databases, isolatedDb, migrateUpTo, useTestApp, type TestContext } from './helpers.js';

/**
 * Delegated administration cannot be climbed: whoever holds a back-office permission cannot use
 * it to give themselves more (roles, expert access, course access, team memberships), nor hand
 * out through a role a permission they do not hold, nor touch a developer role; and ADMIN_EMAILS
 * grants the marked administrator role once, whatever the roles are called.
 */

const ADMIN_PERMISSIONS = PERMISSION_NAMES.filter((name) => name !== 'developer');

describe.each(databases)('no climbing through the back-office (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });

  async function roleWith(permissions: string[], name = `Ruolo ${Math.random().toString(36).slice(2)}`) {
    const role = await ctx.db
      .insertInto('roles')
      .values({ name, description: 'D' })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (permissions.length)
      await ctx.db
        .insertInto('role_permissions')
        .values(permissions.map((permission_name) => ({ role_id: role.id, permission_name })))
        .execute();
    return role.id;
  }
  const rolesOf = async (userId: number) =>
    (await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute())
      .map((r) => r.role_id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    await seedIfEmpty(ctx.db, { ...ctx.config, oidc: { external: true } }); // the permission catalogue
  });

  it('refuses giving oneself a role with update_roles (another administrator may)', async () => {
    const holder = await ctx.user({}, ['update_roles', 'read_users']);
    const before = await rolesOf(holder.id);
    const administrator = await roleWith(['read_users']);
    const res = await send('PUT', `/api/users/${holder.id}/roles`, holder.headers, {
      roles: [...before, administrator],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Non puoi modificare i tuoi ruoli: chiedilo a un altro amministratore.');
    expect(await rolesOf(holder.id)).toEqual(before);

    const other = await ctx.user({}, ['update_roles', 'read_users']);
    expect(
      (await send('PUT', `/api/users/${holder.id}/roles`, other.headers, { roles: [...before, administrator] }))
        .statusCode,
    ).toBe(200);
    expect(await rolesOf(holder.id)).toContain(administrator);
  });

  it('refuses giving or taking a role that holds a permission the caller lacks', async () => {
    const holder = await ctx.user({}, ['update_roles']);
    const friend = await ctx.user();
    const administrator = await roleWith(ADMIN_PERMISSIONS);
    const res = await send('PUT', `/api/users/${friend.id}/roles`, holder.headers, { roles: [administrator] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Puoi assegnare o togliere solo ruoli di cui possiedi tutti i permessi\./);
    expect(res.json().message).toMatch(/Ti mancano: .*read_audit/);
    expect(await rolesOf(friend.id)).toEqual([]);

    // Nor taken away from someone who holds it: that is for whoever could give it.
    const admin = await ctx.user({}, ADMIN_PERMISSIONS);
    expect(
      (await send('PUT', `/api/users/${friend.id}/roles`, admin.headers, { roles: [administrator] })).statusCode,
    ).toBe(200);
    expect((await send('PUT', `/api/users/${friend.id}/roles`, holder.headers, { roles: [] })).statusCode).toBe(403);
    expect(await rolesOf(friend.id)).toEqual([administrator]);
  });

  it('refuses adding permissions to one’s own role, or any role, that the editor lacks', async () => {
    const editor = await ctx.user({}, ['edit_roles', 'read_roles']);
    const [own] = await rolesOf(editor.id);
    const role = (await send('GET', `/api/roles/${own}`, editor.headers)).json().data;
    const res = await send('PUT', `/api/roles/${own}`, editor.headers, {
      name: role.name,
      description: role.description,
      permissions: ['edit_roles', 'read_roles', 'update_roles'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Puoi modificare i permessi solo di un ruolo di cui possiedi tutti i permessi. Ti mancano: update_roles.',
    );
    expect(
      (await ctx.db.selectFrom('role_permissions').select('permission_name').where('role_id', '=', own).execute())
        .map((p) => p.permission_name)
        .sort(),
    ).toEqual(['edit_roles', 'read_roles']);

    // Taking away a permission the editor lacks is refused too; renaming such a role is not an edit of its permissions.
    const wider = await roleWith(['read_roles', 'read_audit'], `Più ampio ${kind}`);
    const narrowed = await send('PUT', `/api/roles/${wider}`, editor.headers, {
      name: `Più ampio ${kind}`,
      description: 'D',
      permissions: ['read_roles'],
    });
    expect(narrowed.statusCode).toBe(403);
    expect(narrowed.json().message).toMatch(/Ti mancano: read_audit\./);
    const renamed = await send('PUT', `/api/roles/${wider}`, editor.headers, {
      name: `Più ampio rinominato ${kind}`,
      description: 'D',
      permissions: ['read_audit', 'read_roles'],
    });
    expect(renamed.statusCode).toBe(200);

    // Within what the editor holds, editing works.
    const mine = await send('PUT', `/api/roles/${own}`, editor.headers, {
      name: role.name,
      description: role.description,
      permissions: ['edit_roles', 'read_roles'],
    });
    expect(mine.statusCode).toBe(200);
  });

  it('refuses creating a role with a permission the creator lacks', async () => {
    const creator = await ctx.user({}, ['create_roles', 'read_teams']);
    const res = await send('POST', '/api/roles', creator.headers, {
      name: `Scalata ${kind}`,
      description: 'D',
      permissions: ['read_teams', 'update_roles', 'delete_users'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Puoi creare solo ruoli di cui possiedi tutti i permessi. Ti mancano: delete_users, update_roles.',
    );
    expect(
      await ctx.db.selectFrom('roles').select('id').where('name', '=', `Scalata ${kind}`).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (
        await send('POST', '/api/roles', creator.headers, {
          name: `Scalata ${kind}`,
          description: 'D',
          permissions: ['read_teams'],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps a developer role to developers: not renamed, edited or assigned by anyone else', async () => {
    const developerRole = await roleWith(['developer'], `Sviluppatore ${kind}`);
    const admin = await ctx.user({}, ADMIN_PERMISSIONS);
    const someone = await ctx.user();
    const message =
      'Solo uno sviluppatore può creare, modificare, rinominare o assegnare un ruolo con il permesso developer.';
    const renamed = await send('PUT', `/api/roles/${developerRole}`, admin.headers, {
      name: 'Amministratore',
      description: 'D',
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toBe(message);
    const widened = await send('PUT', `/api/roles/${(await rolesOf(admin.id))[0]}`, admin.headers, {
      name: 'Qualsiasi',
      description: 'D',
      permissions: [...ADMIN_PERMISSIONS, 'developer'],
    });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().message).toBe(message);
    const assigned = await send('PUT', `/api/users/${someone.id}/roles`, admin.headers, { roles: [developerRole] });
    expect(assigned.statusCode).toBe(403);
    expect(assigned.json().message).toBe(message);
    expect(
      (await ctx.db.selectFrom('roles').select('name').where('id', '=', developerRole).executeTakeFirstOrThrow()).name,
    ).toBe(`Sviluppatore ${kind}`);

    const developer = await ctx.user({}, ['developer']);
    expect(
      (await send('PUT', `/api/roles/${developerRole}`, developer.headers, { name: `Dev ${kind}`, description: 'D' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `/api/users/${someone.id}/roles`, developer.headers, { roles: [developerRole] })).statusCode,
    ).toBe(200);
  });

  it('refuses giving oneself video-course access with update_roles', async () => {
    const holder = await ctx.user({}, ['update_roles']);
    const res = await send('PUT', `/api/users/${holder.id}/mooc`, holder.headers, { mooc_access: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Non puoi modificare il tuo accesso ai videocorsi: chiedilo a un altro amministratore.',
    );
    expect(
      (await ctx.db.selectFrom('users').select('mooc_access').where('id', '=', holder.id).executeTakeFirstOrThrow())
        .mooc_access,
    ).toBe(0);
    // Sending back what one has changes nothing.
    expect((await send('PUT', `/api/users/${holder.id}/mooc`, holder.headers, { mooc_access: false })).statusCode).toBe(
      200,
    );
  });

  it('refuses making oneself an expert with create_experts, or changing one’s access with update_experts', async () => {
    const message = 'Non puoi modificare il tuo accesso da esperto: chiedilo a un altro amministratore.';
    const creator = await ctx.user({}, ['create_experts']);
    const created = await send('POST', '/api/experts', creator.headers, { user_id: creator.id, access: 'complete' });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(message);
    expect(
      (await ctx.db.selectFrom('users').select('is_expert').where('id', '=', creator.id).executeTakeFirstOrThrow())
        .is_expert,
    ).toBe(0);

    const team = await ctx.db
      .insertInto('teams')
      .values({ name: `Seguito ${kind}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const limited = await ctx.user({ is_expert: 1, expert_access: 'limited' }, ['update_experts', 'delete_experts']);
    await ctx.db.insertInto('expert_teams').values({ user_id: limited.id, team_id: team.id }).execute();
    const widened = await send('PUT', `/api/experts/${limited.id}`, limited.headers, { access: 'complete' });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().message).toBe(message);
    expect((await send('DELETE', `/api/experts/${limited.id}`, limited.headers)).statusCode).toBe(403);
    expect(
      (await ctx.db.selectFrom('users').select('expert_access').where('id', '=', limited.id).executeTakeFirstOrThrow())
        .expert_access,
    ).toBe('limited');

    // Another administrator does it.
    const other = await ctx.user({}, ['create_experts', 'update_experts']);
    expect(
      (await send('POST', '/api/experts', other.headers, { user_id: creator.id, access: 'complete' })).statusCode,
    ).toBe(201);
    expect((await send('PUT', `/api/experts/${limited.id}`, other.headers, { access: 'complete' })).statusCode).toBe(
      200,
    );
  });

  it('refuses adding oneself to a team, or changing or ending one’s own membership, with update_teams', async () => {
    const message = 'Non puoi modificare la tua appartenenza a un team: chiedilo a un altro amministratore.';
    const holder = await ctx.user({}, ['update_teams']);
    const team = await ctx.db
      .insertInto('teams')
      .values({ name: `Altrui ${kind}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const joined = await send('POST', `/api/teams/${team.id}/users/${holder.id}`, holder.headers, {});
    expect(joined.statusCode).toBe(403);
    expect(joined.json().message).toBe(message);
    expect(await ctx.db.selectFrom('team_members').select('user_id').where('team_id', '=', team.id).execute()).toEqual(
      [],
    );
    expect((await send('GET', `/api/teams/${team.id}/users`, holder.headers)).statusCode).toBe(403);

    const other = await ctx.user({}, ['update_teams']);
    expect((await send('POST', `/api/teams/${team.id}/users/${holder.id}`, other.headers, {})).statusCode).toBe(201);
    expect(
      (await send('PUT', `/api/teams/${team.id}/users/${holder.id}`, holder.headers, { joined_on: '2024-01-10' }))
        .statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/teams/${team.id}/users/${holder.id}`, holder.headers)).statusCode).toBe(403);
    expect(await ctx.db.selectFrom('team_members').select('user_id').where('team_id', '=', team.id).execute()).toEqual([
      { user_id: holder.id },
    ]);
  });

  it('refuses naming oneself coordinator of a team (the coordinator reads it like a member)', async () => {
    const message = 'Non puoi nominarti o toglierti coordinatore di un team: chiedilo a un altro amministratore.';
    const holder = await ctx.user({}, ['update_teams', 'create_teams']);
    const team = await ctx.db
      .insertInto('teams')
      .values({ name: `Coordinato ${kind}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const named = await send('PUT', `/api/teams/${team.id}`, holder.headers, { owner_id: holder.id });
    expect(named.statusCode).toBe(403);
    expect(named.json().message).toBe(message);
    const created = await send('POST', '/api/teams', holder.headers, { name: `Nuovo ${kind}`, owner_id: holder.id });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(message);

    const other = await ctx.user({}, ['update_teams']);
    expect((await send('PUT', `/api/teams/${team.id}`, other.headers, { owner_id: holder.id })).statusCode).toBe(200);
    // Stepping down is for another administrator too; sending the same coordinator back is no change.
    expect((await send('PUT', `/api/teams/${team.id}`, holder.headers, { owner_id: null })).statusCode).toBe(403);
    expect(
      (await send('PUT', `/api/teams/${team.id}`, holder.headers, { owner_id: holder.id, description: 'Ok' }))
        .statusCode,
    ).toBe(200);
  });
});

/** A provider nobody here wrote, for the ADMIN_EMAILS sign-ins. */
const PUBLIC_URL = 'http://localhost:3999';
const REDIRECT = `${PUBLIC_URL}/auth/callback`;

describe.each(databases)('the ADMIN_EMAILS grant (%s)', (kind) => {
  const fake = new FakeProvider({ redirectUri: REDIRECT, postLogoutRedirectUri: `${PUBLIC_URL}/` });
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  const ctx = useTestApp(kind, () => ({
    OIDC_ISSUER: fake.issuer,
    OIDC_CLIENT_ID: fake.clientId,
    OIDC_CLIENT_SECRET: fake.clientSecret,
    AUTH_RATE_LIMIT: '1000',
    ADMIN_EMAILS: 'capo@example.test, seconda@example.test, cambiata@example.test, staff@example.test',
  }));
  beforeAll(async () => {
    await seedIfEmpty(ctx.db, ctx.config); // the permission catalogue, as at every start
  });

  /** Signs in as the provider's current account; the bearer token. */
  async function signIn(context: TestContext): Promise<string> {
    const start = await context.app.inject({ method: 'POST', url: '/api/auth/login' });
    const { authorize_url: url } = start.json() as { authorize_url: string };
    const back = await browse(url, REDIRECT);
    const res = await context.app.inject({ method: 'POST', url: '/api/auth/callback', payload: back });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  }
  const permissionsOf = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/user/permissions',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data as string[];
  const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });
  const userIdOf = async (email: string) =>
    (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const marked = async () =>
    ctx.db.selectFrom('roles').select(['id', 'name']).where('system_key', '=', 'administrator').executeTakeFirst();

  it('grants the marked role at the first sign-in, audited, and not again once staff remove it', async () => {
    fake.account({ sub: 'capo', email: 'capo@example.test', email_verified: true, given_name: 'Capo' });
    const token = await signIn(ctx);
    const capo = await userIdOf('capo@example.test');
    const role = await marked();
    expect(role).toMatchObject({ name: 'Amministratore' });
    expect(await permissionsOf(token)).toEqual(expect.arrayContaining(['update_roles', 'edit_roles', 'read_audit']));
    expect(await permissionsOf(token)).not.toContain('developer');

    const grants = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'changes'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', capo)
      .where('action', '=', 'update')
      .execute();
    expect(grants).toHaveLength(1);
    expect(grants[0].actor_id).toBeNull();
    expect(JSON.parse(grants[0].changes)).toEqual({ roles: [[], [role!.id]] });
    const createdRole = await ctx.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_type', '=', 'role')
      .where('entity_id', '=', role!.id)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(createdRole.changes).name).toEqual([null, 'Amministratore']);

    // A second sign-in grants nothing more.
    await signIn(ctx);
    expect(
      await ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity_type', '=', 'user')
        .where('entity_id', '=', capo)
        .where('action', '=', 'update')
        .execute(),
    ).toHaveLength(1);

    // Another administrator takes the role away: it does not come back at the next sign-in.
    fake.account({ sub: 'seconda', email: 'seconda@example.test', email_verified: true, given_name: 'Seconda' });
    const second = await signIn(ctx);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${capo}/roles`,
          headers: headersOf(second),
          payload: { roles: [] },
        })
      ).statusCode,
    ).toBe(200);
    fake.account({ sub: 'capo', email: 'capo@example.test', email_verified: true, given_name: 'Capo' });
    const again = await signIn(ctx);
    expect(await permissionsOf(again)).toEqual([]);
    expect(await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', capo).execute()).toEqual([]);
  });

  it('follows the marker, not the name: renaming roles never hands out "developer"', async () => {
    const role = (await marked())!;
    const developerRole = await ctx.db
      .insertInto('roles')
      .values({ name: 'Sviluppatore', description: 'D' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('role_permissions')
      .values({ role_id: developerRole.id, permission_name: 'developer' })
      .execute();

    fake.account({ sub: 'seconda', email: 'seconda@example.test', email_verified: true, given_name: 'Seconda' });
    const admin = await signIn(ctx);
    // The administrator renames "Amministratore" (allowed: they hold all it grants)...
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}`,
      headers: headersOf(admin),
      payload: { name: 'Ex amministratore', description: 'D' },
    });
    expect(renamed.statusCode).toBe(200);
    // ...but cannot rename "Sviluppatore" to take its place...
    const usurped = await ctx.app.inject({
      method: 'PUT',
      url: `/api/roles/${developerRole.id}`,
      headers: headersOf(admin),
      payload: { name: 'Amministratore', description: 'D' },
    });
    expect(usurped.statusCode).toBe(403);
    // ...and even when a developer does, the grant follows the marker.
    await ctx.db.updateTable('roles').set({ name: 'Amministratore' }).where('id', '=', developerRole.id).execute();
    expect(await permissionsOf(await signIn(ctx))).not.toContain('developer');

    fake.account({ sub: 'nuova', email: 'staff@example.test', email_verified: true, given_name: 'Nuova' });
    const newcomer = await signIn(ctx);
    expect(await permissionsOf(newcomer)).not.toContain('developer');
    expect(await permissionsOf(newcomer)).toContain('read_audit');
    expect(
      await ctx.db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', await userIdOf('staff@example.test'))
        .execute(),
    ).toEqual([{ role_id: role.id }]);
  });

  it('matches the local user’s e-mail when the account is linked, not a later claim of the provider', async () => {
    // Linked under an ordinary address, the provider later claims an ADMIN_EMAILS one for the same subject.
    fake.account({ sub: 'cambia', email: 'semplice@example.test', email_verified: true, given_name: 'Semplice' });
    expect(await permissionsOf(await signIn(ctx))).toEqual([]);
    fake.account({ sub: 'cambia', email: 'cambiata@example.test', email_verified: true, given_name: 'Semplice' });
    expect(await permissionsOf(await signIn(ctx))).toEqual([]);
    expect(
      await ctx.db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', await userIdOf('semplice@example.test'))
        .execute(),
    ).toEqual([]);
  });

  it('grants when staff created the account with an ADMIN_EMAILS address and it is first linked', async () => {
    const created = await ctx.user({ email: 'cambiata@example.test' });
    fake.account({ sub: 'staff-made', email: 'Cambiata@Example.test', email_verified: true });
    const token = await signIn(ctx);
    expect(await permissionsOf(token)).toContain('update_roles');
    expect(await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', created.id).execute()).toEqual(
      [{ role_id: (await marked())!.id }],
    );
  });
});

describe.each(databases)('migration 020 marks the administrator role (%s)', (kind) => {
  it('marks the oldest "Amministratore" that does not hold developer', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, '019_edit_leases');
      await db.insertInto('permissions').values({ name: 'developer', description: 'D' }).execute();
      const insert = async (name: string) =>
        (
          await sql<{ id: number }>`insert into roles (name, description) values (${name}, 'D') returning id`.execute(
            db,
          )
        ).rows[0].id;
      const usurper = await insert('Amministratore');
      await db.insertInto('role_permissions').values({ role_id: usurper, permission_name: 'developer' }).execute();
      const administrator = await insert('Amministratore');
      await insert('Amministratore');
      await migrateToLatest(db);
      expect(await db.selectFrom('roles').select('id').where('system_key', '=', 'administrator').execute()).toEqual([
        { id: administrator },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('is set by the demo data on its Amministratore role', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateToLatest(db);
      expect(await seedIfEmpty(db, { completionThreshold: 0.9 })).toBe(true);
      expect(await db.selectFrom('roles').select('name').where('system_key', '=', 'administrator').execute()).toEqual([
        { name: 'Amministratore' },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('leaves an installation without such a role unmarked (the first grant creates it)', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateToLatest(db);
      expect(await db.selectFrom('roles').select('id').where('system_key', 'is not', null).execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
