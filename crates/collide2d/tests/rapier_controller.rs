//! The platformer scenarios of `tests/controller.rs` through rapier2d's
//! `KinematicCharacterController` (0.36), on the same geometry with the same pass/fail criteria,
//! measured with our own queries on our own shapes, so that the two read side by side
//! (BENCHMARKS.md, "Character controller"). Rapier's outcome never fails the run: each scenario
//! is recorded pass or fail with what was measured, the table is printed (`--nocapture`), and
//! the test asserts only that every scenario ran to a finite measurement.
//!
//! Rapier's controller is set as near to our `MoveOptions` as it allows (`common/rapier.rs`).
//! What it lacks is emulated as its users do, outside the controller:
//! - **One-way platforms**: it has none, so a one-way collider is filtered out of the queries
//!   while the character moves up or its bottom is below the platform's top.
//! - **Moving platforms**: its controller follows a platform only through a kinematic rigid
//!   body's velocity; these platforms are bare colliders moved by position, as ours are. So, when
//!   the character stood on a platform at the end of the last frame, it is first moved by the
//!   platform's displacement since then (a `move_shape` that leaves the platform out, without
//!   steps or snapping), then by its own motion: what our `CharacterController` does inside.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use collide2d::world::MoveOptions;
use collide2d::{contact, intersects, Aabb, Shape, Transform, Vec2};
use platformer::*;
use rapier2d::control::KinematicCharacterController;
use rapier2d::parry::query::ShapeCastOptions;
use rapier2d::prelude::{Collider, ColliderHandle, PhysicsWorld, Pose, QueryFilter, SharedShape};

#[path = "common/platformer.rs"]
mod platformer;
#[path = "common/rapier.rs"]
mod rapier;

fn body(boxy: bool) -> &'static str {
    if boxy {
        "box"
    } else {
        "capsule"
    }
}

/// What a frame met, told apart by the slope limit as ours tells them apart.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    on_floor: bool,
    on_wall: bool,
    on_ceiling: bool,
}

/// One character moved a frame at a time by rapier's controller, tracked as our shape moved by
/// `at` from where it started, so that every criterion is measured with our queries.
struct Rig {
    world: PhysicsWorld,
    controller: KinematicCharacterController,
    options: MoveOptions,
    start: Shape,
    shape: SharedShape,
    pose: Pose,
    at: Vec2,
    /// The platforms, as placed at their start, and the one-way ones among them.
    platforms: Vec<(ColliderHandle, Shape)>,
    one_way: Vec<ColliderHandle>,
    /// The collider stood on at the end of the last frame, and its translation then.
    floor: Option<(ColliderHandle, Vec2)>,
    fall: f32,
    last: Frame,
}

impl Rig {
    fn new(level: &[Shape], player: Shape, options: MoveOptions) -> Self {
        let (world, _) = rapier::level_world(level);
        let (pose, shape) = rapier::to_rapier(&player);
        let controller = rapier::controller(&options);
        Self {
            world,
            controller,
            options,
            start: player,
            shape,
            pose,
            at: Vec2::ZERO,
            platforms: Vec::new(),
            one_way: Vec::new(),
            floor: None,
            fall: 0.0,
            last: Frame::default(),
        }
    }

    /// A platform, moved later with [`Rig::place`]; its index.
    fn add(&mut self, shape: impl Into<Shape>) -> usize {
        let shape = shape.into();
        self.platforms.push((rapier::add(&mut self.world, &shape), shape));
        self.platforms.len() - 1
    }

    /// Platform `k` shifted by `by` from where it was added.
    fn place(&mut self, k: usize, by: Vec2) {
        let (h, shape) = &self.platforms[k];
        let centre = shape.aabb().center();
        self.world.colliders[*h].set_translation(centre + by);
        self.world.detect_collisions(&(), &());
    }

    fn platform_shape(&self, k: usize) -> Shape {
        let (h, shape) = &self.platforms[k];
        let by = self.world.colliders[*h].translation() - shape.aabb().center();
        shape.transformed(&Transform::from_translation(by)).unwrap()
    }

    fn shape(&self) -> Shape {
        self.start.transformed(&Transform::from_translation(self.at)).unwrap()
    }

