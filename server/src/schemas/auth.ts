import { Type, type Static } from 'typebox';

/** POST /api/auth/callback: the authorization code the provider sent to /auth/callback. */
export const AuthCallbackBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 4096 }),
  code_verifier: Type.Optional(Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type AuthCallbackBody = Static<typeof AuthCallbackBody>;

export const AuthCallbackResponse = Type.Object({ access_token: Type.String() });
export type AuthCallbackResponse = Static<typeof AuthCallbackResponse>;
