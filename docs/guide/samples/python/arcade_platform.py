"""The moving-platform level (moving_platform.py) drawn with arcade 3: arrow keys to run, space to
jump, ride the lift across the gap. docs/guide/pages/getting-started/pygame-arcade.md shows it.

    python docs/guide/samples/python/arcade_platform.py

With GUIDE_FRAMES=N in the environment it plays N frames on its own, as fast as it can, then
checks that the lift carried the character and that the last frame shows it on the lift. arcade
draws with OpenGL, so it needs a display: CI runs it under Xvfb
(crates/collide2d-py/tests/test_guide.py, from crates/collide2d-py/ci.sh)."""

import os

# --8<-- [start:window]
import arcade

from moving_platform import Level

SIZE = (640, 360)
SCALE = 35  # pixels a unit
BACKGROUND, BLOCK, LIFT, PLAYER = (24, 26, 38), (90, 110, 150), (120, 200, 120), (255, 200, 40)


def to_screen(x, y):
    """A point of the level (y up, in units) in the window (y up too, in pixels)."""
    return 5 + x * SCALE, 60 + y * SCALE


def draw_box(box, colour):
    (left, bottom), (right, top) = to_screen(*box.min), to_screen(*box.max)
    arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, colour)


class Game(arcade.Window):
    def __init__(self, frames=None):
        # Playing on its own, it updates and draws as fast as it can.
        rate = 1 / 60 if frames is None else 1 / 1000
        super().__init__(*SIZE, "collide2d: ride the lift", update_rate=rate, draw_rate=rate)
        self.background_color = BACKGROUND
        self.level, self.frames, self.frame = Level(), frames, 0
        self.keys = set()
        self.seen = None  # playing on its own: the colours above and below the lift's top

    def on_key_press(self, key, modifiers):
        self.keys.add(key)

    def on_key_release(self, key, modifiers):
        self.keys.discard(key)

    def on_update(self, delta_time):
        run = (arcade.key.RIGHT in self.keys) - (arcade.key.LEFT in self.keys)
        self.level.update(run, arcade.key.SPACE in self.keys)  # the level's own step of 1/60 s
        self.frame += 1

    def on_draw(self):
        self.clear()
        world = self.level.world
        for h in (self.level.ground, self.level.ledge):
            draw_box(world.aabb(h), BLOCK)
        draw_box(world.aabb(self.level.lift), LIFT)
        # The capsule where the world has it: its two end circles and the box between them.
        capsule = world.world_shape(self.level.player)
        (ax, ay), (bx, by), radius = to_screen(*capsule.a), to_screen(*capsule.b), capsule.radius * SCALE
        arcade.draw_circle_filled(ax, ay, radius, PLAYER)
        arcade.draw_circle_filled(bx, by, radius, PLAYER)
        arcade.draw_lrbt_rectangle_filled(ax - radius, ax + radius, ay, by, PLAYER)
        # --8<-- [end:window]
        if self.frames is not None and self.frame >= self.frames:
            x, _ = self.level.position()
            self.seen = [arcade.get_image(*map(round, to_screen(x, y)), 1, 1).getpixel((0, 0))[:3] for y in (0.2, -0.1)]
            self.close()


if __name__ == "__main__":
    frames = int(os.environ["GUIDE_FRAMES"]) if "GUIDE_FRAMES" in os.environ else None
    game = Game(frames)
    arcade.run()
    if frames is not None:
        # Carried: still on the lift, as far along as the lift went.
        level = game.level
        x, y = level.position()
        lift_x, _ = level.world.world_transform(level.lift).translation
        assert level.controller.floor == level.lift and abs(x - lift_x) < 1e-3, (x, lift_x)
        # The picture agrees: the character's colour above the lift's top, the lift's below it.
        assert game.seen == [PLAYER, LIFT], game.seen
        print(f"after {frames} frames the character rides the lift at x = {x:.2f}")
