// The platformer scenarios, included by `tests/controller.rs` (the levels as they are) and
// `tests/controller_tiles.rs` (their boxes as one tile map): each root file defines
// `level_form`, which turns a scenario's level into what its world holds.
use collide2d::world::{CharacterController, MoveOptions, MoveResult, World};
use collide2d::{contact, intersects, Aabb, ColliderHandle, Shape, Transform, Vec2};
use platformer::*;


/// One character in a world, with its vertical speed, moved a frame at a time.
struct Sim {
    world: World,
    player: ColliderHandle,
    controller: CharacterController,
    fall: f32,
    last: MoveResult,
}

impl Sim {
    fn new(level: Vec<Shape>, player: Shape, options: MoveOptions) -> Self {
        let mut world = World::new();
        for shape in level_form(level) {
            world.insert(shape, Transform::IDENTITY, ()).unwrap();
        }
        let player = world.insert(player, Transform::IDENTITY, ()).unwrap();
        Self { world, player, controller: CharacterController::new(options), fall: 0.0, last: MoveResult::default() }
    }

    fn add(&mut self, shape: impl Into<Shape>) -> ColliderHandle {
        self.world.insert(shape.into(), Transform::IDENTITY, ()).unwrap()
    }

    /// A frame: running at `run` (along +x), jumping at `jump` units/s if on the floor.
    fn frame(&mut self, run: f32, jump: f32) -> &MoveResult {
        let up = self.controller.options.up;
        if self.last.on_floor {
            self.fall = if jump > 0.0 { jump } else { 0.0 };
        }
        self.fall -= GRAVITY * DT;
        let motion = v(run * DT, 0.0) + up * self.fall * DT;
        self.last = self.controller.move_and_slide(&mut self.world, self.player, motion).unwrap();
        if self.last.on_ceiling && self.fall > 0.0 {
            self.fall = 0.0;
        }
        &self.last
    }

    fn bounds(&self) -> Aabb {
        self.world.world_shape(self.player).unwrap().aabb()
    }

    fn shape(&self) -> &Shape {
        self.world.world_shape(self.player).unwrap()
    }

    /// How deep the character is in `other` (0 when apart).
    fn depth_in(&self, other: ColliderHandle) -> f32 {
        contact(self.world.world_shape(other).unwrap(), self.shape()).map_or(0.0, |c| c.depth)
    }
}

#[test]
fn stairs_up_to_the_step_height_are_climbed_and_higher_ones_refused() {
    for boxy in [false, true] {
        for rise in [0.05, 0.1, 0.2, 0.3, STEP] {
            let mut sim = Sim::new(stairs(rise, 5), character(boxy, v(0.0, 0.01)), options());
            let frames = (0..120).find(|_| sim.frame(RUN, 0.0).on_floor && sim.bounds().min().y > 5.0 * rise - 0.05);
            assert!(frames.is_some(), "boxy {boxy}, rise {rise}: stuck at {:?}", sim.bounds());
            assert!(sim.bounds().min().y < 5.0 * rise + 0.05, "boxy {boxy}, rise {rise}: flew to {:?}", sim.bounds());
        }
        // 10 % higher than the step height: it stays at the foot of the first step.
        let mut sim = Sim::new(stairs(STEP * 1.1, 5), character(boxy, v(0.0, 0.01)), options());
        for _ in 0..120 {
            sim.frame(RUN, 0.0);
        }
        let b = sim.bounds();
        assert!(b.min().y < 0.05 && b.max().x < 2.0, "boxy {boxy}: climbed to {b:?}");
    }
}

#[test]
fn running_down_a_slope_and_down_stairs_it_never_leaves_the_floor() {
    for (name, level) in downhill() {
        for boxy in [false, true] {
            let mut sim = Sim::new(level.clone(), character(boxy, v(0.5, 0.01)), options());
            // Dropped onto the top, it settles first.
            for _ in 0..60 {
                sim.frame(0.0, 0.0);
            }
            let airborne = (0..150).filter(|_| !sim.frame(RUN, 0.0).on_floor).count();
            assert_eq!(airborne, 0, "{name}, boxy {boxy}: {airborne} frames in the air, at {:?}", sim.bounds());
            assert!(sim.bounds().min().x > 12.0, "{name}, boxy {boxy}: only reached {:?}", sim.bounds());
        }
    }
}

