import type { Plugin } from 'vite';

/**
 * One module of a dependency replaced by another when a given file imports it (the swaps are in
 * build/swaps/, one file each). `target` is a path, or a virtual id whose source is `code`.
 */
export interface ModuleSwap {
  name: string;
  matches(source: string, importer: string): boolean;
  target: string;
  code?: string;
}

/**
 * Applies the swaps, and fails the build when one of them never matched: a dependency upgrade that
 * renames or moves the swapped module must not silently put the original back (or, worse, leave the
 * app with a swap that no longer fits the code around it).
 * Every swap only makes the bundle smaller, so they apply to `vite build` alone: the development
 * server serves the dependencies as published, pre-bundled (a swapped-in file under node_modules
 * would skip that pre-bundling, and its CommonJS imports would fail to load in the browser).
 */
export function moduleSwaps(swaps: ModuleSwap[]): Plugin {
  const seen = new Set<string>();
  let building = false;
  return {
    name: 'percorso:module-swaps',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      seen.clear();
    },
    resolveId(source, importer) {
      if (!importer) return null;
      const swap = swaps.find((candidate) => candidate.matches(source, importer));
      if (!swap) return null;
      seen.add(swap.name);
      return swap.target;
    },
    load(id) {
      return swaps.find((swap) => swap.code !== undefined && swap.target === id)?.code ?? null;
    },
    buildEnd(error) {
      if (!building || error) return;
      const unused = swaps.filter((swap) => !seen.has(swap.name)).map((swap) => swap.name);
      if (unused.length) {
        this.error(
          `percorso:module-swaps: ${unused.join(', ')} matched no import. A dependency changed its files: update or remove the swap in build/swaps/.`,
        );
      }
    },
  };
}
