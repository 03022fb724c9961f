#!/usr/bin/env python3
"""Checks the Python package's sdist and wheels: the licence files and their metadata.

    python3 check_dist.py SDIST.tar.gz WHEEL.whl [WHEEL.whl ...]

The sdist must hold LICENSE-MIT and LICENSE-APACHE at its top, the same as the repository
root's, with PKG-INFO naming them (PEP 639) under the licence expression. Each wheel must carry
them in its .dist-info/licenses/ with the same metadata. Wheels given together (one built from
the repository, one from the sdist) must hold the same files.
"""

import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LICENCES = ["LICENSE-MIT", "LICENSE-APACHE"]
EXPRESSION = "MIT OR Apache-2.0"


def check_metadata(where, text, errors):
    """PEP 639's fields in a PKG-INFO or METADATA."""
    meta = Parser().parsestr(text)
    if meta.get("License-Expression") != EXPRESSION:
        errors.append(f"{where}: License-Expression is {meta.get('License-Expression')!r}, not {EXPRESSION!r}")
    if sorted(meta.get_all("License-File") or []) != sorted(LICENCES):
        errors.append(f"{where}: License-File lists {meta.get_all('License-File')}, not {LICENCES}")
    if not meta.get_payload().strip():
        errors.append(f"{where}: no long description (the readme)")


def check_sdist(path, errors):
    with tarfile.open(path) as tar:
        top = tar.getnames()[0].split("/")[0]
        for name in LICENCES:
            member = tar.extractfile(f"{top}/{name}") if f"{top}/{name}" in tar.getnames() else None
            if member is None:
                errors.append(f"{path.name}: no {top}/{name}")
            elif member.read() != (ROOT / name).read_bytes():
                errors.append(f"{path.name}: {name} differs from the repository root's")
        check_metadata(f"{path.name} PKG-INFO", tar.extractfile(f"{top}/PKG-INFO").read().decode(), errors)


def check_wheel(path, errors):
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        for name in LICENCES:
            inside = f"{info}/licenses/{name}"
            if inside not in names:
                errors.append(f"{path.name}: no {inside}")
            elif wheel.read(inside) != (ROOT / name).read_bytes():
                errors.append(f"{path.name}: {name} differs from the repository root's")
        check_metadata(f"{path.name} METADATA", wheel.read(f"{info}/METADATA").decode(), errors)
        return sorted(names)


def main(args):
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    errors = []
    check_sdist(Path(args[0]), errors)
    contents = {Path(w).name: check_wheel(Path(w), errors) for w in args[1:]}
    first, *others = contents.items()
    for name, names in others:
        if names != first[1]:
            errors.append(f"{name} holds {sorted(set(names) ^ set(first[1]))} that {first[0]} does not, or the reverse")
    if errors:
        print("\n".join(f"error: {e}" for e in errors), file=sys.stderr)
        return 1
    print(f"ok: the sdist and {len(contents)} wheel(s) carry {' and '.join(LICENCES)} under {EXPRESSION!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