#[test]
fn standing_on_a_walkable_slope_it_does_not_slide() {
    for boxy in [false, true] {
        let mut sim = Sim::new(vec![slope_to_stand_on()], character(boxy, v(0.0, 0.6)), options());
        for _ in 0..30 {
            sim.frame(0.0, 0.0);
        }
        let settled = sim.bounds();
        for _ in 0..300 {
            assert!(sim.frame(0.0, 0.0).on_floor);
        }
        let drift = sim.bounds().center() - settled.center();
        assert!(drift.length() < 1e-3, "boxy {boxy}: slid by {drift}");
    }
}

#[test]
fn a_platform_moving_up_and_down_carries_the_character_without_sinking_or_dropping_it() {
    let skin = options().skin;
    for boxy in [false, true] {
        let mut sim = Sim::new(vec![], character(boxy, v(0.0, 0.01)), options());
        let lift = sim.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
        sim.frame(0.0, 0.0);
        // ±2 units/s, turning every second, for 10 s.
        let mut height = 0.0;
        for frame in 0..600 {
            height += if (frame / 60) % 2 == 0 { 2.0 * DT } else { -2.0 * DT };
            sim.world.set_transform(lift, Transform::from_translation(v(0.0, height))).unwrap();
            let on_floor = sim.frame(0.0, 0.0).on_floor;
            let gap = sim.bounds().min().y - height;
            assert!(on_floor, "boxy {boxy}, frame {frame}: off the lift, {gap} above it");
            assert!(sim.depth_in(lift) <= skin && gap > -skin, "boxy {boxy}, frame {frame}: {gap} into the lift");
            assert!(gap < 3.0 * skin, "boxy {boxy}, frame {frame}: {gap} above the lift");
        }
        // Sideways at 5 units/s: it rides along.
        let mut x = 0.0;
        for frame in 0..120 {
            x += 5.0 * DT;
            sim.world.set_transform(lift, Transform::from_translation(v(x, height))).unwrap();
            assert!(sim.frame(0.0, 0.0).on_floor, "boxy {boxy}, frame {frame}");
            assert!((sim.bounds().center().x - x).abs() < 1e-3, "boxy {boxy}, frame {frame}: left behind");
        }
    }
}

#[test]
fn a_platform_never_pushes_the_character_into_a_wall() {
    let mut sim = Sim::new(vec![], character(false, v(0.0, 0.01)), options());
    let wall = sim.add(Aabb::new(v(3.0, -5.0), v(4.0, 10.0)).unwrap());
    let belt = sim.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
    sim.frame(0.0, 0.0);
    for frame in 1..=120 {
        sim.world.set_transform(belt, Transform::from_translation(v(frame as f32 * 0.1, 0.0))).unwrap();
        sim.frame(0.0, 0.0);
        assert!(!intersects(sim.world.world_shape(wall).unwrap(), sim.shape()), "frame {frame}: in the wall");
    }
    assert!(sim.bounds().max().x <= 3.0 && sim.bounds().max().x > 2.9, "{:?}", sim.bounds());
}

