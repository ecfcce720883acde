import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';
import { seedIfEmpty } from '../../server/src/seed/index.js';
import { logSignInSettings } from '../../server/src/auth/startup-notes.js';
import { REDISCOVER_AFTER_MS } from '../../server/src/auth/oidc-client.js';
import { browse, FakeProvider, type FakeProviderOptions } from './auth-fake-provider.js';
import { databases, useTestApp, type TestContext } from './helpers.js';

const PUBLIC_URL = 'http://localhost:3999';
const REDIRECT = `${PUBLIC_URL}/auth/callback`;

/** A provider nobody here wrote, started before the app that points at it. */
function useFakeProvider(options: Omit<FakeProviderOptions, 'redirectUri'> = {}) {
  const fake = new FakeProvider({ redirectUri: REDIRECT, postLogoutRedirectUri: `${PUBLIC_URL}/`, ...options });
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  return fake;
}

function percorsoFor(kind: 'sqlite' | 'postgres', fake: FakeProvider, env: Record<string, string> = {}) {
  return useTestApp(kind, () => ({
    OIDC_ISSUER: fake.issuer,
    OIDC_CLIENT_ID: fake.clientId,
    OIDC_CLIENT_SECRET: fake.clientSecret,
    AUTH_RATE_LIMIT: '1000',
    ...env,
  }));
}

/** The whole way of a browser: Percorso starts, the provider answers, Percorso finishes. */
async function signIn(ctx: TestContext) {
  const start = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
  expect(start.statusCode).toBe(200);
  const { authorize_url: url, state } = start.json() as { authorize_url: string; state: string };
  const back = await browse(url, REDIRECT);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/callback', payload: back });
  return { res, url: new URL(url), state, back };
}

async function userOf(ctx: TestContext, token: string) {
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  return me.json().data as { id: number; name: string; surname: string; email: string };
}

describe.each(databases)('a provider that requires a nonce (%s)', (kind) => {
  const fake = useFakeProvider({ requireNonce: true });
  const ctx = percorsoFor(kind, fake);

  it('sends PKCE S256, state and nonce, and signs in', async () => {
    fake.account({
      sub: 'n-1',
      email: 'nonce@example.test',
      email_verified: true,
      given_name: 'Nina',
      family_name: 'Nonce',
    });
    const { res, url, state, back } = await signIn(ctx);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(back.error).toBeUndefined();
    expect(res.statusCode).toBe(200);
    expect((await userOf(ctx, res.json().access_token)).email).toBe('nonce@example.test');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    fake.account({ sub: 'n-2', email: 'nonce2@example.test', email_verified: true });
    const start = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).json() as {
      authorize_url: string;
    };
    const back = await browse(start.authorize_url, REDIRECT);
    await ctx.db.updateTable('sign_in_requests').set({ nonce: 'another-nonce' }).execute();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/callback', payload: back });
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('code_refused');
  });

  it('refuses a state it never started (session expired), with that reason', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: { code: 'abc', state: 'never-started' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('expired');
  });
});

