import type { Config } from '../../config.js';
import type { OidcClient } from '../../auth/oidc-client.js';
import { SIGN_IN_SCOPE } from '../../auth/scope.js';
import type { ClientConfig } from './schemas.js';

/** How old the copy pages carry may grow before a page request refreshes it (in the background). */
const REFRESH_AFTER_MS = 60_000;

export interface ClientConfigSource {
  /** What GET /api/config answers: asks the provider's discovery (which the client caches). Throws when the provider cannot be reached. */
  load(): Promise<ClientConfig>;
  /**
   * The last answer load() gave, without waiting: what the app's HTML carries so that a page has
   * it before its first render. Undefined until the provider has answered once; a copy older
   * than a minute is refreshed in the background for the next page.
   */
  latest(): ClientConfig | undefined;
}

/** The SPA's public configuration (sign-in endpoint, provider name and pages, avatar host): the same for everyone. */
export function clientConfigSource(config: Config, oidc: OidcClient, now: () => number = Date.now): ClientConfigSource {
  let last: { value: ClientConfig; at: number } | undefined;
  let refreshing = false;

  async function load(): Promise<ClientConfig> {
    const authorizeUrl = await oidc.authorizationEndpoint();
    const policyUri = config.privacyUrl ? null : await oidc.policyUri();
    const value: ClientConfig = {
      authorize_url: authorizeUrl,
      client_id: config.oidc.clientId,
      redirect_uri: oidc.redirectUri,
      scope: SIGN_IN_SCOPE,
      provider_label: config.providerLabel,
      account_url: config.accountUrl,
      privacy_url: config.privacyUrl ?? policyUri,
      avatar_host: config.avatarHost,
    };
    last = { value, at: now() };
    return value;
  }

  return {
    load,
    latest() {
      if ((!last || now() - last.at > REFRESH_AFTER_MS) && !refreshing) {
        refreshing = true;
        load()
          .catch(() => undefined)
          .finally(() => {
            refreshing = false;
          });
      }
      return last?.value;
    },
  };
}
