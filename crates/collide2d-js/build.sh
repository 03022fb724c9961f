#!/usr/bin/env bash
# Builds the npm package into crates/collide2d-js/pkg: the crate for wasm32, wasm-bindgen's
# loader (--target web), wasm-opt, and the wrapper, types, package.json and README from js/.
# Installs what is missing: the wasm target (rustup), wasm-bindgen-cli at the version in
# Cargo.lock, and the crate's dev-dependencies (wasm-opt is binaryen's, from the lockfile).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
target="${CARGO_TARGET_DIR:-$PWD/target}"
tools="$target/tools"
if [ "$("$tools/bin/wasm-bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  cargo install --quiet wasm-bindgen-cli --version "$version" --root "$tools"
fi
stamp="$here/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$here/package-lock.json" -nt "$stamp" ] || [ "$here/package.json" -nt "$stamp" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --silent)
fi
# A profile of its own, so that the workspace's release builds keep theirs. One codegen unit
# and whole-program LTO: the queries inline across the crates. Opt-level 3 where time goes (the
# library, this crate, glam, the hash maps: at "s" a polygon's contact was a fifth slower, at
# "z" up to five times, and a world's step slower with its dependencies at "z"); "z", for size,
# for the crates of the map loaders and of building concave polygons, which run once per map or
# polygon. With wasm-opt -Oz below, 16 % off the .wasm, no query slower (bench/calls.mjs,
# bench/stress.mjs; BENCHMARKS.md).
cold=(serde serde_core serde_json base64 flate2 miniz_oxide adler2 crc32fast simd-adler32 itoa zmij memchr spade robust)
profile=(
  --config 'profile.wasm.inherits="release"'
  --config 'profile.wasm.lto="fat"'
  --config 'profile.wasm.codegen-units=1'
)
for crate in "${cold[@]}"; do profile+=(--config "profile.wasm.package.$crate.opt-level=\"z\""); done
cargo build --target wasm32-unknown-unknown -p collide2d-js "${profile[@]}" --profile wasm
out="$here/pkg"
rm -rf "$out"
"$tools/bin/wasm-bindgen" --target web --weak-refs --no-typescript --out-dir "$out" \
  "$target/wasm32-unknown-unknown/wasm/collide2d_js.wasm"
# Size: -Oz, and no name or producers sections. Only the features Node 18 and today's browsers
# all run (what rustc emits for wasm32 by default), so that wasm-opt adds none of its own.
wasm="$out/collide2d_js_bg.wasm"
"$here/node_modules/.bin/wasm-opt" -Oz --strip-debug --strip-producers \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  --enable-multivalue --enable-reference-types \
  "$wasm" -o "$wasm.opt"
mv "$wasm.opt" "$wasm"
cp "$here"/js/*.js "$here/js/index.d.ts" "$here/js/package.json" "$here/js/README.md" "$out/"
ls -l "$out"
