import { Type, type Static } from 'typebox';
import { Data, NoContent, responses } from '../../http/schemas.js';

/** One of my active sign-ins (an unexpired access token), as "Accessi attivi" lists it. */
export const SignIn = Type.Object({
  /** Opaque: neither the token nor its hash. */
  id: Type.String(),
  created_at: Type.String(),
  /** Null when the token was never used after the sign-in (kept to the minute). */
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  /** The browser and system that signed in, e.g. "Chrome su Linux". */
  browser: Type.String(),
  /** The sign-in of the request asking. */
  current: Type.Boolean(),
});
export type SignIn = Static<typeof SignIn>;

export const SignInParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const SignInsResponses = {
  list: responses({ 200: Data(Type.Array(SignIn)) }),
  end: responses({ 204: NoContent }),
};
