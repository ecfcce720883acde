import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `.br` and `.gz` beside every compressible asset so the server can send them as they are. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'percorso:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const LIGHT_ROUTER_PROVIDER = resolve(dirname(fileURLToPath(import.meta.url)), 'src/routing/lightRouterProvider.tsx');

/**
 * Swaps ra-core's react-router adapter for src/routing/lightRouterProvider.tsx, which keeps its API
 * but not its fallback data router (see that file): react-router's data-router runtime then stays
 * out of every bundle.
 */
function raCoreLightRouter(): Plugin {
  return {
    name: 'percorso:ra-core-light-router',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source.endsWith('adapters/reactRouterProvider.js') &&
        importer &&
        /[\\/]ra-core[\\/]dist[\\/]routing[\\/]/.test(importer)
      ) {
        return LIGHT_ROUTER_PROVIDER;
      }
      return null;
    },
  };
}

/**
 * The SPA. The back-office (react-admin), the player, the cropper and the spreadsheet code are
 * reached only through dynamic import(), so the login and portal pages never download them.
 */
export default defineConfig({
  plugins: [raCoreLightRouter(), react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  optimizeDeps: {
    // Pre-bundling would hide ra-core's internal import from raCoreLightRouter in dev.
    exclude: ['ra-core', 'react-admin', 'ra-ui-materialui'],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': API_TARGET,
      '/idp': API_TARGET,
      '/storage': API_TARGET,
    },
  },
  preview: {
    port: Number(process.env.VITE_PORT ?? 4173),
    proxy: {
      '/api': API_TARGET,
      '/idp': API_TARGET,
      '/storage': API_TARGET,
    },
  },
});
