"""The character controller: a character riding a lift up, down and sideways and a belt, the
library's moving-platform scenarios (crates/collide2d/tests/common/controller_suite.rs) ported,
its options, its floor, and refusals that move nothing. 60 frames a second, gravity 20 units/s²."""

import math
import threading

import pytest

import collide2d as c

DT = 1 / 60
GRAVITY = 20.0
SKIN = 0.01


def character(boxy):
    """A capsule 1.8 tall and 0.8 wide, or a box of that size, its bottom at 0.01."""
    if boxy:
        return c.Aabb((-0.4, 0.01), (0.4, 1.81))
    return c.Capsule((0, 0.41), (0, 1.41), 0.4)


class Sim:
    """One character falling under gravity in a world, moved a frame at a time with the
    scenarios' options (steps of 0.4, snapping by 0.5, floors up to 50 degrees)."""

    def __init__(self, boxy):
        self.world = c.World()
        self.player = self.world.insert(character(boxy))
        self.controller = c.CharacterController(step_height=0.4, snap_distance=0.5, max_slope=math.radians(50))
        self.fall = 0.0
        self.last = None

    def frame(self, run=0.0):
        if self.last is not None and self.last.on_floor:
            self.fall = 0.0
        self.fall -= GRAVITY * DT
        self.last = self.controller.move_and_slide(self.world, self.player, (run * DT, self.fall * DT))
        return self.last

    def bounds(self):
        return self.world.aabb(self.player)

    def place(self, h, x, y):
        self.world.set_transform(h, c.Transform((x, y)))

    def depth_in(self, other):
        k = c.contact(self.world.world_shape(other), self.world.world_shape(self.player))
        return 0.0 if k is None else k.depth


