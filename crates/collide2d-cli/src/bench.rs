//! `collide2d bench`: a few thousand moving shapes stepped through a `World`, timed, so a user
//! can see the speed on their own machine.

use std::time::Instant;

use collide2d::world::World;
use collide2d::{Capsule, Circle, ConvexPolygon, Obb, Shape, Transform, Vec2};

use crate::error::CliError;

/// The most colliders `--objects` accepts: a million take about 400 MB and a second per step;
/// past it, memory for the world (and, near `usize::MAX`, the capacity itself) runs out.
pub const MAX_OBJECTS: u64 = 1_000_000;

/// The most steps `--steps` accepts.
pub const MAX_STEPS: u64 = 100_000;

/// What one run measured.
pub struct BenchReport {
    /// Colliders in the world.
    pub objects: usize,
    /// Steps timed.
    pub steps: usize,
    /// Mean wall time per step (moving every collider and `World::step`), milliseconds.
    pub ms_per_step: f64,
    /// Mean touching pairs per step.
    pub touching: f64,
    /// Mean pairs that started touching per step.
    pub started: f64,
}

/// A small xorshift generator: the same scene for the same seed on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

fn shape(kind: usize, rng: &mut Rng) -> Result<Shape, CliError> {
    let size = rng.range(0.5, 1.5);
    let built: Result<Shape, collide2d::ShapeError> = match kind % 4 {
        0 => Circle::new(Vec2::ZERO, size).map(Into::into),
        1 => Obb::new(Vec2::ZERO, Vec2::new(size, size * 0.6), 0.0).map(Into::into),
        2 => Capsule::new(Vec2::new(-size, 0.0), Vec2::new(size, 0.0), size * 0.4).map(Into::into),
        _ => ConvexPolygon::regular(6, Vec2::ZERO, size, 0.0).map(Into::into),
    };
    built.map_err(|e| CliError::new(e.to_string()))
}

/// Runs `steps` steps of `objects` colliders (circles, boxes, capsules and hexagons in equal
/// numbers) drifting and turning in a square sized for about 4 % cover, bouncing off its walls.
pub fn run(objects: usize, steps: usize, seed: u64) -> Result<BenchReport, CliError> {
    let mut rng = Rng(seed | 1);
    let side = (objects as f32 * 4.0 / 0.04).sqrt().max(10.0);
    let mut world: World<()> = World::new();
    let mut bodies = Vec::with_capacity(objects);
    for k in 0..objects {
        let pos = Vec2::new(rng.range(0.0, side), rng.range(0.0, side));
        let (vel, angle, spin) =
            (Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)), rng.range(0.0, 6.3), rng.range(-1.0, 1.0));
        let handle = world
            .insert(shape(k, &mut rng)?, Transform::from_translation_rotation_scale(pos, angle, Vec2::ONE), ())
            .map_err(|e| CliError::new(e.to_string()))?;
        bodies.push((handle, pos, vel, angle, spin));
    }
    world.step(); // the first step finds everything; time the moving ones
    let dt = 1.0 / 60.0;
    let (mut touching, mut started) = (0usize, 0usize);
    let start = Instant::now();
    for _ in 0..steps {
        for (handle, pos, vel, angle, spin) in &mut bodies {
            *pos += *vel * dt;
            for axis in 0..2 {
                if pos[axis] < 0.0 || pos[axis] > side {
                    vel[axis] = -vel[axis];
                    pos[axis] = pos[axis].clamp(0.0, side);
                }
            }
            *angle += *spin * dt;
            let t = Transform::from_translation_rotation_scale(*pos, *angle, Vec2::ONE);
            world.set_transform(*handle, t).map_err(|e| CliError::new(e.to_string()))?;
        }
        let events = world.step();
        touching += events.started().len() + events.ongoing().len();
        started += events.started().len();
    }
    let seconds = start.elapsed().as_secs_f64();
    let steps_f = steps.max(1) as f64;
    Ok(BenchReport {
        objects,
        steps,
        ms_per_step: seconds * 1000.0 / steps_f,
        touching: touching as f64 / steps_f,
        started: started as f64 / steps_f,
    })
}
