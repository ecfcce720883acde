/**
 * The part of the data provider the sign-in screen needs — the stored token and the session's calls
 * — as a second entry point: the index brings the REST provider along, which loads with the first
 * signed-in page (its own index import) rather than with the entry.
 */
export { sessionApi } from './sessionApi';
export { getToken, setToken, removeToken } from './token';
export type { ApiError } from './http';