#[test]
fn through_a_one_way_platform_from_below_without_a_pop_and_landing_on_it_holds() {
    let skin = options().skin;
    for boxy in [false, true] {
        let mut sim = Sim::new(vec![floor(-10.0, 10.0)], character(boxy, v(0.0, 0.01)), options());
        let ledge = sim.add(Aabb::new(v(-3.0, 2.5), v(3.0, 2.8)).unwrap());
        sim.world.set_one_way(ledge, Some(Vec2::Y)).unwrap();
        sim.frame(0.0, 0.0);
        // Free flight of a jump at 11 units/s: every frame's rise must match it until it lands.
        let (mut y, mut speed) = (sim.bounds().min().y, 11.0);
        let mut landed = None;
        for frame in 0..120 {
            let r = sim.frame(0.0, if frame == 0 { 11.0 } else { 0.0 }).clone();
            if frame > 0 && r.on_floor {
                landed = Some(frame);
                break;
            }
            speed -= GRAVITY * DT;
            y += speed * DT;
            let pop = (sim.bounds().min().y - y).abs();
            assert!(pop <= 0.5 * skin, "boxy {boxy}, frame {frame}: {pop} off the free flight");
        }
        assert!(landed.is_some(), "boxy {boxy}: never landed");
        let top = sim.bounds().min().y;
        assert!((top - 2.8).abs() < 2.0 * skin, "boxy {boxy}: landed at {top}, not on the ledge");
        for _ in 0..60 {
            assert!(sim.frame(0.0, 0.0).on_floor);
        }
        assert!((sim.bounds().min().y - top).abs() < 1e-4, "boxy {boxy}: the ledge did not hold");
    }
}

#[test]
fn a_box_dashing_at_a_corner_does_not_climb_it() {
    // A block 1 high (above the step height) and one whose top is just below the box's middle.
    for height in [1.0f32, 0.9, 0.5] {
        let block = Aabb::new(v(5.0, 0.0), v(6.0, height)).unwrap();
        let no_steps = MoveOptions { step_height: 0.0, ..options() };
        for (opts, climbs) in [(no_steps, false), (options(), height <= STEP)] {
            let mut sim = Sim::new(vec![floor(-10.0, 20.0), block.into()], character(true, v(0.0, 0.01)), opts);
            let mut highest = 0.0f32;
            for _ in 0..60 {
                sim.frame(40.0, 0.0);
                highest = highest.max(sim.bounds().min().y);
            }
            assert!(climbs || highest < 0.05, "height {height}: climbed to {highest}");
        }
    }
}

#[test]
fn running_over_a_thousand_tiles_it_never_snags() {
    // Unit tiles, and the same floor at pixel scale (16 px tiles, y down, 300 px/s).
    for pixels in [false, true] {
        let (tiles, body, opts, speed) = tiles(pixels);
        let size = if pixels { 16 } else { 1 };
        let mut sim = Sim::new(tiles, body, opts);
        sim.frame(0.0, 0.0);
        let mut slowest = f32::INFINITY;
        for frame in 0..1200 {
            let x = sim.bounds().min().x;
            let on_floor = sim.frame(speed, 0.0).on_floor;
            assert!(on_floor, "size {size}, frame {frame}");
            slowest = slowest.min((sim.bounds().min().x - x) / (speed * DT));
        }
        assert!(slowest > 0.999, "size {size}: slowed to {slowest} of its speed");
    }
}

#[test]
fn running_over_a_traced_level_ten_thousand_pixels_wide_it_never_snags() {
    // Ground 16 px thick with a 1-in-20 ramp up and down every 1,000 px, y down.
    let (level, body, opts) = traced_level();
    let mut sim = Sim::new(level, body, opts);
    sim.frame(0.0, 0.0);
    let mut slowest = f32::INFINITY;
    for frame in 0..1900 {
        let x = sim.bounds().min().x;
        assert!(sim.frame(300.0, 0.0).on_floor, "frame {frame} at {:?}", sim.bounds());
        slowest = slowest.min((sim.bounds().min().x - x) / (300.0 * DT));
    }
    // Up a ramp of 1 in 20 at one speed along it, the run across is cos(atan(1/20)) of it.
    assert!(slowest > 0.99, "slowed to {slowest} of its speed");
    assert!(sim.bounds().min().x > 9000.0, "{:?}", sim.bounds());
}

