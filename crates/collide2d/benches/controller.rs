//! The character controller, frame by frame, beside rapier2d's `KinematicCharacterController`
//! in the same run and on the same level.
//!
//! Level: 1,000 colliders along a run of about 1,000 units (fixed seed): unit tiles, steps up
//! and down of 0.1 to 0.35 between them, ramps of 15° to 30° up and down (convex quadrilaterals),
//! and a few turned boxes half sunk into the floor as bumps (8.6°, 0.25 high). The character is
//! a capsule 1.8 tall and 0.8 wide with the options of the scenario suite (`tests/controller.rs`:
//! skin 0.01, steps of 0.4, snapping 0.5 down, slopes up to 50°); rapier's controller is set as
//! near to them as it allows (`tests/common/rapier.rs`), its level one fixed collider per shape
//! (a `PhysicsWorld` with no bodies, queried through its `QueryPipeline`).
//!
//! What is timed: one frame of running at 6 units/s under gravity (20 units/s², the fall reset
//! when on the floor), 60 frames a second. Ours: `CharacterController::move_and_slide` on a
//! `World` holding the level and the character. rapier2d: `move_shape` from the character's
//! pose, then the pose moved by the translation it gives. Each runs on along the level, and is
//! put back at the start when it reaches the end or after 12,000 frames (about 1 in 10,000
//! frames, so the reset weighs nothing).
//!
//! First a plain loop of 20,000 frames per library, the sides taking turns in blocks of 200 frames
//! so that the machine's drift reaches both alike, prints how far each got, its
//! frames off the floor, its on-CPU time and heap allocations per frame, and the ratio; then
//! criterion times further frames (one frame per iteration, the run carrying on).
//!
//! Run with `cargo bench -p collide2d --bench controller`.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;
mod counting;

#[path = "../tests/common/platformer.rs"]
mod platformer;
#[path = "../tests/common/rapier.rs"]
mod rapier;

use std::hint::black_box;
use std::time::Instant;

use collide2d::world::{CharacterController, World};
use collide2d::{Aabb, ColliderHandle, ConvexPolygon, Obb, Shape, Transform};
use common::{configure, cpu_ns, Rng};
use counting::allocations;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use platformer::{character, options, v, DT, GRAVITY, RUN};
use rapier2d::control::KinematicCharacterController;
use rapier2d::prelude::{PhysicsWorld, Pose, SharedShape};

const COLLIDERS: usize = 1000;
/// Frames after which a run goes back to the start even if it has not reached the end.
const LAP: usize = 12_000;

/// The level, and where its last collider ends.
fn level() -> (Vec<Shape>, f32) {
    let mut r = Rng::new(54);
    let (mut shapes, mut x, mut top) = (Vec::<Shape>::with_capacity(COLLIDERS), 0.0f32, 0.0f32);
    let tile = |x: f32, top: f32| Aabb::new(v(x, top - 1.0), v(x + 1.0, top)).unwrap().into();
    // A few flat tiles to start on.
    for _ in 0..3 {
        shapes.push(tile(x, top));
        x += 1.0;
    }
    while shapes.len() < COLLIDERS {
        let pick = r.unit();
        if pick < 0.06 {
            // A ramp, up or down, 2 to 4 long.
            let (len, angle) = (r.range(2.0, 4.0), r.range(15.0, 30.0).to_radians());
            let rise = if top > 4.0 || (top > -4.0 && r.unit() < 0.5) { -1.0 } else { 1.0 } * len * angle.tan();
            let (a, b) = (v(x, top), v(x + len, top + rise));
            let quad = [a - v(0.0, 1.0), b - v(0.0, 1.0), b, a];
            shapes.push(ConvexPolygon::new(&quad).unwrap().into());
            (x, top) = (x + len, top + rise);
        } else if pick < 0.14 {
            // A step up or down onto the next tile.
            let rise = r.range(0.1, 0.35);
            top += if top > 4.0 || (top > -4.0 && r.unit() < 0.5) { -rise } else { rise };
            shapes.push(tile(x, top));
            x += 1.0;
        } else if pick < 0.15 && shapes.len() + 3 <= COLLIDERS {
            // A turned box lying half in the floor, over two tiles.
            shapes.push(Obb::new(v(x + 1.0, top - 0.2), v(1.0, 0.3), 0.15).unwrap().into());
            for _ in 0..2 {
                shapes.push(tile(x, top));
                x += 1.0;
            }
        } else {
            shapes.push(tile(x, top));
            x += 1.0;
        }
    }
    (shapes, x)
}

/// A character running along the level, a frame at a time.
trait Runner {
    /// One frame; whether it ends on the floor.
    fn frame(&mut self) -> bool;
    /// The character's left side.
    fn x(&self) -> f32;
}

/// Our side: the level and the character in one world.
struct Ours {
    world: World,
    player: ColliderHandle,
    controller: CharacterController,
    end: f32,
    fall: f32,
    on_floor: bool,
    frames: usize,
}

impl Ours {
    fn new(level: &[Shape], end: f32) -> Self {
        let mut world = World::new();
        for shape in level {
            world.insert(shape.clone(), Transform::IDENTITY, ()).unwrap();
        }
        let player = world.insert(character(false, v(0.5, 0.01)), Transform::IDENTITY, ()).unwrap();
        let controller = CharacterController::new(options());
        Ours { world, player, controller, end, fall: 0.0, on_floor: false, frames: 0 }
    }
}

