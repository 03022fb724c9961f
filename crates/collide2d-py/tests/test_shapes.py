"""Shapes: construction, validation with the library's messages, repr, equality, pickling."""

import math
import pickle

import pytest

import collide2d as c


def every_shape():
    return [
        c.Aabb((0, 0), (2, 3)),
        c.Circle((1, 2), 0.5),
        c.Obb((1, 1), (2, 0.5), 0.3),
        c.Capsule((0, 0), (0, 3), 0.5),
        c.Segment((0, 0), (3, 1)),
        c.ConvexPolygon.regular(6, (1, 1), 2.0),
        c.Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], holes=[[(1, 1), (3, 1), (3, 3), (1, 3)]]),
    ]


@pytest.mark.parametrize("shape", every_shape(), ids=lambda s: type(s).__name__)
def test_every_shape_pickles_compares_and_reprs(shape):
    back = pickle.loads(pickle.dumps(shape))
    assert back == shape
    assert type(back) is type(shape)
    assert repr(back) == repr(shape)
    assert repr(shape).startswith(type(shape).__name__ + "(")
    # The repr of the simple shapes is code that builds them again.
    if not isinstance(shape, (c.ConvexPolygon, c.Polygon)):
        assert eval(repr(shape), vars(c)) == shape
    assert isinstance(shape.aabb(), c.Aabb)


def test_accessors():
    box = c.Aabb.from_xywh(10, 20, 30, 40)
    assert (box.min, box.max, box.width, box.height) == ((10, 20), (40, 60), 30, 40)
    assert box.center == (25, 40) and box.half_extents == (15, 20)
    assert box.corners() == [(10, 20), (40, 20), (40, 60), (10, 60)]
    assert c.Aabb.from_center((1, 1), (1, 2)) == c.Aabb((0, -1), (2, 3))
    assert c.Aabb.from_points([(3, 1), (0, 2), (1, -1)]) == c.Aabb((0, -1), (3, 2))
    assert box.intersection(c.Aabb((0, 0), (15, 25))) == c.Aabb((10, 20), (15, 25))
    assert box.intersection(c.Aabb((0, 0), (1, 1))) is None
    assert box.union(c.Aabb((0, 0), (1, 1))) == c.Aabb((0, 0), (40, 60))

    circle = c.Circle((1, 2), 3)
    assert (circle.center, circle.radius) == ((1, 2), 3)
    obb = c.Obb((0, 0), (1, 1), math.pi / 4)
    assert max(x for x, _ in obb.corners()) == pytest.approx(math.sqrt(2))
    assert obb.rotation == pytest.approx(math.pi / 4) and obb.half_extents == (1, 1)
    assert c.Obb((0, 0), (1, 2)).rotation == 0
    cap = c.Capsule((0, 0), (0, 3), 0.5)
    assert (cap.a, cap.b, cap.radius) == ((0, 0), (0, 3), 0.5)
    seg = c.Segment((0, 0), (3, 4))
    assert (seg.a, seg.b, seg.length) == ((0, 0), (3, 4), 5)

    tri = c.ConvexPolygon([(0, 0), (0, 1), (1, 0)])  # clockwise is turned around
    assert tri.vertices == [(1, 0), (0, 1), (0, 0)]
    assert tri.area == 0.5 and len(tri.normals) == 3
    assert tri.centroid == pytest.approx((1 / 3, 1 / 3))
    assert len(c.ConvexPolygon.from_hull([(0, 0), (2, 0), (1, 0.5), (2, 2), (0, 2)]).vertices) == 4

    frame = every_shape()[-1]
    assert frame.area == 12 and len(frame.holes) == 1 and len(frame.outline) == 4
    assert frame.centroid == pytest.approx((2, 2))
    assert len(frame.convex_parts()) >= 2
    disc = c.Polygon.from_shape(c.Circle((0, 0), 1), segments=16)
    assert len(disc.outline) == 16
    assert len(c.Polygon.from_shape(c.Circle((0, 0), 10), max_chord_error=0.01).outline) > 16


