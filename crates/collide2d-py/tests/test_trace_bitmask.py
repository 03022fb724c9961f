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
    with pytest.raises(IndexError, match="outside"):
        b.set(4, 0, True)
    with pytest.raises(IndexError, match="outside"):
        b.get(40, 0)
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


# pygame users' own types (issue 59): Surfaces, surfarray layouts, offsets as any two numbers,
# pygame's exceptions and default threshold.


def pygame_or_skip():
    """pygame, with its dummy video driver: Surfaces need no window."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    return pytest.importorskip("pygame")


def alpha_surface(pygame, alphas, width):
    """A 32-bit per-pixel-alpha Surface whose pixels, row by row, have the given alphas."""
    height = len(alphas) // width
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    for i, a in enumerate(alphas):
        s.set_at((i % width, i // width), (10 + i % 200, 20, 30, a))
    return s


def mask_bits(mask, width, height):
    """Every pixel of a pygame Mask or of a Bitmask, row by row."""
    if hasattr(mask, "get_at"):
        return [bool(mask.get_at((x, y))) for y in range(height) for x in range(width)]
    return [mask.get(x, y) for y in range(height) for x in range(width)]


def test_a_pygame_surface_is_read_as_its_pixels(sprites):
    pygame = pygame_or_skip()
    s = pygame.image.load(str(sprites / "meteorGrey_big3.png"))
    w, h = s.get_size()
    rgba = pygame.image.tobytes(s, "RGBA")
    assert c.Bitmask.from_pixels(s) == c.Bitmask.from_pixels(rgba, w, h)
    assert c.Bitmask.from_pixels(s, alpha_above=200) == c.Bitmask.from_pixels(rgba, w, h, alpha_above=200)
    assert [p.area for p in c.trace(s, detail="exact")] == [p.area for p in c.trace(rgba, w, h, detail="exact")]
    # The size may be given too, if it is the Surface's.
    assert c.Bitmask.from_pixels(s, w, h) == c.Bitmask.from_pixels(s)
    with pytest.raises(ValueError, match="89×82"):
        c.Bitmask.from_pixels(s, 82, 89)


def test_from_surface_matches_pygame_mask_on_every_kind_of_surface():
    pygame = pygame_or_skip()
    alphas = [(i * 37) % 256 for i in range(70 * 5)] + [0, 126, 127, 128, 254, 255] * 5
    per_pixel = alpha_surface(pygame, alphas, 70)
    w, h = per_pixel.get_size()
    opaque = pygame.Surface((w, h), 0, 24)
    opaque.blit(per_pixel, (0, 0))
    keyed = pygame.Surface((w, h), 0, 32)
    keyed.fill((255, 0, 255))
    pygame.draw.circle(keyed, (1, 2, 3), (20, 3), 3)
    keyed.set_colorkey((255, 0, 255))
    keyed8 = pygame.Surface((w, h), 0, 8)
    keyed8.fill((0, 0, 0))
    keyed8.set_at((3, 2), (255, 255, 255))
    keyed8.set_colorkey((0, 0, 0))
    sixteen = pygame.Surface((w, h), pygame.SRCALPHA, 16)
    sixteen.blit(per_pixel, (0, 0))
    palette = pygame.Surface((w, h), 0, 8)
    palette.set_at((5, 1), (255, 255, 255))
    keyed_alpha = per_pixel.copy()
    keyed_alpha.set_colorkey(per_pixel.get_at((0, 0)))
    parent = alpha_surface(pygame, [(i * 53) % 256 for i in range(130 * 9)], 130)
    sub = parent.subsurface((61, 2, 67, 5))
    for surface in [per_pixel, opaque, keyed, keyed8, sixteen, palette, keyed_alpha, sub, parent]:
        sw, sh = surface.get_size()
        for threshold in [0, 1, 126, 127, 128, 254, 255]:
            ours = c.Bitmask.from_surface(surface, threshold)
            theirs = pygame.mask.from_surface(surface, threshold)
            assert (ours.width, ours.height) == (sw, sh)
            assert mask_bits(ours, sw, sh) == mask_bits(theirs, sw, sh), (surface, threshold)
        assert c.Bitmask.from_surface(surface) == c.Bitmask.from_surface(surface, 127)
    with pytest.raises(TypeError, match="Surface"):
        c.Bitmask.from_surface(b"\xff" * 16)


def test_bitmask_thresholds_alpha_above_0_or_pygames_127():
    pygame = pygame_or_skip()
    s = alpha_surface(pygame, [0, 1, 100, 127, 128, 255], 6)
    # from_pixels: anything not fully transparent; from_surface: pygame's alpha above 127.
    assert c.Bitmask.from_pixels(s).count() == 5
    assert c.Bitmask.from_surface(s).count() == 2 == pygame.mask.from_surface(s).count()
    assert c.Bitmask.from_surface(s, threshold=100).count() == 3


def test_pygame_is_not_imported_unless_given_a_surface():
    import subprocess
    import sys

    code = (
        "import sys, collide2d as c\n"
        "px = bytes([9, 9, 9, 255] * 4)\n"
        "c.Bitmask.from_pixels(px, 2, 2); c.trace(px, 2, 2)\n"
        "try:\n    c.Bitmask.from_pixels(object())\nexcept TypeError:\n    pass\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_arrays_laid_out_width_first_are_refused_not_read_transposed():
    np = pytest.importorskip("numpy")
    picture = np.zeros((3, 5, 4), dtype=np.uint8)  # (height, width, 4): 3 rows of 5
    picture[0, 4, 3] = 255  # the top right pixel
    mask = c.Bitmask.from_pixels(picture)
    assert (mask.width, mask.height, mask.get(4, 0)) == (5, 3, True)
    # The same pixels as pygame.surfarray gives them, (width, height, ...), x the fast axis.
    width_first = picture.transpose(1, 0, 2)
    for call in [c.Bitmask.from_pixels, c.trace]:
        with pytest.raises(ValueError, match="surfarray"):
            call(width_first)
    # Transposed back, it is a picture again (a view, not a copy).
    assert c.Bitmask.from_pixels(width_first.transpose(1, 0, 2)) == mask
    # One row or one column has no layout to get wrong.
    assert c.Bitmask.from_pixels(picture[:1]).count() == 1
    assert c.Bitmask.from_pixels(picture[:, 4:]).count() == 1


def test_surfarray_arrays_are_refused_with_a_pointer_to_the_surface():
    pygame = pygame_or_skip()
    s = alpha_surface(pygame, [255] * 12, 4)
    for array in [pygame.surfarray.pixels3d(s), pygame.surfarray.array3d(s), pygame.surfarray.pixels_alpha(s)]:
        with pytest.raises(ValueError, match="Surface"):
            c.Bitmask.from_pixels(array)
        del array


def test_an_explicit_size_must_match_the_data():
    np = pytest.importorskip("numpy")
    picture = np.zeros((4, 8, 4), dtype=np.uint8)
    assert c.Bitmask.from_pixels(picture, 8, 4).width == 8
    # Same number of bytes, other shape: once read as 4 wide and 8 high without a word.
    with pytest.raises(ValueError, match=r"width 4 and height 8 .* \(4, 8, 4\)"):
        c.Bitmask.from_pixels(picture, 4, 8)
    with pytest.raises(ValueError, match=r"width 4 and height 8"):
        c.trace(picture, 4, 8)
    with pytest.raises(ValueError, match=r"15 bytes.*2 × 2 × 4 = 16"):
        c.Bitmask.from_pixels(b"\x00" * 15, 2, 2)
    with pytest.raises(ValueError, match=r"17 bytes.*2 × 2 × 4 = 16"):
        c.trace(bytearray(17), 2, 2)


def test_offsets_are_anything_with_two_numbers():
    np = pytest.importorskip("numpy")
    pygame = pygame_or_skip()
    a = c.Bitmask(10, 10, fill=True)
    dot = c.Bitmask(1, 1, fill=True)
    pa, pdot = pygame.mask.Mask((10, 10), fill=True), pygame.mask.Mask((1, 1), fill=True)
    for offset in [(3, 4), [3, 4], pygame.Vector2(3, 4), np.array([3, 4]), np.array([3.0, 4.0]), (np.int64(3), np.uint8(4))]:
        assert a.overlaps(dot, offset)
        assert a.overlap_area(dot, offset) == 1
        assert a.overlap_mask(dot, offset).get(3, 4)
        assert a.first_overlap(dot, offset) == (3, 4)
        assert a.push_out(dot, offset) is not None
    # Fractions are cut towards zero, as int() and pygame.mask do.
    for offset in [(9.9, 0), (-0.5, 0), (-0.9, 2.5), pygame.Vector2(2.7, 3.2), np.array([2.5, 3.5])]:
        assert a.first_overlap(dot, offset) == pa.overlap(pdot, offset)
    # Past any mask's reach, whatever the size: never wrapped around (pygame wraps 2**40 to 0).
    for offset in [(2**40, 0), (0, -(2**70)), (1e30, 0), (-1e300, 5)]:
        assert not a.overlaps(dot, offset) and a.overlap_area(dot, offset) == 0
        assert a.first_overlap(dot, offset) is None and a.push_out(dot, offset) is None
    with pytest.raises(ValueError, match="finite"):
        a.overlaps(dot, (float("nan"), 0))
    with pytest.raises(ValueError, match="finite"):
        a.overlap_area(dot, (0, float("inf")))
    with pytest.raises(ValueError, match="two numbers"):
        a.overlaps(dot, (1, 2, 3))
    with pytest.raises(TypeError, match="two numbers"):
        a.overlaps(dot, 5)
    with pytest.raises(TypeError, match="number"):
        a.overlaps(dot, ("1", 2))


def test_get_and_set_outside_the_mask_raise_index_error():
    m = c.Bitmask(10, 4)
    for x, y in [(-1, 0), (0, -1), (10, 0), (0, 4), (2**70, 0), (-(2**70), 1)]:
        with pytest.raises(IndexError, match="outside the 10×4 mask"):
            m.get(x, y)
        with pytest.raises(IndexError, match="outside the 10×4 mask"):
            m.set(x, y, True)
    m.set(9, 3, True)
    assert m.get(9, 3) and m.count() == 1


def test_bytes_of_a_mask_wider_than_any_mask_are_refused():
    # Nothing to read (no rows), yet past the side a Bitmask may have, as Bitmask(w, h) refuses.
    with pytest.raises(ValueError, match="too large"):
        c.Bitmask.from_pixels(b"", 2**24 + 1, 0)
    assert c.Bitmask.from_pixels(b"", 2**24, 0).width == 2**24