impl Runner for Ours {
    fn x(&self) -> f32 {
        self.world.world_shape(self.player).unwrap().aabb().min().x
    }

    fn frame(&mut self) -> bool {
        if self.on_floor {
            self.fall = 0.0;
        }
        self.fall -= GRAVITY * DT;
        let motion = v(RUN * DT, self.fall * DT);
        self.on_floor = self.controller.move_and_slide(&mut self.world, self.player, motion).unwrap().on_floor;
        self.frames += 1;
        if self.frames >= LAP || self.x() > self.end - 2.0 {
            self.world.set_transform(self.player, Transform::IDENTITY).unwrap();
            self.controller.forget_floor();
            (self.fall, self.on_floor, self.frames) = (0.0, false, 0);
        }
        self.on_floor
    }
}

/// rapier2d's side: the level as fixed colliders, the character a shape and a pose.
struct Rapier {
    world: PhysicsWorld,
    controller: KinematicCharacterController,
    shape: SharedShape,
    start: Pose,
    pose: Pose,
    /// How far the pose's centre is from the character's left side.
    left: f32,
    end: f32,
    fall: f32,
    on_floor: bool,
    frames: usize,
}

impl Rapier {
    fn new(level: &[Shape], end: f32) -> Self {
        let (world, _) = rapier::level_world(level);
        let body = character(false, v(0.5, 0.01));
        let (start, shape) = rapier::to_rapier(&body);
        let left = start.translation.x - body.aabb().min().x;
        let controller = rapier::controller(&options());
        Rapier { world, controller, shape, start, pose: start, left, end, fall: 0.0, on_floor: false, frames: 0 }
    }
}

impl Runner for Rapier {
    fn x(&self) -> f32 {
        self.pose.translation.x - self.left
    }

    fn frame(&mut self) -> bool {
        if self.on_floor {
            self.fall = 0.0;
        }
        self.fall -= GRAVITY * DT;
        let motion = v(RUN * DT, self.fall * DT);
        let queries = self.world.query_pipeline();
        let moved = self.controller.move_shape(DT, &queries, &*self.shape, &self.pose, motion, |_| {});
        self.pose.translation += moved.translation;
        self.on_floor = moved.grounded;
        self.frames += 1;
        if self.frames >= LAP || self.x() > self.end - 2.0 {
            self.pose = self.start;
            (self.fall, self.on_floor, self.frames) = (0.0, false, 0);
        }
        self.on_floor
    }
}

/// Frames per side in the plain loop, and per block: the sides take turns a block at a time.
const LOOP: usize = 20_000;
const BLOCK: usize = 200;

/// A side's tally over the plain loop.
#[derive(Default)]
struct Tally {
    frames: usize,
    off: usize,
    furthest: f32,
    wall_ns: u128,
    cpu_ns: Option<u64>,
    allocations: usize,
}

impl Tally {
    /// Runs a block of frames and counts it.
    fn block(&mut self, runner: &mut dyn Runner) {
        let (wall, cpu) = (Instant::now(), cpu_ns());
        let allocated = allocations(|| {
            for _ in 0..BLOCK {
                self.off += usize::from(!runner.frame());
                self.furthest = self.furthest.max(runner.x());
            }
        });
        self.wall_ns += wall.elapsed().as_nanos();
        self.cpu_ns = cpu.zip(cpu_ns()).map(|(a, b)| self.cpu_ns.unwrap_or(0) + b - a);
        (self.frames, self.allocations) = (self.frames + BLOCK, self.allocations + allocated);
    }

    /// On-CPU µs per frame, or wall time where the system does not tell.
    fn micros(&self) -> f64 {
        self.cpu_ns.map_or(self.wall_ns as f64, |ns| ns as f64) / 1e3 / self.frames as f64
    }
}

fn controller(c: &mut Criterion) {
    let (shapes, end) = level();
    let (mut ours, mut theirs) = (Ours::new(&shapes, end), Rapier::new(&shapes, end));
    let (mut a, mut b) = (Tally::default(), Tally::default());
    for _ in 0..LOOP / BLOCK {
        a.block(&mut ours);
        b.block(&mut theirs);
    }
    for (name, t) in [("ours", &a), ("rapier2d", &b)] {
        println!(
            "{name}: {} frames, furthest {:.1} of {end:.1}, {} off the floor, {:.2} µs on CPU (wall {:.2}) and {:.1} \
             heap allocations per frame",
            t.frames,
            t.furthest,
            t.off,
            t.micros(),
            t.wall_ns as f64 / 1e3 / t.frames as f64,
            t.allocations as f64 / t.frames as f64
        );
    }
    println!("loop ratio, ours ÷ rapier2d: {:.3}", a.micros() / b.micros());
    let mut group = configure(c, "controller_1000");
    group.throughput(Throughput::Elements(1));
    group.bench_function("ours", |bench| bench.iter(|| black_box(ours.frame())));
    group.bench_function("rapier2d", |bench| bench.iter(|| black_box(theirs.frame())));
    group.finish();
}

criterion_group!(benches, controller);
criterion_main!(benches);
