#!/usr/bin/env bash
# Runs every fuzz target briefly (FUZZ_SECONDS each, 20 by default) from its committed corpus,
# and fails on the first crash, panic or broken invariant. Installs cargo-fuzz if it is missing.
# Works on the stable toolchain: `-s none` builds without a sanitizer, which needs no nightly.
#
# New inputs go to a scratch folder, not to fuzz/corpus/, so that a run leaves the tree clean;
# a crash is saved under fuzz/artifacts/<target>/ (reproduce with `cargo fuzz run -s none
# <target> <file>`).
set -euo pipefail
cd "$(dirname "$0")"

seconds="${FUZZ_SECONDS:-20}"
targets=(scene_json polygon trace queries world)

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install --locked cargo-fuzz
fi

# Building every target first keeps the time limits below about fuzzing, not compiling.
echo "== building the fuzz targets"
cargo fuzz build -s none

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for t in "${targets[@]}"; do
  echo "== fuzzing $t for ${seconds}s"
  mkdir -p "$scratch/$t"
  # -timeout: one input running past 10 s counts as a hang; -rss_limit_mb: as a memory bomb.
  if ! cargo fuzz run -s none "$t" "$scratch/$t" "corpus/$t" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$scratch/$t.log" 2>&1; then
    tail -n 60 "$scratch/$t.log"
    echo "fuzz target $t failed: see the input saved under fuzz/artifacts/$t/"
    exit 1
  fi
  grep -E '^Done [0-9]+ runs' "$scratch/$t.log" || true
done
echo "fuzzing: ${#targets[@]} passed, 0 failed"
