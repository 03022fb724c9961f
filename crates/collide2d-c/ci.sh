#!/usr/bin/env bash
# The C API from C: the header compiles alone as C99 and as C++17 with every warning an error,
# each test program in tests/c runs under AddressSanitizer (its leak checker included) and
# UndefinedBehaviorSanitizer, linked against the static library, and the threads test under
# valgrind. (The header's freshness is the Rust test tests/header.rs, run with the workspace's.)
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

# No thread outlives its world: valgrind's leak check, as a game's CI runs it, fails on the
# memory of a thread still alive at exit ("possibly lost"), as rayon's global pool's threads were.
if ! command -v valgrind >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
fi
gcc -std=c99 -Wall -Wextra -Wpedantic -Werror -g -Iinclude tests/c/test_threads.c "$lib" -lpthread -ldl -lm -o "$work/threads"
valgrind -q --leak-check=full --show-leak-kinds=definite,possible --errors-for-leak-kinds=definite,possible \
  --error-exitcode=1 "$work/threads"

# The founding demos, built by CMake against the same library (find_package: Debian's
# libsdl2-dev and libsfml-dev), each played for a fixed number of frames under Xvfb; each
# screenshot must show every collider red where it collides and green where it is apart, at the
# points the demo reports (examples/check_screenshot.py).
missing=()
command -v cmake >/dev/null || missing+=(cmake)
dpkg -s libsdl2-dev >/dev/null 2>&1 || missing+=(libsdl2-dev)
dpkg -s libsfml-dev >/dev/null 2>&1 || missing+=(libsfml-dev)
command -v xvfb-run >/dev/null || missing+=(xvfb)
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
cmake -S . -B "$work/build" -DCOLLIDE2D_LIB_DIR="$target/debug" >/dev/null
cmake --build "$work/build" -- --quiet >/dev/null
play() {
  local demo=$1
  shift
  xvfb-run -a -s "-screen 0 1024x768x24" "$work/build/$demo" --screenshot "$work/$demo.bmp" --report "$@" \
    >"$work/$demo.txt" 2>"$work/$demo.err" || { cat "$work/$demo.err"; exit 1; }
  python3 examples/check_screenshot.py "$work/$demo.bmp" "$work/$demo.txt"
}
# 120 frames of the exact method; 471 frames: the ship in the U's notch, touching its arm.
play sdl_boxes --frames 120 --method 6
play sfml_sprites --frames 471 --level 1
