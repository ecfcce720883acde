import { Type, type Static } from 'typebox';

const OptionalUrl = Type.Union([Type.String(), Type.Null()]);

/**
 * GET /api/config: what the SPA needs at run time to sign in and to link to the provider. The
 * account and privacy pages are null when unknown: the links are then not offered.
 */
export const ClientConfig = Type.Object({
  authorize_url: Type.String(),
  client_id: Type.String(),
  redirect_uri: Type.String(),
  scope: Type.String(),
  provider_label: Type.String(),
  account_url: OptionalUrl,
  privacy_url: OptionalUrl,
  avatar_host: Type.String(),
});
export type ClientConfig = Static<typeof ClientConfig>;