@pytest.mark.parametrize("boxy", [False, True])
def test_a_lift_carries_the_character_up_down_and_sideways_without_sinking_or_dropping_it(boxy):
    sim = Sim(boxy)
    lift = sim.world.insert(c.Aabb((-3, -0.5), (3, 0)))
    assert sim.frame().on_floor and sim.controller.floor == lift
    # ±2 units/s, turning every second, for 10 s.
    height = 0.0
    for frame in range(600):
        height += 2 * DT if (frame // 60) % 2 == 0 else -2 * DT
        sim.place(lift, 0, height)
        result = sim.frame()
        gap = sim.bounds().min[1] - height
        assert result.on_floor, f"frame {frame}: off the lift, {gap} above it"
        assert sim.depth_in(lift) <= SKIN and gap > -SKIN, f"frame {frame}: {gap} into the lift"
        assert gap < 3 * SKIN, f"frame {frame}: {gap} above the lift"
    # Sideways at 5 units/s: it rides along, carried by the lift's step each frame.
    x = 0.0
    for frame in range(120):
        x += 5 * DT
        sim.place(lift, x, height)
        result = sim.frame()
        assert result.on_floor, f"frame {frame}"
        assert sim.bounds().center[0] == pytest.approx(x, abs=1e-3), f"frame {frame}: left behind"
        assert result.platform_motion == pytest.approx((5 * DT, 0), abs=1e-4)
        assert result.moved[0] == pytest.approx(result.platform_motion[0], abs=1e-4)


def test_a_belt_carries_the_character_but_never_into_a_wall():
    sim = Sim(boxy=False)
    wall = sim.world.insert(c.Aabb((3, -5), (4, 10)))
    belt = sim.world.insert(c.Aabb((-3, -0.5), (3, 0)))
    sim.frame()
    for frame in range(1, 121):
        sim.place(belt, frame * 0.1, 0)
        result = sim.frame()
        assert not c.intersects(sim.world.world_shape(wall), sim.world.world_shape(sim.player)), f"frame {frame}"
        if frame < 20:  # not yet at the wall: carried by the belt's 0.1 a frame
            assert result.on_floor and result.platform_motion == pytest.approx((0.1, 0), abs=1e-4)
    assert 2.9 < sim.bounds().max[0] <= 3.0


def test_walking_on_a_belt_adds_the_walk_to_the_carry():
    sim = Sim(boxy=True)
    belt = sim.world.insert(c.Aabb((-50, -0.5), (50, 0)))
    sim.frame()
    for frame in range(1, 31):
        sim.place(belt, -frame * 0.05, 0)  # the belt runs left at 3 units/s
        result = sim.frame(run=6.0)  # the character walks right at 6
        assert result.platform_motion == pytest.approx((-0.05, 0), abs=1e-4)
        assert result.moved[0] == pytest.approx(0.05, abs=1e-4)
    assert sim.bounds().center[0] == pytest.approx(30 * 0.05, abs=1e-3)


def test_the_options_their_defaults_and_the_floor_remembered_and_forgotten():
    ctrl = c.CharacterController()
    assert ctrl.skin == pytest.approx(0.01) and ctrl.max_slope == pytest.approx(math.pi / 4)
    assert ctrl.up == (0, 1) and ctrl.max_slides == 4 and ctrl.stop_on_slope
    assert ctrl.step_height == 0 and ctrl.snap_distance == 0 and ctrl.floor is None
    ctrl.skin, ctrl.max_slope, ctrl.up, ctrl.max_slides = 0.02, 0.5, [0, -2], 6
    ctrl.step_height, ctrl.snap_distance, ctrl.stop_on_slope = 0.3, 0.4, False
    assert (ctrl.skin, ctrl.max_slope, ctrl.up, ctrl.max_slides) == (pytest.approx(0.02), 0.5, (0, -2), 6)
    assert (ctrl.step_height, ctrl.snap_distance, ctrl.stop_on_slope) == (pytest.approx(0.3), pytest.approx(0.4), False)
    assert repr(ctrl) == "CharacterController(floor=None)"

    sim = Sim(boxy=True)
    lift = sim.world.insert(c.Aabb((-3, -0.5), (3, 0)))
    sim.frame()
    assert sim.controller.floor == lift and "floor=Handle(" in repr(sim.controller)
    # Told to forget, the lift's move does not carry it; the next move remembers it again.
    sim.place(lift, 0.3, 0)
    sim.controller.forget_floor()
    assert sim.controller.floor is None
    assert sim.frame().platform_motion == (0, 0) and sim.bounds().center[0] == 0
    assert sim.controller.floor == lift
    # World.move_and_slide carries nothing, and says so.
    assert sim.world.move_and_slide(sim.player, (0, -0.1)).platform_motion == (0, 0)


def test_a_refused_move_moves_nothing_and_keeps_the_floor():
    sim = Sim(boxy=True)
    lift = sim.world.insert(c.Aabb((-3, -0.5), (3, 0)))
    sim.frame()
    sim.place(lift, 0.5, 0)  # a carry is due
    before = sim.bounds()
    with pytest.raises(ValueError, match="motion"):
        sim.controller.move_and_slide(sim.world, sim.player, (math.nan, 0))
    sim.controller.skin = -1
    with pytest.raises(ValueError, match="skin"):
        sim.controller.move_and_slide(sim.world, sim.player, (0, -0.1))
    sim.controller.skin = SKIN
    gone = sim.world.insert(c.Circle((50, 50), 1))
    sim.world.remove(gone)
    with pytest.raises(ValueError, match="does not exist"):
        sim.controller.move_and_slide(sim.world, gone, (0, -0.1))
    with pytest.raises(TypeError, match="vector"):
        sim.controller.move_and_slide(sim.world, sim.player, None)
    assert sim.bounds() == before and sim.controller.floor == lift
    # The same move with a motion that is a number: carried by the lift's 0.5.
    assert sim.controller.move_and_slide(sim.world, sim.player, (0, -0.1)).platform_motion == pytest.approx((0.5, 0))


def test_on_a_y_down_screen_with_pygame_vectors_a_lift_carries_the_character():
    pygame = pytest.importorskip("pygame")
    world = c.World()
    player = world.insert(c.Aabb((100, 150), (116, 199.9)))  # its feet 0.1 above the lift
    lift = world.insert(c.Aabb((80, 200), (160, 210)))
    ctrl = c.CharacterController(up=pygame.Vector2(0, -1), skin=0.1)
    gravity = pygame.Vector2(0, 2)
    assert ctrl.move_and_slide(world, player, gravity).on_floor
    for frame in range(1, 31):  # up the screen by 1 pixel a frame
        world.set_transform(lift, c.Transform((0, -frame)))
        result = ctrl.move_and_slide(world, player, gravity)
        assert result.on_floor and result.platform_motion == pytest.approx((0, -1), abs=1e-3)
        assert world.aabb(player).max[1] == pytest.approx(200 - frame - 0.1, abs=1e-2)


def test_threads_move_their_own_characters_through_one_world():
    world = c.World()
    lift = world.insert(c.Aabb((-100, -0.5), (100, 0)))
    players = [world.insert(c.Aabb((x * 2, 0.01), (x * 2 + 1, 1.01))) for x in range(4)]
    controllers = [c.CharacterController() for _ in players]
    # Each stands on the lift before it moves (else a lift rising under one not yet moved would
    # take it inside, and it would fall through).
    for h, ctrl in zip(players, controllers):
        assert ctrl.move_and_slide(world, h, (0, -0.01)).on_floor
    start = threading.Barrier(len(players) + 1)

    def ride(i):
        start.wait()
        for _ in range(200):
            controllers[i].move_and_slide(world, players[i], (0, -0.01))

    threads = [threading.Thread(target=ride, args=(i,)) for i in range(len(players))]
    for t in threads:
        t.start()
    start.wait()
    for frame in range(50):
        world.set_transform(lift, c.Transform((0, frame * 0.01)))
        world.step()
    for t in threads:
        t.join()
    # Wherever the lift was at each of their moves, one more move takes each to where it ended.
    for h, ctrl in zip(players, controllers):
        assert ctrl.move_and_slide(world, h, (0, -0.01)).on_floor and ctrl.floor == lift
        assert world.aabb(h).min[1] == pytest.approx(0.49 + SKIN, abs=1e-3)
