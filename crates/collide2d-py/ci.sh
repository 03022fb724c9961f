#!/usr/bin/env bash
# CI for the Python package: build it in a fresh virtual environment, install it as a user would
# (a wheel, through pip), and run the pytest suite, the pygame example's headless test included;
# then build the sdist, check that it carries the licences, and build a wheel from it alone.
set -euo pipefail
cd "$(dirname "$0")"
started=$SECONDS
lap() { echo "== $1 ($((SECONDS - started)) s so far)"; }

# The crate's modules import each other in layers, with no circle (the layers are listed in
# src/lib.rs); a plain Python script, so it runs before anything is built.
python3 check_layers.py

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
py="$work/venv/bin/python"
# pip's build backends (maturin) are found on PATH, as in an activated environment.
export PATH="$work/venv/bin:$PATH"
"$py" -m pip install -q --upgrade pip
"$py" -m pip install -q maturin ziglang pytest numpy pygame-ce pytmx mypy
lap "tools installed"

# The release wheel users install: abi3, so one wheel serves every CPython from 3.10 on, and
# linked by zig (the ziglang package) against glibc 2.17, so it installs on any Linux since
# manylinux2014 (CentOS 7), not only on one as new as this machine's. maturin checks the
# symbols it needs against that tag.
maturin build --release --zig --compatibility manylinux2014 --quiet --out "$work/dist"
wheel=("$work"/dist/collide2d-*-cp310-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl)
[[ -f ${wheel[0]} ]] || { echo "no manylinux2014 abi3 wheel:"; ls "$work/dist"; exit 1; }
"$py" -m pip install -q "${wheel[0]}"
# A user's machine: a fresh virtual environment with the wheel and what the tests import, and no
# Rust on the PATH.
python3 -m venv "$work/user"
user="$work/user/bin/python"
"$user" -m pip install -q pytest numpy pygame-ce pytmx "${wheel[0]}"
user_path="$work/user/bin:/usr/local/bin:/usr/bin:/bin"
for tool in cargo rustc maturin; do
  if PATH="$user_path" command -v "$tool" >/dev/null; then echo "$tool is on the user's PATH"; exit 1; fi
done
lap "wheel built and installed"

# The type stubs match the module as built (names, parameters, defaults); the native submodule
# behind the package's __init__ has no stubs of its own.
"$py" -m mypy.stubtest --allowlist stubtest-allowlist.txt collide2d

# The package's README (its page on the registry) runs as written.
PATH="$user_path" "$user" -c 'import re, sys; [exec(b, {}) for b in re.findall(r"```python\n(.*?)```", open(sys.argv[1]).read(), re.S)]' README.md

# The suite imports the installed package, never the source folder.
(cd tests && PATH="$user_path" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$user" -m pytest -q -p no:cacheprovider .)
lap "stubtest, README and pytest passed"

# The arcade 3 example plays itself under Xvfb (arcade draws with OpenGL: Mesa's llvmpipe) and
# exits with an error unless the level played out; its last frame must show the character and
# the block it stands on in red.
if ! dpkg -s libgl1-mesa-dri >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgl1-mesa-dri >/dev/null
fi
"$user" -m pip install -q "arcade>=3,<4"
PATH="$user_path" xvfb-run -a -s "-screen 0 1024x768x24" \
  "$user" examples/arcade_platformer.py --frames 240 --screenshot "$work/arcade.png"
"$user" - "$work/arcade.png" <<'CHECK'
import sys
from PIL import Image
pixels = list(Image.open(sys.argv[1]).convert("RGB").getdata())
player, red = pixels.count((255, 200, 40)), pixels.count((255, 0, 0))
print(f"arcade screenshot: {player} character pixels, {red} red block pixels")
assert player > 500 and red > 5000, "the character or the red block is missing"
CHECK
# The guide's arcade game (docs/guide/samples/python/arcade_platform.py), which the pytest run
# above skips without arcade: 150 frames under Xvfb, checked as the guide's page says.
(cd tests && PATH="$user_path" COLLIDE2D_GUIDE_ARCADE=1 xvfb-run -a -s "-screen 0 1024x768x24" \
  "$user" -m pytest -q -p no:cacheprovider test_guide.py -k arcade)
lap "arcade example and the guide's arcade game played"

# The sdist: maturin packs this crate and its path dependency (crates/collide2d) into a
# workspace of their own, with the licences, the README and the stubs. A wheel must build from
# it alone, outside the repository, as `pip install collide2d-*.tar.gz` builds it. maturin dates
# every file in the archive 2006 (reproducible archives) and cargo judges freshness by date, so
# it would take the wheel above's artifacts for the two crates as up to date; the unpacked files
# are touched instead, so that cargo compiles the sdist's own sources while reusing the registry
# crates' artifacts from the same target folder, and the build log must show both crates
# compiled from the unpacked sdist.
maturin sdist --out "$work/sdist" >"$work/sdist.log" 2>&1 || { cat "$work/sdist.log"; exit 1; }
sdist=("$work"/sdist/collide2d-*.tar.gz)
mkdir "$work/unpacked"
tar -xzf "${sdist[0]}" -C "$work/unpacked"
unpacked=("$work"/unpacked/collide2d-*)
find "${unpacked[0]}" -type f -exec touch {} +
# Linked by zig as the wheel above was, so that the registry crates' artifacts are its.
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target}" \
  MATURIN_PEP517_ARGS="--zig --compatibility manylinux2014" \
  "$py" -m pip wheel -v --no-build-isolation --no-deps -w "$work/from-sdist" "${unpacked[0]}" >"$work/sdist-build.log" 2>&1 \
  || { tail -40 "$work/sdist-build.log"; exit 1; }
for crate in collide2d collide2d-py; do
  grep -q "Compiling $crate v[^ ]* (${unpacked[0]}/crates/$crate)" "$work/sdist-build.log" \
    || { echo "the wheel from the sdist did not compile $crate from the sdist's sources"; exit 1; }
done
"$py" check_dist.py "${sdist[0]}" "$work"/dist/collide2d-*.whl "$work"/from-sdist/collide2d-*.whl

# The wheel from the sdist works as the first one did.
"$py" -m pip install -q --force-reinstall --no-deps "$work"/from-sdist/collide2d-*.whl
(cd tests && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$py" -m pytest -q -p no:cacheprovider .)
lap "sdist built, checked, and its wheel built and tested"
