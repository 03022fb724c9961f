#!/usr/bin/env bash
# Mutation testing of one part of collide2d (see TESTING.md): installs cargo-mutants if it is
# missing, then runs it over the files GLOB names, writing the results to OUT/mutants.out.
#   scripts/mutants.sh GLOB OUT [SHARD] [-- TEST-TARGETS... [--iterate] [-- TEST-BINARY-ARGS...]]
# e.g. scripts/mutants.sh 'crates/collide2d/src/shape/*.rs' /tmp/mut/shape 0/2 -- --lib --test refusals
# TEST-TARGETS choose which test targets are built and run for each mutant (none: all of them).
# --iterate skips the mutants an earlier run into the same OUT caught or found unviable.
# TEST-BINARY-ARGS go to the test binaries: `--skip broad::tests::` leaves out the broad
# phase's slow unit tests (6 of the 7 seconds the library's own tests take, one at a time),
# which read only math/, Aabb and Ray, so cannot catch a mutant anywhere else.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/mutants.sh GLOB OUT [SHARD] [-- TEST-TARGETS... [--iterate] [-- TEST-BINARY-ARGS...]]" >&2
  exit 2
fi
glob=$1 out=$2
shift 2
options=()
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  options+=(--shard "$1")
  shift
fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
# The targets go to every cargo call, the build (`cargo test --no-run`) as well as the run:
# arguments after cargo-mutants' own `--` reach only the run, so every mutant would still
# build all the integration tests, two to three times the work.
binary_args=()
while [ $# -gt 0 ]; do
  arg=$1
  shift
  if [ "$arg" = "--" ]; then
    binary_args=(-- -- "$@")
    break
  elif [ "$arg" = "--iterate" ]; then
    options+=(--iterate)
  else
    options+=("--cargo-arg=$arg")
  fi
done
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
# Debug info only slows each mutant's build; the tests do not need it.
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
# A failing property need not shrink: shrinking made a caught mutant cost minutes, not seconds.
export PROPTEST_MAX_SHRINK_ITERS=0
# MUTANTS_TIMEOUT (seconds, 120 unless set): the library's own tests alone take 3 s, so 30 is
# plenty for `--lib`, and each mutant that loops forever then costs 30 s instead of 120.
exec cargo mutants -p collide2d -f "$glob" "${options[@]}" -o "$out" -j 2 \
  --timeout "${MUTANTS_TIMEOUT:-120}" "${binary_args[@]}"
