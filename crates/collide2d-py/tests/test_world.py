"""World: handles, data, events, filters, sensors, parents, queries and the mover."""

import math

import pytest

import collide2d as c


def test_handles_data_and_events():
    world = c.World()
    a = world.insert(c.Circle((0, 0), 1), data="player")
    b = world.insert(c.Aabb((0.5, -1), (3, 1)), data={"kind": "crate"})
    far = world.insert(c.Circle((0, 0), 1), c.Transform(translation=(100, 0)))
    assert len(world) == 3 and a in world and world.data(a) == "player" and world.data(far) is None
    assert sorted(world.handles()) == sorted([a, b, far])
    events = world.step()
    assert len(events.started) == 1 and not events.ongoing and not events.stopped
    e = events.started[0]
    assert {e.a, e.b} == {a, b}
    assert e.contact.depth == pytest.approx(0.5)
    assert world.is_colliding(a) and not world.is_colliding(far)
    assert len(world.step().ongoing) == 1
    world.set_transform(b, c.Transform(translation=(10, 0)))
    assert world.step().stopped == [(e.a, e.b)]
    assert world.remove(b) == {"kind": "crate"}
    assert b not in world and len(world) == 2
    with pytest.raises(ValueError, match="does not exist"):
        world.data(b)
    with pytest.raises(ValueError, match="does not exist"):
        world.remove(b)
    assert "World(2 colliders)" == repr(world)


def test_filters_sensors_and_detectors():
    world = c.World()
    player = c.CollisionFilter(0b01, 0b10)
    a = world.insert(c.Circle((0, 0), 1), filter=player)
    b = world.insert(c.Circle((1, 0), 1), filter=player)
    assert world.filter(a) == player and not player.allows(player)
    assert not world.step().started
    world.set_filter(b, c.CollisionFilter(0b10, 0b01))
    assert len(world.step().started) == 1
    s = world.insert(c.Circle((0, 0), 5), sensor=True)
    assert world.is_sensor(s)
    touching = world.step().started
    assert all(ev.contact is None for ev in touching if s in (ev.a, ev.b))
    # Bounding boxes collide where the discs do not.
    w2 = c.World()
    w2.insert(c.Circle((0, 0), 1))
    w2.insert(c.Circle((1.6, 1.6), 1))
    assert not w2.step().started
    w2.set_detector(c.Detector.BOUNDING_BOXES)
    assert len(w2.step().started) == 1
    import pickle

    assert pickle.loads(pickle.dumps(player)) == player
    assert c.CollisionFilter() == c.CollisionFilter(0xFFFFFFFF, 0xFFFFFFFF)


def test_parents_shapes_and_transforms():
    world = c.World()
    body = world.insert(c.Aabb((-1, -1), (1, 1)), c.Transform(translation=(10, 0)))
    arm = world.insert(c.Circle((2, 0), 0.5))
    world.set_parent(arm, body)
    assert world.parent(arm) == body and world.children(body) == [arm]
    assert world.world_shape(arm) == c.Circle((12, 0), 0.5)
    assert world.local_shape(arm) == c.Circle((2, 0), 0.5)
    assert world.world_transform(arm).translation == (10, 0)
    assert world.local_transform(body).translation == (10, 0)
    assert world.aabb(body) == c.Aabb((9, -1), (11, 1))
    with pytest.raises(ValueError, match="cycle"):
        world.set_parent(body, arm)
    world.set_parent(arm, None)
    assert world.parent(arm) is None
    world.set_shape(arm, c.Circle((0, 0), 2))
    assert world.world_shape(arm) == c.Circle((0, 0), 2)
    with pytest.raises(ValueError, match="Circle"):
        world.insert(c.Circle((0, 0), 1), c.Transform(scale=(2, 1)))


def test_scene_queries_and_move_and_slide():
    world = c.World()
    floor = world.insert(c.Aabb((-10, -1), (10, 0)))
    wall = world.insert(c.Aabb((5, 0), (6, 10)))
    assert set(world.colliders_in_aabb(c.Aabb((4, -0.5), (5.5, 1)))) == {floor, wall}
    assert world.colliders_at_point((5.5, 5)) == [wall]
    assert world.colliders_overlapping(c.Circle((0, 0.5), 0.5)) == [floor]
    h, hit = world.cast_ray((0, 5), (1, 0))
    assert h == wall and hit.distance == 5
    hits = world.cast_ray_all((0, 5), (1, 0), ignore=[floor])
    assert [h for h, _ in hits] == [wall]
    assert world.cast_ray((0, 5), (-1, 0)) is None
    h, hit = world.cast_shape(c.Circle((0, 5), 1), (10, 0))
    assert h == wall and hit.time == pytest.approx(0.4, abs=1e-4)
    player = world.insert(c.Circle((0, 1.5), 0.5))
    result = world.move_and_slide(player, (10, -1))
    assert wall in result.touched and floor in result.touched and result.on_floor
    assert result.floor_normal == pytest.approx((0, 1))
    x, y = world.world_transform(player).translation
    assert x < 4.5 and y >= -1e-3 - 1
    gone = world.insert(c.Circle((50, 50), 1))
    world.remove(gone)
    with pytest.raises(ValueError, match="does not exist"):
        world.move_and_slide(gone, (1, 0))


