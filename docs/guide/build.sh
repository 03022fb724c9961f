#!/usr/bin/env bash
# Builds the guide: runs every Rust sample (docs/guide/samples/rust/examples), which checks its
# own answers and writes its pictures and output into pages/generated/, then builds the site
# with MkDocs, strictly (a broken link or anchor, a missing picture or sample fails), into
# target/guide/site. The Bevy page's sample (docs/guide/samples/bevy) is an example of the
# collide2d-bevy crate, run here too. The Python samples run in the Python package's pytest suite
# (crates/collide2d-py/tests/test_guide.py), against the built wheel.
#   bash docs/guide/build.sh          build
#   bash docs/guide/build.sh serve    build, then serve at http://127.0.0.1:8000 while editing
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
guide=docs/guide
target="${CARGO_TARGET_DIR:-target}"
out="$target/guide"
generated="$guide/pages/generated"

# MkDocs and its plugins, pinned, in a virtual environment of their own: installed on the first
# run (about 20 s), again only when the requirements change.
venv="$out/venv"
if ! cmp -s "$guide/requirements.txt" "$venv/requirements.txt" 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$guide/requirements.txt"
  cp "$guide/requirements.txt" "$venv/requirements.txt"
fi
echo "== guide: tools ready ($((SECONDS - started)) s)"

# The samples: built together, then each run from its binary, given the folder for its pictures;
# its stdout is what the pages show as its output. A sample whose assert fails stops the build.
find "$generated" -mindepth 1 ! -name .gitignore -delete
cargo build -q -p collide2d-guide --examples
for sample in "$guide"/samples/rust/examples/*.rs; do
  name=$(basename "$sample" .rs)
  "$target/debug/examples/$name" "$generated" >"$generated/$name.txt"
done
# The Bevy page's sample, an example of the plugin's crate (its Bevy dependencies are built by
# CI's Bevy steps before this one); it exits with an error unless the page's numbers hold.
cargo run -q -p collide2d-bevy --example guide_moving_platform >"$generated/bevy_moving_platform.txt"
# Pictures are made at every build and never committed; still, a page should not weigh much.
for picture in "$generated"/*.png; do
  [[ -e $picture ]] || continue
  size=$(stat -c %s "$picture")
  ((size <= 300 * 1024)) || { echo "$picture is $((size / 1024)) KiB, over 300 KiB"; exit 1; }
done
echo "== guide: samples ran, pictures drawn ($((SECONDS - started)) s)"

# Material's banner about its end of life (May 2027) and MkDocs 2.0 is printed on every run; the
# choice of tool is recorded in docs/guide/README.md, and the banner would only hide the log.
export NO_MKDOCS_2_WARNING=1
# Not `-q`: MkDocs counts the warnings that --strict fails on only when it logs them.
if [[ ${1:-} == serve ]]; then
  exec "$venv/bin/mkdocs" serve --strict -f "$guide/mkdocs.yml"
fi
"$venv/bin/mkdocs" build --strict --clean -f "$guide/mkdocs.yml" -d "$(realpath -m "$out/site")"
echo "== guide: built into $out/site ($((SECONDS - started)) s)"
