import { useSyncExternalStore } from 'react';
import { getToken, removeToken, setToken } from '../dataProvider/session';

/**
 * "Is there a session?" (a stored token) as a store React can subscribe to. The back-office
 * renders only while this is true (AdminRoute in src/App.tsx): when the authProvider ends the
 * session — logout, or a 401 from the server — the back-office unmounts in that same synchronous
 * render, rather than when the navigation to / is committed. Router navigations are React
 * transitions, and a back-office left mounted after the session ended would log out on every
 * react-admin refresh: react-admin's logout clears the query cache, its session check runs again
 * and fails, it logs out again, and so on until the transition finally commits.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function hasSession(): boolean {
  return !!getToken();
}

/** Whether the last session of this page ended by the person's own sign-out (not a 401 or an expiry). */
let endedBySignOut = false;
/** Whether the last session of this page was ended by the server (expired, revoked): the login screen says so. */
let endedByServer = false;

export function sessionEndedBySignOut(): boolean {
  return endedBySignOut;
}

export function sessionExpired(): boolean {
  return endedByServer;
}

export function startSession(token: string): void {
  endedBySignOut = false;
  endedByServer = false;
  setToken(token);
  notify();
}

/** `signedOut`: the person signed out (see src/authProvider/returnPath.ts); otherwise the server ended the session. */
export function endSession({ signedOut = false }: { signedOut?: boolean } = {}): void {
  // Only the call that ends a live session says how it ended: react-admin follows a refused
  // request with a logout of its own, which must not turn "expired" into "signed out".
  if (hasSession()) {
    endedBySignOut = signedOut;
    endedByServer = !signedOut;
  }
  removeToken();
  notify();
}

/** Also follows other tabs: signing out in one ends the back-office in all. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** True while a token is stored; the render that follows its removal is synchronous. */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribeToSession, hasSession);
}