    fn bounds(&self) -> Aabb {
        let b = self.start.aabb();
        Aabb::new(b.min() + self.at, b.max() + self.at).unwrap()
    }

    fn rapier_pose(&self) -> Pose {
        Pose::from_parts(self.pose.translation + self.at, self.pose.rotation)
    }

    /// A frame as `tests/controller.rs` runs it: running at `run`, jumping at `jump` units/s if
    /// on the floor, under gravity; the platform stood on carries the character first.
    fn frame(&mut self, run: f32, jump: f32) -> Frame {
        let up = self.options.up;
        if self.last.on_floor {
            self.fall = if jump > 0.0 { jump } else { 0.0 };
        }
        self.fall -= GRAVITY * DT;
        self.carry();
        self.last = self.walk(v(run * DT, 0.0) + up * self.fall * DT);
        if self.last.on_ceiling && self.fall > 0.0 {
            self.fall = 0.0;
        }
        self.last
    }

    /// Moves the character by how far the collider it stood on has moved since, that collider
    /// left out of the queries.
    fn carry(&mut self) {
        let Some((h, then)) = self.floor.take() else { return };
        let shift = self.world.colliders[h].translation() - then;
        if shift == Vec2::ZERO {
            return;
        }
        let plain = KinematicCharacterController { autostep: None, snap_to_ground: None, ..self.controller };
        let queries = self.world.query_pipeline_with_filter(QueryFilter::default().exclude_collider(h));
        let moved = plain.move_shape(DT, &queries, &*self.shape, &self.rapier_pose(), shift, |_| {});
        self.at += moved.translation;
    }

    /// The controller's own move, one-way platforms filtered out while it rises or is below
    /// their top (y up), then the floor under it found by a short cast down.
    fn walk(&mut self, motion: Vec2) -> Frame {
        let (up, cos) = (self.options.up, self.options.max_slope.cos());
        let (rising, bottom) = (motion.dot(up) > 0.0, self.bounds().min().y);
        let one_way = &self.one_way;
        let solid =
            |h: ColliderHandle, co: &Collider| !one_way.contains(&h) || !(rising || bottom < co.compute_aabb().maxs.y);
        let queries = self.world.query_pipeline_with_filter(QueryFilter::default().predicate(&solid));
        let mut frame = Frame::default();
        let pose = self.rapier_pose();
        let moved = self.controller.move_shape(DT, &queries, &*self.shape, &pose, motion, |c| {
            let along = c.hit.normal1.dot(up);
            frame.on_ceiling |= along <= -cos;
            frame.on_wall |= along.abs() < cos;
        });
        frame.on_floor = moved.grounded;
        let pose = Pose::from_parts(pose.translation + moved.translation, pose.rotation);
        let reach = ShapeCastOptions::with_max_time_of_impact(3.0 * self.options.skin);
        let under = queries.cast_shape(&pose, -up, &*self.shape, reach).map(|(h, _)| h);
        self.at += moved.translation;
        self.floor = under.filter(|_| frame.on_floor).map(|h| (h, self.world.colliders[h].translation()));
        frame
    }
}

/// One line of the table: a scenario, whether rapier passed it, what was measured (finite
/// whenever the scenario ran) and how it reads.
struct Row {
    scenario: String,
    pass: bool,
    value: f32,
    measured: String,
}

fn row(scenario: impl Into<String>, pass: bool, value: f32, measured: String) -> Row {
    Row { scenario: scenario.into(), pass, value, measured }
}

