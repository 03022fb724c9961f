#!/usr/bin/env bash
# Builds the web demo and runs its end-to-end test in Debian's headless Chromium, installing
# what is missing: the wasm target (rustup), chromium (apt), playwright-core (npm, from the lock).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
bash "$here/../build.sh"
cd "$here"
npm ci --no-audit --no-fund --silent
node test.mjs
