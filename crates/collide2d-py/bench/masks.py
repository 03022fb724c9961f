"""Pixel masks from Python: collide2d.Bitmask against pygame.mask (pygame-ce), on the same pixels
and offsets, in one process.

    pip install pygame-ce numpy
    python crates/collide2d-py/bench/masks.py

The rows (the Rust side alone is `cargo bench -p collide2d --bench bitmask -- bitmask_sprite`,
on the same pixels and offsets):
- the 89×82 sprite meteorGrey_big3.png into a mask, from its Surface (both: alpha above 127)
  and, for collide2d, from its RGBA bytes;
- that mask against itself at every offset of a step-2 grid over the range where their
  rectangles overlap (89 × 82 = 7,298 offsets, hits and misses): `overlaps` (collide2d's answers
  yes or no) and `first_overlap` beside pygame's `overlap` (which gives the first pixel), then
  `overlap_area`;
- the sprite at 4,096 offsets spread over a 1024×1024 level mask (`overlaps` / `overlap`);
- the level against itself at (37, 11), `overlap_area`.

Each figure is the time of one call, Python's call included: a loop of calls over the offsets
timed as a whole (a bound method called from the loop, as a game would; the loop itself adds
about 3 ns a call to both), divided by their number; the best of 15 such loops (best-of, as the machine
may be busy), the two libraries' loops taken in turn so that both see the same load. Every row
first checks that both libraries give the same answers.
"""

import os
import pathlib
import timeit

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

import collide2d as c  # noqa: E402

SPRITE = pathlib.Path(__file__).resolve().parents[2] / "collide2d" / "tests" / "data" / "sprites" / "meteorGrey_big3.png"
REPEATS = 15


def level_pixels():
    """The 1024×1024 level of the Rust bench (benches/bitmask.rs, `level`), as RGBA: hills under
    y = 700, four platforms, 40×40 blocks with a hole every 128 pixels in the sky."""
    y, x = np.mgrid[0:1024, 0:1024]
    ground = y >= 700 - np.abs(x % 256 - 128)
    platform = np.zeros_like(ground)
    for k in range(4):
        x0 = k * 300 % 1024
        platform |= (200 + 150 * k <= y) & (y < 216 + 150 * k) & (x0 <= x) & (x < x0 + 240)
    bx, by = x % 128, y % 128
    hole = (35 <= bx) & (bx < 45) & (35 <= by) & (by < 45)
    block = (y < 560) & (20 <= bx) & (bx < 60) & (20 <= by) & (by < 60) & ~hole
    rgba = np.zeros((1024, 1024, 4), dtype=np.uint8)
    rgba[..., 3] = np.where(ground | platform | block, 255, 0)
    return rgba


def sprite_offsets(w, h):
    return [(dx, dy) for dx in range(-(w - 1), w, 2) for dy in range(-(h - 1), h, 2)]


def level_offsets(w, h):
    return [((k * 389) % (1024 + w) - w, (k * 631) % (1024 + h) - h) for k in range(4096)]


def best(loops, per_call):
    """Seconds per call of each loop, best of REPEATS, the loops run in turn."""
    # Each loop repeated enough to last about 20 ms.
    number = [max(1, int(0.02 / max(timeit.timeit(f, number=1), 1e-9))) for f in loops]
    best = [float("inf")] * len(loops)
    for _ in range(REPEATS):
        for i, (f, n) in enumerate(zip(loops, number)):
            best[i] = min(best[i], timeit.timeit(f, number=n) / n)
    return [t / per_call for t in best]


def show(t):
    return f"{t * 1e6:.2f} µs" if t >= 1e-6 else f"{t * 1e9:.0f} ns"


def main():
    surface = pygame.image.load(str(SPRITE))
    w, h = surface.get_size()
    rgba = pygame.image.tobytes(surface, "RGBA")
    theirs = pygame.mask.from_surface(surface)
    ours = c.Bitmask.from_surface(surface)
    assert ours == c.Bitmask.from_pixels(rgba, w, h, alpha_above=127)
    assert ours.count() == theirs.count()

    level_surface = pygame.image.frombuffer(level_pixels().tobytes(), (1024, 1024), "RGBA")
    level_theirs = pygame.mask.from_surface(level_surface)
    level_ours = c.Bitmask.from_surface(level_surface)
    assert level_ours.count() == level_theirs.count()

    grid = sprite_offsets(w, h)
    spread = level_offsets(w, h)
    hits = [theirs.overlap(theirs, o) for o in grid]
    assert [ours.overlaps(ours, o) for o in grid] == [p is not None for p in hits]
    assert [ours.overlap_area(ours, o) for o in grid] == [theirs.overlap_area(theirs, o) for o in grid]
    assert [level_ours.overlaps(ours, o) for o in spread] == [level_theirs.overlap(theirs, o) is not None for o in spread]
    assert level_ours.overlap_area(level_ours, (37, 11)) == level_theirs.overlap_area(level_theirs, (37, 11))
    # pygame.mask.overlap's first pixel is the first of a column-major scan of 32- or 64-pixel
    # stripes; first_overlap's is the top-left one: both are overlapping pixels, not the same.
    for o, p in zip(grid, hits):
        q = ours.first_overlap(ours, o)
        assert (p is None) == (q is None) and (q is None or ours.get(*q) and ours.get(q[0] - o[0], q[1] - o[1]))

    def over(offsets, method, other):
        """A loop calling `method(other, offset)` for every offset: no Python function between."""

        def loop():
            for o in offsets:
                method(other, o)

        return loop

    rows = [
        ("mask from the Surface (`from_surface`)", 1, lambda: c.Bitmask.from_surface(surface), lambda: pygame.mask.from_surface(surface)),
        ("mask from RGBA bytes (`from_pixels`; pygame: `from_surface`)", 1, lambda: c.Bitmask.from_pixels(rgba, w, h, alpha_above=127), lambda: pygame.mask.from_surface(surface)),
        ("sprite `overlaps` (pygame: `overlap`), 7,298 offsets", len(grid), over(grid, ours.overlaps, ours), over(grid, theirs.overlap, theirs)),
        ("sprite `first_overlap` (pygame: `overlap`)", len(grid), over(grid, ours.first_overlap, ours), over(grid, theirs.overlap, theirs)),
        ("sprite `overlap_area`, 7,298 offsets", len(grid), over(grid, ours.overlap_area, ours), over(grid, theirs.overlap_area, theirs)),
        ("sprite on the 1024² level, `overlaps`, 4,096 offsets", len(spread), over(spread, level_ours.overlaps, ours), over(spread, level_theirs.overlap, theirs)),
        ("1024² level against itself, `overlap_area`", 1, lambda: level_ours.overlap_area(level_ours, (37, 11)), lambda: level_theirs.overlap_area(level_theirs, (37, 11))),
    ]
    print(f"pygame-ce {pygame.version.ver}; best of {REPEATS} loops, Python's call included\n")
    print("| row | collide2d | pygame.mask | ratio |")
    print("|---|---:|---:|---:|")
    for name, n, mine, other in rows:
        a, b = best([mine, other], n)
        print(f"| {name} | {show(a)} | {show(b)} | {a / b:.2f} |")


if __name__ == "__main__":
    main()
