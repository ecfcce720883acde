import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { loadConfig } from '../../server/src/config.js';
import { feedKey } from '../../server/src/calendar/calendar-feed.js';
import { signedMediaUrl } from '../../server/src/infra/media-urls.js';

/** A fake Vite build: index.html, one hashed asset and its brotli twin. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="it"><div id="root"></div></html>');
  const js = 'console.log("percorso");'.repeat(50);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
  return dir;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values] as [string, string[]];
      }),
  );
}

describe.each(databases)('public configuration, security headers and static files (%s)', (kind) => {
  const storageDir = mkdtempSync(join(tmpdir(), 'percorso-uploads-'));
  const ctx = useTestApp(kind, {
    PUBLIC_URL: 'http://portale.example.test:3000',
    // The development provider on a non-loopback address must be asked for explicitly.
    DEV_SIGN_IN: 'on',
    DIST_DIR: fakeDist(),
    STORAGE_DIR: storageDir,
  });

  it('GET /api/config tells the SPA how to sign in with the development provider, without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      authorize_url: 'http://portale.example.test:3000/idp/auth',
      client_id: 'percorso',
      redirect_uri: 'http://portale.example.test:3000/auth/callback',
      scope: 'openid email profile',
      provider_label: 'Percorso ID',
      account_url: 'http://portale.example.test:3000/idp/account',
      privacy_url: 'http://portale.example.test:3000/idp/privacy',
      avatar_host: 'http://portale.example.test:3000',
    });
    expect(res.body).not.toContain('secret');
  });

  it('the development provider publishes its authorize endpoint where /api/config says', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const discovery = res.json();
    expect(discovery.issuer).toBe('http://portale.example.test:3000/idp');
    expect(discovery.authorization_endpoint).toBe('http://portale.example.test:3000/idp/auth');
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('sends a Content-Security-Policy that allows no inline script on every page', async () => {
    for (const url of ['/dashboard', '/idp/account']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(
        expect.arrayContaining(['https://www.youtube.com', 'https://player.vimeo.com']),
      );
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers the API with the strictest policy and none of the page-only headers', async () => {
    for (const url of ['/api/config', '/api/user', '/api/nothing-here']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      if (res.statusCode !== 404) expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('serves index.html for app routes a browser asks for, with no-cache', async () => {
    for (const url of ['/', '/dashboard', '/courses/3/modules/4/lessons', '/admin/users?page=2']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, pre-compressed when the browser accepts it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.body).toContain('console.log("percorso")');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers unknown API, provider and storage paths with a JSON 404, never the SPA', async () => {
    for (const url of ['/api/nothing-here', '/storage/missing.png', '/idp/interaction']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(api.json().message).toMatch(/non trovato/);
  });

  it('serves the media files of STORAGE_DIR and the shipped demo videos under /storage, signed, read-only', async () => {
    const signed = (path: string) => signedMediaUrl(feedKey(ctx.config), path, Date.now());
    mkdirSync(join(storageDir, 'lezioni'), { recursive: true });
    writeFileSync(join(storageDir, 'lezioni', 'intro.webm'), Buffer.from('\x1aE\xdf\xa3 not a real video'));
    expect((await ctx.app.inject({ method: 'GET', url: '/storage/lezioni/intro.webm' })).statusCode).toBe(403);
    const file = await ctx.app.inject({ method: 'GET', url: signed('/storage/lezioni/intro.webm') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    // The uploaded images' folders are served from the database only: a file dropped there is not.
    mkdirSync(join(storageDir, 'teams', 'nested'), { recursive: true });
    writeFileSync(join(storageDir, 'teams', 'logo.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    writeFileSync(join(storageDir, 'teams', 'nested', 'logo.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    for (const url of ['/storage/teams/logo.webp', '/storage/teams/nested/logo.webp']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    const video = await ctx.app.inject({
      method: 'GET',
      url: signed('/storage/videos/benvenuti.mp4'),
      headers: { range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.length).toBe(100);

    expect((await ctx.app.inject({ method: 'GET', url: '/storage/../../etc/passwd' })).statusCode).not.toBe(200);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: signed('/storage/lezioni/intro.webm'), payload: 'x' })).statusCode,
    ).toBe(404);
  });

  it("serves the provider's Italian account and privacy pages", async () => {
    const account = await ctx.app.inject({ method: 'GET', url: '/idp/account' });
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('<h1>Gestione profilo</h1>');
    const privacy = await ctx.app.inject({ method: 'GET', url: '/idp/privacy' });
    expect(privacy.body).toContain('<h1>Privacy Policy</h1>');
    for (const body of [account.body, privacy.body]) expect(body).not.toMatch(/<script/i);
    const css = await ctx.app.inject({ method: 'GET', url: '/idp/style.css' });
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });
});

describe.each(databases)('without a front-end build (%s)', (kind) => {
  const ctx = useTestApp(kind, { DIST_DIR: mkdtempSync(join(tmpdir(), 'percorso-nodist-')) });

  it('says in Italian how to build the interface instead of failing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('WORKERS with the development provider', () => {
  it('runs one process: the provider keeps its sign-in state in memory', () => {
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(1);
    // …and says so at start-up rather than ignoring the setting silently.
    expect(loadConfig({ WORKERS: '4' }).ignoredWorkers).toBe(4);
    expect(loadConfig({ WORKERS: '1' }).ignoredWorkers).toBeNull();
    expect(
      loadConfig({
        WORKERS: '4',
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'percorso',
        OIDC_CLIENT_SECRET: 's',
      }).workers,
    ).toBe(4);
  });

  it('refuses an invalid WORKERS with either provider', () => {
    expect(() => loadConfig({ WORKERS: 'abc' })).toThrow('WORKERS must be an integer between 1 and 256 (got "abc")');
    expect(() =>
      loadConfig({
        WORKERS: '0',
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'percorso',
        OIDC_CLIENT_SECRET: 's',
      }),
    ).toThrow(/WORKERS must be/);
  });
});

describe('DB_QUERY_TIMEOUT_SECONDS', () => {
  it('bounds PostgreSQL queries at 30 s unless set, and refuses a value that is not a whole number of seconds', () => {
    expect(loadConfig({}).dbQueryTimeoutSeconds).toBe(30);
    expect(loadConfig({ DB_QUERY_TIMEOUT_SECONDS: '120' }).dbQueryTimeoutSeconds).toBe(120);
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_SECONDS: '0' })).toThrow(
      'DB_QUERY_TIMEOUT_SECONDS must be an integer between 1 and 3600 (got "0")',
    );
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_SECONDS: '1.5' })).toThrow(/DB_QUERY_TIMEOUT_SECONDS must be/);
  });
});

describe.each(databases)('pages carry the public configuration (%s)', (kind) => {
  const dist = mkdtempSync(join(tmpdir(), 'percorso-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="it"><head><title>Percorso</title>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n  </head><body><div id="root"></div></body></html>',
  );
  const ctx = useTestApp(kind, {
    PUBLIC_URL: 'http://portale.example.test:3000',
    DEV_SIGN_IN: 'on',
    DIST_DIR: dist,
    // A label that would end the element if it were written into the page as it is.
    PROVIDER_LABEL: 'Accesso </script><script>alert(1)</script>',
  });
  const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const carried = (html: string) => {
    const match = /<script type="application\/json" id="percorso-config">([^<]*)<\/script>/.exec(html);
    return match ? JSON.parse(match[1]) : undefined;
  };

  it('every page, the login screen included, carries what GET /api/config answers', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json();
    for (const url of ['/', '/dashboard', '/percorso/3', '/admin/teams', '/auth/callback']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(carried(res.body), url).toEqual(config);
    }
  });

  it('writes no value that could close the element or start a script', async () => {
    const res = await page('/');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(res.body).not.toContain('<script>alert');
    expect(carried(res.body).provider_label).toBe('Accesso </script><script>alert(1)</script>');
  });
});
