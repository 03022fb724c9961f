"""Getting started in Python: a first query between two shapes, then a first world of colliders
that reports which pairs start and stop touching. The guide's page
(docs/guide/pages/getting-started/python.md) shows this file's marked sections; the asserts make
CI fail (crates/collide2d-py/tests/test_guide.py runs it) when an answer drifts from the page."""

# --8<-- [start:query]
import collide2d as c

# Shapes are checked when they are made: a negative radius raises ValueError at once.
player = c.Circle((3, 1.4), 0.5)
floor = c.Aabb.from_xywh(0, 0, 10, 1)
try:
    c.Circle((0, 0), -1)
except ValueError as e:
    print("refused:", e)

# Do they touch? Touching counts: shapes are closed.
assert c.intersects(player, floor)

# Which way and how far to push the player out, and where they touch.
hit = c.contact(floor, player)
assert hit.normal == (0.0, 1.0)  # from the first shape (the floor) towards the second
assert abs(hit.depth - 0.1) < 1e-6
_, y = player.center
_, dy = hit.push_out_b
print(f"push the player up by {hit.depth:.2f}: it rests at y = {y + dy:.2f}")
# --8<-- [end:query]

# --8<-- [start:world]
# A world holds many colliders, each with a transform and your own data (here a name).
world = c.World()
ball = world.insert(c.Circle((0, 0), 0.5), c.Transform(translation=(3, 1.4)), data="ball")
world.insert(floor, data="floor")
world.insert(c.Obb((8, 3), (0.5, 0.5), 0.3), data="crate")

# Each step reports the pairs that started touching, still touch, and stopped.
events = world.step()
for e in events.started:
    print(f"{world.data(e.a)} and {world.data(e.b)} started touching, {e.contact.depth:.2f} deep")
assert len(events.started) == 1

# Move the ball onto the crate: the ball leaves the floor and meets the crate.
world.set_transform(ball, c.Transform(translation=(8, 3.8)))
events = world.step()
assert (len(events.started), len(events.stopped)) == (1, 1)
(e,) = events.started
assert {world.data(e.a), world.data(e.b)} == {"ball", "crate"}
# --8<-- [end:world]
