"""The queries, on some of the Rust suite's hand cases (crates/collide2d/tests/hand_cases)."""

import math
import pickle

import pytest

import collide2d as c

Q = math.pi / 4


def meet(a, b):
    """Touching counts: they intersect, both ways round, and neither holds the other."""
    assert c.intersects(a, b) and c.intersects(b, a)
    assert c.contact(a, b) is not None
    assert c.distance(a, b) == 0
    assert c.closest_points(a, b) is None


def apart(a, b):
    assert not c.intersects(a, b) and not c.intersects(b, a)
    assert c.contact(a, b) is None
    assert c.distance(a, b) > 0
    assert c.closest_points(a, b) is not None


def test_circle_circle_hand_cases():
    meet(c.Circle((0, 0), 1), c.Circle((2, 0), 1))
    apart(c.Circle((0, 0), 1), c.Circle((2.002, 0), 1))
    meet(c.Circle((0, 0), 2), c.Circle((6, 8), 8))
    apart(c.Circle((0, 0), 2), c.Circle((6, 8), 7.99))
    assert c.contains(c.Circle((0, 0), 3), c.Circle((1, 0), 2))
    assert not c.contains(c.Circle((1, 0), 2), c.Circle((0, 0), 3))


def test_circle_obb_hand_cases():
    o = c.Obb((0, 0), (2, 1), 0)
    meet(c.Circle((0, 2), 1), o)
    apart(c.Circle((0, 2.002), 1), o)
    meet(c.Circle((5, 5), 5), o)
    apart(c.Circle((5, 5.01), 5), o)
    d = c.Obb((0, 0), (1, 1), Q)
    apart(c.Circle((2.5, 0), 1), d)
    meet(c.Circle((2.3, 0), 1), d)
    apart(c.Circle((1.2, 1.2), 0.2), d)


def test_aabb_capsule_segment_polygon_cases():
    meet(c.Aabb((0, 0), (1, 1)), c.Aabb((1, 0), (2, 1)))  # a shared edge
    apart(c.Aabb((0, 0), (1, 1)), c.Aabb((1.5, 0), (2, 1)))
    meet(c.Capsule((0, 0), (0, 3), 1), c.Segment((1, -5), (1, 5)))
    apart(c.Capsule((0, 0), (0, 3), 1), c.Segment((1.01, -5), (1.01, 5)))
    frame = c.Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], holes=[[(1, 1), (3, 1), (3, 3), (1, 3)]])
    assert not c.intersects(frame, c.Circle((2, 2), 0.5))  # in the hole
    meet(frame, c.Circle((2, 2), 1))  # touches the hole's edges
    assert c.intersects(frame, (0.5, 2)) and not c.intersects(frame, (2, 2))
    assert c.contains(frame, c.Aabb((0, 0), (1, 4)))


