import { sessionEndedBySignOut, sessionExpired } from './session';

/**
 * Where a visitor was going when the login screen interrupted them: a page opened without a
 * session (a link in an e-mail or a calendar event), or a session that ended under them. The
 * redirect to / carries it in the navigation state, in react-admin's shape (so its own session
 * check does the same), the login keeps it through the provider, and the callback goes there
 * rather than to the dashboard. A person who signs out on purpose starts again from the dashboard.
 */
export interface ReturnState {
  nextPathname?: string;
  nextSearch?: string;
  /** The server ended the session (expired, revoked): the login screen says why it is shown. */
  expired?: boolean;
}

/** The last state returnStateFor made in this page, see loginReturnState. */
let remembered: ReturnState | undefined;

/** The navigation state for the redirect to the login screen from `location`. */
export function returnStateFor(location: { pathname: string; search: string }): ReturnState | undefined {
  remembered = sessionEndedBySignOut()
    ? undefined
    : { nextPathname: location.pathname, nextSearch: location.search, ...(sessionExpired() && { expired: true }) };
  return remembered;
}

/**
 * What the login screen works from: its navigation state when that names a page to return to,
 * else the last one made in this page (react-admin's own redirect to / after a refused request
 * comes second, with a state of its own that names / itself).
 */
export function loginReturnState(state: unknown): ReturnState | undefined {
  if (!returnPathFrom(state)) return remembered;
  // react-admin's state names the page but cannot know how the session ended.
  return { ...(state as ReturnState), ...(sessionExpired() && { expired: true }) };
}

/** Whether the login screen was reached because the server ended the session. */
export function sessionExpiredIn(state: unknown): boolean {
  return (state as ReturnState | null)?.expired === true;
}

/** The return path in a navigation state, or null when there is none worth returning to. */
export function returnPathFrom(state: unknown): string | null {
  const { nextPathname, nextSearch } = (state ?? {}) as ReturnState;
  if (typeof nextPathname !== 'string') return null;
  return safeReturnPath(nextPathname + (typeof nextSearch === 'string' ? nextSearch : ''));
}

/**
 * A path of this site other than the sign-in's own screens, else null: never another origin
 * (`//host`, `/\host`), never the login screen or the callback.
 */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || /^\/[/\\]/.test(path)) return null;
  const pathname = path.split(/[?#]/, 1)[0];
  if (pathname === '/' || pathname === '/auth' || pathname.startsWith('/auth/')) return null;
  return path;
}
