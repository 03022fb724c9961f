"""An arcade 3 platformer with collide2d: a character runs, jumps onto steps and platforms, picks
up coins, and each block it touches turns red for a moment.

    python examples/arcade_platformer.py            # arrows or A/D to run, space to jump
    python examples/arcade_platformer.py --frames 300 --screenshot shot.png   # plays itself

arcade's y axis points up, as collide2d's mover assumes by default (on a pygame screen, pass
`up=(0, -1)`). The level is a `collide2d.World`: blocks are solid colliders, coins are sensors,
and the character is a capsule moved by `World.move_and_slide`, which slides it along what it
meets and tells when it stands on floor. No physics engine: the game keeps its own velocity.
"""

import argparse
import sys

import arcade

import collide2d as c

SIZE = (640, 360)
GRAVITY, RUN, JUMP = -1200.0, 180.0, 460.0
BLOCKS = [(0, 0, 640, 40), (150, 40, 120, 40), (300, 150, 120, 20), (450, 40, 50, 70), (0, 40, 20, 320), (620, 40, 20, 320)]
COINS = [(230, 100), (475, 130), (580, 70)]
PLAYER_COLOUR, BLOCK_COLOUR, TOUCHED_COLOUR = (255, 200, 40), (90, 110, 150), (255, 0, 0)


class Level:
    """The game without its window: the world, the character's velocity, what was touched."""

    def __init__(self):
        self.world = c.World()
        self.blocks = [self.world.insert(c.Aabb((x, y), (x + w, y + h)), data="block") for x, y, w, h in BLOCKS]
        self.coins = [self.world.insert(c.Circle(p, 10), data="coin", sensor=True) for p in COINS]
        self.player = self.world.insert(c.Capsule((0, -14), (0, 14), 12), c.Transform(translation=(60, 80)))
        self.velocity_y = 0.0
        self.on_floor = False
        self.glow = {}  # block handle -> seconds it stays red
        self.picked = 0

    def update(self, dt, run, jump):
        """One frame: `run` in -1..1, `jump` whether the jump key is down."""
        if jump and self.on_floor:
            self.velocity_y = JUMP
        self.velocity_y += GRAVITY * dt
        wanted = (run * RUN * dt, self.velocity_y * dt)
        moved = self.world.move_and_slide(self.player, wanted)
        self.on_floor = moved.on_floor
        # Floor or ceiling took the vertical speed.
        if moved.on_floor or (wanted[1] > 0 and moved.moved[1] < wanted[1] * 0.5):
            self.velocity_y = 0.0
        for h in moved.touched:
            self.glow[h] = 0.25
        self.glow = {h: t - dt for h, t in self.glow.items() if t > dt}
        # Coins are sensors: the mover passes through them, a query finds them.
        body = self.world.world_shape(self.player)
        for coin in [h for h in self.world.colliders_overlapping(body) if self.world.data(h) == "coin"]:
            self.world.remove(coin)
            self.coins.remove(coin)
            self.picked += 1

    def autopilot(self):
        """What a player would press: run right to x = 580, jumping at a block ahead."""
        x, y = self.world.world_transform(self.player).translation
        if x > 580:
            return 0.0, False
        ahead = self.world.cast_ray((x, y - 20), (1, 0), 25, ignore=[self.player])
        return 1.0, ahead is not None


class Game(arcade.Window):
    """The window: draws the level's colliders as they are, and reads the keys."""

    def __init__(self, frames, screenshot):
        super().__init__(*SIZE, "collide2d with arcade")
        self.level, self.frames, self.screenshot, self.frame = Level(), frames, screenshot, 0
        self.keys = set()
        self.background_color = (24, 26, 38)
        self.score = arcade.Text("", 30, SIZE[1] - 30, (230, 230, 230), 14)

    def on_key_press(self, key, modifiers):
        self.keys.add(key)

    def on_key_release(self, key, modifiers):
        self.keys.discard(key)

    def on_update(self, dt):
        if self.frames:
            run, jump = self.level.autopilot()
            dt = 1 / 60  # the same game every run
        else:
            run = (arcade.key.RIGHT in self.keys or arcade.key.D in self.keys) - (
                arcade.key.LEFT in self.keys or arcade.key.A in self.keys
            )
            jump = arcade.key.SPACE in self.keys or arcade.key.UP in self.keys
        self.level.update(min(dt, 1 / 30), run, jump)

    def on_draw(self):
        self.clear()
        level, world = self.level, self.level.world
        for h in level.blocks:
            box = world.aabb(h)
            colour = TOUCHED_COLOUR if h in level.glow else BLOCK_COLOUR
            arcade.draw_lrbt_rectangle_filled(box.min[0], box.max[0], box.min[1], box.max[1], colour)
        for h in level.coins:
            arcade.draw_circle_filled(*world.aabb(h).center, 10, (250, 220, 90))
        capsule = world.world_shape(level.player)
        (ax, ay), (bx, by), r = capsule.a, capsule.b, capsule.radius
        arcade.draw_lrbt_rectangle_filled(ax - r, ax + r, ay, by, PLAYER_COLOUR)
        arcade.draw_circle_filled(ax, ay, r, PLAYER_COLOUR)
        arcade.draw_circle_filled(bx, by, r, PLAYER_COLOUR)
        self.score.text = f"coins {level.picked}"
        self.score.draw()
        self.frame += 1
        if self.frames and self.frame >= self.frames:
            if self.screenshot:
                arcade.get_image(0, 0, *SIZE).save(self.screenshot)
            arcade.exit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=0, help="play itself for this many frames, then quit")
    parser.add_argument("--screenshot", help="with --frames: save the last frame here (PNG)")
    args = parser.parse_args()
    game = Game(args.frames, args.screenshot)
    arcade.run()
    if args.frames:
        level = game.level
        x = level.world.world_transform(level.player).translation[0]
        print(f"the character ends at x = {x:.0f}, on floor: {level.on_floor}, coins: {level.picked}")
        # The level must have played out: over the step and the wall, coins picked on the way.
        if x < 560 or level.picked < 3 or not level.on_floor:
            sys.exit(1)


if __name__ == "__main__":
    main()
