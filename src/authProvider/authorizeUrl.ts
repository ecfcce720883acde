import type { PublicConfig } from '../../server/src/schemas/contract';

export const OAUTH_SCOPE = 'openid email profile';

/** The provider's authorize endpoint with the authorization-code + PKCE parameters. */
export function buildAuthorizeUrl(
  config: Pick<PublicConfig, 'authorize_url' | 'client_id' | 'redirect_uri' | 'scope'>,
  { state, challenge }: { state: string; challenge: string },
): string {
  const url = new URL(config.authorize_url, window.location.origin);
  url.searchParams.set('client_id', config.client_id);
  url.searchParams.set('redirect_uri', config.redirect_uri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('scope', config.scope || OAUTH_SCOPE);
  return url.toString();
}
