import { reportError } from '../errorReports';

/**
 * The address of the module a failed dynamic import names, without its fragment: Chromium says
 * "Failed to fetch dynamically imported module: <address>", Firefox "error loading dynamically
 * imported module: <address>". Undefined when the message names none (Safari).
 */
export function failedModuleAddress(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return /dynamically imported module: (\S+)/.exec(error.message)?.[1].replace(/#.*$/, '');
}

/** Marks a failure a reloadableImport has taken note of: one wrapping another leaves it to that one. */
const NOTED = Symbol('noted');

/**
 * `load` (a dynamic import of one module, resolving to that module itself), which can be asked
 * again after its download failed. Some browsers keep a failed import failed for the life of the
 * page, without asking the server again. After a failure, the module is asked for under a new
 * address: the same file with a fragment (`#retry-1`, `#retry-2`…), which the browser counts as
 * another module but downloads from the same URL. The modules it imports keep their own addresses,
 * so nothing is loaded twice.
 */
export function reloadableImport<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let address: string | undefined;
  let attempt = 0;
  return () =>
    (address ? (import(/* @vite-ignore */ `${address}#retry-${++attempt}`) as Promise<Module>) : load()).catch(
      (error: { [NOTED]?: true }) => {
        if (!error?.[NOTED]) {
          address = failedModuleAddress(error) ?? address;
          reportError('chunk', error);
        }
        if (error instanceof Object) error[NOTED] = true;
        throw error;
      },
    );
}
