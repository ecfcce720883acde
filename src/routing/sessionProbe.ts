import { useEffect, useState } from 'react';
import { authProvider, type AppIdentity } from '../authProvider';
import { getToken } from '../dataProvider/session';

/**
 * "Who does the stored token belong to?" without react-admin's context (which only the
 * authenticated pages load): authProvider.getIdentity() — GET /api/user — asked at most once per
 * stored token and page load. The login screen asks it to decide whether to go to the dashboard;
 * a portal page opened directly asks it while its code is still downloading (main.tsx). The
 * answer, or the request in flight, then seeds the portal's cache (src/portal/portalData.ts), so
 * the page does not ask again.
 */
interface Probe {
  token: string;
  identity: Promise<AppIdentity>;
  settled?: { identity: AppIdentity; at: number };
}

let probe: Probe | null = null;

export function probeIdentity(): Promise<AppIdentity> | null {
  const token = getToken();
  if (!token) return null;
  if (probe?.token !== token) {
    const current: Probe = {
      token,
      identity: (authProvider.getIdentity!() as Promise<AppIdentity>).then(
        (identity) => {
          current.settled = { identity, at: Date.now() };
          return identity;
        },
        (error: unknown) => {
          if (probe === current) probe = null;
          throw error;
        },
      ),
    };
    probe = current;
  }
  return probe.identity;
}

/** The probe for the token still stored, if one was started: its answer once it has come. */
export function currentProbe():
  { identity: Promise<AppIdentity>; settled?: { identity: AppIdentity; at: number } } | undefined {
  const token = getToken();
  return token && probe?.token === token ? probe : undefined;
}

export interface ProbedSession {
  /** The current-user call has not answered yet. */
  loading: boolean;
  /** The current-user call answered with a user id. */
  loggedIn: boolean;
}

export function useSessionProbe(): ProbedSession {
  const [session, setSession] = useState<ProbedSession>(() => ({ loading: !!getToken(), loggedIn: false }));
  useEffect(() => {
    const identity = probeIdentity();
    if (!identity) {
      setSession({ loading: false, loggedIn: false });
      return;
    }
    let active = true;
    identity.then(
      (answer) => active && setSession({ loading: false, loggedIn: !!answer?.id }),
      () => active && setSession({ loading: false, loggedIn: false }),
    );
    return () => {
      active = false;
    };
  }, []);
  return session;
}
