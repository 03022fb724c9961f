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


def test_a_contact_past_max_work_is_refused_before_it_starts():
    big = star(5000)  # 10,000 vertices: a circle deep inside took 34 s
    with pytest.raises(ValueError, match=r"a Polygon of 10000 vertices and a Circle .* past max_work=10000000"):
        c.contact(big, c.Circle((0, 0), 3))
    with pytest.raises(ValueError, match="past max_work=1000"):
        c.contact(star(50), star(50), max_work=1000)
    # Apart, nothing is searched: no refusal.
    assert c.contact(big, c.Circle((100, 0), 3)) is None
    # Within the limit, or with none, the answer comes.
    small = star(100)
    assert c.contact(small, c.Circle((0, 0), 3), max_work=40_000).depth == pytest.approx(13, abs=0.1)
    assert c.contact(small, c.Circle((0, 0), 3), max_work=0) is not None
    with pytest.raises(ValueError, match="past max_work=39999"):
        c.contact(small, c.Circle((0, 0), 3), max_work=39_999)


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
            c.contact(shape, circle)
        seconds = time.perf_counter() - started
        during = ticks[0] - before
    finally:
        stop.set()
        t.join()
    # Holding the lock, the calls would leave the counter only the few switches Python forces
    # between them (a few milliseconds each): a small fraction of its pace.
    assert seconds > 0.1 and during > 0.3 * pace * seconds, (during, pace, seconds)
