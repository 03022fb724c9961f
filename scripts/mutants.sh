#!/usr/bin/env bash
# Mutation testing of one part of collide2d (see TESTING.md): installs cargo-mutants if it is
# missing, then runs it over the files GLOB names, writing the results to OUT/mutants.out.
#   scripts/mutants.sh GLOB OUT [SHARD] [-- TEST-ARGS...]
# e.g. scripts/mutants.sh 'crates/collide2d/src/shape/*.rs' /tmp/mut/shape 0/2 -- --lib
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/mutants.sh GLOB OUT [SHARD] [-- TEST-ARGS...]" >&2
  exit 2
fi
glob=$1 out=$2
shift 2
shard=()
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  shard=(--shard "$1")
  shift
fi
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
# Debug info only slows each mutant's build; the tests do not need it.
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
exec cargo mutants -p collide2d -f "$glob" "${shard[@]}" -o "$out" -j 2 --timeout 120 "$@"
