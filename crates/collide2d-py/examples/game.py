"""A pygame-ce game loop with collide2d: traced sprites move, bounce, are pushed apart by exact
contact push-outs, and turn red while they collide.

    python examples/game.py                 # a window; close it or press Escape to quit
    python examples/game.py --frames 120 --screenshot shot.png   # run a while, save a picture

Each sprite's collider is its picture traced into a polygon (concave, with holes where the
picture has them), placed in a `collide2d.World` by a transform. Every frame the world's `step`
reports the touching pairs with their contacts, and each pair is pushed apart by half the
contact's push-out each, so sprites meet at their drawn outlines, not at their rectangles.
"""

import argparse
import math
import pathlib
import random

import pygame

import collide2d

SPRITES = pathlib.Path(__file__).resolve().parents[2] / "collide2d" / "tests" / "data" / "sprites"
NAMES = [
    "meteorGrey_big3.png",
    "playerShip2_orange.png",
    "gemBlue.png",
    "keyRed.png",
    "slimeGreen.png",
    "wormPink.png",
    "coinSilver.png",
    "fly.png",
]
SIZE = (640, 360)
BACKGROUND = (24, 26, 38)
RED = (255, 0, 0)


class Sprite:
    """A picture, the polygon traced from it (in the picture's pixels), and where it is."""

    def __init__(self, image, polygon, position, velocity):
        self.image = image
        self.red_image = tinted_red(image)
        self.polygon = polygon
        self.position = pygame.Vector2(position)
        self.velocity = pygame.Vector2(velocity)
        self.colliding = False
        self.handle = None

    def transform(self):
        """Where the picture's top-left corner stands: the polygon is in the picture's pixels."""
        return collide2d.Transform(translation=self.position)

    def outline(self):
        """The traced outline in screen pixels."""
        return [self.position + pygame.Vector2(p) for p in self.polygon.outline]


def tinted_red(image):
    """The picture with every colour channel but red taken out: what a colliding sprite shows."""
    red = image.copy()
    red.fill((255, 40, 40, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return red


def largest_island(path):
    """The picture traced into polygons, keeping the largest island (the sprite's body)."""
    islands = collide2d.trace_file(path, detail="more")
    return max(islands, key=lambda p: p.area)


class Game:
    """The sprites in a world, moved, bounced off the window's edges and pushed apart."""

    def __init__(self, seed=1, names=NAMES, placements=None):
        rng = random.Random(seed)
        self.world = collide2d.World()
        self.sprites = []
        for i, name in enumerate(names):
            image = pygame.image.load(str(SPRITES / name))
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            polygon = largest_island(SPRITES / name)
            if placements is not None:
                position, velocity = placements[i]
            else:
                w, h = image.get_size()
                position = (rng.uniform(0, SIZE[0] - w), rng.uniform(0, SIZE[1] - h))
                angle = rng.uniform(0, 2 * math.pi)
                velocity = (120 * math.cos(angle), 120 * math.sin(angle))
            sprite = Sprite(image, polygon, position, velocity)
            sprite.handle = self.world.insert(polygon, sprite.transform(), data=i)
            self.sprites.append(sprite)

    def update(self, dt):
        """Moves every sprite, then pushes apart the pairs that touch and marks them red."""
        for sprite in self.sprites:
            sprite.position += sprite.velocity * dt
            self.bounce_off_edges(sprite)
            self.world.set_transform(sprite.handle, sprite.transform())
        events = self.world.step()
        for sprite in self.sprites:
            sprite.colliding = False
        for event in events.started + events.ongoing:
            a = self.sprites[self.world.data(event.a)]
            b = self.sprites[self.world.data(event.b)]
            a.colliding = b.colliding = True
            contact = event.contact
            if contact is None:
                continue
            # Half the push-out each: after it the two outlines just touch.
            a.position += pygame.Vector2(contact.push_out_a) * 0.5
            b.position += pygame.Vector2(contact.push_out_b) * 0.5
            # Swap the velocities along the normal when they still close in (an elastic bounce).
            normal = pygame.Vector2(contact.normal)
            closing = (a.velocity - b.velocity).dot(normal)
            if closing > 0:
                a.velocity -= normal * closing
                b.velocity += normal * closing
            for sprite in (a, b):
                self.world.set_transform(sprite.handle, sprite.transform())

    def bounce_off_edges(self, sprite):
        """Keeps the sprite's polygon inside the window, turning it back at an edge."""
        self.world.set_transform(sprite.handle, sprite.transform())
        (left, top), (right, bottom) = self.world.aabb(sprite.handle).min, self.world.aabb(sprite.handle).max
        if left < 0:
            sprite.position.x -= left
            sprite.velocity.x = abs(sprite.velocity.x)
        elif right > SIZE[0]:
            sprite.position.x -= right - SIZE[0]
            sprite.velocity.x = -abs(sprite.velocity.x)
        if top < 0:
            sprite.position.y -= top
            sprite.velocity.y = abs(sprite.velocity.y)
        elif bottom > SIZE[1]:
            sprite.position.y -= bottom - SIZE[1]
            sprite.velocity.y = -abs(sprite.velocity.y)

    def draw(self, surface):
        """The sprites, red with a red outline while they collide."""
        surface.fill(BACKGROUND)
        for sprite in self.sprites:
            surface.blit(sprite.red_image if sprite.colliding else sprite.image, sprite.position)
            if sprite.colliding:
                pygame.draw.lines(surface, RED, True, sprite.outline(), 2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: run until closed)")
    parser.add_argument("--screenshot", type=pathlib.Path, help="save the last frame as a PNG")
    parser.add_argument("--seed", type=int, default=1, help="where the sprites start")
    args = parser.parse_args()

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("collide2d: traced sprites pushed apart")
    game = Game(seed=args.seed)
    clock = pygame.time.Clock()
    frame = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        # A fixed step, so that a run of N frames is the same everywhere.
        game.update(1 / 60)
        game.draw(screen)
        pygame.display.flip()
        clock.tick(60)
        frame += 1
        if args.frames and frame >= args.frames:
            running = False
    if args.screenshot:
        pygame.image.save(screen, str(args.screenshot))
    pygame.quit()


if __name__ == "__main__":
    main()
