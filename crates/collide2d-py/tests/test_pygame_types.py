"""pygame's own types where the module takes shapes, and the small things a Python user meets:
hashes, reprs, messages."""

import pygame
import pytest

import collide2d as c


def test_rects_are_boxes_wherever_a_shape_is_taken():
    rect, frect = pygame.Rect(10, 20, 30, 40), pygame.FRect(25.5, 30, 10, 10)
    assert c.Aabb(rect) == c.Aabb((10, 20), (40, 60)) == c.Aabb.from_xywh(10, 20, 30, 40)
    assert c.Aabb(frect) == c.Aabb((25.5, 30), (35.5, 40))
    assert c.intersects(rect, frect) and c.intersects(rect, c.Circle((45, 40), 5.5))
    assert not c.intersects(rect, (41, 40))
    assert c.contact(rect, frect).depth == pytest.approx(14.5)
    assert c.distance(pygame.Rect(0, 0, 10, 10), pygame.Rect(13, 14, 5, 5)) == pytest.approx(5)
    world = c.World()
    h = world.insert(rect)
    assert world.local_shape(h) == c.Aabb(rect)
    assert world.colliders_overlapping(frect) == [h]
    assert c.intersects_pairs([rect], [frect]) == b"\x01"


def test_rects_reach_masks_too():
    # One set pixel, (3, 2): its closed square is [3, 4] × [2, 3].
    m = c.Bitmask(8, 8)
    m.set(3, 2, True)
    assert m.overlaps_shape(pygame.Rect(3, 2, 1, 1)) and m.overlaps_shape(pygame.FRect(0, 0, 3.5, 2.5))
    # Touching counts, as everywhere in the crate (and unlike Rect.colliderect): a Rect ending
    # on the pixel's edge touches it, one a hair short does not.
    assert m.overlaps_shape(pygame.Rect(0, 0, 3, 8)) and not pygame.Rect(3, 2, 1, 1).colliderect(pygame.Rect(0, 0, 3, 8))
    for miss in (pygame.FRect(0, 0, 2.99, 8), pygame.FRect(4.01, 0, 4, 8), pygame.FRect(0, 0, 8, 1.99), pygame.Rect(0, 4, 8, 4)):
        assert not m.overlaps_shape(miss), miss
    drawn, corner = c.Bitmask.from_shape(pygame.Rect(2, 3, 4, 2))
    assert (drawn.width, drawn.height, drawn.count(), corner) == (4, 2, 8, (2, 3))


def test_anything_with_left_top_width_height_is_a_rect():
    class Box:
        left, top, width, height = 1.0, 2.0, 3.0, 4.0

    assert c.Aabb(Box()) == c.Aabb((1, 2), (4, 6))


def test_bad_rects_say_what_is_wrong():
    with pytest.raises(ValueError):
        c.Aabb(pygame.Rect(0, 0, -5, 5))
    with pytest.raises(TypeError, match=r"Aabb\(min, max\)"):
        c.Aabb((1, 2))
    with pytest.raises(TypeError, match="a rectangle"):
        c.intersects("box", (0, 0))


def test_equal_values_hash_alike():
    assert len({c.Circle((0, 0), 1), c.Circle((0.0, -0.0), 1.0), c.Circle((0, 0), 2)}) == 2
    assert hash(c.Aabb((0, 0), (1, 1))) == hash(c.Aabb.from_xywh(0, 0, 1, 1))
    assert hash(c.Transform(translation=(1, 2))) == hash(c.Transform(translation=(1.0, 2.0)))
    assert len({c.Transform(), c.Transform(rotation=0.5)}) == 2
    square = [(0, 0), (2, 0), (2, 2), (0, 2)]
    hole = [(0.5, 0.5), (1, 0.5), (1, 1)]
    assert hash(c.Polygon(square, [hole])) == hash(c.Polygon(square, [hole]))
    shapes = [c.Obb((0, 0), (1, 2), 0.3), c.Capsule((0, 0), (1, 0), 1), c.Segment((0, 0), (1, 1)),
              c.ConvexPolygon(square), c.Polygon(square)]
    assert {s: k for k, s in enumerate(shapes)}[c.Segment((0, 0), (1, 1))] == 2


def test_a_dict_is_not_taken_for_a_vector():
    with pytest.raises(TypeError, match="got a dict"):
        c.Circle({"x": 1, "y": 2}, 1)


def test_a_bowtie_is_not_convex_rather_than_flat():
    with pytest.raises(ValueError, match="not convex"):
        c.ConvexPolygon([(0, 0), (1, 1), (1, 0), (0, 1)])
    with pytest.raises(ValueError, match="one line"):
        c.ConvexPolygon([(0, 0), (1, 1), (2, 2)])


def test_reprs_and_messages_read_as_python():
    world = c.World()
    a = world.insert(c.Circle((0, 0), 1))
    b = world.insert(c.Circle((1, 0), 1), sensor=True)
    events = world.step()
    assert repr(events) == "StepEvents(started=1, ongoing=0, stopped=0)"
    assert repr(events.started[0]) == "ContactEvent(a=Handle(index=0, generation=0), b=Handle(index=1, generation=0), contact=None)"
    world.set_sensor(b, False)
    world.step()
    assert "contact=Contact(normal=(1.0, 0.0), depth=1.0" in repr(world.step().ongoing[0])
    world.remove(a)
    with pytest.raises(ValueError, match=r"^Handle\(index=0, generation=0\) does not exist"):
        world.aabb(a)
    with pytest.raises(ValueError, match="^the shape cannot be placed: ") as e:
        world.insert(c.Circle((0, 0), 1), c.Transform(scale=(2, 1)))
    assert "None" not in str(e.value)
    child = world.insert(c.Circle((0, 0), 1))
    world.set_parent(child, b)
    with pytest.raises(ValueError, match=r"making Handle\(index=2, generation=0\) the parent of Handle\(index=1, generation=0\) would make a cycle"):
        world.set_parent(b, child)
