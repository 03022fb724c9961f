#!/usr/bin/env bash
# Builds and runs the guide's C and C++ samples against an installed collide2d package, as
# docs/guide/pages/getting-started/c.md tells a reader to: with CMake (CMakeLists.txt) and with
# pkg-config. Each program checks its own answers; the drawing ones play a fixed number of
# frames headless (SDL's dummy video driver; SFML under Xvfb). crates/collide2d-c/ci.sh runs it
# after installing the package.
#   bash docs/guide/samples/c/build.sh PREFIX BUILD_DIR
set -euo pipefail
prefix=$(realpath "$1")
build=$(realpath -m "$2")
cd "$(dirname "$0")"

# --8<-- [start:cmake]
cmake -S . -B "$build" -DCMAKE_PREFIX_PATH="$prefix"
cmake --build "$build"
"$build/getting_started"
# --8<-- [end:cmake]

# --8<-- [start:headless]
SDL_VIDEODRIVER=dummy "$build/sdl_platform" --frames 240
xvfb-run -a "$build/sfml_platform" --frames 240
# --8<-- [end:headless]

# --8<-- [start:pkg-config]
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cc -std=c99 getting_started.c moving_platform.c $(pkg-config --cflags --libs collide2d-static) -o "$build/getting_started_pc"
# --8<-- [end:pkg-config]
"$build/getting_started_pc"
