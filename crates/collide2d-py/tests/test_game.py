"""The pygame-ce example, headless: sprites that overlap turn red and are pushed apart."""

import os
import pathlib
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))
import game  # noqa: E402  (the example, found through the path set just above)

import collide2d  # noqa: E402


@pytest.fixture
def screen():
    pygame.init()
    yield pygame.display.set_mode(game.SIZE)
    pygame.quit()


def pure_red_pixels(surface):
    """How many pixels are exactly the outline's red, which no sprite picture holds."""
    width, height = surface.get_size()
    return sum(surface.get_at((x, y))[:3] == game.RED for y in range(0, height, 2) for x in range(0, width, 2))


def test_overlapping_sprites_turn_red_and_are_pushed_apart(screen):
    # The meteor and the ship start overlapping, the gem far from both, all still.
    names = ["meteorGrey_big3.png", "playerShip2_orange.png", "gemBlue.png"]
    placements = [((100, 100), (0, 0)), ((150, 110), (0, 0)), ((450, 200), (0, 0))]
    g = game.Game(names=names, placements=placements)
    meteor, ship, gem = g.sprites
    assert collide2d.intersects(g.world.world_shape(meteor.handle), g.world.world_shape(ship.handle))

    g.update(1 / 60)
    g.draw(screen)
    assert meteor.colliding and ship.colliding and not gem.colliding
    assert pure_red_pixels(screen) > 20
    # The push-outs left them touching at most: no overlap deeper than rounding.
    k = collide2d.contact(g.world.world_shape(meteor.handle), g.world.world_shape(ship.handle))
    assert k is None or k.depth < 1e-3
    # Pushed apart along x mostly, each by half.
    assert meteor.position.x < 100 and ship.position.x > 150

    # Once apart (and moved a little further), nothing is red.
    ship.position.x += 2
    g.update(1 / 60)
    g.draw(screen)
    assert not any(s.colliding for s in g.sprites)
    assert pure_red_pixels(screen) == 0


def test_the_game_runs_a_few_frames_and_saves_a_screenshot(tmp_path, monkeypatch):
    shot = tmp_path / "shot.png"
    monkeypatch.setattr(sys, "argv", ["game.py", "--frames", "5", "--seed", "3", "--screenshot", str(shot)])
    game.main()
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == game.SIZE
