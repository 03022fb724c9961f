"""The moving-platform level (moving_platform.py) drawn with pygame-ce: arrow keys to run, space to
jump, ride the lift across the gap. docs/guide/pages/getting-started/pygame-arcade.md shows it.

    python docs/guide/samples/python/pygame_platform.py

With GUIDE_FRAMES=N in the environment it plays N frames on its own, as fast as it can, then
checks that the lift carried the character and that the picture shows it standing on the lift
(crates/collide2d-py/tests/test_guide.py runs it so, with SDL_VIDEODRIVER=dummy: no window)."""

import os

# --8<-- [start:draw]
import pygame

from moving_platform import Level

SIZE = (640, 360)
SCALE = 35  # pixels a unit
BACKGROUND, BLOCK, LIFT, PLAYER = (24, 26, 38), (90, 110, 150), (120, 200, 120), (255, 200, 40)


def to_screen(x, y):
    """A point of the level (y up, in units) on the screen (y down, in pixels)."""
    return round(5 + x * SCALE), round(300 - y * SCALE)


def screen_rect(box):
    """A box of the level as a pygame.Rect: its top on screen is its max y."""
    left, top = to_screen(box.min[0], box.max[1])
    right, bottom = to_screen(box.max[0], box.min[1])
    return pygame.Rect(left, top, right - left, bottom - top)


def draw(screen, level):
    screen.fill(BACKGROUND)
    world = level.world
    for h in (level.ground, level.ledge):
        pygame.draw.rect(screen, BLOCK, screen_rect(world.aabb(h)))
    pygame.draw.rect(screen, LIFT, screen_rect(world.aabb(level.lift)))
    # The capsule where the world has it: its two end circles and the box between them.
    capsule = world.world_shape(level.player)
    radius = capsule.radius * SCALE
    for end in (capsule.a, capsule.b):
        pygame.draw.circle(screen, PLAYER, to_screen(*end), radius)
    (left, top), (right, bottom) = to_screen(*capsule.b), to_screen(*capsule.a)
    pygame.draw.rect(screen, PLAYER, pygame.Rect(left - radius, top, 2 * radius, bottom - top))
# --8<-- [end:draw]


# --8<-- [start:loop]
def play(frames=None):
    """The game loop, until the window is closed or for `frames` frames."""
    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("collide2d: ride the lift")
    clock = pygame.time.Clock()
    level = Level()
    frame = 0
    while frames is None or frame < frames:
        if any(event.type == pygame.QUIT for event in pygame.event.get()):
            break
        keys = pygame.key.get_pressed()
        run = keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]
        level.update(run, keys[pygame.K_SPACE])  # the level's own step of 1/60 s
        draw(screen, level)
        pygame.display.flip()
        if frames is None:
            clock.tick(60)
        frame += 1
    return level, screen
# --8<-- [end:loop]


if __name__ == "__main__":
    frames = int(os.environ["GUIDE_FRAMES"]) if "GUIDE_FRAMES" in os.environ else None
    level, screen = play(frames)
    if frames is not None:
        # Carried: still on the lift, as far along as the lift went.
        x, y = level.position()
        lift_x, _ = level.world.world_transform(level.lift).translation
        assert level.controller.floor == level.lift and abs(x - lift_x) < 1e-3, (x, lift_x)
        # The picture agrees: the character's colour above the lift's top, the lift's below it.
        assert screen.get_at(to_screen(x, 0.2))[:3] == PLAYER
        assert screen.get_at(to_screen(x, -0.1))[:3] == LIFT
        print(f"after {frames} frames the character rides the lift at x = {x:.2f}")
    pygame.quit()
