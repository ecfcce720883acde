import { describe, expect, it } from 'vitest';
import { hashToken, issueToken } from '../../server/src/auth/tokens.js';
import { TOKEN_USE_RESOLUTION_MS } from '../../server/src/auth/token-uses.js';
import { AUTH_TABLES } from '../../server/src/auth/auth-cache.js';
import { runtimeOf } from '../../server/src/db/index.js';
import { describeBrowser } from '../../server/src/modules/user-tokens/presenter.js';
import { databases, useTestApp, type TestContext } from './helpers.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  created_at: string;
  last_used_at: string | null;
  browser: string;
  current: boolean;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

/** Another sign-in of the same user, from another browser. */
async function signInAgain(ctx: TestContext, userId: number, userAgent: string | null): Promise<string> {
  return issueToken(ctx.db, userId, 3600, new Date(ctx.app.now()), null, userAgent);
}

async function list(ctx: TestContext, token: string): Promise<Listed[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user/tokens', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as Listed[];
}

const me = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }).then((res) => res.statusCode);

describe.each(databases)('"Accessi attivi": my sign-ins (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('lists only my unexpired sign-ins, marks the current one, and never shows a token or its hash', async () => {
    const user = await ctx.user();
    const laptop = await signInAgain(ctx, user.id, CHROME_LINUX);
    const phone = await signInAgain(ctx, user.id, SAFARI_IPHONE);
    const expired = await issueToken(ctx.db, user.id, 60, new Date(ctx.app.now() - 3600_000), null, CHROME_LINUX);
    const stranger = await ctx.user();

    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/tokens', headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as Listed[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.find((s) => s.current)?.browser).toBe('Chrome su Linux');
    expect(listed.map((s) => s.browser).sort()).toEqual(['Browser sconosciuto', 'Chrome su Linux', 'Safari su iOS']);
    for (const item of listed) {
      expect(Object.keys(item).sort()).toEqual(['browser', 'created_at', 'current', 'id', 'last_used_at']);
      expect(Date.parse(item.created_at)).not.toBeNaN();
    }
    for (const secret of [laptop, phone, expired, user.token, stranger.token]) {
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(hashToken(secret));
    }
    const rows = await ctx.db.selectFrom('access_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    for (const row of rows) expect(listed.map((s) => s.id)).not.toContain(row.token_hash);

    // Asked with another of my tokens, the other one is current.
    const fromPhone = await list(ctx, phone);
    expect(fromPhone.find((s) => s.current)?.browser).toBe('Safari su iOS');
    expect(fromPhone.map((s) => s.id).sort()).toEqual(listed.map((s) => s.id).sort());
  });

  it('ends one of my sign-ins: that token is refused at its very next request, the others go on', async () => {
    const user = await ctx.user();
    const other = await signInAgain(ctx, user.id, SAFARI_IPHONE);
    // Both are known to the auth cache already.
    expect(await me(ctx, user.token)).toBe(200);
    expect(await me(ctx, other)).toBe(200);
    const target = (await list(ctx, user.token)).find((s) => !s.current)!;

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${target.id}`,
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(204);
    expect(await me(ctx, other)).toBe(401);
    expect(await me(ctx, user.token)).toBe(200);
    expect((await list(ctx, user.token)).map((s) => s.id)).not.toContain(target.id);
    // Ending it again: it is gone.
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${target.id}`,
      headers: bearer(user.token),
    });
    expect(again.statusCode).toBe(404);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'changes'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toEqual([{ action: 'sign_out', actor_id: user.id, changes: JSON.stringify({ sign_ins: [1, 0] }) }]);
  });

  it("answers 404 for another person's sign-in, which goes on working", async () => {
    const owner = await ctx.user();
    const intruder = await ctx.user();
    const [theirs] = await list(ctx, owner.token);
    for (const id of [theirs.id, 'no-such-sign-in']) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/user/tokens/${id}`, headers: intruder.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Accesso non trovato.');
    }
    expect(await me(ctx, owner.token)).toBe(200);
    expect(await me(ctx, intruder.token)).toBe(200);
    expect(await list(ctx, intruder.token)).toHaveLength(1);
  });

  it('ends every sign-in of mine, the current one included, and nobody else’s', async () => {
    const user = await ctx.user();
    const others = [await signInAgain(ctx, user.id, CHROME_LINUX), await signInAgain(ctx, user.id, null)];
    const bystander = await ctx.user();
    for (const token of [user.token, ...others]) expect(await me(ctx, token)).toBe(200);

    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/user/tokens', headers: bearer(user.token) });
    expect(res.statusCode).toBe(204);
    for (const token of [user.token, ...others]) expect(await me(ctx, token)).toBe(401);
    expect(await me(ctx, bystander.token)).toBe(200);
    const left = await ctx.db.selectFrom('access_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('needs a token', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await ctx.app.inject({ method, url: '/api/user/tokens' })).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/user/tokens/abc' })).statusCode).toBe(401);
  });

  it('keeps when a sign-in was last used, writing it at most once a minute', async () => {
    const user = await ctx.user();
    const realNow = ctx.app.now;
    const start = realNow();
    try {
      ctx.app.now = () => start;
      const [first] = await list(ctx, user.token);
      expect(first.last_used_at).toBe(new Date(start).toISOString());

      // Within the minute: no new write, whatever the requests.
      ctx.app.now = () => start + TOKEN_USE_RESOLUTION_MS - 1000;
      expect(await me(ctx, user.token)).toBe(200);
      const [within] = await list(ctx, user.token);
      expect(within.last_used_at).toBe(new Date(start).toISOString());

      ctx.app.now = () => start + TOKEN_USE_RESOLUTION_MS + 1000;
      const [after] = await list(ctx, user.token);
      expect(after.last_used_at).toBe(new Date(start + TOKEN_USE_RESOLUTION_MS + 1000).toISOString());
    } finally {
      ctx.app.now = realNow;
    }
  });

  it('records a use without emptying the auth cache (no write to the tables it follows)', async () => {
    const user = await ctx.user();
    const writes = runtimeOf(ctx.db)!.writes;
    const before = writes.versionOf(AUTH_TABLES);
    // A first use: written to access_token_uses.
    expect(await me(ctx, user.token)).toBe(200);
    const use = await ctx.db
      .selectFrom('access_token_uses')
      .innerJoin('access_tokens', 'access_tokens.id', 'access_token_uses.token_id')
      .select('access_token_uses.last_used_at')
      .where('access_tokens.token_hash', '=', hashToken(user.token))
      .executeTakeFirst();
    expect(use?.last_used_at).toBeTruthy();
    expect(writes.versionOf(AUTH_TABLES)).toBe(before);
  });
});

describe('the browser of a sign-in, from its User-Agent', () => {
  it.each([
    [CHROME_LINUX, 'Chrome su Linux'],
    [SAFARI_IPHONE, 'Safari su iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge su Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox su macOS'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome su Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome su Linux',
    ],
    ['curl/8.5.0', 'Browser sconosciuto'],
    [null, 'Browser sconosciuto'],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected);
  });
});
