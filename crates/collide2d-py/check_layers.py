#!/usr/bin/env python3
"""Checks that the Python crate's modules import each other in layers, with no circle.

Reads every module of src/ (a file, or a folder with mod.rs), collects the modules it names
through `crate::` paths (`use crate::a::X;`, `use crate::{a::X, b::Y};`, `crate::a::f(..)`),
and reads the layers from lib.rs's doc comment (numbered lines, bottom first, naming modules in
backticks before the colon). Fails when:
  - a module is in no layer, in two, or a layer names a module that does not exist;
  - a module names one of its own layer or of a higher one;
  - the imports go in a circle (found on the graph itself, whatever the layers say).

Usage: python3 check_layers.py [src folder]   (default: src next to this script)
"""

import re
import sys
from pathlib import Path


def strip_comments(text):
    """The text without // comments (doc comments included) and /* */ blocks."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def crate_names(text):
    """The first segment of every `crate::` path in `text`, `crate::{..}` groups included."""
    names = set()
    for match in re.finditer(r"\bcrate::", text):
        rest = text[match.end():]
        if not rest.startswith("{"):
            name = re.match(r"\w+", rest)
            if name:
                names.add(name.group())
            continue
        # A group: the names that start a path at depth 1, after `{` or a `,`.
        depth, expecting = 0, False
        for i, ch in enumerate(rest):
            if ch == "{":
                depth += 1
                expecting = depth == 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    break
            elif ch == "," and depth == 1:
                expecting = True
            elif expecting and not ch.isspace():
                name = re.match(r"\w+", rest[i:])
                if name:
                    names.add(name.group())
                expecting = False
    return names


def modules(src):
    """Each module's name and the text of its files."""
    found = {}
    for path in sorted(src.iterdir()):
        if path.is_file() and path.suffix == ".rs" and path.name != "lib.rs":
            found[path.stem] = path.read_text()
        elif path.is_dir() and (path / "mod.rs").is_file():
            found[path.name] = "\n".join(p.read_text() for p in sorted(path.rglob("*.rs")))
    return found


def layers(lib_text):
    """The layers listed in lib.rs's doc comment, bottom first: one list of names each."""
    out = []
    for line in lib_text.splitlines():
        numbered = re.match(r"//!\s*\d+\.\s+([^:]*):", line)
        if numbered:
            out.append(re.findall(r"`(\w+)`", numbered.group(1)))
    return out


def find_cycle(graph):
    """One import circle as a list of modules (first repeated at the end), or None."""
    state = {}  # absent: unseen; 1: on the current path; 2: done

    def visit(node, path):
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt, path)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node, [])
            if cycle:
                return cycle
    return None


def main():
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "src"
    mods = modules(src)
    lib = (src / "lib.rs").read_text()
    errors = []

    graph = {}
    for name, text in mods.items():
        used = crate_names(strip_comments(text)) - {name}
        for other in sorted(used - mods.keys()):
            errors.append(f"{name} names crate::{other}, which is no module of src/ (lib.rs is the map only)")
        graph[name] = used & mods.keys()

    declared = set(re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", strip_comments(lib), re.M))
    if declared != mods.keys():
        errors.append(f"lib.rs declares {sorted(declared)} but src/ holds {sorted(mods)}")

    level = {}
    listed = layers(lib)
    if not listed:
        errors.append("lib.rs's doc comment lists no layers (numbered lines naming `modules` before a colon)")
    for i, names in enumerate(listed, start=1):
        for name in names:
            if name not in mods:
                errors.append(f"layer {i} names `{name}`, which is no module of src/")
            elif name in level:
                errors.append(f"`{name}` is in layers {level[name]} and {i}")
            else:
                level[name] = i
    for name in sorted(mods.keys() - level.keys()):
        errors.append(f"`{name}` is in no layer of lib.rs's list")

    for name in sorted(graph):
        for other in sorted(graph[name]):
            if name in level and other in level and level[other] >= level[name]:
                errors.append(
                    f"{name} (layer {level[name]}) uses {other} (layer {level[other]}): only lower layers may be used"
                )

    cycle = find_cycle(graph)
    if cycle:
        errors.append("import circle: " + " -> ".join(cycle))

    for i, names in enumerate(listed, start=1):
        for name in names:
            uses = ", ".join(sorted(graph.get(name, ()))) or "nothing"
            print(f"layer {i}: {name:<10} uses {uses}")
    if errors:
        print("\n".join(f"error: {e}" for e in errors), file=sys.stderr)
        return 1
    print(f"ok: {len(mods)} modules in {len(listed)} layers, every import goes down a layer, no import circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