fn stairs_up(rows: &mut Vec<Row>) {
    for boxy in [false, true] {
        let mut missed = Vec::new();
        for rise in [0.05, 0.1, 0.2, 0.3, STEP] {
            let mut rig = Rig::new(&stairs(rise, 5), character(boxy, v(0.0, 0.01)), options());
            let top = 5.0 * rise;
            let reached = (0..120).any(|_| rig.frame(RUN, 0.0).on_floor && rig.bounds().min().y > top - 0.05);
            let bottom = rig.bounds().min().y;
            if !reached || bottom >= top + 0.05 {
                missed.push(format!("rise {rise}: bottom at {bottom:.3} of {top:.2}"));
            }
        }
        let climbed = 5 - missed.len();
        let measured = format!("{climbed} of 5 climbed{}", missed.iter().map(|m| format!("; {m}")).collect::<String>());
        rows.push(row(
            format!("stairs, rise 0.05 to 0.4, climbed ({})", body(boxy)),
            climbed == 5,
            climbed as f32,
            measured,
        ));
        let mut rig = Rig::new(&stairs(STEP * 1.1, 5), character(boxy, v(0.0, 0.01)), options());
        for _ in 0..120 {
            rig.frame(RUN, 0.0);
        }
        let b = rig.bounds();
        let measured = format!("bottom at {:.3}, front at {:.3}", b.min().y, b.max().x);
        let pass = b.min().y < 0.05 && b.max().x < 2.0;
        rows.push(row(format!("stairs of rise 0.44 refused ({})", body(boxy)), pass, b.min().y, measured));
    }
}

fn running_down(rows: &mut Vec<Row>) {
    for (name, level) in downhill() {
        for boxy in [false, true] {
            let mut rig = Rig::new(&level, character(boxy, v(0.5, 0.01)), options());
            for _ in 0..60 {
                rig.frame(0.0, 0.0);
            }
            let airborne = (0..150).filter(|_| !rig.frame(RUN, 0.0).on_floor).count();
            let x = rig.bounds().min().x;
            let measured = format!("{airborne} of 150 frames airborne, reached x = {x:.2}");
            let scenario = format!("running down the {name}, never airborne ({})", body(boxy));
            rows.push(row(scenario, airborne == 0 && x > 12.0, airborne as f32, measured));
        }
    }
}

fn standing_on_a_slope(rows: &mut Vec<Row>) {
    for boxy in [false, true] {
        let mut rig = Rig::new(&[slope_to_stand_on()], character(boxy, v(0.0, 0.6)), options());
        for _ in 0..30 {
            rig.frame(0.0, 0.0);
        }
        let settled = rig.bounds();
        let off = (0..300).filter(|_| !rig.frame(0.0, 0.0).on_floor).count();
        let drift = (rig.bounds().center() - settled.center()).length();
        let measured = format!("slid {drift:.2e} in 5 s, {off} of 300 frames off the floor");
        rows.push(row(format!("standing on a 30° slope ({})", body(boxy)), off == 0 && drift < 1e-3, drift, measured));
    }
}

fn moving_platforms(rows: &mut Vec<Row>) {
    let skin = options().skin;
    for boxy in [false, true] {
        let mut rig = Rig::new(&[], character(boxy, v(0.0, 0.01)), options());
        let lift = rig.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
        rig.frame(0.0, 0.0);
        let (mut height, mut bad, mut low, mut high) = (0.0, 0, f32::INFINITY, f32::NEG_INFINITY);
        for frame in 0..600 {
            height += if (frame / 60) % 2 == 0 { 2.0 * DT } else { -2.0 * DT };
            rig.place(lift, v(0.0, height));
            let on_floor = rig.frame(0.0, 0.0).on_floor;
            let gap = rig.bounds().min().y - height;
            let depth = contact(&rig.platform_shape(lift), &rig.shape()).map_or(0.0, |c| c.depth);
            (low, high) = (low.min(gap), high.max(gap));
            bad += usize::from(!on_floor || depth > skin || gap <= -skin || gap >= 3.0 * skin);
        }
        let measured = format!("{bad} of 600 frames off it or out of the gap (−0.01, 0.03); gap {low:.3} to {high:.3}");
        rows.push(row(format!("lift at ±2 units/s for 10 s ({})", body(boxy)), bad == 0, bad as f32, measured));
        let (mut x, mut bad, mut lag) = (0.0, 0, 0.0f32);
        for _ in 0..120 {
            x += 5.0 * DT;
            rig.place(lift, v(x, height));
            let on_floor = rig.frame(0.0, 0.0).on_floor;
            let behind = (rig.bounds().center().x - x).abs();
            lag = lag.max(behind);
            bad += usize::from(!on_floor || behind >= 1e-3);
        }
        let measured = format!("{bad} of 120 frames off it or left behind; at most {lag:.2e} behind");
        rows.push(row(format!("lift sideways at 5 units/s ({})", body(boxy)), bad == 0, bad as f32, measured));
    }
    let mut rig = Rig::new(&[], character(false, v(0.0, 0.01)), options());
    let wall = rig.add(Aabb::new(v(3.0, -5.0), v(4.0, 10.0)).unwrap());
    let belt = rig.add(Aabb::new(v(-3.0, -0.5), v(3.0, 0.0)).unwrap());
    rig.frame(0.0, 0.0);
    let mut inside = 0;
    for frame in 1..=120 {
        rig.place(belt, v(frame as f32 * 0.1, 0.0));
        rig.frame(0.0, 0.0);
        inside += usize::from(intersects(&rig.platform_shape(wall), &rig.shape()));
    }
    let right = rig.bounds().max().x;
    let measured = format!("{inside} of 120 frames in the wall; right side at {right:.3} (wall at 3)");
    rows.push(row("a belt carrying into a wall", inside == 0 && right <= 3.0 && right > 2.9, inside as f32, measured));
}