def test_the_mover_steps_up_ledges_and_follows_the_floor_down_when_asked():
    world = c.World()
    world.insert(c.Aabb((-10, -1), (0, 0)))
    world.insert(c.Aabb((0, -1), (10, 0.25)))  # a ledge a quarter high
    box = c.Aabb((-0.5, 0.0), (0.5, 1.0))
    blocked = world.insert(box, c.Transform((-2, 0.01)))
    climber = world.insert(box, c.Transform((-2, 3.01)))
    world.insert(c.Aabb((-10, 2), (10, 3)))  # a second floor above, for the climber
    world.insert(c.Aabb((0, 2), (10, 3.25)))
    assert world.move_and_slide(blocked, (3, 0)).moved[0] < 1.5  # stopped at the ledge
    up = world.move_and_slide(climber, (3, 0), step_height=0.3)
    assert up.moved[0] == pytest.approx(3, abs=0.02) and up.on_floor
    assert world.world_transform(climber).translation[1] == pytest.approx(3.26, abs=0.02)
    # Walking back off the ledge: without snapping it leaves the floor, with it follows it down.
    off = world.move_and_slide(climber, (-3, 0))
    assert not off.on_floor
    world.set_transform(climber, c.Transform((1.0, 3.26)))
    down = world.move_and_slide(climber, (-3, 0), snap_distance=0.3)
    assert down.on_floor and world.world_transform(climber).translation[1] == pytest.approx(3.01, abs=0.02)


def test_the_mover_holds_on_a_slope_unless_told_to_slide():
    world = c.World()
    world.insert(c.ConvexPolygon([(-10, 0), (10, 0), (10, 10 * math.tan(math.pi / 6))]))  # 30 degrees
    on_slope = (-0.5 * 0.51, 10 * math.tan(math.pi / 6) / 2 + 0.866 * 0.51)
    held = world.insert(c.Circle((0, 0), 0.5), c.Transform(on_slope))
    assert world.move_and_slide(held, (0, -1)).moved[0] > -0.01  # settles into its skin, no more
    assert world.move_and_slide(held, (0, -1), stop_on_slope=False).moved[0] < -0.1
    # Options a mover cannot go by are refused, naming them, and nothing moves.
    at = world.world_transform(held).translation
    for kwargs, named in [({"skin": -1}, "skin"), ({"up": (0, 0)}, "up"), ({"step_height": math.nan}, "step_height")]:
        with pytest.raises(ValueError, match=named):
            world.move_and_slide(held, (1, 0), **kwargs)
    with pytest.raises(ValueError, match="motion"):
        world.move_and_slide(held, (math.inf, 0))
    assert world.world_transform(held).translation == at


def test_contact_method_deepest_piece_pair_is_opt_in():
    # An L and a small box in its inner corner: the deepest piece pair is 0.5 deep, the minimum
    # push-out sqrt(1/2), diagonally out of the corner.
    ell = c.Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    small = c.Polygon([(0.5, 0.5), (1, 0.5), (1, 1.5), (0.5, 1.5)])
    assert c.contact_deepest_piece_pair(ell, small).depth == 0.5
    assert c.contact(ell, small).depth == pytest.approx(math.sqrt(0.5), abs=1e-4)
    assert c.contact_deepest_piece_pair(ell, c.Circle((9, 9), 1)) is None
    world = c.World()
    world.insert(ell)
    world.insert(small)
    assert world.contact_method == c.ContactMethod.EXACT
    assert world.step().started[0].contact.depth == pytest.approx(math.sqrt(0.5), abs=1e-4)
    world.set_contact_method(c.ContactMethod.DEEPEST_PIECE_PAIR)
    assert world.contact_method == c.ContactMethod.DEEPEST_PIECE_PAIR
    assert world.step().ongoing[0].contact.depth == 0.5


def test_the_first_ray_hit_counts_only_what_the_filter_lets_through():
    world = c.World()
    player = world.insert(c.Circle((0, 0), 1))
    trigger = world.insert(c.Circle((3, 0), 1), sensor=True)
    ghost = world.insert(c.Circle((6, 0), 1), filter=c.CollisionFilter(0b10, 0b10))
    wall = world.insert(c.Circle((9, 0), 1))
    ray = ((0, 0), (1, 0))
    assert world.cast_ray(*ray)[0] == player
    assert world.cast_ray(*ray, ignore=[player])[0] == ghost
    assert world.cast_ray(*ray, ignore=[player], sensors=True)[0] == trigger
    hit = world.cast_ray(*ray, ignore=[player], filter=c.CollisionFilter(0b01, 0b01))
    assert hit[0] == wall and hit[1].distance == pytest.approx(8)
    assert world.cast_ray(*ray, 7.5, ignore=[player], filter=c.CollisionFilter(0b01, 0b01)) is None
