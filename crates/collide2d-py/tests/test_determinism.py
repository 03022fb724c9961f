"""The determinism check (crates/collide2d-determinism) through the Python package: the same
seeded inputs, made here in Python, through the binding's queries, tracing and World, must give
the same 64-bit hash over the f32 bits of every answer as the Rust check natively and in wasm32.

Inputs are made in f32 as the Rust check makes them: each operation on two f32 numbers is done in
Python's f64 and rounded to f32, which gives the f32 result exactly (f64 has more than twice f32's
precision, so the double rounding is harmless). Run alone, it prints the hash and its parts.
"""

import struct
from pathlib import Path

import collide2d as c2d

REPO = Path(__file__).resolve().parents[3]
EXPECTED = REPO / "crates" / "collide2d-determinism" / "expected.hash"
SPRITES = REPO / "crates" / "collide2d" / "tests" / "data" / "sprites"
# The Rust check's list, in its order.
SPRITE_NAMES = [
    "boxCrate", "button_b_outline", "button_color_x", "coinSilver", "femaleAdventurer_idle",
    "flagRed1", "fly", "gemBlue", "grassHalf", "keyRed", "lockYellow", "malePerson_idle",
    "meteorGrey_big3", "meteorGrey_tiny1", "playerShip2_orange", "sawHalf", "slimeGreen", "wormPink",
]  # fmt: skip

MASK64 = (1 << 64) - 1
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def f32(x):
    """x rounded to the nearest f32."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def vadd(p, q):
    return (f32(p[0] + q[0]), f32(p[1] + q[1]))


def vscale(p, k):
    k = f32(k)
    return (f32(p[0] * k), f32(p[1] * k))


class Hash:
    """FNV-1a over 32-bit words, little-endian, as the Rust check's."""

    def __init__(self):
        self.h = FNV_OFFSET

    def word(self, w):
        h = self.h
        for b in (w & 0xFFFFFFFF).to_bytes(4, "little"):
            h = ((h ^ b) * FNV_PRIME) & MASK64
        self.h = h

    def f(self, x):
        self.word(struct.unpack("<I", struct.pack("<f", x))[0])

    def v(self, p):
        self.f(p[0])
        self.f(p[1])

    def flag(self, b):
        self.word(1 if b else 0)

    def contact(self, c):
        """A contact's normal, depth and points, or the word for none."""
        if c is None:
            self.word(0xC0)
            return
        self.v(c.normal)
        self.f(c.depth)
        for p in c.points:
            self.v(p.point_a)
            self.v(p.point_b)
            self.f(p.depth)

    def answer(self, found, missing, *fields):
        """The named fields of an answer in order (vectors, flags, numbers), or the word that
        stands for no answer."""
        if found is None:
            self.word(missing)
            return
        for name in fields:
            x = getattr(found, name)
            if isinstance(x, tuple):
                self.v(x)
            elif isinstance(x, bool):
                self.flag(x)
            else:
                self.f(x)


class Seeded:
    """xorshift64*, as the Rust check's."""

    def __init__(self, seed):
        self.s = seed

    def next(self):
        s = self.s
        s ^= s >> 12
        s ^= (s << 25) & MASK64
        s ^= s >> 27
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & MASK64

    def between(self, lo, hi):
        lo, hi = f32(lo), f32(hi)
        u = (self.next() >> 40) / float(1 << 24)
        return f32(lo + f32(f32(hi - lo) * u))

    def point(self):
        x = self.between(-6.0, 6.0)
        return (x, self.between(-6.0, 6.0))


def shape(r, k):
    """A random shape of every kind in turn (a concave star one time in sixteen)."""
    c = r.point()
    kind = k % 16
    if kind == 0:
        return c
    if kind in (1, 9):
        return c2d.Segment(c, vadd(c, vscale(r.point(), 0.3)))
    if kind in (2, 10):
        hx = r.between(0.1, 2.0)
        return c2d.Aabb.from_center(c, (hx, r.between(0.1, 2.0)))
    if kind in (3, 11):
        return c2d.Circle(c, r.between(0.1, 2.0))
    if kind in (4, 12):
        hx = r.between(0.1, 2.0)
        hy = r.between(0.1, 2.0)
        return c2d.Obb(c, (hx, hy), r.between(-3.0, 3.0))
    if kind in (5, 13):
        end = vadd(c, vscale(r.point(), 0.3))
        return c2d.Capsule(c, end, r.between(0.1, 1.0))
    if kind in (6, 14):
        sides = 3 + r.next() % 6
        radius = r.between(0.2, 2.0)
        return c2d.ConvexPolygon.regular(sides, c, radius, r.between(0.0, 3.0))
    outer = r.between(1.0, 3.0)
    inner = r.between(0.3, 0.9)
    turn = r.between(0.0, 1.0)
    tips = c2d.ConvexPolygon.regular(5, c, outer, turn).vertices
    dents = c2d.ConvexPolygon.regular(5, c, f32(outer * inner), f32(turn + f32(0.6283185))).vertices
    return c2d.Polygon([p for pair in zip(tips, dents) for p in pair])


