import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups, HTML_ENTRY, REACT_DOM_CLIENT, RENDER_APP } from './build/chunks';
import { precompress } from './build/precompress';
import { swapPlugins } from './build/swaps';
import { currentRelease } from './server/src/infra/release';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const proxy = { '/api': API_TARGET, '/idp': API_TARGET, '/storage': API_TARGET };
const chunking = chunkGroups();

/**
 * The SPA. The back-office (react-admin), the player, the cropper and the spreadsheet code are
 * reached only through dynamic import(), so the login and portal pages never download them.
 * What the build does beyond Vite's defaults lives in build/: the swaps of library internals
 * (build/swaps/, one file each, with what each saves), the chunks (build/chunks.ts) and the
 * precompressed copies the server sends (build/precompress.ts).
 */
export default defineConfig({
  plugins: [...swapPlugins(), react(), chunking.plugin, precompress()],
  // The release the browsers' error reports name (src/errorReports.ts; PERCORSO_RELEASE, else version+commit).
  define: { __PERCORSO_RELEASE__: JSON.stringify(currentRelease()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Every browser Vite's default target covers supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The two modules the entry imports dynamically are entries too, only so that the bundler tags
      // exactly what they import statically as `$initial`, as it does the page's own (see build/chunks.ts).
      input: { index: HTML_ENTRY, 'react-dom-client': REACT_DOM_CLIENT, 'render-app': RENDER_APP },
      output: { codeSplitting: { groups: chunking.groups } },
    },
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173), strictPort: true, proxy },
  preview: { port: Number(process.env.VITE_PORT ?? 4173), proxy },
});
