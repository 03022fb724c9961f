"""Transform: parts, matrix, composition, inverse, pickling."""

import math
import pickle

import pytest

import collide2d as c


def test_parts_and_composition():
    parent = c.Transform(translation=(10, 0))
    child = c.Transform(rotation=math.pi / 2)
    world = parent * child
    assert world == parent.compose(child)
    assert world.transform_point((1, 0)) == pytest.approx((10, 1), abs=1e-6)
    assert world.transform_vector((1, 0)) == pytest.approx((0, 1), abs=1e-6)
    assert parent.translation == (10, 0)
    sprite = c.Transform(translation=(5, 5), scale=(2, 2), origin=(1, 1))
    assert sprite.transform_point((1, 1)) == (5, 5)
    assert sprite.transform_point((2, 1)) == (7, 5)


def test_matrix_inverse_repr_and_pickle():
    t = c.Transform(translation=(3, 4), rotation=0.3, scale=(2, 0.5))
    assert c.Transform.from_matrix(t.matrix) == t
    inv = t.inverse()
    assert (t * inv).transform_point((7, 8)) == pytest.approx((7, 8), abs=1e-5)
    assert eval(repr(t), vars(c)) == t
    assert pickle.loads(pickle.dumps(t)) == t
    assert c.Transform() == c.Transform.from_matrix((1, 0, 0, 1, 0, 0))
    with pytest.raises(ValueError, match="not invertible"):
        c.Transform(scale=(0, 1)).inverse()
