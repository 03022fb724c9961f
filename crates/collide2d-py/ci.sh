#!/usr/bin/env bash
# CI for the Python package: build it in a fresh virtual environment, install it as a user would
# (a wheel, through pip), and run the pytest suite, the pygame example's headless test included.
set -euo pipefail
cd "$(dirname "$0")"

# The crate's modules import each other in layers, with no circle (the layers are listed in
# src/lib.rs); a plain Python script, so it runs before anything is built.
python3 check_layers.py

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
py="$work/venv/bin/python"
"$py" -m pip install -q --upgrade pip
"$py" -m pip install -q maturin pytest numpy pygame-ce mypy

# A release wheel, as `pip install` from the repository builds it; abi3, so one wheel serves
# every CPython from 3.9 on.
"$work/venv/bin/maturin" build --release --quiet --out "$work/dist"
"$py" -m pip install -q "$work"/dist/collide2d-*.whl

# The type stubs match the module as built (names, parameters, defaults); the native submodule
# behind the package's __init__ has no stubs of its own.
"$py" -m mypy.stubtest --allowlist stubtest-allowlist.txt collide2d

# The suite imports the installed package, never the source folder.
cd tests
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$py" -m pytest -q -p no:cacheprovider .
