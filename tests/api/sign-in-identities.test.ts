import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adoptLegacyIdentities, DEV_PROVIDER_ISSUER } from '../../server/src/auth/identities.js';
import { logSignInSettings } from '../../server/src/auth/startup-notes.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { migrateToLatest } from '../../server/src/db/index.js';
import { browse, FakeProvider } from './auth-fake-provider.js';
import { databases, isolatedDb, migrateUpTo, useTestApp, type TestContext } from './helpers.js';

const PUBLIC_URL = 'http://localhost:3999';
const REDIRECT = `${PUBLIC_URL}/auth/callback`;
const ANOTHER_ISSUER = 'https://another-provider.example.test';

function useFakeProvider() {
  const fake = new FakeProvider({ redirectUri: REDIRECT, postLogoutRedirectUri: `${PUBLIC_URL}/` });
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}

function percorsoFor(kind: 'sqlite' | 'postgres', fake: FakeProvider) {
  return useTestApp(kind, () => ({
    OIDC_ISSUER: fake.issuer,
    OIDC_CLIENT_ID: fake.clientId,
    OIDC_CLIENT_SECRET: fake.clientSecret,
    AUTH_RATE_LIMIT: '1000',
  }));
}

/** The whole way of a browser through the provider; resolves Percorso's answer to the callback. */
async function signIn(ctx: TestContext) {
  const start = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
  expect(start.statusCode).toBe(200);
  const back = await browse(start.json().authorize_url as string, REDIRECT);
  return ctx.app.inject({ method: 'POST', url: '/api/auth/callback', payload: back });
}

async function userIdOf(ctx: TestContext, token: string): Promise<number> {
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  expect(me.statusCode).toBe(200);
  return me.json().data.id as number;
}

describe.each(databases)('identities are a subject of an issuer (%s)', (kind) => {
  const fake = useFakeProvider();
  const ctx = percorsoFor(kind, fake);

  it('takes the same subject from another issuer for another person', async () => {
    const elsewhere = await ctx.user({
      email: 'altrove@example.test',
      oidc_issuer: ANOTHER_ISSUER,
      oidc_subject: 'same-sub',
    });
    fake.account({ sub: 'same-sub', email: 'nuova@example.test', email_verified: true });
    const res = await signIn(ctx);
    expect(res.statusCode).toBe(200);
    const id = await userIdOf(ctx, res.json().access_token);
    expect(id).not.toBe(elsewhere.id);
    const row = await ctx.db
      .selectFrom('users')
      .select(['email', 'oidc_issuer', 'oidc_subject'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'nuova@example.test', oidc_issuer: fake.issuer, oidc_subject: 'same-sub' });

    // Signing in again finds the same person, by issuer and subject.
    const again = await signIn(ctx);
    expect(again.statusCode).toBe(200);
    expect(await userIdOf(ctx, again.json().access_token)).toBe(id);
  });

  it('finds a known identity by issuer and subject, whatever e-mail it now sends', async () => {
    const known = await ctx.user({ email: 'nota@example.test', oidc_issuer: fake.issuer, oidc_subject: 'known-sub' });
    fake.account({ sub: 'known-sub', email: 'cambiata@example.test', email_verified: true });
    const res = await signIn(ctx);
    expect(res.statusCode).toBe(200);
    expect(await userIdOf(ctx, res.json().access_token)).toBe(known.id);
  });

  it("does not link an address held by another issuer's identity", async () => {
    await ctx.user({ email: 'presa@example.test', oidc_issuer: ANOTHER_ISSUER, oidc_subject: 'x-1' });
    fake.account({ sub: 'x-1', email: 'presa@example.test', email_verified: true });
    const res = await signIn(ctx);
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('email_taken');
  });

  it('stores the User-Agent of the browser that signed in', async () => {
    fake.account({ sub: 'ua-1', email: 'browser@example.test', email_verified: true });
    const start = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
    const back = await browse(start.json().authorize_url as string, REDIRECT);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: back,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0' },
    });
    expect(res.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/tokens',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(list.json().data).toMatchObject([{ browser: 'Firefox su Linux', current: true }]);
  });
});

