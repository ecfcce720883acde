import { describe, expect, it } from 'vitest';
import type { OidcClient } from '../../server/src/auth/oidc-client.js';
import { clientConfigSource } from '../../server/src/modules/config/presenter.js';
import { loadConfig } from '../../server/src/config.js';

const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: 'sqlite::memory:' });

/** A provider whose authorize endpoint the test sets, or makes unreachable. */
function provider() {
  const state = { endpoint: 'https://id.example.test/auth' as string | null, calls: 0 };
  const oidc = {
    redirectUri: 'http://localhost:3000/auth/callback',
    async authorizationEndpoint() {
      state.calls++;
      if (!state.endpoint) throw new Error('unreachable');
      return state.endpoint;
    },
    async policyUri() {
      return null;
    },
  } as unknown as OidcClient;
  return { state, oidc };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the public configuration pages carry', () => {
  it('is there once the provider has answered, and asked for in the background until then', async () => {
    const { state, oidc } = provider();
    const source = clientConfigSource(config, oidc);
    expect(source.latest()).toBeUndefined();
    await settle();
    expect(source.latest()?.authorize_url).toBe('https://id.example.test/auth');
    expect(state.calls).toBe(1);
  });

  it('is refreshed in the background once a minute old, and kept while the provider does not answer', async () => {
    const { state, oidc } = provider();
    let now = 0;
    const source = clientConfigSource(config, oidc, () => now);
    await source.load();
    now = 30_000;
    expect(source.latest()?.authorize_url).toBe('https://id.example.test/auth');
    expect(state.calls).toBe(1);
    state.endpoint = 'https://id.example.test/authorize';
    now = 61_000;
    expect(source.latest()?.authorize_url).toBe('https://id.example.test/auth');
    await settle();
    expect(source.latest()?.authorize_url).toBe('https://id.example.test/authorize');
    state.endpoint = null;
    now = 200_000;
    source.latest();
    await settle();
    expect(source.latest()?.authorize_url).toBe('https://id.example.test/authorize');
    await expect(source.load()).rejects.toThrow('unreachable');
  });
});
