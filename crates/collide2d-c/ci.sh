#!/usr/bin/env bash
# The C API from C: the header compiles alone as C99 and as C++17 with every warning an error,
# each test program in tests/c runs under AddressSanitizer (its leak checker included) and
# UndefinedBehaviorSanitizer, linked against the static library, and the threads test under
# valgrind; then the package: CMakeLists.txt builds the release libraries and installs them in a
# temporary prefix, and programs are built against that install as a game would build them
# (the demos in examples/, and the guide's samples in docs/guide/samples/c).
# (The header's freshness is the Rust test tests/header.rs, run with the workspace's.)
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

# The package, and the demos (below), need CMake, pkg-config, SDL2 and SFML (find_package:
# Debian's libsdl2-dev and libsfml-dev) and Xvfb.
missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v pkg-config >/dev/null || missing+=(pkg-config)
dpkg -s libsdl2-dev >/dev/null 2>&1 || missing+=(libsdl2-dev)
dpkg -s libsfml-dev >/dev/null 2>&1 || missing+=(libsfml-dev)
command -v xvfb-run >/dev/null || missing+=(xvfb)
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The package as a user installs it: CMake runs cargo (profile c-release: fat LTO, the one
# release build here) in the workspace's target folder, so that a second run rebuilds nothing.
start=$SECONDS
prefix="$work/prefix"
cmake -S . -B "$work/package" -DCOLLIDE2D_CARGO_TARGET_DIR="$target" -DCMAKE_INSTALL_LIBDIR=lib >/dev/null
cmake --build "$work/package" -- --quiet >/dev/null
cmake --install "$work/package" --prefix "$prefix" >/dev/null
lib_dir="$prefix/lib"
fail() {
  echo "package: $*" >&2
  exit 1
}

# The shared library's SONAME carries the ABI (0.<minor> before 1.0), with the usual links.
soname=$(readelf -d "$lib_dir/libcollide2d_c.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[[ $soname =~ ^libcollide2d_c\.so\.[0-9]+(\.[0-9]+)?$ ]] || fail "SONAME is '$soname'"
[[ -L "$lib_dir/$soname" && -L "$lib_dir/libcollide2d_c.so" ]] || fail "no $soname and libcollide2d_c.so links"

# Both libraries export the header's functions and nothing else: the same list from nm -D on
# the shared library, nm -g on the archive and the header.
exports() { awk 'NF == 3 { print $3 }' | sort -u; }
nm -D --defined-only "$lib_dir/libcollide2d_c.so" | exports >"$work/shared.syms"
nm -g --defined-only "$lib_dir/libcollide2d_c.a" | exports >"$work/static.syms"
grep -oE '\bc2d_[a-z0-9_]+\(' include/collide2d.h | tr -d '(' | sort -u >"$work/header.syms"
cmp -s "$work/shared.syms" "$work/header.syms" || fail "the shared library's exports differ from the header's functions: $(diff "$work/header.syms" "$work/shared.syms" | grep -m3 '^[<>]' | tr '\n' ' ')"
cmp -s "$work/static.syms" "$work/header.syms" || fail "the archive's globals differ from the header's functions: $(diff "$work/header.syms" "$work/static.syms" | grep -m3 '^[<>]' | tr '\n' ' ')"
echo "package: $soname; $(wc -l <"$work/header.syms") c2d_ functions and nothing else exported from the .a and the .so"

# needs_library PROGRAM yes|no: whether the program loads the shared library.
needs_library() {
  local found=no
  readelf -d "$1" | grep -q "NEEDED.*libcollide2d_c" && found=yes
  [[ $found == "$2" ]] || fail "$(basename "$1") loads libcollide2d_c.so: $found, expected $2"
}
# find_package(collide2d): the default target (static), then the named static and shared ones;
# CMake gives the shared one an rpath to the prefix, as a consumer's own build does.
cmake -S tests/package -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/consumer" -- --quiet >/dev/null
for kind in default static shared; do "$work/consumer/consumer_$kind" >/dev/null; done
needs_library "$work/consumer/consumer_default" no
needs_library "$work/consumer/consumer_static" no
needs_library "$work/consumer/consumer_shared" yes
# COLLIDE2D_SHARED makes the default target the shared library.
cmake -S tests/package -B "$work/consumer-shared" -DCMAKE_PREFIX_PATH="$prefix" -DCOLLIDE2D_SHARED=ON >/dev/null
cmake --build "$work/consumer-shared" --target consumer_default -- --quiet >/dev/null
needs_library "$work/consumer-shared/consumer_default" yes
"$work/consumer-shared/consumer_default" >/dev/null

# pkg-config: collide2d (the shared library, found at run time through LD_LIBRARY_PATH) and
# collide2d-static.
export PKG_CONFIG_PATH="$lib_dir/pkgconfig"
warnings=(-std=c99 -Wall -Wextra -Werror)
read -ra shared <<<"$(pkg-config --cflags --libs collide2d)"
gcc "${warnings[@]}" tests/package/consumer.c "${shared[@]}" -o "$work/pc_shared"
LD_LIBRARY_PATH="$lib_dir" "$work/pc_shared" >/dev/null
needs_library "$work/pc_shared" yes
read -ra cflags <<<"$(pkg-config --cflags collide2d-static)"
read -ra static <<<"$(pkg-config --libs collide2d-static)"
gcc "${warnings[@]}" tests/package/consumer.c "${cflags[@]}" "${static[@]}" -o "$work/pc_static"
"$work/pc_static" >/dev/null
needs_library "$work/pc_static" no

# A second Rust static library in the same program: with cargo's archive this link fails on
# rust_eh_personality and std's other symbols defined twice; with the installed one it must not.
rustc --edition 2021 -O --crate-type staticlib tests/package/other.rs -o "$work/libother.a"
gcc "${warnings[@]}" -DOTHER_RUST_LIBRARY tests/package/consumer.c "${cflags[@]}" "$work/libother.a" "${static[@]}" \
  -o "$work/two_rust_libraries"
"$work/two_rust_libraries" >/dev/null
echo "package: installed, found by CMake and pkg-config, static and shared, beside another Rust library ($((SECONDS - start)) s)"

# The founding demos, built by CMake against the installed package (examples/CMakeLists.txt),
# each played for a fixed number of frames under Xvfb; each screenshot must show every collider
# red where it collides and green where it is apart, at the points the demo reports
# (examples/check_screenshot.py).
cmake -S examples -B "$work/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
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

# The guide's C and C++ samples (docs/guide/samples/c), built against the installed package with
# CMake and with pkg-config as docs/guide/pages/getting-started/c.md says, each checking the
# numbers the page quotes; the SDL and SFML ones play 240 frames headless.
bash ../../docs/guide/samples/c/build.sh "$prefix" "$work/guide" >"$work/guide.log" 2>&1 || { cat "$work/guide.log"; exit 1; }
grep -E '^after [0-9]+ frames' "$work/guide.log"
echo "guide: the C and C++ samples built with CMake and pkg-config and ran"
