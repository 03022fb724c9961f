"""Guarantees in Python: a bad input raises ValueError where the shape is made, and a contact
whose exact push-out would need more than its budget says so, or raises when asked to. The
guide's page (docs/guide/pages/guarantees.md) shows this file's marked sections;
crates/collide2d-py/tests/test_guide.py runs it."""

import math

import collide2d as c

# --8<-- [start:refused]
# A NaN (from a division by zero upstream, say) is refused where the shape is made.
try:
    c.Circle((math.nan, 0), 1)
    raise AssertionError("a NaN circle was made")
except ValueError as e:
    print("refused:", e)
    assert str(e) == "Circle: center.x is not finite (NaN)"
# --8<-- [end:refused]

# --8<-- [start:budget]
# A 2,000-point star spawned on its copy: the push is bounded in time, and flagged.
star = c.Polygon(
    [(math.cos(k * math.tau / 2000) * (100 if k % 2 == 0 else 50), math.sin(k * math.tau / 2000) * (100 if k % 2 == 0 else 50)) for k in range(2000)]
)
hit = c.contact(star, star)
assert not hit.exact  # a push that separates them, not proven the shortest
try:
    c.contact(star, star, require_exact=True)  # or: raise rather than return it
    raise AssertionError("an inexact push was returned")
except ValueError as e:
    print("refused:", e)
# --8<-- [end:budget]