fn one_way_platform(rows: &mut Vec<Row>) {
    let skin = options().skin;
    for boxy in [false, true] {
        let mut rig = Rig::new(&[floor(-10.0, 10.0)], character(boxy, v(0.0, 0.01)), options());
        let ledge = rig.add(Aabb::new(v(-3.0, 2.5), v(3.0, 2.8)).unwrap());
        rig.one_way.push(rig.platforms[ledge].0);
        rig.frame(0.0, 0.0);
        // Free flight of a jump at 11 units/s: every frame's rise must match it until it lands.
        let (mut y, mut speed, mut pop) = (rig.bounds().min().y, 11.0, 0.0f32);
        let mut landed = false;
        for frame in 0..120 {
            if rig.frame(0.0, if frame == 0 { 11.0 } else { 0.0 }).on_floor && frame > 0 {
                landed = true;
                break;
            }
            speed -= GRAVITY * DT;
            y += speed * DT;
            pop = pop.max((rig.bounds().min().y - y).abs());
        }
        let top = rig.bounds().min().y;
        let off = (0..60).filter(|_| !rig.frame(0.0, 0.0).on_floor).count();
        let rest = rig.bounds().min().y;
        let sank = (rest - top).abs();
        let pass = pop <= 0.5 * skin && landed && (top - 2.8).abs() < 2.0 * skin && off == 0 && sank < 1e-4;
        let measured = format!(
            "worst pop {pop:.4}; told landed {landed} at {top:.3} (ledge 2.8), a second later at {rest:.3}, {off} of 60 frames off"
        );
        rows.push(row(format!("one-way platform, through and onto it ({})", body(boxy)), pass, pop, measured));
    }
}

fn dashing_box(rows: &mut Vec<Row>) {
    let (mut highest, mut worst) = (0.0f32, String::new());
    for height in [1.0f32, 0.9, 0.5] {
        let block = Aabb::new(v(5.0, 0.0), v(6.0, height)).unwrap();
        for steps in [0.0, STEP] {
            let opts = MoveOptions { step_height: steps, ..options() };
            let mut rig = Rig::new(&[floor(-10.0, 20.0), block.into()], character(true, v(0.0, 0.01)), opts);
            for _ in 0..60 {
                rig.frame(40.0, 0.0);
                if rig.bounds().min().y > highest {
                    highest = rig.bounds().min().y;
                    worst = format!(" (block {height} high, step height {steps})");
                }
            }
        }
    }
    rows.push(row(
        "a box dashing at 40 units/s at a block",
        highest < 0.05,
        highest,
        format!("bottom at most {highest:.3}{worst}"),
    ));
}

fn thousand_tiles(rows: &mut Vec<Row>) {
    for pixels in [false, true] {
        let (tiles, body, opts, speed) = tiles(pixels);
        let mut rig = Rig::new(&tiles, body, opts);
        rig.frame(0.0, 0.0);
        let (mut slowest, mut off) = (f32::INFINITY, 0);
        for _ in 0..1200 {
            let x = rig.bounds().min().x;
            off += usize::from(!rig.frame(speed, 0.0).on_floor);
            slowest = slowest.min((rig.bounds().min().x - x) / (speed * DT));
        }
        let measured = format!("slowest frame at {slowest:.4} of its speed, {off} of 1,200 off the floor");
        let scenario = format!("1,000 tiles of {}, no snag", if pixels { "16 px" } else { "1" });
        rows.push(row(scenario, off == 0 && slowest > 0.999, slowest, measured));
    }
}

