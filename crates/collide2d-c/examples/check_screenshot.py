"""Checks a demo's last frame against what the demo reported: at each collider's reported point
(a point inside it), the screenshot's colour must be red when it collides and green when it
is apart; the report must hold both. Optionally writes the frame as a PNG for the docs.

    ./sdl_boxes --frames 120 --screenshot shot.bmp --report > report.txt
    python3 check_screenshot.py shot.bmp report.txt [--png docs/c-sdl-boxes.png]

The report's lines are `name x y colliding|apart` (the name may hold spaces when the line has
a `|` after it: `name|x y state`); other lines are ignored. Standard library only."""

import struct
import sys
import zlib


def read_bmp(path):
    """(width, height, rows of (r, g, b) tuples, top row first) of an uncompressed 24- or
    32-bit BMP, with or without bit-field masks."""
    data = open(path, "rb").read()
    if data[:2] != b"BM":
        raise SystemExit(f"{path}: not a BMP file")
    offset = struct.unpack_from("<I", data, 10)[0]
    header = struct.unpack_from("<I", data, 14)[0]
    width, height = struct.unpack_from("<ii", data, 18)
    bpp, compression = struct.unpack_from("<HI", data, 28)
    if bpp not in (24, 32) or compression not in (0, 3):
        raise SystemExit(f"{path}: {bpp}-bit BMP with compression {compression} is not read here")
    masks = (0xFF0000, 0xFF00, 0xFF)
    if compression == 3:
        at = 54 if header >= 52 else 14 + header
        masks = struct.unpack_from("<III", data, at)
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    stride = (width * bpp // 8 + 3) & ~3
    rows = []
    for y in range(abs(height)):
        start = offset + y * stride
        row = []
        for x in range(width):
            at = start + x * bpp // 8
            if bpp == 24:
                b, g, r = data[at : at + 3]
            else:
                value = struct.unpack_from("<I", data, at)[0]
                r, g, b = ((value & m) >> s for m, s in zip(masks, shifts))
            row.append((r, g, b))
        rows.append(row)
    if height > 0:
        rows.reverse()
    return width, abs(height), rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\0" + bytes(c for px in row for c in px) for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def colour_at(rows, x, y):
    """Red or green, whichever more of the 5 x 5 pixels around (x, y) are (at least 5 of them:
    outlines and push-out lines may cross the point), else other."""
    votes = {"red": 0, "green": 0, "other": 0}
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            yy, xx = min(max(int(y) + dy, 0), len(rows) - 1), min(max(int(x) + dx, 0), len(rows[0]) - 1)
            r, g, b = rows[yy][xx]
            votes["red" if r > g + 60 and r > b + 60 else "green" if g > r + 60 and g > b + 30 else "other"] += 1
    best = "red" if votes["red"] > votes["green"] else "green"
    return best if votes[best] >= 5 else "other"


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    width, height, rows = read_bmp(argv[1])
    checked, states, failures = 0, set(), []
    for line in open(argv[2]):
        name, _, rest = line.strip().rpartition("|") if "|" in line else (None, None, line.strip())
        parts = rest.split()
        if name is None:
            if len(parts) != 4 or parts[3] not in ("colliding", "apart"):
                continue
            name, parts = parts[0], parts[1:]
        elif len(parts) != 3:
            continue
        x, y, state = float(parts[0]), float(parts[1]), parts[2]
        if not (0 <= x < width and 0 <= y < height):
            continue
        want = "red" if state == "colliding" else "green"
        got = colour_at(rows, x, y)
        checked += 1
        states.add(state)
        if got != want:
            failures.append(f"{name} at ({x:.0f}, {y:.0f}) is {state} but drawn {got}")
    if failures or checked == 0 or states != {"colliding", "apart"}:
        print(f"{argv[1]}: {checked} colliders checked, states seen {sorted(states)}")
        print("\n".join(failures))
        return 1
    print(f"{argv[1]}: {checked} colliders, each drawn red while colliding and green while apart")
    if len(argv) > 4 and argv[3] == "--png":
        write_png(argv[4], width, height, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
