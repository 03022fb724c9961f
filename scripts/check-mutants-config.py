#!/usr/bin/env python3
"""Checks .cargo/mutants.toml's exclusions against the mutants cargo-mutants lists (no build).

Fails, naming the pattern, when an `exclude_re` pattern
  - names a line or a column (a `:<digits>` after the file name: exclusions name the file,
    the function and the mutation, `file\\.rs:\\d+:\\d+: replace < with <= in f$`),
  - matches no mutant, or has an alternative `(a|b)` of which one branch matches none
    (code it was written for has moved or gone),
  - is given twice.
Run from anywhere in the repository: `python3 scripts/check-mutants-config.py`. Needs
cargo-mutants (`cargo install --locked cargo-mutants`); takes a few seconds.
"""

import pathlib
import re
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = ROOT / ".cargo" / "mutants.toml"

# The only location a pattern may give: any line, any column.
ANY_PLACE = r"\d+:\d+: "
# A literal line or column: a colon followed by a digit, a group of digits or a class of them,
# or a file name followed by anything but ANY_PLACE.
LITERAL_PLACE = re.compile(r":(?:\d|\(\d|\[\d)|\\\.rs:(?!" + re.escape(ANY_PLACE) + ")")


def mutant_names():
    """Every mutant of the workspace, as `file:line:col: description` (what exclude_re sees)."""
    listed = subprocess.run(
        ["cargo", "mutants", "--workspace", "--list", "--no-config"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return listed.splitlines()


def alternatives(pattern):
    """(start, end, branches) for each group of `pattern` with more than one branch."""
    found, stack, i = [], [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":  # a class: `|` and parentheses inside it are literal
            i = pattern.index("]", i + 2) + 1
            continue
        if c == "(":
            stack.append((i, [i + 1]))
        elif c == "|" and stack:
            stack[-1][1].append(i + 1)
        elif c == ")" and stack:
            start, starts = stack.pop()
            if len(starts) > 1:
                ends = [s - 1 for s in starts[1:]] + [i]
                found.append((start, i, [pattern[s:e] for s, e in zip(starts, ends)]))
        i += 1
    return found


def problems(patterns, names):
    seen = set()
    for pattern in patterns:
        if pattern in seen:
            yield pattern, "is given twice"
            continue
        seen.add(pattern)
        if LITERAL_PLACE.search(pattern):
            yield pattern, "names a line or a column: use \\d+:\\d+ and name the function"
        try:
            compiled = re.compile(pattern)
        except re.error as error:
            yield pattern, f"does not compile here ({error})"
            continue
        if not any(compiled.search(n) for n in names):
            yield pattern, "matches no mutant"
            continue
        for start, end, branches in alternatives(pattern):
            for branch in branches:
                narrowed = re.compile(pattern[:start] + "(?:" + branch + ")" + pattern[end + 1 :])
                if not any(narrowed.search(n) for n in names):
                    yield pattern, f"has a branch that matches no mutant: {branch!r}"


def main():
    patterns = tomllib.loads(CONFIG.read_text())["exclude_re"]
    names = mutant_names()
    found = list(problems(patterns, names))
    for pattern, what in found:
        print(f"{CONFIG.relative_to(ROOT)}: '{pattern}' {what}", file=sys.stderr)
    if found:
        print(f"{len(found)} problem(s) in {len(patterns)} exclusions", file=sys.stderr)
        return 1
    print(f"{len(patterns)} exclusions, each matching a mutant and naming no line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
