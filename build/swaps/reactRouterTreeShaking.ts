/**
 * Swap "tree-shakeable react-router" — written for react-router 7.18.6. Not a module replaced but
 * the library's own code rewritten as it is bundled.
 *
 * Replaces: in react-router's bundled chunks, each top-level `React.forwardRef(...)`,
 * `React.createContext(...)` and `React.memo(...)` call becomes `/* @__PURE__ *\/ React.forwardRef(...)`,
 * and each `X.displayName = "X";` line (a name for React's developer tools) an empty line.
 *
 * Why: react-router ships its components as top-level calls followed by a displayName assignment,
 * with no pure annotations: to a bundler both are side effects, so every component of the package
 * (forms, fetchers, framework-mode prefetching, RSC) stays in the entry whatever the app imports.
 * Marked pure, the unused ones fall away. What the app runs is unchanged (the displayName lines only
 * name components in React's developer tools, which a production build does not serve).
 * The build fails if react-router's code no longer has that shape.
 *
 * Saves: 3.5–3.6 KiB brotli of JS before first render on every route (portal and back-office),
 * measured with `npm run bench -- bundle` with and without it.
 */
import type { Plugin } from 'vite';

/** react-router's bundled code (its production and development copies). */
const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/](?:production|development)[\\/]chunk-[\w]+\.mjs$/;

export function treeShakeableReactRouter(): Plugin {
  let building = false;
  let marked = 0;
  return {
    name: 'percorso:tree-shakeable-react-router',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      marked = 0;
    },
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      const pure = code.replace(/(?<![\w$.])React\d*\.(?:forwardRef|createContext|memo)\(/g, (call) => {
        marked++;
        return `/* @__PURE__ */ ${call}`;
      });
      // Each displayName line becomes an empty line, so line numbers (and source maps) still hold.
      return { code: pure.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, ''), map: null };
    },
    buildEnd(error) {
      if (building && !error && marked === 0) {
        this.error(
          'percorso:tree-shakeable-react-router: no React.forwardRef/createContext/memo call found in react-router; update build/swaps/reactRouterTreeShaking.ts.',
        );
      }
    },
  };
}