describe.each(databases)('client authentication (%s)', (kind) => {
  describe('a client registered for client_secret_post', () => {
    const fake = useFakeProvider({ tokenEndpointAuthMethod: 'client_secret_post' });
    const auto = percorsoFor(kind, fake);
    const forcedBasic = percorsoFor(kind, fake, { OIDC_TOKEN_AUTH_METHOD: 'client_secret_basic' });
    const post = percorsoFor(kind, fake, { OIDC_TOKEN_AUTH_METHOD: 'client_secret_post' });

    it('signs in with the automatic choice', async () => {
      fake.account({ sub: 'p-1', email: 'post@example.test', email_verified: true });
      const { res } = await signIn(auto);
      expect(res.statusCode).toBe(200);
      expect(auto.app.oidc.tokenAuthMethod).toBe('client_secret_post');
    });

    it('signs in with OIDC_TOKEN_AUTH_METHOD=client_secret_post, sending no Basic header', async () => {
      fake.account({ sub: 'p-2', email: 'post2@example.test', email_verified: true });
      fake.tokenRequests.length = 0;
      const { res } = await signIn(post);
      expect(res.statusCode).toBe(200);
      expect(fake.tokenRequests.at(-1)?.authorization).toBeUndefined();
    });

    it('names the real problem when the configured method is refused (not "code not valid")', async () => {
      fake.account({ sub: 'p-3', email: 'post3@example.test', email_verified: true });
      const { res } = await signIn(forcedBasic);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/non ha accettato Percorso/);
      expect(res.json().message).not.toMatch(/codice/);
      // The reason the callback screen puts in words.
      expect(res.json().reason).toBe('client_rejected');
    });
  });

  describe("a secret with -_.!~*'() at a provider that compares Basic credentials as raw text", () => {
    const fake = useFakeProvider({ clientSecret: "se-cr_et.!~*'()x", rawBasic: true });
    const ctx = percorsoFor(kind, fake);

    it('signs in', async () => {
      fake.account({ sub: 'r-1', email: 'raw@example.test', email_verified: true });
      const { res } = await signIn(ctx);
      expect(res.statusCode).toBe(200);
      const sent = Buffer.from(fake.tokenRequests.at(-1)!.authorization!.slice(6), 'base64').toString();
      expect(sent).toBe(`${fake.clientId}:se-cr_et.!~*'()x`);
    });
  });

  describe('private_key_jwt', () => {
    const keyDir = mkdtempSync(join(tmpdir(), 'percorso-client-key-'));
    const keyFile = join(keyDir, 'client.pem');
    const fake = new FakeProvider({ redirectUri: REDIRECT, tokenEndpointAuthMethod: 'private_key_jwt' });
    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      writeFileSync(keyFile, await exportPKCS8(privateKey));
      const { calculateJwkThumbprint } = await import('jose');
      const jwk = await exportJWK(publicKey);
      await fake.start({
        clientJwks: { keys: [{ ...jwk, alg: 'ES256', use: 'sig', kid: await calculateJwkThumbprint(jwk) }] },
      });
    });
    afterAll(() => fake.stop());
    const ctx = useTestApp(kind, () => ({
      OIDC_ISSUER: fake.issuer,
      OIDC_CLIENT_ID: fake.clientId,
      OIDC_CLIENT_KEY_FILE: keyFile,
      AUTH_RATE_LIMIT: '1000',
    }));

    it('signs in with a client assertion signed by OIDC_CLIENT_KEY_FILE', async () => {
      fake.account({ sub: 'k-1', email: 'key@example.test', email_verified: true });
      const { res } = await signIn(ctx);
      expect(res.statusCode).toBe(200);
      expect(ctx.app.oidc.tokenAuthMethod).toBe('private_key_jwt');
    });
  });
});

describe.each(databases)('signing keys (%s)', (kind) => {
  const fake = useFakeProvider({ alg: 'RS256' });
  const ctx = percorsoFor(kind, fake);
  const DISCOVERY = '/.well-known/openid-configuration';
  const discoveries = () => fake.requestCounts.get(DISCOVERY) ?? 0;
  /** Moves Percorso's clock past the discovery's lifetime: the next sign-in start asks again. */
  let offset = 0;
  const discoveryExpires = () => {
    offset += REDISCOVER_AFTER_MS + 1000;
    ctx.app.now = () => Date.now() + offset;
  };

  it('asks for the discovery once for many sign-in starts, and again once it is a minute old', async () => {
    discoveryExpires();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).statusCode).toBe(200);
    const before = discoveries();
    for (let i = 0; i < 5; i++) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).statusCode).toBe(200);
    }
    fake.account({ sub: 's-0', email: 'cached@example.test', email_verified: true });
    expect((await signIn(ctx)).res.statusCode).toBe(200);
    expect(discoveries()).toBe(before);
    discoveryExpires();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).statusCode).toBe(200);
    expect(discoveries()).toBe(before + 1);
  });

  it('follows a key change from RS256 to ES256 and to EdDSA without a restart of Percorso', async () => {
    fake.account({ sub: 's-1', email: 'keys@example.test', email_verified: true });
    expect((await signIn(ctx)).res.statusCode).toBe(200);

    // Seen at the first sign-in once the discovery is a minute old.
    await fake.start({ alg: 'ES256' });
    discoveryExpires();
    fake.account({ sub: 's-1', email: 'keys@example.test', email_verified: true });
    const afterRotation = await signIn(ctx);
    expect(afterRotation.res.statusCode, afterRotation.res.body).toBe(200);

    // Within the minute, the ID token that fails verification makes the next sign-in discover again.
    await fake.start({ alg: 'EdDSA' });
    fake.account({ sub: 's-1', email: 'keys@example.test', email_verified: true });
    const refused = await signIn(ctx);
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.json().reason).toBe('code_refused');
    fake.account({ sub: 's-1', email: 'keys@example.test', email_verified: true });
    expect((await signIn(ctx)).res.statusCode).toBe(200);
  });

  it('asks for the discovery again when the connection it went out on had been closed, and sees the new key', async () => {
    fake.account({ sub: 's-2', email: 'stale@example.test', email_verified: true });
    expect((await signIn(ctx)).res.statusCode).toBe(200);

    await fake.start({ alg: 'ES256' });
    discoveryExpires();
    fake.closeNextRequestTo.add('/.well-known/openid-configuration');
    fake.account({ sub: 's-2', email: 'stale@example.test', email_verified: true });
    const afterRotation = await signIn(ctx);
    expect(afterRotation.res.statusCode, afterRotation.res.body).toBe(200);
    expect(fake.closeNextRequestTo.size).toBe(0);
  });

  it('asks for the discovery up to three times when each connection it goes out on turns out closed (several stale in the pool)', async () => {
    fake.account({ sub: 's-3', email: 'stale3@example.test', email_verified: true });
    expect((await signIn(ctx)).res.statusCode).toBe(200);

    await fake.start({ alg: 'ES256' });
    discoveryExpires();
    fake.closeRequestsTo.set('/.well-known/openid-configuration', 2);
    fake.account({ sub: 's-3', email: 'stale3@example.test', email_verified: true });
    const afterRotation = await signIn(ctx);
    expect(afterRotation.res.statusCode, afterRotation.res.body).toBe(200);
    expect(fake.closeRequestsTo.size).toBe(0);
  });
});

