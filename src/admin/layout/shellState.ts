import { createContext, useContext, useEffect } from 'react';

/** Called once react-admin's layout has mounted: the back-office's shell (AdminShell) then gives way to it. */
export const ShellDoneContext = createContext<() => void>(() => undefined);

/** Rendered inside the back-office's layout: tells AdminEntry that the layout is on screen. */
export function useShellDone(): void {
  const done = useContext(ShellDoneContext);
  useEffect(done, [done]);
}
