import { Type, type Static } from 'typebox';
import type { RefusalReason } from '../../auth/identity.js';

/**
 * POST /api/auth/callback: what the provider sent to /auth/callback, passed on by the SPA: the
 * authorization code with its `state` (and `iss` when the provider sends it), or the provider's
 * `error`. `code_verifier` and `redirect_uri` are accepted from older clients; the server keeps
 * its own verifier.
 */
export const AuthCallbackBody = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 1024 })),
  iss: Type.Optional(Type.String({ maxLength: 2048 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
  code_verifier: Type.Optional(Type.String({ maxLength: 128 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type AuthCallbackBody = Static<typeof AuthCallbackBody>;

export const AuthCallbackResponse = Type.Object({ access_token: Type.String() });
export type AuthCallbackResponse = Static<typeof AuthCallbackResponse>;

/** POST /api/auth/login: where the browser goes to sign in, and the state it must see come back. */
export const AuthLoginResponse = Type.Object({ authorize_url: Type.String(), state: Type.String() });
export type AuthLoginResponse = Static<typeof AuthLoginResponse>;

/** POST /api/auth/logout: the provider's end-session URL to visit next, when there is one. */
export const AuthLogoutResponse = Type.Object({ logout_url: Type.Union([Type.String(), Type.Null()]) });
export type AuthLogoutResponse = Static<typeof AuthLogoutResponse>;

/**
 * Why a sign-in was refused: the `reason` of the callback's 422 or 503 answer, which the portal's
 * callback screen puts in words (one line for each).
 */
export type SignInRefusalReason =
  | RefusalReason
  | 'access_denied'
  | 'expired'
  | 'provider_error'
  | 'code_refused'
  | 'provider_unavailable'
  | 'client_rejected';
