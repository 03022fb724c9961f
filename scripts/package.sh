#!/usr/bin/env bash
# Packs every publishable crate of the workspace (every member without `publish = false`) as a
# publish would, builds each from its package alone, and checks that every package carries the
# licence files. cargo packs the crates together in dependency order and resolves their
# dependencies on each other through a temporary local registry: nothing is uploaded.
#   scripts/package.sh [CARGO-PACKAGE-OPTIONS...]    e.g. --allow-dirty while editing
set -euo pipefail
cd "$(dirname "$0")/.."

# The target folder, then "name version" for each publishable member (`publish = false` reads
# as an empty list of registries). cargo metadata first, so that its failure stops the script.
metadata=$(cargo metadata --no-deps --format-version 1)
mapfile -t meta < <(python3 -c '
import json, sys
m = json.load(sys.stdin)
print(m["target_directory"])
for p in m["packages"]:
    if p["publish"] != []:
        print(p["name"], p["version"])
' <<<"$metadata")
target=${meta[0]}
crates=("${meta[@]:1}")
args=()
for c in "${crates[@]}"; do args+=(-p "${c% *}"); done
echo "publishable: ${crates[*]/ /-}"

# cargo unpacks the packages it verifies from its temporary registry into the registry
# sources folder (a folder named by that registry, the same on every run) and reuses what it
# finds there: a crate packed by an earlier run of the same version would be built instead of
# this one's. Those copies go first.
cargo_home=${CARGO_HOME:-$HOME/.cargo}
for c in "${crates[@]}"; do
  rm -rf "$cargo_home"/registry/src/-*/"${c% *}-${c#* }"
done

# Without --no-verify: each package is unpacked and its library and binaries built from it.
cargo package "${args[@]}" "$@"

for c in "${crates[@]}"; do
  name=${c% *} version=${c#* }
  file=$target/package/$name-$version.crate
  for licence in LICENSE-MIT LICENSE-APACHE; do
    if ! tar xzOf "$file" "$name-$version/$licence" 2>/dev/null | cmp -s - "$licence"; then
      echo "error: $name-$version.crate lacks $licence, or has another text than the workspace's" >&2
      exit 1
    fi
  done
  echo "$name-$version.crate: $(tar tzf "$file" | wc -l) files, $(($(wc -c <"$file") / 1024)) KiB, licences in"
done
