"""Tracing pictures (file, RGBA bytes, numpy arrays) and pixel masks."""

import pytest

import collide2d as c


def checkerboard(n):
    """RGBA bytes of an n×n checkerboard: opaque white and transparent squares of one pixel."""
    return bytes(b for i in range(n * n) for b in (255, 255, 255, 255 if (i % n + i // n) % 2 == 0 else 0))


def square_with_hole_pixels():
    """A 6×6 picture: a solid 6×6 square with a 2×2 transparent hole in the middle."""
    rows = []
    for y in range(6):
        for x in range(6):
            hole = 2 <= x < 4 and 2 <= y < 4
            rows.append((0, 0, 0, 0) if hole else (200, 10, 10, 255))
    return bytes(v for px in rows for v in px)


def test_trace_rgba_bytes_finds_islands_and_holes():
    islands = c.trace(checkerboard(4), width=4, height=4, detail="exact")
    assert len(islands) == 8 and all(p.area == 1 for p in islands)
    (frame,) = c.trace(square_with_hole_pixels(), width=6, height=6, detail="exact")
    assert frame.area == 32 and len(frame.holes) == 1
    assert c.trace(bytearray(square_with_hole_pixels()), width=6, height=6)[0].area == pytest.approx(32, rel=0.01)


def test_trace_numpy_array_every_detail_level():
    np = pytest.importorskip("numpy")
    pixels = np.frombuffer(square_with_hole_pixels(), dtype=np.uint8).reshape(6, 6, 4)
    for detail in ["exact", "optimal", "more", "less", 0.05]:
        (frame,) = c.trace(pixels, detail=detail)
        assert frame.area == pytest.approx(32, rel=0.2)
    # A view that is not contiguous is read in row order.
    wide = np.zeros((6, 12, 4), dtype=np.uint8)
    wide[:, ::2] = pixels
    (same,) = c.trace(wide[:, ::2], detail="exact")
    assert same.area == 32


def test_trace_file_and_bad_input(sprites):
    polygons = c.trace_file(str(sprites / "boxCrate.png"))
    assert len(polygons) >= 1 and polygons[0].area > 1000
    assert c.trace_file(sprites / "keyRed.png", detail="less")
    with pytest.raises(ValueError, match="could not load the picture"):
        c.trace_file(sprites / "missing.png")
    with pytest.raises(ValueError, match="detail must be"):
        c.trace(checkerboard(4), width=4, height=4, detail="fine")
    with pytest.raises(ValueError, match="detail tolerance must be a fraction"):
        c.trace(checkerboard(4), width=4, height=4, detail=1.5)
    with pytest.raises(ValueError):
        c.trace(b"\x00" * 15, width=2, height=2)
    with pytest.raises(ValueError, match="more than 31 vertices"):
        c.trace(checkerboard(4), width=4, height=4, detail="exact", max_vertices=31)
    with pytest.raises(ValueError, match="shape"):
        np = pytest.importorskip("numpy")
        c.trace(np.zeros((4, 4, 3), dtype=np.uint8))
    with pytest.raises(ValueError, match="both width and height"):
        c.trace(checkerboard(4), width=4)


def test_bitmask_overlaps_like_pygame_mask():
    a = c.Bitmask(10, 10, fill=True)
    b = c.Bitmask(4, 4)
    b.set(0, 0, True)
    assert (a.width, a.height, a.count(), b.count()) == (10, 10, 100, 1)
    assert a.overlaps(b, (9, 9)) and not a.overlaps(b, (10, 0))
    assert a.overlap_area(c.Bitmask(4, 4, fill=True), (8, 8)) == 4
    assert a.overlap_mask(c.Bitmask(4, 4, fill=True), (8, 8)).count() == 4
    assert a.first_overlap(b, (3, 2)) == (3, 2)
    assert b.bounding_rect() == (0, 0, 1, 1) and b.centroid() == (0.5, 0.5)
    assert c.Bitmask(3, 3).bounding_rect() is None
    assert a.outline().count() == 36
    axis_move, normal, depth = a.push_out(c.Bitmask(2, 2, fill=True), (8, 4))
    assert axis_move == (2, 0) and depth >= 1
    with pytest.raises(ValueError, match="outside"):
        b.set(4, 0, True)
    assert not b.get(40, 0)
    assert a == c.Bitmask(10, 10, fill=True) and a != b


def test_bitmask_from_pixels_shapes_and_transforms(sprites):
    np = pytest.importorskip("numpy")
    pixels = np.frombuffer(square_with_hole_pixels(), dtype=np.uint8).reshape(6, 6, 4)
    mask = c.Bitmask.from_pixels(pixels)
    assert mask.count() == 32 and not mask.get(2, 2)
    assert c.Bitmask.from_pixels(square_with_hole_pixels(), width=6, height=6) == mask
    disc, offset = c.Bitmask.from_shape(c.Circle((10, 10), 3))
    assert offset == (7, 7) and 20 < disc.count() < 36
    assert mask.overlaps_shape(c.Circle((0, 0), 0.5))
    assert not mask.overlaps_shape(c.Circle((3, 3), 0.5))
    assert mask.overlaps_placed(c.Transform(), mask, c.Transform(translation=(5, 0), rotation=0.5))
    assert not mask.overlaps_placed(c.Transform(), mask, c.Transform(translation=(50, 0)))


def test_a_bitmask_too_large_to_hold_raises_instead_of_aborting():
    # These once aborted the interpreter asking for the memory.
    for width, height in [(2**32 - 1, 2**32 - 1), (2**20, 2**20), (2**24 + 1, 1)]:
        with pytest.raises(ValueError, match="too large"):
            c.Bitmask(width, height)
    # At the limits it is made: a side of 2**24 one pixel high, and 2**15 square.
    assert c.Bitmask(2**24, 1).count() == 0
    assert c.Bitmask(2**15, 2**15, fill=True).count() == 2**30