def test_vectors_come_in_any_two_number_form():
    np = pytest.importorskip("numpy")
    pygame = pytest.importorskip("pygame")
    want = c.Circle((1.5, 2.5), 1)
    assert c.Circle([1.5, 2.5], 1) == want
    assert c.Circle(np.array([1.5, 2.5]), 1) == want
    assert c.Circle(np.array([1.5, 2.5], dtype=np.float32), 1) == want
    assert c.Circle(pygame.Vector2(1.5, 2.5), 1) == want
    assert c.ConvexPolygon(np.array([[0, 0], [1, 0], [0, 1]])) == c.ConvexPolygon([(0, 0), (1, 0), (0, 1)])


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: c.Circle((0, 0), -1), "Circle: radius must be positive, got -1"),
        (lambda: c.Circle((0, 0), float("nan")), "Circle: radius is not finite (NaN)"),
        (lambda: c.Circle((float("inf"), 0), 1), "Circle: center.x is not finite (inf)"),
        (lambda: c.Circle((1e39, 0), 1), "Circle: center.x is not finite"),
        (lambda: c.Aabb((2, 0), (1, 1)), "Aabb: width (max.x - min.x) must be zero or more"),
        (lambda: c.Aabb.from_xywh(0, 0, -1, 1), "Aabb: width must be zero or more"),
        (lambda: c.Obb((0, 0), (1, 0)), "Obb: half extent y must be positive"),
        (lambda: c.Capsule((0, 0), (1, 0), 0), "Capsule: radius must be positive"),
        (lambda: c.Segment((1, 1), (1, 1)), "Segment: needs at least 2 distinct vertices"),
        (lambda: c.ConvexPolygon([(0, 0), (4, 0), (1, 1), (0, 4)]), "ConvexPolygon: not convex at vertex 2"),
        (lambda: c.ConvexPolygon([(0, 0), (1, 1), (2, 2)]), "ConvexPolygon: all 3 vertices lie on one line"),
        (lambda: c.ConvexPolygon([(0, 0), (1, 0)]), "ConvexPolygon: needs at least 3 distinct vertices"),
        (lambda: c.Polygon([(0, 0), (2, 2), (2, 0), (0, 2)]), "touches or crosses outline edge"),
        (
            lambda: c.Polygon([(0, 0), (1, 0), (1, 1), (0, 1)], holes=[[(5, 5), (6, 5), (6, 6)]]),
            "Polygon: hole 0 lies outside the outline",
        ),
        (lambda: c.Circle((0, 0, 0), 1), "expected a vector of two numbers, got 3 items"),
        (lambda: c.Polygon.from_shape(c.Circle((0, 0), 1), max_chord_error=-1), "max chord error must be positive"),
    ],
)
def test_bad_input_raises_value_error_with_the_library_message(make, message):
    with pytest.raises(ValueError) as error:
        make()
    assert message in str(error.value)


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        c.Circle("ab", 1)
    with pytest.raises(TypeError):
        c.Circle(None, 1)
    with pytest.raises(TypeError):
        c.intersects(c.Circle((0, 0), 1), "not a shape")


def test_shapes_are_immutable_and_compare_by_value():
    a = c.Circle((0, 0), 1)
    with pytest.raises(AttributeError):
        a.radius = 2
    assert a == c.Circle((0, 0), 1) and a != c.Circle((0, 0), 2)
    assert a != c.Aabb((0, 0), (1, 1))


def test_transformed_shapes_change_kind_as_in_the_library():
    box = c.Aabb((-1, -1), (1, 1))
    assert isinstance(box.transformed(c.Transform(rotation=0.3)), c.Obb)
    assert box.transformed(c.Transform(translation=(5, 0))) == c.Aabb((4, -1), (6, 1))
    with pytest.raises(ValueError, match="Circle"):
        c.Circle((0, 0), 1).transformed(c.Transform(scale=(2, 1)))
    assert c.Polygon([(0, 0), (2, 0), (0, 2)]).transformed(c.Transform(translation=(1, 1))).outline[0] in [
        (1, 1),
        (3, 1),
        (1, 3),
    ]


def test_bad_pickle_data_is_refused_by_the_constructor():
    with pytest.raises(ValueError, match="Circle: radius must be positive"):
        c._unpickle("Shape", '{"Circle":{"center":[0,0],"radius":-1}}')
    with pytest.raises(ValueError, match="touches or crosses"):
        c._unpickle("Shape", '{"Polygon":{"outline":[[0,0],[2,2],[2,0],[0,2]]}}')
    with pytest.raises(ValueError, match="kind"):
        c._unpickle("Nothing", "{}")
    # A contact no query could give: a zero normal, a negative depth, no points.
    point = '{"point_a":[0,0],"point_b":[0,0],"depth":0.5}'
    good = c._unpickle("Contact", '{"normal":[1,0],"depth":0.5,"points":[%s]}' % point)
    assert good.depth == 0.5
    for normal, depth, points, says in [
        ("[0,0]", "0.5", point, "unit vector"),
        ("[1,0]", "-1", point, "at least 0"),
        ("[1,0]", "0.5", "", "one or two points"),
    ]:
        with pytest.raises(ValueError, match=says):
            c._unpickle("Contact", '{"normal":%s,"depth":%s,"points":[%s]}' % (normal, depth, points))