#[test]
fn a_ceiling_bump_a_corner_and_a_narrow_corridor() {
    // A jump under a ceiling 3 up: it stops below it, says so, and falls back.
    let ceiling = Aabb::new(v(-5.0, 3.0), v(5.0, 4.0)).unwrap();
    let mut sim = Sim::new(vec![floor(-10.0, 10.0), ceiling.into()], character(false, v(0.0, 0.01)), options());
    sim.frame(0.0, 0.0);
    let bumped = (0..30).any(|f| sim.frame(0.0, if f == 0 { 12.0 } else { 0.0 }).on_ceiling);
    assert!(bumped && sim.bounds().max().y <= 3.0, "{:?}", sim.bounds());
    assert!((0..60).any(|_| sim.frame(0.0, 0.0).on_floor));
    // Into the corner of a floor and a wall: it stops there and stays still.
    let wall = Aabb::new(v(3.0, -1.0), v(4.0, 5.0)).unwrap();
    let mut sim = Sim::new(vec![floor(-10.0, 10.0), wall.into()], character(true, v(0.0, 0.01)), options());
    for _ in 0..60 {
        sim.frame(RUN, 0.0);
    }
    let resting = sim.bounds();
    for _ in 0..60 {
        let r = sim.frame(RUN, 0.0);
        assert!(r.on_floor && r.on_wall, "{r:?}");
    }
    assert!((sim.bounds().center() - resting.center()).length() < 1e-4 && resting.max().x <= 3.0);
    // A corridor 1.9 high for a character 1.8 tall: through it without sticking.
    let roof = Aabb::new(v(2.0, 1.9), v(8.0, 3.0)).unwrap();
    let mut sim = Sim::new(vec![floor(-10.0, 20.0), roof.into()], character(false, v(0.0, 0.01)), options());
    for _ in 0..150 {
        sim.frame(RUN, 0.0);
    }
    assert!(sim.bounds().min().x > 8.0, "{:?}", sim.bounds());
}

#[test]
fn the_controller_remembers_the_floor_it_ended_on_and_forgets_it_when_told() {
    let mut sim = Sim::new(vec![], character(true, v(0.0, 0.01)), options());
    let lift = sim.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
    assert_eq!(sim.controller.floor(), None);
    sim.frame(0.0, 0.0);
    assert_eq!(sim.controller.floor(), Some(lift));
    // Told to forget, the lift's move sideways does not carry it.
    sim.world.set_transform(lift, Transform::from_translation(v(0.3, 0.0))).unwrap();
    sim.controller.forget_floor();
    assert_eq!(sim.controller.floor(), None);
    let x = sim.bounds().center().x;
    assert_eq!(sim.frame(0.0, 0.0).platform_motion, Vec2::ZERO);
    assert_eq!(sim.bounds().center().x, x);
    // Remembered again, the next move carries it.
    sim.world.set_transform(lift, Transform::from_translation(v(0.5, 0.0))).unwrap();
    let r = sim.frame(0.0, 0.0).clone();
    assert!((r.platform_motion - v(0.2, 0.0)).length() < 1e-5, "{r:?}");
    // The floor took the fall, so the carry is all it moved.
    assert!((r.moved - r.platform_motion).length() < 1e-5, "{r:?}");
}

#[test]
fn a_refused_move_moves_nothing_and_keeps_the_floor_which_a_copy_of_the_state_carries_on() {
    let mut sim = Sim::new(vec![], character(true, v(0.0, 0.01)), options());
    let lift = sim.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
    sim.frame(0.0, 0.0);
    let remembered = sim.controller.remembered_floor();
    assert_eq!(remembered.map(|(h, _)| h), Some(lift));
    // The lift moves, then a move with a motion that is no number: refused before the carry.
    sim.world.set_transform(lift, Transform::from_translation(v(0.5, 0.0))).unwrap();
    let before = sim.bounds();
    assert!(sim.controller.move_and_slide(&mut sim.world, sim.player, v(f32::NAN, 0.0)).is_err());
    assert_eq!(sim.bounds(), before);
    assert_eq!(sim.controller.remembered_floor(), remembered);
    // A controller given that state, as a binding keeping it in its own value does, carries.
    let mut copy = CharacterController::new(options());
    copy.remember_floor(remembered);
    let r = copy.move_and_slide(&mut sim.world, sim.player, v(0.0, -0.1)).unwrap();
    assert!((r.platform_motion - v(0.5, 0.0)).length() < 1e-5, "{r:?}");
    assert_eq!(copy.floor(), Some(lift));
}