describe.each(databases)('who may enter (%s)', (kind) => {
  describe('SIGN_UP=open (the default)', () => {
    const fake = useFakeProvider();
    const ctx = percorsoFor(kind, fake, { ADMIN_EMAILS: 'capo@example.test' });

    it('links a pre-created user only when the provider says the e-mail is verified, and says so', async () => {
      const staffMade = await ctx.user({ email: 'creata@example.test', name: 'Carla', surname: 'Creata' });
      fake.account({ sub: 'u-1', email: 'creata@example.test', email_verified: false });
      const refused = (await signIn(ctx)).res;
      expect(refused.statusCode).toBe(422);
      expect(refused.json().reason).toBe('email_unverified');
      expect(refused.json().message).not.toMatch(/già associato/);

      fake.account({ sub: 'u-1', email: 'creata@example.test', email_verified: true });
      const linked = (await signIn(ctx)).res;
      expect(linked.statusCode).toBe(200);
      expect((await userOf(ctx, linked.json().access_token)).id).toBe(staffMade.id);
    });

    it('creates a plain user for a newcomer, names from given_name and family_name', async () => {
      fake.account({
        sub: 'u-2',
        email: 'nuova@example.test',
        email_verified: true,
        given_name: 'Anna Maria',
        family_name: 'Nuova',
        name: 'x',
      });
      const res = (await signIn(ctx)).res;
      expect(res.statusCode).toBe(200);
      const user = await userOf(ctx, res.json().access_token);
      expect(user).toMatchObject({ name: 'Anna Maria', surname: 'Nuova' });
      // The sign-up is in the audit trail, made by the newcomer themselves; the subject never is.
      const entries = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', 'user')
        .where('entity_id', '=', user.id)
        .where('action', '=', 'create')
        .execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'create', actor_id: user.id });
      expect(JSON.parse(entries[0].changes)).toMatchObject({
        name: [null, 'Anna Maria'],
        surname: [null, 'Nuova'],
        email: [null, 'nuova@example.test'],
      });
      expect(entries[0].changes).not.toContain('u-2');
    });

    it('refuses an identity without an e-mail with its reason', async () => {
      fake.account({ sub: 'u-no-mail', given_name: 'Senza' });
      const res = (await signIn(ctx)).res;
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        reason: 'email_missing',
        message: 'Il provider di identità non ha fornito un indirizzo email.',
      });
    });

    it('keeps a lone `name` whole as the shown name, with no guessed split', async () => {
      fake.account({ sub: 'u-3', email: 'maria@example.test', email_verified: true, name: 'Maria Teresa De Luca' });
      const res = (await signIn(ctx)).res;
      expect(res.statusCode).toBe(200);
      expect(await userOf(ctx, res.json().access_token)).toMatchObject({ name: 'Maria Teresa De Luca', surname: '' });
    });

    it('gives ADMIN_EMAILS the administrator role', async () => {
      await seedIfEmpty(ctx.db, ctx.config); // the permission catalogue, as at every start
      fake.account({ sub: 'u-4', email: 'capo@example.test', email_verified: true, given_name: 'Capo' });
      const res = (await signIn(ctx)).res;
      expect(res.statusCode).toBe(200);
      const permissions = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/permissions',
        headers: { authorization: `Bearer ${res.json().access_token}` },
      });
      expect(permissions.json().data).toEqual(expect.arrayContaining(['read_users', 'create_roles', 'update_roles']));
    });

    it('refuses an address already linked to another subject, saying exactly that', async () => {
      await ctx.user({ email: 'legata@example.test', oidc_subject: 'someone-else' });
      fake.account({ sub: 'u-5', email: 'legata@example.test', email_verified: true });
      const res = (await signIn(ctx)).res;
      expect(res.statusCode).toBe(422);
      expect(res.json().reason).toBe('email_taken');
    });
  });

  describe('OIDC_TRUST_EMAIL=true', () => {
    const fake = useFakeProvider();
    const ctx = percorsoFor(kind, fake, { OIDC_TRUST_EMAIL: 'true' });

    it('links a pre-created user for a provider that never sends email_verified', async () => {
      const staffMade = await ctx.user({ email: 'fidata@example.test' });
      fake.account({ sub: 't-1', email: 'fidata@example.test' });
      const res = (await signIn(ctx)).res;
      expect(res.statusCode).toBe(200);
      expect((await userOf(ctx, res.json().access_token)).id).toBe(staffMade.id);
    });
  });

  describe('SIGN_UP=invite', () => {
    const fake = useFakeProvider();
    const ctx = percorsoFor(kind, fake, { SIGN_UP: 'invite' });

    it('lets in the users staff created and refuses the others with the reason', async () => {
      await ctx.user({ email: 'invitata@example.test' });
      fake.account({ sub: 'i-1', email: 'invitata@example.test', email_verified: true });
      expect((await signIn(ctx)).res.statusCode).toBe(200);

      fake.account({ sub: 'i-2', email: 'sconosciuta@example.test', email_verified: true });
      const refused = (await signIn(ctx)).res;
      expect(refused.statusCode).toBe(422);
      expect(refused.json().reason).toBe('not_invited');
      expect(
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'sconosciuta@example.test')
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });
});

