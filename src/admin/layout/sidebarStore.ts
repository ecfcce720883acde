/** The name react-admin's store keeps the back-office's preferences under (src/providers.ts). */
export const STORE_APP_KEY = 'percorso';

/**
 * Whether the back-office's menu was left open (react-admin's `sidebar.open`), read straight from
 * localStorage where its store keeps it (`RaStore<app key>.<key>`, JSON), for the shell drawn
 * before react-admin loads; undefined when it was never set.
 */
export function storedSidebarOpen(): boolean | undefined {
  try {
    const stored = localStorage.getItem(`RaStore${STORE_APP_KEY}.sidebar.open`);
    return stored === null ? undefined : JSON.parse(stored) === true;
  } catch {
    return undefined;
  }
}