#[test]
fn a_platform_carries_as_a_plain_slide_without_steps_snapping_or_slope_rules() {
    // A belt carrying the character against a ledge lower than the step height: it stops there.
    let mut sim = Sim::new(vec![], character(true, v(0.0, 0.01)), options());
    let belt = sim.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
    sim.add(Aabb::new(v(1.0, 0.0), v(2.0, 0.2)).unwrap());
    sim.frame(0.0, 0.0);
    for frame in 1..=20 {
        sim.world.set_transform(belt, Transform::from_translation(v(frame as f32 * 0.1, 0.0))).unwrap();
        sim.frame(0.0, 0.0);
    }
    let b = sim.bounds();
    assert!(b.min().y < 0.05 && b.max().x <= 1.0 && b.max().x > 0.95, "{b:?}");
    // A plate thinner than two skins lifting off the floor: the carry does not snap the
    // character down through it to the floor beneath.
    let mut sim = Sim::new(vec![floor(-10.0, 10.0)], character(true, v(0.0, 0.025)), options());
    let plate = sim.add(Aabb::new(v(-3.0, 0.0), v(3.0, 0.015)).unwrap());
    sim.frame(0.0, 0.0);
    for frame in 1..=20 {
        sim.world.set_transform(plate, Transform::from_translation(v(0.0, frame as f32 * 0.05))).unwrap();
        sim.frame(0.0, 0.0);
        let gap = sim.bounds().min().y - (0.015 + frame as f32 * 0.05);
        assert!(gap > 0.0 && gap < 0.03, "frame {frame}: {gap} above the plate");
    }
    // A belt carrying it into a 30° ramp: it slides up the ramp as along any surface, by the
    // carry's share along it, not its whole length.
    let ramp = collide2d::Polygon::new(&[v(1.0, 0.0), v(6.0, 0.0), v(6.0, 5.0f32 * 30f32.to_radians().tan())]).unwrap();
    let mut sim = Sim::new(vec![ramp.into()], character(true, v(0.0, 0.01)), options());
    let belt = sim.add(Aabb::new(v(-3.0, -0.5), v(1.0, 0.0)).unwrap());
    sim.frame(0.0, 0.0);
    let mut x = 0.0;
    let climbed = (1..=8).find_map(|_| {
        x += 0.3;
        sim.world.set_transform(belt, Transform::from_translation(v(x, 0.0))).unwrap();
        let carried = sim.frame(0.0, 0.0).platform_motion;
        (carried.y > 0.02).then_some(carried)
    });
    // The 0.3 went partly level, partly up the ramp at cos 30° of what was left: so across and
    // up add up as x + y (1 − cos² 30°) / (cos 30° sin 30°) = 0.3; keeping the length along the
    // ramp would give x + y (1 − cos 30°) / sin 30° = 0.3 instead.
    let c = climbed.expect("the belt carries it onto the ramp");
    let (cos, sin) = (30f32.to_radians().cos(), 30f32.to_radians().sin());
    assert!((c.x + c.y * (1.0 - cos * cos) / (cos * sin) - 0.3).abs() < 1e-3, "{c}");
}

#[test]
fn over_crests_bumps_and_off_the_edges_of_steps_it_never_leaves_the_floor() {
    let rise = 30f32.to_radians().tan();
    let hill = collide2d::Polygon::new(&[
        v(-10.0, -1.0),
        v(17.0, -1.0),
        v(17.0, 0.0),
        v(12.0, 0.0),
        v(11.0, 0.3),
        v(10.0, 0.0),
        v(9.0, 0.0),
        v(6.0, 3.0 * rise),
        v(4.0, 3.0 * rise),
        v(1.0, 0.0),
        v(-10.0, 0.0),
    ])
    .unwrap();
    // Then a box turned 8.6° lying half in the floor (its high end 0.25 up, a round bottom
    // rolls off its edge), and a step 0.3 down.
    let bump = collide2d::Obb::new(v(14.0, -0.2), v(1.0, 0.3), 0.15).unwrap();
    let lower = Aabb::new(v(17.0, -1.3), v(30.0, -0.3)).unwrap();
    let level: Vec<Shape> = vec![hill.into(), bump.into(), lower.into()];
    for boxy in [false, true] {
        let mut sim = Sim::new(level.clone(), character(boxy, v(-2.0, 0.01)), options());
        sim.frame(0.0, 0.0);
        let airborne: Vec<usize> = (0..280).filter(|_| !sim.frame(RUN, 0.0).on_floor).collect();
        assert!(airborne.is_empty(), "boxy {boxy}: in the air at frames {airborne:?}");
        assert!(sim.bounds().min().x > 24.0, "boxy {boxy}: {:?}", sim.bounds());
    }
}

