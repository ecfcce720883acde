/**
 * How the portal's pages reach the API: the app's dataProvider, with a refused session ending the
 * session (a 401 anywhere, a 401/403 on the current user: see authProvider.checkError); their reads
 * go through the app's query cache (src/queryClient.ts). The portal's layout does not import it: a
 * page without reads (the accessibility report form) loads it only when it sends.
 */
import { dataProvider, type AppDataProvider } from '../dataProvider';
import { checkSession } from '../queryClient';

/** The dataProvider for the portal's writes and custom calls: failures pass through checkSession first. */
export const portalDataProvider = new Proxy(dataProvider, {
  get(target, name, receiver) {
    const value = Reflect.get(target, name, receiver) as unknown;
    if (typeof value !== 'function') return value;
    return (...args: unknown[]) =>
      (value as (...params: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
        checkSession(error);
        throw error;
      });
  },
}) as AppDataProvider;
