#!/usr/bin/env bash
# The C API from C: the header compiles alone as C99 and as C++17 with every warning an error,
# and each test program in tests/c runs under AddressSanitizer (its leak checker included) and
# UndefinedBehaviorSanitizer, linked against the static library. (The header's freshness is the
# Rust test tests/header.rs, run with the workspace's.)
set -euo pipefail
cd "$(dirname "$0")"

target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
cargo build -q -p collide2d-c
lib="$target/debug/libcollide2d_c.a"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo '#include "collide2d.h"' > "$work/header.c"
gcc -std=c99 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$work/header.c" -o "$work/header_c.o"
cp "$work/header.c" "$work/header.cpp"
g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$work/header.cpp" -o "$work/header_cpp.o"
echo "header: C99 and C++17, no warning"

sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g)
for test in tests/c/*.c; do
  name=$(basename "$test" .c)
  gcc -std=c99 -Wall -Wextra -Wpedantic -Werror "${sanitize[@]}" -Iinclude "$test" "$lib" -lpthread -ldl -lm -o "$work/$name"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 "$work/$name"
done
