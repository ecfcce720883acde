import { Type, type Static } from 'typebox';

/** GET /api/config: what the SPA needs at run time to sign in and to link to the provider. */
export const ClientConfig = Type.Object({
  authorize_url: Type.String(),
  client_id: Type.String(),
  redirect_uri: Type.String(),
  scope: Type.String(),
  provider_label: Type.String(),
  account_url: Type.String(),
  privacy_url: Type.String(),
  avatar_host: Type.String(),
});
export type ClientConfig = Static<typeof ClientConfig>;
