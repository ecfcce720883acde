import { Type, type Static } from 'typebox';

/** What the browser's error reporter saw (src/errorReports.ts). */
export const CLIENT_ERROR_KINDS = ['error', 'rejection', 'chunk', 'render'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const MESSAGE_MAX = 1000;
export const PAGE_MAX = 500;
export const RELEASE_MAX = 100;
/** A longer stack is cut here (its first lines say where the error came from). */
export const STACK_MAX = 4000;

/**
 * One error a page met (POST /api/client-errors): the error's message and stack, the page's path
 * (without its query string or fragment, which may carry a sign-in code) and the front end's
 * release.
 */
export const ClientErrorBody = Type.Object({
  kind: Type.Union(CLIENT_ERROR_KINDS.map((kind) => Type.Literal(kind))),
  message: Type.String({ minLength: 1, maxLength: MESSAGE_MAX }),
  stack: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  page: Type.String({ minLength: 1, maxLength: PAGE_MAX, pattern: '^/[^\\s?#]*$' }),
  release: Type.String({ minLength: 1, maxLength: RELEASE_MAX, pattern: '^[\\w.+-]+$' }),
});
export type ClientErrorBody = Static<typeof ClientErrorBody>;
