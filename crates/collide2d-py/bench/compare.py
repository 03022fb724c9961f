"""Calls per second from Python: collide2d against `collision` (SAT, a port of SAT.js),
`pygame.mask` and shapely, on the same cases, in one run.

    pip install collision shapely pygame-ce numpy
    python crates/collide2d-py/bench/compare.py

Each figure is the best of five timed loops, in calls per second (higher is faster). The batch
rows answer many pairs in one call, so Python's per-call cost is paid once.
"""

import math
import pathlib
import time

import collision
import numpy as np
import pygame
import shapely
from shapely.affinity import translate

import collide2d as c

SPRITES = pathlib.Path(__file__).resolve().parents[2] / "collide2d" / "tests" / "data" / "sprites"


def rate(call, min_seconds=0.2):
    """Calls per second of `call()`, best of five loops, each loop long enough to time."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            call()
        if time.perf_counter() - start > min_seconds / 5:
            break
        n *= 2
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            call()
        best = min(best, (time.perf_counter() - start) / n)
    return 1 / best


def row(name, ours, theirs, their_name):
    print(f"| {name} | {ours:,.0f} | {theirs:,.0f} ({their_name}) | {ours / theirs:.1f}× |")


def sat_cases():
    """The `collision` package's own kinds of pair: polygon/polygon, circle/polygon, circle/circle."""
    v = collision.Vector
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    hexagon = [(5 * math.cos(a), 5 * math.sin(a)) for a in (k * math.pi / 3 for k in range(6))]
    theirs = {
        "polygon / polygon": (
            collision.Poly(v(0, 0), [v(*p) for p in square]),
            collision.Poly(v(8, 3), [v(*p) for p in hexagon]),
        ),
        "circle / polygon": (collision.Circle(v(12, 5), 3), collision.Poly(v(0, 0), [v(*p) for p in square])),
        "circle / circle": (collision.Circle(v(0, 0), 5), collision.Circle(v(8, 0), 5)),
    }
    ours = {
        "polygon / polygon": (c.ConvexPolygon(square), c.ConvexPolygon([(x + 8, y + 3) for x, y in hexagon])),
        "circle / polygon": (c.Circle((12, 5), 3), c.ConvexPolygon(square)),
        "circle / circle": (c.Circle((0, 0), 5), c.Circle((8, 0), 5)),
    }
    print("| SAT pair (overlapping) | collide2d calls/s | other calls/s | ratio |")
    print("|---|---|---|---|")
    for name, (a, b) in theirs.items():
        x, y = ours[name]
        assert c.intersects(x, y) and collision.collide(a, b)
        response = collision.Response()

        def theirs_with_response(a=a, b=b):
            response.reset()
            collision.collide(a, b, response)

        row(f"{name}: overlap test", rate(lambda: c.intersects(x, y)), rate(lambda: collision.collide(a, b)), "collision")
        row(f"{name}: push-out", rate(lambda: c.contact(x, y)), rate(theirs_with_response), "collision + Response")


def sprite_cases():
    """Two traced sprites overlapping: pygame.mask against our bitmask and exact polygons, and
    shapely's concave intersects against ours."""
    pygame.init()
    a_img = pygame.image.load(str(SPRITES / "meteorGrey_big3.png"))
    b_img = pygame.image.load(str(SPRITES / "playerShip2_orange.png"))
    offset = (40, 20)
    mask_a, mask_b = pygame.mask.from_surface(a_img), pygame.mask.from_surface(b_img)

    def bitmask(img):
        return c.Bitmask.from_pixels(pygame.image.tobytes(img, "RGBA"), img.get_width(), img.get_height())

    bit_a, bit_b = bitmask(a_img), bitmask(b_img)
    poly_a = max(c.trace_file(SPRITES / "meteorGrey_big3.png", detail="optimal"), key=lambda p: p.area)
    poly_b = max(c.trace_file(SPRITES / "playerShip2_orange.png", detail="optimal"), key=lambda p: p.area)
    placed_b = poly_b.transformed(c.Transform(translation=offset))
    assert mask_a.overlap(mask_b, offset) is not None and bit_a.overlaps(bit_b, offset)
    assert c.intersects(poly_a, placed_b)

    print()
    print("| sprites (meteor and ship, overlapping) | collide2d calls/s | other calls/s | ratio |")
    print("|---|---|---|---|")
    row("mask overlap", rate(lambda: bit_a.overlaps(bit_b, offset)), rate(lambda: mask_a.overlap(mask_b, offset)), "pygame.mask")
    row(
        "overlap area",
        rate(lambda: bit_a.overlap_area(bit_b, offset)),
        rate(lambda: mask_a.overlap_area(mask_b, offset)),
        "pygame.mask",
    )
    row(
        "traced polygons intersect / mask overlap",
        rate(lambda: c.intersects(poly_a, placed_b)),
        rate(lambda: mask_a.overlap(mask_b, offset)),
        "pygame.mask",
    )

    shp_a = shapely.Polygon(poly_a.outline, poly_a.holes)
    shp_b = translate(shapely.Polygon(poly_b.outline, poly_b.holes), *offset)
    shapely.prepare(shp_a)
    assert shp_a.intersects(shp_b)
    row("concave intersects", rate(lambda: c.intersects(poly_a, placed_b)), rate(lambda: shp_a.intersects(shp_b)), "shapely, prepared")
    shp_c = shapely.Polygon(poly_a.outline, poly_a.holes)
    row("concave intersects", rate(lambda: c.intersects(poly_a, placed_b)), rate(lambda: shp_c.intersects(shp_b)), "shapely")
    apart_b = poly_b.transformed(c.Transform(translation=(200, 0)))
    shp_apart = translate(shapely.Polygon(poly_b.outline, poly_b.holes), 200, 0)
    row("concave intersects, apart", rate(lambda: c.intersects(poly_a, apart_b)), rate(lambda: shp_a.intersects(shp_apart)), "shapely, prepared")
    return poly_a, poly_b


def batch_cases():
    """Many pairs in one call, against the same pairs one call each."""
    rng = np.random.default_rng(1)
    n = 10_000
    centers = rng.uniform(0, 100, size=(n, 2, 2))
    a = [c.Circle(tuple(p), 2) for p in centers[:, 0]]
    b = [c.Obb(tuple(p), (3, 1), 0.5) for p in centers[:, 1]]

    def one_by_one():
        return [c.intersects(x, y) for x, y in zip(a, b)]

    def batch():
        return np.frombuffer(c.intersects_pairs(a, b), dtype=bool)

    assert batch().tolist() == one_by_one()
    print()
    print("| batch (10,000 circle / box pairs) | pairs/s |")
    print("|---|---|")
    print(f"| intersects, one call per pair | {rate(one_by_one) * n:,.0f} |")
    print(f"| intersects_pairs, one call | {rate(batch) * n:,.0f} |")
    print(f"| contact_pairs, one call | {rate(lambda: c.contact_pairs(a, b)) * n:,.0f} |")
    world = c.World()
    for p in centers[:2000, 0]:
        world.insert(c.Circle((p[0] * 10, p[1] * 10), 4))
    world.step()
    print(f"| World.step, 2,000 circles moving nowhere | {rate(world.step):,.0f} steps/s |")


if __name__ == "__main__":
    sat_cases()
    sprite_cases()
    batch_cases()
