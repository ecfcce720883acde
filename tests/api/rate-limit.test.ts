import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { windowCounter } from '../../server/src/infra/rate-limits/shared.js';

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
