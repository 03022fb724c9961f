#!/usr/bin/env bash
# Builds the web demo into crates/collide2d-web/www (collide2d_web.wasm beside index.html).
# Serve that folder with any static server, e.g. `python3 -m http.server -d crates/collide2d-web/www`.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
cargo build --release --target wasm32-unknown-unknown -p collide2d-web
cp target/wasm32-unknown-unknown/release/collide2d_web.wasm crates/collide2d-web/www/
ls -l crates/collide2d-web/www/collide2d_web.wasm