#[test]
fn steps_work_without_snapping_and_snapping_without_steps() {
    // Steps alone: the stairs are climbed (the mover knows it stands on the floor before it
    // walks into the first step).
    let steps_only = MoveOptions { snap_distance: 0.0, ..options() };
    let mut sim = Sim::new(stairs(0.3, 3), character(true, v(0.0, 0.01)), steps_only);
    for _ in 0..90 {
        sim.frame(RUN, 0.0);
    }
    assert!(sim.bounds().min().y > 0.85, "{:?}", sim.bounds());
    // Snapping alone: down stairs without a frame in the air.
    let snap_only = MoveOptions { step_height: 0.0, ..options() };
    let [_, (_, down)] = downhill();
    let mut sim = Sim::new(down, character(true, v(0.5, 0.01)), snap_only);
    for _ in 0..60 {
        sim.frame(0.0, 0.0);
    }
    assert!((0..150).all(|_| sim.frame(RUN, 0.0).on_floor), "{:?}", sim.bounds());
}

#[test]
fn the_skin_is_raised_to_its_floor_relative_to_the_coordinates_in_play() {
    // Skin 0 at x = 1000, moving 5 into a wall: it stops SKIN_FLOOR · (1000 + 5) short.
    let mut world = World::new();
    world.insert(Aabb::new(v(1002.0, -5.0), v(1003.0, 5.0)).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    let mover =
        world.insert(Aabb::new(v(999.0, 0.0), v(1000.0, 1.0)).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    let bare = MoveOptions { skin: 0.0, ..MoveOptions::default() };
    world.move_and_slide(mover, v(5.0, 0.0), &bare).unwrap();
    let gap = 1002.0 - world.world_shape(mover).unwrap().aabb().max().x;
    let floor = MoveOptions::SKIN_FLOOR * 1005.0;
    assert!((gap - floor).abs() < 2e-4, "gap {gap}, floor {floor}");
}

#[test]
fn what_is_left_of_the_motion_is_what_it_did_not_make() {
    let mut world = World::new();
    world.insert(Aabb::new(v(3.0, -5.0), v(4.0, 5.0)).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    let mover = world.insert(Aabb::new(v(0.0, 0.0), v(1.0, 1.0)).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    let r = world.move_and_slide(mover, v(5.0, 0.0), &MoveOptions::default()).unwrap();
    assert!((r.moved - v(1.99, 0.0)).length() < 1e-4 && (r.remaining - v(3.01, 0.0)).length() < 1e-4, "{r:?}");
    assert!(r.on_wall && r.wall_normal == Some(Vec2::NEG_X) && !r.on_floor && !r.on_ceiling, "{r:?}");
}

#[test]
fn a_one_way_collider_pushes_out_only_a_mover_resting_on_its_open_side() {
    let skin = MoveOptions::default().skin;
    let place = |at: Vec2| {
        let mut world = World::new();
        let ledge =
            world.insert(Aabb::new(v(-3.0, 2.5), v(3.0, 2.8)).unwrap().into(), Transform::IDENTITY, ()).unwrap();
        world.set_one_way(ledge, Some(Vec2::Y)).unwrap();
        let me = world.insert(Aabb::new(at, at + v(0.8, 1.8)).unwrap().into(), Transform::IDENTITY, ()).unwrap();
        (world, me)
    };
    let fall = v(0.0, -0.01);
    // Its head 0.005 into the ledge from below, falling: it falls on through, not pushed down.
    let (mut world, me) = place(v(0.0, 2.505 - 1.8));
    assert_eq!(world.move_and_slide(me, fall, &MoveOptions::default()).unwrap().moved, fall);
    // Its side 0.005 into the ledge's end, falling: not pushed sideways.
    let (mut world, me) = place(v(2.995, 1.0));
    assert_eq!(world.move_and_slide(me, fall, &MoveOptions::default()).unwrap().moved, fall);
    // Its feet 0.005 into the top, falling: pushed up to a skin above it, where it stands.
    let (mut world, me) = place(v(0.0, 2.795));
    let r = world.move_and_slide(me, fall, &MoveOptions::default()).unwrap();
    let bottom = world.world_shape(me).unwrap().aabb().min().y;
    assert!((bottom - (2.8 + skin)).abs() < 1e-4 && r.on_floor, "{bottom} {r:?}");
}

#[test]
fn hovering_within_two_skins_of_the_floor_it_stands_on_it_a_skin_above() {
    // 2.5 skins up (as a slide at a shallow angle may leave it), moving level: on the floor, and
    // set down to a skin above it.
    let skin = MoveOptions::default().skin;
    let mut world = World::new();
    let ground = world.insert(floor(-10.0, 10.0), Transform::IDENTITY, ()).unwrap();
    let me = world.insert(character(true, v(0.0, 2.5 * skin)), Transform::IDENTITY, ()).unwrap();
    let r = world.move_and_slide(me, v(0.1, 0.0), &MoveOptions::default()).unwrap();
    let bottom = world.world_shape(me).unwrap().aabb().min().y;
    assert!(r.on_floor && r.floor == Some(ground) && (bottom - skin).abs() < 1e-5, "{bottom} {r:?}");
    // 3.5 skins up: in the air.
    let me = world.insert(character(true, v(3.0, 3.5 * skin)), Transform::IDENTITY, ()).unwrap();
    assert!(!world.move_and_slide(me, v(0.1, 0.0), &MoveOptions::default()).unwrap().on_floor);
}

#[test]
fn snapping_follows_only_a_mover_that_stood_on_floor_and_only_as_far_as_set() {
    // Falling from 0.4 above the floor, within the snap distance: it falls by its motion alone.
    let mut world = World::new();
    world.insert(floor(-10.0, 10.0), Transform::IDENTITY, ()).unwrap();
    let me = world.insert(character(true, v(0.0, 0.4)), Transform::IDENTITY, ()).unwrap();
    let r = world.move_and_slide(me, v(0.0, -0.01), &options()).unwrap();
    assert!(r.moved == v(0.0, -0.01) && !r.on_floor, "{r:?}");
    // Walking off a ledge 0.5 high with snapping off: it leaves the floor.
    let ledge = Aabb::new(v(-10.0, 0.0), v(0.0, 0.5)).unwrap();
    let no_snap = MoveOptions { snap_distance: 0.0, ..options() };
    let mut sim = Sim::new(vec![floor(-10.0, 10.0), ledge.into()], character(true, v(-0.5, 0.51)), no_snap);
    sim.frame(0.0, 0.0);
    let airborne = (0..20).filter(|_| !sim.frame(RUN, 0.0).on_floor).count();
    assert!(airborne > 3, "{airborne}");
}

#[test]
fn a_collider_the_mover_does_not_pair_with_is_not_pushed_out_of() {
    use collide2d::CollisionFilter;
    let mut world = World::new();
    let other = world.insert(floor(-10.0, 10.0), Transform::IDENTITY, ()).unwrap();
    world.set_filter(other, CollisionFilter::new(0b10, 0b10)).unwrap();
    // Its feet 0.005 into a floor on another layer: it moves by its motion alone.
    let me = world.insert(character(true, v(0.0, -0.005)), Transform::IDENTITY, ()).unwrap();
    world.set_filter(me, CollisionFilter::new(0b01, 0b01)).unwrap();
    let r = world.move_and_slide(me, v(0.1, 0.0), &MoveOptions::default()).unwrap();
    assert!(r.moved == v(0.1, 0.0) && r.touched.is_empty(), "{r:?}");
}