fn running_over_the_traced_level(rows: &mut Vec<Row>) {
    let (level, body, opts) = traced_level();
    let mut rig = Rig::new(&level, body, opts);
    rig.frame(0.0, 0.0);
    let (mut slowest, mut off) = (f32::INFINITY, 0);
    for _ in 0..1900 {
        let x = rig.bounds().min().x;
        off += usize::from(!rig.frame(300.0, 0.0).on_floor);
        slowest = slowest.min((rig.bounds().min().x - x) / (300.0 * DT));
    }
    let x = rig.bounds().min().x;
    let measured = format!("slowest frame at {slowest:.4} of its speed, {off} of 1,900 off the floor, reached {x:.0}");
    rows.push(row("a traced level 10^4 px wide, no snag", off == 0 && slowest > 0.99 && x > 9000.0, slowest, measured));
}

fn ceiling_corner_corridor(rows: &mut Vec<Row>) {
    let ceiling = Aabb::new(v(-5.0, 3.0), v(5.0, 4.0)).unwrap();
    let mut rig = Rig::new(&[floor(-10.0, 10.0), ceiling.into()], character(false, v(0.0, 0.01)), options());
    rig.frame(0.0, 0.0);
    let bumped = (0..30).any(|f| rig.frame(0.0, if f == 0 { 12.0 } else { 0.0 }).on_ceiling);
    let head = rig.bounds().max().y;
    let back = (0..60).any(|_| rig.frame(0.0, 0.0).on_floor);
    let measured = format!("told {bumped}, head at {head:.3} (ceiling 3), back on the floor {back}");
    rows.push(row("a jump bumping a ceiling", bumped && head <= 3.0 && back, head, measured));

    let wall = Aabb::new(v(3.0, -1.0), v(4.0, 5.0)).unwrap();
    let mut rig = Rig::new(&[floor(-10.0, 10.0), wall.into()], character(true, v(0.0, 0.01)), options());
    for _ in 0..60 {
        rig.frame(RUN, 0.0);
    }
    let resting = rig.bounds();
    let untold =
        (0..60).filter(|_| !matches!(rig.frame(RUN, 0.0), Frame { on_floor: true, on_wall: true, .. })).count();
    let moved = (rig.bounds().center() - resting.center()).length();
    let pass = untold == 0 && moved < 1e-4 && resting.max().x <= 3.0;
    let measured = format!("moved {moved:.2e}, {untold} of 60 frames not told floor and wall");
    rows.push(row("running into a corner, floor and wall", pass, moved, measured));

    let roof = Aabb::new(v(2.0, 1.9), v(8.0, 3.0)).unwrap();
    let mut rig = Rig::new(&[floor(-10.0, 20.0), roof.into()], character(false, v(0.0, 0.01)), options());
    for _ in 0..150 {
        rig.frame(RUN, 0.0);
    }
    let x = rig.bounds().min().x;
    rows.push(row("a corridor 1.9 high (capsule 1.8)", x > 8.0, x, format!("reached x = {x:.2} (exit at 8)")));
}

#[test]
fn rapier2d_runs_every_scenario_and_the_table_is_printed() {
    let mut rows = Vec::new();
    stairs_up(&mut rows);
    running_down(&mut rows);
    standing_on_a_slope(&mut rows);
    moving_platforms(&mut rows);
    one_way_platform(&mut rows);
    dashing_box(&mut rows);
    thousand_tiles(&mut rows);
    running_over_the_traced_level(&mut rows);
    ceiling_corner_corridor(&mut rows);
    println!("| scenario | rapier2d | measured |\n|---|---|---|");
    for r in &rows {
        println!("| {} | {} | {} |", r.scenario, if r.pass { "pass" } else { "fail" }, r.measured);
    }
    let passed = rows.iter().filter(|r| r.pass).count();
    println!("rapier2d passes {passed} of {} scenarios", rows.len());
    for r in &rows {
        assert!(r.value.is_finite(), "{}: measured {}", r.scenario, r.value);
    }
}