def aabb_center(s):
    return s if isinstance(s, tuple) else s.aabb().center


def queries(h, pairs):
    r = Seeded(0x9E3779B97F4A7C15)
    for k in range(pairs):
        a = shape(r, k)
        b = shape(r, (k // 16 + k * 7) & MASK64)
        h.flag(c2d.intersects(a, b))
        h.flag(c2d.contains(a, b))
        which = k % 5
        if which == 0:
            h.contact(c2d.contact(a, b))
        elif which == 1:
            h.f(c2d.distance(a, b))
            c = c2d.closest_points(a, b)
            if c is not None:
                h.v(c.point_a)
                h.v(c.point_b)
        elif which == 2:
            origin = vscale(r.point(), 2.0)
            direction = r.point()
            try:
                hit = c2d.cast_ray(a, origin, direction, 30.0)
            except ValueError:  # a zero direction: the Rust check's fallback ray
                hit = c2d.cast_ray(a, (0.0, 0.0), (1.0, 0.0), 30.0)
            h.answer(hit, 0xA1, "distance", "point", "normal")
        elif which == 3:
            motion_a = vscale(r.point(), 3.0)
            hit = c2d.cast_shape(a, motion_a, b, r.point(), 1.0)
            h.answer(hit, 0xCA, "time", "point", "normal", "started_overlapping")
        else:
            velocity = r.point()
            spin = r.between(-3.0, 3.0)
            hit = c2d.cast_shape(a, velocity, b, r.point(), 1.0, angular_velocity_a=spin, pivot_a=aabb_center(a))
            h.answer(hit, 0x7C, "time", "point", "normal")


def touching(h, pairs):
    """Shapes resting on a box's top face, every predicate, then a cast from there."""
    r = Seeded(0x70C41E5A)
    for k in range(pairs):
        c = r.point()
        hx = r.between(0.5, 3.0)
        floor = c2d.Aabb.from_center(c, (hx, r.between(0.1, 1.0)))
        x = r.between(floor.min[0], floor.max[0])
        top = floor.max[1]
        size = r.between(0.1, 1.0)
        above = f32(top + size)
        kind = k % 4
        if kind == 0:
            resting = c2d.Circle((x, above), size)
        elif kind == 1:
            resting = c2d.Capsule((x, above), (f32(x + 0.5), above), size)
        elif kind == 2:
            resting = c2d.Aabb((x, top), (f32(x + size), above))
        else:
            resting = c2d.Obb((x, above), (size, 0.3), f32(1.5707964))
        h.flag(c2d.intersects(floor, resting))
        h.contact(c2d.contact(floor, resting))
        h.f(c2d.distance(floor, resting))
        closest = c2d.closest_points(floor, resting)
        if closest is not None:
            h.v(closest.point_a)
            h.v(closest.point_b)
        mx = r.between(-1.0, 1.0)
        motion = (mx, r.between(-1.0, 0.0))
        hit = c2d.cast_shape(resting, motion, floor, (0.0, 0.0), float("inf"))
        h.answer(hit, 0xCA, "time", "normal", "started_overlapping")


FLIP_HORIZONTAL, FLIP_VERTICAL, FLIP_DIAGONAL = 0x80000000, 0x40000000, 0x20000000


def level_map():
    """16 x 12 cells of 0.75 over the shapes' square: solid cells, slopes and half blocks,
    flipped and turned, in the Rust check's pattern."""
    flips = [0, FLIP_HORIZONTAL, FLIP_VERTICAL, FLIP_DIAGONAL | FLIP_HORIZONTAL]
    rows = []
    for row in range(12):
        ids = []
        for col in range(16):
            k = (col * 7 + row * 3) % 11
            if k <= 3:
                ids.append(1)
            elif k <= 6:
                ids.append((k - 2) | flips[(col + row) % 4])
            else:
                ids.append(0)
        rows.append(ids)
    tiles = {
        1: "solid",
        2: [(0.0, 1.0), (1.0, 0.0), (1.0, 1.0)],
        3: [(0.0, 0.5), (1.0, 0.5), (1.0, 1.0), (0.0, 1.0)],
        4: [(0.0, 1.0), (1.0, 0.5), (1.0, 1.0)],
    }
    return c2d.TileMap(rows, cell_size=(0.75, 0.75), origin=(-6.0, -4.5), tiles=tiles)


def tile_map(h, pairs):
    """Shapes of every kind over a tile map: every predicate, a ray and a cast."""
    level = level_map()
    r = Seeded(0x711E5EED)
    for k in range(pairs):
        s = shape(r, k)
        h.flag(c2d.intersects(level, s))
        h.flag(c2d.contains(level, s))
        h.contact(c2d.contact(level, s))
        h.f(c2d.distance(level, s))
        closest = c2d.closest_points(level, s)
        if closest is not None:
            h.v(closest.point_a)
            h.v(closest.point_b)
        origin = r.point()
        direction = r.point()
        try:
            hit = c2d.cast_ray(level, origin, direction, 30.0)
        except ValueError:  # a zero direction: the Rust check's fallback ray
            hit = c2d.cast_ray(level, (0.0, 0.0), (1.0, 0.0), 30.0)
        h.answer(hit, 0xA1, "distance", "point", "normal")
        hit = c2d.cast_shape(s, r.point(), level, (0.0, 0.0), 1.0)
        h.answer(hit, 0xCA, "time", "point", "normal", "started_overlapping")


def sprites(h):
    for name in SPRITE_NAMES:
        for detail in ("exact", "optimal", "more", "less"):
            for polygon in c2d.trace_file(SPRITES / f"{name}.png", detail):
                for p in polygon.outline:
                    h.v(p)
                for hole in polygon.holes:
                    for p in hole:
                        h.v(p)
                h.f(polygon.area)


def world_scene(h):
    r = Seeded(0x5EED)
    world = c2d.World()
    world.insert(c2d.Aabb((-60.0, -2.0), (60.0, 0.0)), c2d.Transform(), 0)
    hero = world.insert(c2d.Capsule((0.0, -0.5), (0.0, 0.5), 0.4), c2d.Transform((0.0, 3.0)), 1)
    live = []
    for step in range(1000):
        if step % 3 == 0 and len(live) < 120:
            s = shape(r, step)
            x = r.between(-50.0, 50.0)
            y = r.between(0.0, 8.0)
            at = c2d.Transform((x, y), r.between(-1.0, 1.0))
            try:
                live.append(world.insert(s, at, step))
            except ValueError:
                pass
        if step % 7 == 0 and live:
            i = r.next() % len(live)
            gone = live[i]
            live[i] = live[-1]
            live.pop()
            world.remove(gone)
        if step % 11 == 0 and len(live) > 2:
            i = r.next() % len(live)
            j = r.next() % len(live)
            try:
                world.set_parent(live[i], None if i == j else live[j])
            except ValueError:
                pass
        if step % 13 == 0 and live:
            i = r.next() % len(live)
            world.set_filter(live[i], c2d.CollisionFilter(1 << (r.next() % 3), 0b101))
        for c in [c for c in live if c.index % 4 == step % 4]:
            x = r.between(-50.0, 50.0)
            y = r.between(0.0, 8.0)
            t = c2d.Transform((x, y), r.between(-3.0, 3.0))
            try:
                world.set_transform(c, t)
            except ValueError:
                pass
        events = world.step()
        for e in events.started + events.ongoing:
            h.word(e.a.index)
            h.word(e.b.index)
            if e.contact is not None:
                h.v(e.contact.normal)
                h.f(e.contact.depth)
        for a, b in events.stopped:
            h.word(a.index)
            h.word(b.index)
        walk = (f32(0.1) if (step // 200) % 2 == 0 else f32(-0.1), f32(-0.2))
        moved = world.move_and_slide(hero, walk, step_height=f32(0.3), snap_distance=f32(0.3))
        h.v(moved.moved)
        h.flag(moved.on_floor)
        h.word(len(moved.touched))
    h.v(world.aabb(hero).min)


def parts(pairs=100_000):
    out = []
    for run in (lambda h: (queries(h, pairs), touching(h, 2_000), tile_map(h, 2_000)), sprites, world_scene):
        h = Hash()
        run(h)
        out.append(h.h)
    return out


def digest(part_hashes):
    h = Hash()
    for p in part_hashes:
        h.word(p)
        h.word(p >> 32)
    return f"{h.h:016x}"


def test_python_gives_the_same_bits_as_the_rust_check():
    got = parts()
    want = EXPECTED.read_text().strip()
    described = ", ".join(f"{n} {p:016x}" for n, p in zip(("queries", "sprites", "world"), got))
    assert digest(got) == want, f"{digest(got)} ({described}) is not the expected {want}"


if __name__ == "__main__":
    found = parts()
    print(f"{digest(found)} (queries {found[0]:016x}, sprites {found[1]:016x}, world {found[2]:016x})")