describe.each(databases)('failures a person and an operator can act on (%s)', (kind) => {
  const fake = useFakeProvider({ policyUri: 'https://provider.example.test/privacy' });
  const lines: string[] = [];
  const ctx = {} as { app: Awaited<ReturnType<typeof buildApp>> };
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-logs-'));
    const config = loadConfig({
      PORT: '3999',
      OIDC_ISSUER: fake.issuer,
      OIDC_CLIENT_ID: fake.clientId,
      OIDC_CLIENT_SECRET: fake.clientSecret,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      STORAGE_DIR: dir,
      DIST_DIR: dir,
      AUTH_RATE_LIMIT: '1000',
    });
    const db = await createDb(config.database);
    await migrateToLatest(db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx.app = await buildApp({ config, db, logger: { level: 'info', stream } });
    await ctx.app.ready();
    void kind;
  });
  afterAll(() => ctx.app?.close());

  it("a provider error leads to a refusal with the reason, and the log has the provider's words", async () => {
    fake.deny = true;
    const start = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).json() as {
      authorize_url: string;
    };
    const back = await browse(start.authorize_url, REDIRECT);
    fake.deny = false;
    expect(back.error).toBe('access_denied');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/callback', payload: back });
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('access_denied');
    expect(res.body).not.toContain('<script>');
    const warning = lines.map((l) => JSON.parse(l)).find((l) => l.provider_error === 'access_denied');
    expect(warning).toMatchObject({ level: 40, provider_error_description: 'The user said no <script>' });
  });

  it('logs every refused sign-in at warn with its reason', async () => {
    fake.account({ sub: 'l-1', email: 'unverified@example.test', email_verified: false });
    const start = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login' })).json() as {
      authorize_url: string;
    };
    const back = await browse(start.authorize_url, REDIRECT);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/callback', payload: back });
    const warning = lines.map((l) => JSON.parse(l)).find((l) => l.signInRefused === 'email_unverified');
    expect(warning?.level).toBe(40);
    expect(warning?.detail).toMatch(/email_verified/);
  });

  it('never writes a code or a token into the request log', async () => {
    await ctx.app.inject({
      method: 'GET',
      url: '/auth/callback?code=SECRET-CODE-123&state=abc&iss=x',
      headers: { accept: 'text/html' },
    });
    await ctx.app.inject({ method: 'GET', url: '/idp/whatever?id_token_hint=eyJ.secret.token&access_token=AT-999' });
    const log = lines.join('\n');
    expect(log).toContain('/auth/callback?state=abc');
    expect(log).not.toMatch(/code=|SECRET-CODE-123|eyJ\.secret|AT-999/);
  });

  it('never writes a calendar feed token into the request log, however the path is spelled', async () => {
    const token = 'FeedTokenAbcdefghijklmnopqrstuvwxyz01234567';
    for (const url of [
      `/api/calendar/${token}.ics`,
      `/api/calendar/${token}.ics?x=1`,
      `/api/calendar/${token}`,
      `/API/Calendar/${token}.ics`,
    ]) {
      await ctx.app.inject({ method: 'GET', url });
    }
    const log = lines.join('\n');
    expect(log).toContain('/api/calendar/[redacted]');
    expect(log).toContain('/api/calendar/[redacted]?x=1');
    expect(log).not.toContain(token);
  });

  it('offers no account link it does not know, and the privacy page from discovery', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      account_url: null,
      privacy_url: 'https://provider.example.test/privacy',
      provider_label: 'Single Sign-On',
    });
    expect(res.json().provider_label).not.toContain('127.0.0.1');
  });

  it('says at start-up which provider settings to complete', async () => {
    await logSignInSettings(ctx.app);
    const log = lines.join('\n');
    expect(log).toMatch(/PROVIDER_LABEL is not set/);
    expect(log).toMatch(/PROVIDER_ACCOUNT_URL is not set/);
    // The privacy page is known from discovery: nothing to say about it.
    expect(log).not.toMatch(/PROVIDER_PRIVACY_URL is not set/);
  });
});

