/**
 * The part of the data provider the entry needs — the stored token, the session's calls, and the
 * requests a page opened directly sends before its code has loaded — as a second entry point: the index brings the REST provider along, which loads with the first
 * signed-in page (its own index import) rather than with the entry.
 */
export { sessionApi } from './sessionApi';
export { getToken, setToken, removeToken } from './token';
export { requestEarly, type ApiError } from './http';
/** The list query string, for the URLs a page asks early (src/portal/reads.ts). */
export { toListQuery } from './listQuery';