describe.each(databases)('demo accounts under a real provider (%s)', (kind) => {
  const fake = useFakeProvider();
  const ctx = percorsoFor(kind, fake);

  it("refuses a demo account's token, and lets the others in", async () => {
    const demo = await ctx.user({ email: 'dev@example.com', demo: 1 }, ['developer']);
    const real = await ctx.user({}, ['read_teams']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: demo.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/teams', headers: demo.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: real.headers })).statusCode).toBe(200);
  });

  it('refuses to sign in a demo account, by its e-mail or by its identity, and links nothing', async () => {
    const byEmail = await ctx.user({ email: 'admin@example.com', demo: 1 });
    fake.account({ sub: 'demo-1', email: 'admin@example.com', email_verified: true });
    const res = await signIn(ctx);
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('demo_disabled');
    const row = await ctx.db
      .selectFrom('users')
      .select(['oidc_issuer', 'oidc_subject'])
      .where('id', '=', byEmail.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ oidc_issuer: null, oidc_subject: null });

    await ctx.user({ email: 'membro@example.com', demo: 1, oidc_issuer: fake.issuer, oidc_subject: 'demo-2' });
    fake.account({ sub: 'demo-2', email: 'membro@example.com', email_verified: true });
    const known = await signIn(ctx);
    expect(known.statusCode).toBe(422);
    expect(known.json().reason).toBe('demo_disabled');
  });

  it('says at start-up that the demo accounts are disabled', async () => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    try {
      await logSignInSettings(ctx.app);
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(
        /\d+ demo accounts .* are disabled under OIDC_ISSUER: they cannot sign in/,
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe.each(databases)('demo accounts with the development provider (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('lets them in', async () => {
    const demo = await ctx.user({ email: 'dev@example.com', demo: 1 }, ['developer']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: demo.headers })).statusCode).toBe(200);
  });
});

describe.each(databases)('migration 023 on existing rows (%s)', (kind) => {
  it('marks the demo accounts, keeps subjects, gives tokens an id, and issuers come at the first start', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, '019_edit_leases');
      const insert = (email: string, oidc_subject: string | null) =>
        db
          .insertInto('users')
          .values({ name: 'N', surname: 'S', email, oidc_subject } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((row) => row.id);
      const seeded = await insert('ospite@example.com', null);
      const devLinked = await insert('dev@example.com', 'user-2');
      const real = await insert('persona@example.test', 'abc-123');
      const realAtExample = await insert('vera@example.com', 'google-42');
      for (const id of [seeded, real, real])
        await db
          .insertInto('access_tokens')
          .values({
            user_id: id,
            token_hash: `${id}-${Math.random()}`,
            expires_at: '2099-01-01T00:00:00.000Z',
          } as never)
          .execute();

      await migrateToLatest(db);
      const users = await db
        .selectFrom('users')
        .select(['id', 'demo', 'oidc_issuer', 'oidc_subject'])
        .orderBy('id')
        .execute();
      expect(users).toEqual([
        { id: seeded, demo: 1, oidc_issuer: null, oidc_subject: null },
        { id: devLinked, demo: 1, oidc_issuer: null, oidc_subject: 'user-2' },
        { id: real, demo: 0, oidc_issuer: null, oidc_subject: 'abc-123' },
        { id: realAtExample, demo: 0, oidc_issuer: null, oidc_subject: 'google-42' },
      ]);
      const tokens = await db.selectFrom('access_tokens').select('public_id').execute();
      expect(tokens).toHaveLength(3);
      expect(new Set(tokens.map((t) => t.public_id)).size).toBe(3);
      for (const { public_id } of tokens) expect(public_id).toMatch(/^[0-9a-f]{24}$/);

      const issuer = 'https://idp.example.test/realms/incubatore';
      expect(await adoptLegacyIdentities(db, { external: true, issuer })).toBe(3);
      const adopted = await db.selectFrom('users').select(['id', 'oidc_issuer']).orderBy('id').execute();
      expect(adopted).toEqual([
        { id: seeded, oidc_issuer: null },
        { id: devLinked, oidc_issuer: DEV_PROVIDER_ISSUER },
        { id: real, oidc_issuer: issuer },
        { id: realAtExample, oidc_issuer: issuer },
      ]);
      expect(await adoptLegacyIdentities(db, { external: true, issuer: 'https://other.example.test' })).toBe(0);

      // Unique together: the same subject of another issuer is another identity, not of the same one.
      await insert('altro@example.test', null).then((id) =>
        db
          .updateTable('users')
          .set({ oidc_issuer: ANOTHER_ISSUER, oidc_subject: 'abc-123' })
          .where('id', '=', id)
          .execute(),
      );
      await expect(
        insert('doppio@example.test', null).then((id) =>
          db.updateTable('users').set({ oidc_issuer: issuer, oidc_subject: 'abc-123' }).where('id', '=', id).execute(),
        ),
      ).rejects.toThrow();
      // A token issued now has an id of its own too.
      await issueToken(db, real, 60);
      const ids = await db.selectFrom('access_tokens').select('public_id').where('user_id', '=', real).execute();
      expect(new Set(ids.map((t) => t.public_id)).size).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});