def test_contact_normal_depth_points_and_push_out():
    k = c.contact(c.Circle((0, 0), 1), c.Circle((1.5, 0), 1))
    assert k.normal == (1, 0) and k.depth == 0.5
    assert k.push_out_b == (0.5, 0) and k.push_out_a == (-0.5, 0)
    assert len(k.points) == 1
    p = k.points[0]
    assert p.point_a == (1, 0) and p.point_b == (0.5, 0) and p.depth == 0.5
    assert k.flipped().normal == (-1, 0)
    assert pickle.loads(pickle.dumps(k)) == k
    assert "Contact(normal=(1.0, 0.0)" in repr(k)
    # Two boxes overlapping along an edge touch at two points.
    two = c.contact(c.Aabb((0, 0), (2, 2)), c.Aabb((1.5, 0), (3.5, 2)))
    assert two.normal == (1, 0) and two.depth == 0.5 and len(two.points) == 2
    # A concave polygon's push-out is exact: the U's inner wall, not its bounding box.
    u = c.Polygon([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
    k = c.contact(u, c.Circle((1.5, 1.2), 0.3))
    assert k.normal == pytest.approx((0, 1)) and k.depth == pytest.approx(0.1, abs=1e-5)


def test_distance_closest_points_and_point_queries():
    assert c.distance(c.Circle((0, 0), 1), c.Circle((5, 0), 1)) == 3
    cp = c.closest_points(c.Circle((0, 0), 1), c.Circle((5, 0), 1))
    assert cp.point_a == (1, 0) and cp.point_b == (4, 0) and cp.distance == 3
    box = c.Aabb((0, 0), (2, 2))
    assert c.closest_point(box, (5, 1)) == (2, 1)
    assert c.closest_point(box, (1, 1)) == (1, 1)
    assert c.signed_distance(box, (5, 1)) == 3
    assert c.signed_distance(box, (1, 0.5)) == -0.5
    assert c.distance((0, 0), (3, 4)) == 5


def test_rays():
    box = c.Aabb((2, -1), (4, 1))
    hit = c.cast_ray(box, (0, 0), (1, 0))
    assert (hit.distance, hit.point, hit.normal) == (2, (2, 0), (-1, 0))
    assert c.cast_ray(box, (0, 0), (1, 0), max_distance=1.5) is None
    assert c.cast_ray(box, (0, 0), (-1, 0)) is None
    assert c.cast_ray(box, (3, 0), (0, 5)).distance == 0  # starts inside
    assert c.cast_ray(box, (0, 0), (10, 0)).distance == 2  # direction need not be unit
    with pytest.raises(ValueError, match="Ray: direction length must be positive"):
        c.cast_ray(box, (0, 0), (0, 0))
    with pytest.raises(ValueError, match="Ray: origin.x is not finite"):
        c.cast_ray(box, (float("nan"), 0), (1, 0))


def test_shape_casts_and_sweeps():
    # A bullet at 6000 units a second stops at a wall 50 units away within one 1/60 s frame.
    bullet = c.Circle((0, 0), 0.5)
    wall = c.Aabb.from_xywh(50, -10, 1, 20)
    hit = c.cast_shape(bullet, (6000, 0), wall, (0, 0), 1 / 60)
    assert hit.time * 6000 == pytest.approx(49.5, abs=1e-3)
    assert hit.normal == pytest.approx((1, 0)) and not hit.started_overlapping
    assert c.cast_shape(bullet, (6000, 0), wall, (0, 0), 1 / 1000) is None
    s = c.sweep(bullet, (100, 0), wall)
    assert s.time == pytest.approx(0.495, abs=1e-5)
    assert c.sweep(bullet, (0, 100), wall) is None
    touching = c.sweep(c.Circle((49.5, 0), 0.5), (-1, 0), wall)
    assert touching.time == 0 and touching.started_overlapping


def test_turning_casts_meet_what_turning_reaches():
    """A rod 10 long spinning about its middle next to a wall at x = 3: its top end reaches the
    wall when 5 sin t = 3, though without turning it never would."""
    rod = c.Segment((0, -5), (0, 5))
    wall = c.Aabb.from_xywh(3, -10, 1, 20)
    assert c.cast_shape(rod, (0, 0), wall, (0, 0), 2.0) is None
    hit = c.cast_shape(rod, (0, 0), wall, (0, 0), 2.0, angular_velocity_a=-1.0)
    exact = math.asin(0.6)
    assert exact - 1e-3 < hit.time <= exact and math.dist(hit.point, (3, 4)) < 1e-2
    # About another pivot (its bottom end) the top end sweeps a circle of 10: 10 sin t = 3.
    low = c.cast_shape(rod, (0, 0), wall, (0, 0), 2.0, angular_velocity_a=-1.0, pivot_a=(0, -5))
    assert math.asin(0.3) - 1e-3 < low.time <= math.asin(0.3) + 1e-6
    # The other shape may turn instead, about its own centre: an upright bar at x = 3 turning
    # anticlockwise brings its top end (3 - 5 sin t, 5 cos t) to a ball at (0, 4) by 5 sin t = 3.
    ball, bar = c.Circle((0, 4), 0.5), c.Aabb.from_xywh(2.9, -5, 0.2, 10)
    assert c.cast_shape(ball, (0, 0), bar, (0, 0), 2.0) is None
    swung = c.cast_shape(ball, (0, 0), bar, (0, 0), 2.0, angular_velocity_b=1.0)
    assert 0.4 < swung.time < exact and not swung.started_overlapping


def test_a_nan_limit_is_refused_by_rays_and_casts_alike():
    nan = float("nan")
    box = c.Aabb((0, 0), (1, 1))
    world = c.World()
    world.insert(box)
    calls = {
        "max_distance": [
            lambda: c.cast_ray(box, (-5, 0.5), (1, 0), nan),
            lambda: world.cast_ray((-5, 0.5), (1, 0), nan),
            lambda: world.cast_ray_all((-5, 0.5), (1, 0), max_distance=nan),
        ],
        "max_time": [
            lambda: c.cast_shape(box, (1, 0), box, (0, 0), nan),
            lambda: c.cast_shape(box, (1, 0), box, (0, 0), nan, angular_velocity_a=1.0),
            lambda: world.cast_shape(c.Circle((-5, 0.5), 0.1), (10, 0), max_time=nan),
        ],
    }
    for name, refused in calls.items():
        for call in refused:
            with pytest.raises(ValueError, match=f"{name} is NaN"):
                call()


def test_nan_points_touch_nothing_and_nothing_panics():
    nan = float("nan")
    box = c.Aabb((0, 0), (1, 1))
    assert not c.intersects(box, (nan, 0.5))
    assert not c.contains(box, (nan, 0.5))
    assert c.contact(box, (nan, 0.5)) is None
    assert c.cast_shape(box, (nan, 0), box, (0, 0), 1) is None
    # Shapes at the two ends of the f32 range (their bounds still fit in it).
    assert c.intersects(c.Circle((1.5e38, 0), 1.5e38), c.Circle((-1.5e38, 0), 1.5e38)) is True
    with pytest.raises(ValueError, match="finite size"):
        c.Circle((3e38, 0), 3e38)


def test_tiered_collide_levels():
    # A plus sign: no corner of either lies inside the other, so only SAT sees it.
    bar = c.Aabb((0, 0), (4, 1))
    flat = c.Transform()
    turned = c.Transform(translation=(2, 0.5), rotation=math.pi / 2, origin=(2, 0.5))
    assert not c.collide(bar, flat, bar, turned, c.Level.CORNERS)
    assert c.collide(bar, flat, bar, turned, c.Level.MAXIMUM)
    assert c.collide(bar, flat, bar, turned)
    assert c.collide_verdict(bar, flat, bar, turned, c.Level.SAT) == (True, c.Level.SAT)
    far = c.Transform(translation=(100, 0))
    assert c.collide_verdict(bar, flat, bar, far) == (False, c.Level.AABB)


def test_detectors():
    a = c.Circle((0, 0), 1)
    b = c.Circle((1.6, 1.6), 1)  # boxes overlap, discs do not
    assert c.Detector.BOUNDING_BOXES.detect(a, b)
    assert not c.Detector.EXACT.detect(a, b)
    assert not c.Detector.BOUNDING_CIRCLES.detect(a, b)
    assert c.Detector.EXACT.label == "exact"
    assert c.Detector.BOUNDING_BOXES.label == "bounding boxes"


def test_batch_calls_answer_many_pairs_into_numpy_arrays():
    np = pytest.importorskip("numpy")
    a = [c.Circle((0, 0), 1)] * 3
    b = [c.Circle((1.5, 0), 1), c.Circle((5, 0), 1), c.Aabb((0.5, -1), (2, 1))]
    hits = np.frombuffer(c.intersects_pairs(a, b), dtype=bool)
    assert hits.tolist() == [True, False, True]
    contacts = np.frombuffer(c.contact_pairs(a, b), dtype=np.float32).reshape(-1, 3)
    assert contacts[0].tolist() == [1, 0, 0.5]
    assert np.isnan(contacts[1]).all()
    assert contacts[2][2] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="differ in length"):
        c.intersects_pairs(a, b[:2])
