"""Getting started in Python: a character on a moving platform. The level is a collide2d World with
a ground, a ledge and a lift that ferries across the gap between them; a CharacterController
moves the character and carries it on the lift. No drawing here: pygame_platform.py and
arcade_platform.py import this level and draw it. Run as a script, it plays 4 seconds and checks
the numbers that docs/guide/pages/getting-started/python.md quotes (run by
crates/collide2d-py/tests/test_guide.py)."""

# --8<-- [start:level]
import collide2d as c

DT = 1 / 60  # seconds a frame
GRAVITY = 20.0  # units a second, each second
RUN = 4.0  # units a second
JUMP = 9.0  # units a second, upwards


class Lift:
    """A route: wait at `start`, go to `end` at `speed` units a second, wait, come back."""

    def __init__(self, start, end, speed, wait):
        self.start, self.end, self.speed, self.wait = start, end, speed, wait

    def at(self, t):
        """Where the lift is `t` seconds after the start."""
        (x0, y0), (x1, y1) = self.start, self.end
        travel = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / self.speed
        t %= 2 * (self.wait + travel)
        there = min(max(t - self.wait, 0), travel) - min(max(t - 2 * self.wait - travel, 0), travel)
        k = there / travel
        return (x0 + k * (x1 - x0), y0 + k * (y1 - y0))


class Level:
    """The game without its window: y up, in units (a character is 1.8 tall)."""

    def __init__(self):
        self.world = c.World()
        self.ground = self.world.insert(c.Aabb((0, -1), (4, 0)))
        self.ledge = self.world.insert(c.Aabb((14, -1), (18, 0)))
        # A lift 3 wide, its top level with the ground and the ledge: it ferries across the gap.
        self.route = Lift(start=(5.5, -0.25), end=(12.5, -0.25), speed=2.0, wait=0.5)
        lift_shape = c.Aabb((-1.5, -0.25), (1.5, 0.25))
        self.lift = self.world.insert(lift_shape, c.Transform(translation=self.route.at(0)))
        # A capsule 1.8 tall and 0.8 wide, standing on the lift (its centre 0.9 above its feet).
        body = c.Capsule((0, -0.5), (0, 0.5), 0.4)
        self.player = self.world.insert(body, c.Transform(translation=(5.5, 0.91)))
        # snap_distance keeps the character on a floor that drops away under it.
        self.controller = c.CharacterController(snap_distance=0.3)
        self.velocity_y = 0.0
        self.on_floor = False
        self.time = 0.0

    def update(self, run=0.0, jump=False):
        """One frame: `run` from -1 (left) to 1 (right), `jump` whether the jump key is down."""
        self.time += DT
        # The platforms move first...
        self.world.set_transform(self.lift, c.Transform(translation=self.route.at(self.time)))
        # ...then the characters: the controller carries the character by as far as its floor
        # moved since its last move, then moves it and slides it along what it meets.
        if jump and self.on_floor:
            self.velocity_y = JUMP
        self.velocity_y -= GRAVITY * DT
        moved = self.controller.move_and_slide(self.world, self.player, (run * RUN * DT, self.velocity_y * DT))
        self.on_floor = moved.on_floor
        if moved.on_floor:
            self.velocity_y = 0.0
        # Fell into the gap: back onto the ground, and the floor it stood on is forgotten.
        if self.position()[1] < -10:
            self.world.set_transform(self.player, c.Transform(translation=(2, 0.91)))
            self.controller.forget_floor()
        return moved

    def position(self):
        return self.world.world_transform(self.player).translation
# --8<-- [end:level]


if __name__ == "__main__":
    # --8<-- [start:run]
    level = Level()
    x0, _ = level.position()
    carried, frames_on_lift = 0.0, 0
    for frame in range(240):  # 4 seconds, nobody at the keys
        moved = level.update()
        carried += moved.platform_motion[0]
        if level.controller.floor == level.lift:
            frames_on_lift += 1
    x, y = level.position()
    lift_x, _ = level.world.world_transform(level.lift).translation
    print(f"the lift is at x = {lift_x:.2f}; the character rode it from x = {x0:.2f} to ({x:.2f}, {y:.2f})")
    print(f"the lift carried it {carried:.2f} units; it stood on the lift {frames_on_lift} frames of 240")
    # --8<-- [end:run]
    # The numbers the page quotes.
    assert abs(lift_x - 12.5) < 1e-4 and abs(x - 12.5) < 1e-3 and abs(y - 0.91) < 0.01
    assert abs(carried - 7) < 1e-3 and frames_on_lift == 240
