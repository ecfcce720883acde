import { startTransition, useCallback, useEffect, useState, type ComponentType } from 'react';
import { probeIdentity } from '../routing/sessionProbe';
import { AdminShell } from './layout/AdminShell';
import { ShellDoneContext } from './layout/shellState';
import { reloadableImport } from '../components/reloadableImport';

/*
 * The back-office behind one more dynamic import: the list of files AdminApp needs (which the
 * bundler writes next to the import that loads it) then lives in this small chunk, not in the
 * entry every visitor downloads. src/startPage.ts starts this chunk early for a page under /admin,
 * and the server names AdminApp's files in the page, so they download meanwhile.
 */
export const loadAdminApp = reloadableImport(() => import('./AdminApp'));
// Who is signed in (GET /api/user, for the bar's user menu and the dashboard's greeting) is asked
// while AdminApp downloads; AdminApp's query cache takes the answer (seedProbedIdentity).
probeIdentity()?.catch(() => undefined);

/**
 * Runs `task` once the browser has painted what was just committed: running react-admin's code
 * (a few hundred milliseconds on a phone) straight away would hold that paint back until it was
 * done. A hidden page paints no frame, so there it runs at once. Returns the cleanup.
 */
function afterNextPaint(task: () => void): () => void {
  if (document.visibilityState === 'hidden') {
    task();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(task, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The back-office's shell (AdminShell), painted at once, and react-admin, loaded after that paint
 * and rendered under the shell, which stays on top, the same elements all along, until the
 * layout has mounted (useShellDone). Not React.lazy under Suspense: a fallback revealed right after
 * the app's own loader is held back by React for up to half a second, and react-admin's session
 * check and layout would each have replaced the shell with a copy of it (or with nothing, for a
 * frame). The back-office's first render is a transition, which React splits into short slices.
 */
export default function AdminEntry() {
  const [AdminApp, setAdminApp] = useState<ComponentType | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [shown, setShown] = useState(false);
  const shellDone = useCallback(() => setShown(true), []);
  useEffect(() => {
    let active = true;
    const stop = afterNextPaint(() => {
      loadAdminApp().then(
        ({ default: loaded }) => active && startTransition(() => setAdminApp(() => loaded)),
        (error: unknown) => active && setFailure(error),
      );
    });
    return () => {
      active = false;
      stop();
    };
  }, []);
  // A chunk that fails to load reaches the app's error boundary, as a lazy component's would.
  if (failure) throw failure;
  return (
    <>
      {AdminApp && (
        <ShellDoneContext.Provider value={shellDone}>
          <AdminApp />
        </ShellDoneContext.Provider>
      )}
      {!shown && <AdminShell />}
    </>
  );
}