describe.each(databases)('logout (%s)', (kind) => {
  const fake = useFakeProvider();
  const ctx = percorsoFor(kind, fake);

  it("revokes the token and hands back the provider's end-session URL with the ID token", async () => {
    fake.account({ sub: 'o-1', email: 'esce@example.test', email_verified: true });
    const token = (await signIn(ctx)).res.json().access_token as string;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().logout_url);
    expect(url.origin).toBe(fake.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });
});

describe.each(databases)('safe defaults (%s)', (kind) => {
  const fake = useFakeProvider();
  const ctx = percorsoFor(kind, fake);

  it('never writes the demo accounts next to a real provider', async () => {
    expect(await seedIfEmpty(ctx.db, ctx.config)).toBe(false);
    expect(await ctx.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('refuses the development provider on a public address unless DEV_SIGN_IN=on', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://percorso.example.org' })).toThrow(/DEV_SIGN_IN/);
    expect(loadConfig({ PUBLIC_URL: 'https://percorso.example.org', DEV_SIGN_IN: 'on' }).devSignIn).toBe(true);
    expect(() => loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' })).not.toThrow();
    expect(() =>
      loadConfig({
        OIDC_ISSUER: 'https://id.example.org',
        OIDC_CLIENT_ID: 'p',
        PUBLIC_URL: 'https://percorso.example.org',
      }),
    ).not.toThrow();
  });

  it('checks the new settings', () => {
    const base = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...base, SIGN_UP: 'maybe' })).toThrow(/SIGN_UP/);
    expect(() => loadConfig({ ...base, OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt' })).toThrow(/OIDC_CLIENT_KEY_FILE/);
    expect(() => loadConfig({ ...base, ADMIN_EMAILS: 'not-an-address' })).toThrow(/ADMIN_EMAILS/);
    const google = loadConfig({ ...base, ADMIN_EMAILS: 'A@Example.org, b@example.org' });
    expect(google).toMatchObject({
      providerLabel: 'Google',
      accountUrl: 'https://myaccount.google.com/',
      privacyUrl: null,
      adminEmails: ['a@example.org', 'b@example.org'],
    });
  });
});
