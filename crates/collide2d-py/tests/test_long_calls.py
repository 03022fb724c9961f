"""Long queries: bounded before they start, and run without holding Python's lock."""

import math
import threading
import time

import pytest

import collide2d as c


def star(points, outer=10.0, inner=5.0):
    """A star polygon: `2 * points` vertices alternating between two radii (each one reflex)."""
    n = 2 * points
    return c.Polygon(
        [((outer if k % 2 == 0 else inner) * math.cos(2 * math.pi * k / n),
          (outer if k % 2 == 0 else inner) * math.sin(2 * math.pi * k / n)) for k in range(n)]
    )


def test_a_contact_past_its_budget_separates_and_says_so_or_raises_when_asked_to():
    big = star(1000)  # 2,000 vertices on top of a copy: the exact search takes seconds
    cut = c.contact(big, big)
    assert cut is not None and not cut.exact and cut.depth <= 20.0 + 1e-3  # the hulls' push at most
    moved = c.Polygon([(x + cut.push_out_b[0] * 1.001, y + cut.push_out_b[1] * 1.001) for x, y in big.outline])
    assert not c.intersects(big, moved)
    with pytest.raises(ValueError, match=r"a Polygon of 2000 vertices and a Polygon .* budget=600000"):
        c.contact(big, big, require_exact=True)
    with pytest.raises(ValueError, match="budget=1 units"):
        c.contact(star(50), star(50), budget=1, require_exact=True)
    # Apart, nothing is searched.
    assert c.contact(big, c.Circle((100, 0), 3), budget=1, require_exact=True) is None
    # Within the budget, or with none, the exact answer comes.
    small = star(100)
    exact = c.contact(small, c.Circle((0, 0), 3), require_exact=True)
    assert exact.exact and exact.depth == pytest.approx(13, abs=0.1)
    assert c.contact(small, c.Circle((0, 0), 3), budget=0).depth == exact.depth
    starved = c.contact(small, c.Circle((0, 0), 3), budget=1)
    assert not starved.exact and starved.depth >= exact.depth


def test_a_world_shares_its_contact_budget_and_flags_the_pairs_it_cuts():
    w = c.World()
    assert w.contact_budget == 600_000
    w.insert(star(20), c.Transform())
    w.insert(c.Circle((0, 0), 3), c.Transform())
    (event,) = w.step().started
    assert event.contact.exact
    w.contact_budget = 1
    (event,) = w.step().ongoing
    assert not event.contact.exact and w.contact_budget == 1
    w.contact_budget = 0
    (event,) = w.step().ongoing
    assert event.contact.exact and w.contact_budget == 0


def test_other_threads_run_during_a_long_contact():
    ticks = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks[0] += 1

    shape, circle = star(1500), c.Circle((0, 0), 3)
    t = threading.Thread(target=count)
    t.start()
    try:
        # The counter's pace with the lock to itself (the main thread asleep)...
        before, started = ticks[0], time.perf_counter()
        time.sleep(0.2)
        pace = (ticks[0] - before) / (time.perf_counter() - started)
        # ...and during three long contacts (about 0.2 s each).
        before, started = ticks[0], time.perf_counter()
        for _ in range(3):
            c.contact(shape, circle, budget=0)
        seconds = time.perf_counter() - started
        during = ticks[0] - before
    finally:
        stop.set()
        t.join()
    # Holding the lock, the calls would leave the counter only the few switches Python forces
    # between them (a few milliseconds each): a small fraction of its pace.
    assert seconds > 0.1 and during > 0.3 * pace * seconds, (during, pace, seconds)
