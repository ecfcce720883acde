import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { windowCounter } from '../../server/src/infra/rate-limits/shared.js';
import { rateLimitAddress } from '../../server/src/infra/rate-limits/address.js';

/** The API as a whole is rate-limited per signed-in user and per client address: 429 with Retry-After. */
describe.each(databases)('API rate limits (%s)', (kind) => {
  const ctx = useTestApp(kind, { API_RATE_LIMIT_PER_USER: '5', API_RATE_LIMIT_PER_ADDRESS: '12' });

  it('limits each user, then each address, with an Italian message and Retry-After', async () => {
    const first = await ctx.user();
    const second = await ctx.user();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: first.headers })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const limited = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: first.headers });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe('Troppe richieste: riprova tra qualche istante.');

    // Another user from the same address still gets through, until the address itself is over its limit.
    const other: number[] = [];
    for (let i = 0; i < 6; i++)
      other.push((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: second.headers })).statusCode);
    expect(other.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(other.at(-1)).toBe(429);

    // Anonymous requests count against the address too.
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(anonymous.statusCode).toBe(429);
    expect(anonymous.headers['retry-after']).toBeDefined();
    expect(Number(anonymous.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts requests with a wrong token against the address, before the token is checked', async () => {
    const remoteAddress = '192.0.2.7';
    const wrong = { authorization: 'Bearer not-a-token' };
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push(
        (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: wrong, remoteAddress })).statusCode,
      );
    expect(statuses).toEqual([...Array(12).fill(401), 429]);
    // The address is over its limit whoever asks from it; another address is not.
    const user = await ctx.user();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: user.headers, remoteAddress })).statusCode,
    ).toBe(429);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: user.headers, remoteAddress: '192.0.2.8' }))
        .statusCode,
    ).toBe(200);
  });
});

describe.each(databases)('API rate limits by network (%s)', (kind) => {
  const ctx = useTestApp(kind, { API_RATE_LIMIT_PER_ADDRESS: '4' });

  it('counts an IPv6 client by its /64, however it rotates the rest of the address; IPv4 per address', async () => {
    const from = (remoteAddress: string) => ctx.app.inject({ method: 'GET', url: '/api/config', remoteAddress });
    const rotated = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:abcd::9', '2001:0db8:0001:0002:ffff:1:2:3'];
    expect((await Promise.all(rotated.map(from))).map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const over = await from('2001:db8:1:2:dead:beef:0:1');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Troppe richieste: riprova tra qualche istante.');
    // The next /64 is another client, and so is the next IPv4 address.
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await from('198.51.100.1')).statusCode).toBe(200);
    expect((await from('198.51.100.1')).statusCode).toBe(429);
    expect((await from('198.51.100.2')).statusCode).toBe(200);
    // An IPv4 address a dual-stack socket reports as IPv6 counts as that IPv4 address.
    expect((await from('::ffff:198.51.100.1')).statusCode).toBe(429);
  });
});

describe.each(databases)('sign-in exchange limit by network (%s)', (kind) => {
  const ctx = useTestApp(kind, { AUTH_RATE_LIMIT: '3' });

  it("limits the sign-in exchange's attempts by /64 too", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/callback',
        payload: { code: 'x', state: 'y' },
        remoteAddress: `2001:db8:9:9::${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address, reduces IPv6 to its /64 and unwraps IPv4-mapped addresses', () => {
    expect(rateLimitAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('2001:DB8:0:0:1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitAddress('::ffff:c000:201')).toBe('192.0.2.1');
    expect(rateLimitAddress('2001:db8:1:2:3:4:192.0.2.1')).toBe('2001:db8:1:2::/64');
  });
});

describe("windowCounter (the API limits of a single process, the cluster primary's)", () => {
  it('counts the hits of a key in a window that starts at its first hit, then starts a new one', () => {
    let now = 1_000;
    const counter = windowCounter(() => now);
    expect(counter.hit('a', 60_000)).toEqual({ hits: 1, msLeft: 60_000 });
    now += 59_000;
    expect(counter.hit('a', 60_000)).toEqual({ hits: 2, msLeft: 1_000 });
    expect(counter.hit('b', 60_000)).toEqual({ hits: 1, msLeft: 60_000 });
    now += 1_000;
    expect(counter.hit('a', 60_000)).toEqual({ hits: 1, msLeft: 60_000 });
  });
});

describe.each(databases)('development provider login form (%s)', (kind) => {
  const ctx = useTestApp(kind, { AUTH_RATE_LIMIT: '2' });

  it('limits password attempts per address with a page that says why', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/idp/interaction/unknown/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'login=membro%40example.com&password=sbagliata',
      });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Troppi tentativi di accesso');
  });
});
