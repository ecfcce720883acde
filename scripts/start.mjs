#!/usr/bin/env node
// `npm start`: build the SPA when dist/ has none, then run the server (TypeScript through tsx),
// one process per core behind the one port (WORKERS).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

// A Node.js past its end of life still runs Percorso, with a warning first (before a build that may
// take a minute); the server, told so, does not repeat it (server/src/infra/node-support.ts).
const releases = require('./server/src/infra/node-releases.json');
const major = process.versions.node.split('.')[0];
const endOfLife = releases.endOfLife[major];
if (endOfLife && Date.now() >= Date.parse(`${endOfLife}T00:00:00Z`)) {
  const date = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(endOfLife));
  console.warn(
    `Attenzione: Node.js ${process.versions.node} non riceve più aggiornamenti di sicurezza dal ${date}. ` +
      `Percorso funziona ancora, ma va eseguito con Node.js ${releases.recommended} LTS.`,
  );
  process.env.PERCORSO_NODE_NOTICE_SHOWN = '1';
}

function run(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const distDir = process.env.DIST_DIR || join(root, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.log("Compilazione dell'interfaccia (vite build)…");
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const code = await run([vite, 'build', ...(process.env.DIST_DIR ? ['--outDir', distDir, '--emptyOutDir'] : [])]);
  if (code !== 0) {
    console.error('Compilazione non riuscita: il server non viene avviato.');
    process.exit(code);
  }
}

// One server process per core unless WORKERS says otherwise (`npm run dev` and the tests run one).
// The built-in development provider (no OIDC_ISSUER) keeps its sign-in state in its own process's
// memory, so a code issued by one worker would be unknown to another: it runs with one process.
const defaultWorkers = process.env.OIDC_ISSUER ? String(availableParallelism()) : '1';
// A real deployment (OIDC_ISSUER) drains for 5 s on SIGTERM: /readyz answers 503 while the process
// still serves, long enough for a proxy or an orchestrator polling it every second to notice.
// Without one (a laptop, a demonstration, the tests) a stop does not wait; Ctrl-C never does.
const defaultDrain = process.env.OIDC_ISSUER ? '5' : '0';
const env = {
  ...process.env,
  WORKERS: process.env.WORKERS || defaultWorkers,
  SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS || defaultDrain,
};
process.exit(await run(['--import', 'tsx', join(root, 'server', 'src', 'server.ts')], env));
