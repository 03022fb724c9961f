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

/// Where a collider of the generated scene is, and how it moves.
struct Body {
    pos: Vec2,
    vel: Vec2,
    angle: f32,
    spin: f32,
}

impl Body {
    fn transform(&self) -> Transform {
        Transform::from_translation_rotation_scale(self.pos, self.angle, Vec2::ONE)
    }

    /// One step of `dt`: drift and turn, bouncing off the walls of the square `[0, side]²`.
    fn advance(&mut self, side: f32, dt: f32) {
        self.pos += self.vel * dt;
        for axis in 0..2 {
            if self.pos[axis] < 0.0 || self.pos[axis] > side {
                self.vel[axis] = -self.vel[axis];
                self.pos[axis] = self.pos[axis].clamp(0.0, side);
            }
        }
        self.angle += self.spin * dt;
    }
}

/// The scene for `seed`: the side of its square, sized for about 4 units of area per collider
/// at 4 % cover, and `objects` shapes (circles, boxes, capsules and hexagons in turn) anywhere
/// in it, each drifting at up to 3 units a second along each axis and turning at up to 1 rad/s.
fn scene(objects: usize, seed: u64) -> Result<(f32, Vec<(Shape, Body)>), CliError> {
    let mut rng = Rng(seed | 1);
    let side = (objects as f32 * 4.0 / 0.04).sqrt().max(10.0);
    let mut bodies = Vec::with_capacity(objects);
    for k in 0..objects {
        let pos = Vec2::new(rng.range(0.0, side), rng.range(0.0, side));
        let (vel, angle, spin) =
            (Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)), rng.range(0.0, 6.3), rng.range(-1.0, 1.0));
        bodies.push((shape(k, &mut rng)?, Body { pos, vel, angle, spin }));
    }
    Ok((side, bodies))
}

/// The time step of a bench step, in seconds.
const DT: f32 = 1.0 / 60.0;

