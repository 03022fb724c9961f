"""World: bounded steps, sharing between threads, garbage collection of data cycles, iteration."""

import gc
import math
import threading
import time
import weakref

import pytest

import collide2d as c


def test_a_step_past_max_pairs_raises_memory_error_and_the_world_goes_on():
    world = c.World()
    # 100,000 circles on one spot: about five billion pairs, which used to abort Python.
    handles = [world.insert(c.Circle((0, 0), 1)) for _ in range(100_000)]
    assert world.max_pairs == 4_194_304
    started = time.perf_counter()
    with pytest.raises(MemoryError, match="more than 4194304 pairs"):
        world.step()
    assert time.perf_counter() - started < 5, "the refusal costs about max_pairs, not the pairs"
    # The world is as before the step: spread on a line, nothing touches and nothing stopped.
    for k, h in enumerate(handles):
        world.set_transform(h, c.Transform(translation=(3 * k, 0)))
    events = world.step()
    assert not events.started and not events.stopped


def test_max_pairs_is_the_limit_of_the_step():
    world = c.World()
    for _ in range(10):
        world.insert(c.Circle((0, 0), 1))
    world.max_pairs = 44
    with pytest.raises(MemoryError, match="more than 44 pairs"):
        world.step()
    world.max_pairs = 45
    assert len(world.step().started) == 45
    with pytest.raises(OverflowError):
        world.max_pairs = -1


def test_threads_share_a_world_while_one_steps_it():
    world = c.World()
    # Crowded (each circle meets about 25 others) so that every step takes a while, during
    # which the querying threads run: before worlds were shared safely, each query made then
    # raised "Already mutably borrowed".
    handles = [world.insert(c.Circle((k % 60, k // 60), 1.5)) for k in range(3000)]
    errors, answers = [], [0]
    stop = threading.Event()

    def query():
        while not stop.is_set():
            try:
                world.colliders_at_point((10.2, 10.2))
                world.cast_ray((-5, 0.5), (1, 0))
                answers[0] += 1
            except Exception as e:  # noqa: BLE001 - any error fails the test
                errors.append(e)
                return

    threads = [threading.Thread(target=query) for _ in range(2)]
    for t in threads:
        t.start()
    for step in range(10):
        for h in handles:
            world.set_transform(h, c.Transform(translation=(0.01 * step, 0)))
        world.step()
    stop.set()
    for t in threads:
        t.join()
    assert not errors, errors[:1]
    assert answers[0] > 0


class Game:
    """A game object holding the world whose collider holds it back: a reference cycle."""


def test_a_cycle_through_collider_data_is_collected():
    game = Game()
    game.world = c.World()
    game.world.insert(c.Circle((0, 0), 1), data=game)
    alive = weakref.ref(game)
    del game
    gc.collect()
    assert alive() is None


def test_the_collector_sees_the_data_a_world_holds():
    world = c.World()
    held = Game()
    world.insert(c.Circle((0, 0), 1), data=held)
    assert held in gc.get_referents(world)


def test_a_world_iterates_over_its_handles():
    world = c.World()
    a = world.insert(c.Circle((0, 0), 1))
    b = world.insert(c.Circle((5, 0), 1))
    assert list(world) == [a, b] == world.handles()
    world.remove(a)
    assert list(world) == [b]


def test_set_transforms_moves_many_colliders_from_numpy():
    np = pytest.importorskip("numpy")
    world = c.World()
    hs = [world.insert(c.Aabb((-1, -1), (1, 1))) for _ in range(3)]
    world.set_transforms(hs, np.array([[0, 0], [10, 0], [20, 5]], dtype=np.float32))
    assert [world.aabb(h).center for h in hs] == [(0, 0), (10, 0), (20, 5)]
    world.set_transforms(hs[1:], np.array([[1, 2, math.pi / 2], [3, 4, 0]]))
    assert world.world_transform(hs[1]) == c.Transform(translation=(1, 2), rotation=math.pi / 2)
    world.set_transforms(hs[:1], np.array([[5, 6, 0, 2, 3]], dtype=np.float64))
    assert world.aabb(hs[0]) == c.Aabb((3, 3), (7, 9))
    # Every handle is checked before any collider moves.
    world.remove(hs[2])
    with pytest.raises(ValueError, match="does not exist"):
        world.set_transforms(hs, np.zeros((3, 2)))
    assert world.aabb(hs[1]).center == (1, 2)
    # So is every placement: a circle flattened by a zero scale, and nothing moves.
    disc = world.insert(c.Circle((0, 0), 1))
    with pytest.raises(ValueError, match="zero size"):
        world.set_transforms([hs[0], disc], np.array([[50, 50, 0, 1, 1], [0, 0, 0, 0, 1]], dtype=np.float64))
    assert world.aabb(hs[0]).center == (5, 6)
    with pytest.raises(ValueError, match=r"shape \(n, 2\), \(n, 3\) or \(n, 5\) .* n = 2 .* got shape \[2, 4\]"):
        world.set_transforms(hs[:2], np.zeros((2, 4)))
    with pytest.raises(ValueError, match="n = 2"):
        world.set_transforms(hs[:2], np.zeros((3, 2)))
    with pytest.raises(ValueError, match='format "l"'):
        world.set_transforms(hs[:2], np.zeros((2, 2), dtype=np.int64))
    with pytest.raises(TypeError, match="numpy array"):
        world.set_transforms(hs[:2], [(0, 0), (1, 1)])
    # A transposed view is read in row order.
    world.set_transforms(hs[:2], np.array([[7, 8], [9, 10]], dtype=np.float32).T)
    assert world.aabb(hs[0]).center == (7, 9)
