"""Moving over from pygame.mask: the same tasks in pygame-ce's masks and Rects and in collide2d,
each pair asserted to agree, or to differ as the page says. The guide's page
(docs/guide/pages/moving-over/pygame-mask.md) shows this file's marked sections side by side;
crates/collide2d-py/tests/test_guide.py runs it headless."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

import collide2d as c  # noqa: E402

# Two sprites drawn with per-pixel alpha, as loaded from PNG files: a ring 40 pixels across
# (a hole in the middle) and a ball 10 across. No window is needed.
ring_image = pygame.Surface((40, 40), pygame.SRCALPHA)
pygame.draw.circle(ring_image, (200, 120, 40, 255), (20, 20), 20)
pygame.draw.circle(ring_image, (0, 0, 0, 0), (20, 20), 10)
ball_image = pygame.Surface((10, 10), pygame.SRCALPHA)
pygame.draw.circle(ball_image, (40, 160, 220, 255), (5, 5), 5)
ring_at, ball_at = (100, 50), (115, 52)  # top-left corners on the screen, y down

# --8<-- [start:theirs-mask]
# A mask per sprite; an overlap test takes the other's offset from this one's top-left corner.
ring_mask = pygame.mask.from_surface(ring_image)
ball_mask = pygame.mask.from_surface(ball_image)
offset = (ball_at[0] - ring_at[0], ball_at[1] - ring_at[1])
their_hit = ring_mask.overlap(ball_mask, offset) is not None
their_area = ring_mask.overlap_area(ball_mask, offset)
# --8<-- [end:theirs-mask]
# --8<-- [start:ours-mask]
# The same masks, from the same Surfaces by the same rule (alpha above 127), and the same
# offsets: tested 64 pixels at a time.
ring_bits = c.Bitmask.from_surface(ring_image)
ball_bits = c.Bitmask.from_surface(ball_image)
our_hit = ring_bits.overlaps(ball_bits, offset)
our_area = ring_bits.overlap_area(ball_bits, offset)
# --8<-- [end:ours-mask]
assert their_hit and our_hit and their_area == our_area > 0
# The ball in the ring's hole touches no pixel of it, for both.
hole = (15, 15)
assert ring_mask.overlap(ball_mask, hole) is None and not ring_bits.overlaps(ball_bits, hole)
# Every offset around the ring: the same answers, pixel for pixel.
for dx in range(-12, 43, 3):
    for dy in range(-12, 43, 3):
        assert ring_mask.overlap_area(ball_mask, (dx, dy)) == ring_bits.overlap_area(ball_bits, (dx, dy))
print(f"masks: pygame {their_area} shared pixels, collide2d {our_area}")

# --8<-- [start:theirs-push]
# pygame.mask says how many pixels overlap, not where to move: a common estimate of the way
# out is the change in overlap area one pixel each way, and the move is then found by trial.
dx = ring_mask.overlap_area(ball_mask, (offset[0] + 1, offset[1])) - ring_mask.overlap_area(ball_mask, (offset[0] - 1, offset[1]))
dy = ring_mask.overlap_area(ball_mask, (offset[0], offset[1] + 1)) - ring_mask.overlap_area(ball_mask, (offset[0], offset[1] - 1))
steps = 0
x, y = ball_at
while ring_mask.overlap(ball_mask, (x - ring_at[0], y - ring_at[1])) and steps < 100:
    x, y, steps = x - (dx > 0) + (dx < 0), y - (dy > 0) + (dy < 0), steps + 1
# --8<-- [end:theirs-push]
# --8<-- [start:ours-push]
# On masks, push_out answers in one call: the shortest whole-pixel move along an axis, and an
# estimated normal and depth.
axis_move, normal, depth = ring_bits.push_out(ball_bits, offset)
# Or trace the sprites into polygons (in pixels, y down) once, when loaded, and place them with
# a Transform: contact gives the shortest push of one outline out of the other.
ring_shape = c.trace(ring_image)[0].transformed(c.Transform(translation=ring_at))
ball_shape = c.trace(ball_image)[0].transformed(c.Transform(translation=ball_at))
hit = c.contact(ring_shape, ball_shape)
# --8<-- [end:ours-push]
# Both push the ball down, into the ring's hole: pygame by trial, 8 one-pixel steps; the mask's
# push_out by the same 8 pixels; the traced outlines (the hole simplified to an octagon, as
# Detail "optimal" does) within a pixel of it.
assert steps == 8 and (x - ball_at[0], y - ball_at[1]) == (0, 8) and axis_move == (0, 8)
assert len(ring_shape.holes) == 1 and len(ring_shape.holes[0]) == 8 and hit.exact and hit.normal[1] > 0.95 and abs(hit.depth - 8.56) < 0.005
pushed = ball_shape.transformed(c.Transform(translation=hit.push_out_b))
assert c.contact(ring_shape, pushed) is None or c.contact(ring_shape, pushed).depth < 1e-3
print(f"push-out: pygame by trial {steps} pixels, Bitmask.push_out {axis_move}, traced outlines {hit.depth:.2f}")

# --8<-- [start:theirs-rect]
# Rects are half-open: a rect 10 wide at x = 0 ends before x = 10, so one at x = 10 does
# not collide with it.
their_touch = pygame.Rect(0, 0, 10, 10).colliderect(pygame.Rect(10, 0, 10, 10))
# --8<-- [end:theirs-rect]
# --8<-- [start:ours-rect]
# Shapes are closed: boxes that share an edge touch (contact depth 0). Ask for a gap with
# distance, or for overlap with a depth above 0.
our_touch = c.intersects(c.Aabb.from_xywh(0, 0, 10, 10), c.Aabb.from_xywh(10, 0, 10, 10))
# --8<-- [end:ours-rect]
assert not their_touch and our_touch
print(f"boxes sharing an edge: pygame.Rect {their_touch}, collide2d {our_touch}")