/// Runs `steps` steps of `objects` colliders (circles, boxes, capsules and hexagons in equal
/// numbers) drifting and turning in a square sized for about 4 % cover, bouncing off its walls.
pub fn run(objects: usize, steps: usize, seed: u64) -> Result<BenchReport, CliError> {
    let (side, scene) = scene(objects, seed)?;
    let mut world: World<()> = World::new();
    let (mut bodies, mut handles) = (Vec::with_capacity(objects), Vec::with_capacity(objects));
    for (shape, body) in scene {
        handles.push(world.insert(shape, body.transform(), ()).map_err(|e| CliError::new(e.to_string()))?);
        bodies.push(body);
    }
    world.step(); // the first step finds everything; time the moving ones
    let (mut touching, mut started) = (0usize, 0usize);
    let start = Instant::now();
    for _ in 0..steps {
        for (body, handle) in bodies.iter_mut().zip(&handles) {
            body.advance(side, DT);
            world.set_transform(*handle, body.transform()).map_err(|e| CliError::new(e.to_string()))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_uniform_in_zero_to_one_and_scales_to_a_range() {
        let mut rng = Rng(12345);
        let draws: Vec<f32> = (0..20_000).map(|_| rng.next()).collect();
        assert!(draws.iter().all(|x| (0.0..1.0).contains(x)));
        let mean = draws.iter().sum::<f32>() / draws.len() as f32;
        let below_tenth = draws.iter().filter(|x| **x < 0.1).count();
        assert!((mean - 0.5).abs() < 0.01, "mean {mean}");
        assert!((1_800..2_200).contains(&below_tenth), "{below_tenth} of 20,000 below 0.1");
        // Consecutive draws are not alike (a generator stuck or cycling shortly would be).
        let repeats = draws.windows(2).filter(|w| w[0] == w[1]).count();
        assert!(repeats < 5, "{repeats} repeats");
        for _ in 0..1000 {
            let x = rng.range(-3.0, 5.0);
            assert!((-3.0..5.0).contains(&x), "{x}");
        }
        let mean = (0..20_000).map(|_| rng.range(10.0, 20.0)).sum::<f32>() / 20_000.0;
        assert!((mean - 15.0).abs() < 0.1, "mean of range(10, 20): {mean}");
    }

    #[test]
    fn the_scene_has_the_four_kinds_in_turn_spread_over_its_square() {
        let (side, bodies) = scene(400, 7).unwrap();
        assert_eq!(side, 200.0, "4 units of area per collider at 4 % cover");
        assert!((scene(10, 7).unwrap().0 - 1000f32.sqrt()).abs() < 1e-4);
        assert_eq!(scene(1, 7).unwrap().0, 10.0, "never smaller than 10");
        let mut area = 0.0;
        for (k, (shape, b)) in bodies.iter().enumerate() {
            let pi = std::f32::consts::PI;
            let (size, shape_area) = match (k % 4, shape) {
                (0, Shape::Circle(c)) => (c.radius(), pi * c.radius() * c.radius()),
                (1, Shape::Obb(o)) => {
                    let h = o.half_extents();
                    assert!((h.y - h.x * 0.6).abs() < 1e-5, "{o:?}");
                    (h.x, 4.0 * h.x * h.y)
                }
                (2, Shape::Capsule(c)) => {
                    let (length, r) = (c.a().distance(c.b()), c.radius());
                    assert!((r - length * 0.2).abs() < 1e-5, "{c:?}");
                    (length * 0.5, 2.0 * r * length + pi * r * r)
                }
                (3, Shape::ConvexPolygon(p)) => {
                    assert_eq!(p.vertices().len(), 6);
                    let r = p.vertices()[0].length();
                    (r, 1.5 * 3f32.sqrt() * r * r)
                }
                (kind, shape) => panic!("body {k}: kind {kind} is {shape:?}"),
            };
            assert!((0.5..1.5).contains(&size), "body {k}: size {size}");
            area += shape_area;
            assert!(b.pos.cmpge(Vec2::ZERO).all() && b.pos.cmple(Vec2::splat(side)).all(), "{}", b.pos);
            assert!(b.vel.abs().cmple(Vec2::splat(3.0)).all() && (0.0..6.3).contains(&b.angle), "body {k}");
            assert!((-1.0..1.0).contains(&b.spin), "body {k}: spin {}", b.spin);
        }
        // Spread out, not piled in a corner or on a line.
        let mean = bodies.iter().map(|(_, b)| b.pos).sum::<Vec2>() / bodies.len() as f32;
        assert!((mean - Vec2::splat(side / 2.0)).abs().max_element() < side * 0.08, "mean position {mean}");
        let cover = area / (side * side);
        assert!((0.02..0.05).contains(&cover), "cover {cover}");
        let vel = bodies.iter().map(|(_, b)| b.vel).sum::<Vec2>() / bodies.len() as f32;
        assert!(vel.abs().max_element() < 0.3, "mean velocity {vel}: as many each way");
        // Another seed, another scene, as spread out: even seeds and the default, 1, too (a
        // xorshift generator started at 0 stays at 0).
        for seed in [1, 8] {
            let (_, other) = scene(400, seed).unwrap();
            assert!(bodies.iter().zip(&other).all(|(a, b)| a.1.pos != b.1.pos), "seed {seed}");
            let mean = other.iter().map(|(_, b)| b.pos).sum::<Vec2>() / other.len() as f32;
            assert!((mean - Vec2::splat(side / 2.0)).abs().max_element() < side * 0.08, "seed {seed}: {mean}");
        }
    }

    #[test]
    fn bodies_drift_turn_and_bounce_off_the_walls() {
        let mut b = Body { pos: Vec2::new(9.0, 5.0), vel: Vec2::new(3.0, -2.0), angle: 1.0, spin: 0.5 };
        b.advance(10.0, 0.25);
        assert_eq!((b.pos, b.vel, b.angle), (Vec2::new(9.75, 4.5), Vec2::new(3.0, -2.0), 1.125));
        b.advance(10.0, 0.25);
        assert_eq!((b.pos, b.vel), (Vec2::new(10.0, 4.0), Vec2::new(-3.0, -2.0)), "off the right wall");
        let mut low = Body { pos: Vec2::new(5.0, 0.2), vel: Vec2::new(0.0, -1.0), ..b };
        low.advance(10.0, 0.5);
        assert_eq!((low.pos, low.vel), (Vec2::new(5.0, 0.0), Vec2::new(0.0, 1.0)), "off the floor");
        // Landing exactly on a wall is not yet past it: no bounce.
        let mut edge = Body { pos: Vec2::new(9.5, 0.5), vel: Vec2::new(2.0, -2.0), ..low };
        edge.advance(10.0, 0.25);
        assert_eq!((edge.pos, edge.vel), (Vec2::new(10.0, 0.0), Vec2::new(2.0, -2.0)));
        // A bench step is one frame at 60 Hz.
        assert_eq!(DT * 60.0, 1.0);
    }

    /// The touching pairs of the scene after each step, by testing every pair.
    fn touching_by_brute_force(objects: usize, steps: usize, seed: u64) -> (usize, usize) {
        let (side, mut bodies) = scene(objects, seed).unwrap();
        let pairs = |bodies: &[(Shape, Body)]| {
            let placed: Vec<Shape> = bodies.iter().map(|(s, b)| s.transformed(&b.transform()).unwrap()).collect();
            let mut touching = std::collections::HashSet::new();
            for i in 0..placed.len() {
                for j in i + 1..placed.len() {
                    if collide2d::intersects(&placed[i], &placed[j]) {
                        touching.insert((i, j));
                    }
                }
            }
            touching
        };
        let (mut before, mut touching, mut started) = (pairs(&bodies), 0, 0);
        for _ in 0..steps {
            bodies.iter_mut().for_each(|(_, b)| b.advance(side, DT));
            let now = pairs(&bodies);
            touching += now.len();
            started += now.difference(&before).count();
            before = now;
        }
        (touching, started)
    }

    #[test]
    fn the_report_counts_the_pairs_every_pair_tested_finds() {
        let (objects, steps) = (300, 40);
        let report = run(objects, steps, 3).unwrap();
        let (touching, started) = touching_by_brute_force(objects, steps, 3);
        assert_eq!((report.objects, report.steps), (objects, steps));
        assert!(touching > 0 && started > 0, "the scene must have contacts: {touching}, {started}");
        assert_eq!(report.touching, touching as f64 / steps as f64);
        assert_eq!(report.started, started as f64 / steps as f64);
        assert!(report.ms_per_step > 0.0 && report.ms_per_step.is_finite());
    }

    #[test]
    fn a_step_takes_no_longer_than_the_whole_run() {
        let start = Instant::now();
        let report = run(500, 20, 5).unwrap();
        let whole_ms = start.elapsed().as_secs_f64() * 1000.0;
        let timed_ms = report.ms_per_step * report.steps as f64;
        assert!(timed_ms > 0.0 && timed_ms <= whole_ms, "{timed_ms} ms timed in a run of {whole_ms} ms");
        // Each step is timed, not the first one alone (the first finds everything).
        assert!(timed_ms > whole_ms * 0.05, "{timed_ms} ms timed in a run of {whole_ms} ms");
    }
}
