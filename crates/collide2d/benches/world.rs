//! The world's broad phase against parry2d's `Bvh` on the same scenes, in the same run.
//!
//! Scene: `N` axis-aligned boxes, each side in `[1, 4)`, centres uniform in a square world
//! (100,000 boxes in 1000 × 1000; 10,000 in 316 × 316, the same density), each with its own
//! velocity (direction uniform, speed uniform in `[0, 0.1)` units per step, bouncing off the
//! world's edges): every box moves a little at every step.
//!
//! What is timed, for both libraries on identical inputs:
//! - **build**: from the box list, build the structure and find all overlapping pairs.
//!   Ours: `World::insert` of each box (a local `Aabb` placed by a translation) then
//!   `World::aabb_pairs()`. parry2d: `Bvh::from_leaves(BvhBuildStrategy::Binned, &aabbs)` then
//!   `Bvh::traverse_bvtt_single_tree::<false>` (its self-overlap traversal), counting pairs.
//! - **step**: advance every box, update, and find all overlapping pairs.
//!   Ours: `World::set_transform` for every box, then `World::aabb_pairs()`.
//!   parry2d: for every box `Cuboid::aabb(&pose)` and `Bvh::insert_or_update_partially(aabb, i,
//!   0.0)`, then `Bvh::refit`, `Bvh::optimize_incremental` (what parry's users do each frame;
//!   measured faster than without it here) and `traverse_bvtt_single_tree::<false>`.
//!   First a plain loop of 1,000 steps per library prints the mean ms per step and checks that
//!   both found the same number of pairs at every step. The sides take turns in blocks of 50
//!   steps (each on its own copy of the scene), so that the machine's drift over the run
//!   reaches all of them alike. Then criterion times further steps of the same scenes
//!   (`iter_custom`, one step per iteration, the scene carrying on).
//! - **bare broad phase**: the same steps through our `BroadPhase` alone (`insert(i, &aabb)` for
//!   every moved box, then `update()`): the like-for-like comparison with parry2d's `Bvh`, which
//!   also keeps only boxes, where the world also places shapes and keeps transforms. All of
//!   the above run on one thread, like parry2d's side.
//! - **several threads** (`step_threads`, and in the plain loop): the bare broad phase and the
//!   world with their default thresholds (the full pair search shared with rayon's pool), and
//!   parry2d with its `parallel` functions (`insert_or_update_batch_partially_parallel`,
//!   `refit_parallel`, `optimize_incremental`, `traverse_bvtt_single_tree_parallel`), timed by
//!   the wall clock: what a caller on a multi-core machine gets.
//! - **mostly static** (`world_100k_mostly_static`): the same 100,000 boxes, but only one in 100
//!   moves; the others rest. Both sides update only the movers (ours: `set_transform`; parry2d:
//!   `insert_or_update_partially`), then as above.
//! - **world_step_10k**: the full `World::step` (broad phase, exact narrow phase with contacts,
//!   events) on the 10,000-box scene, on one thread (`set_parallel_threshold(usize::MAX)`) and
//!   with the default threshold.
//! - **world_step_10k_shapes**: the same scene's colliders as 8-gons and capsules, each also
//!   turning, through `World::set_transform` and `World::step` on one thread: a narrow phase of
//!   polygon and capsule contacts.
//!
//! Run with `cargo bench -p collide2d --bench world`.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use collide2d::{Aabb, BroadPhase, Capsule, ConvexPolygon, Shape, Transform, Vec2, World};
use common::{cpu_ns, Rng};
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use parry2d::bounding_volume::Aabb as PAabb;
use parry2d::math::Pose;
use parry2d::partitioning::{Bvh, BvhBuildStrategy, BvhLeafUpdateStatus, BvhWorkspace};
use parry2d::shape::Cuboid;

/// Boxes and their motion.
#[derive(Clone)]
struct Scene {
    centers: Vec<Vec2>,
    halves: Vec<Vec2>,
    velocities: Vec<Vec2>,
    size: f32,
}

impl Scene {
    fn new(n: usize, size: f32, seed: u64) -> Self {
        let mut r = Rng::new(seed);
        let mut s = Scene { centers: Vec::new(), halves: Vec::new(), velocities: Vec::new(), size };
        for _ in 0..n {
            s.centers.push(Vec2::new(r.range(0.0, size), r.range(0.0, size)));
            s.halves.push(Vec2::new(r.range(0.5, 2.0), r.range(0.5, 2.0)));
            s.velocities.push(Vec2::from_angle(r.angle()) * r.range(0.0, 0.1));
        }
        s
    }

    fn advance(&mut self, movers: &[u32]) {
        for &i in movers {
            let (c, v) = (&mut self.centers[i as usize], &mut self.velocities[i as usize]);
            *c += *v;
            if c.x < 0.0 || c.x > self.size {
                v.x = -v.x;
            }
            if c.y < 0.0 || c.y > self.size {
                v.y = -v.y;
            }
        }
    }

    fn len(&self) -> usize {
        self.centers.len()
    }
}

/// Our side: a world of one collider per box (handle `i` for box `i`).
struct Ours {
    world: World,
    handles: Vec<collide2d::ColliderHandle>,
}

impl Ours {
    fn build(scene: &Scene) -> Self {
        let mut world = World::new();
        let handles = (0..scene.len())
            .map(|i| {
                let local: Shape = Aabb::from_center_half_extents(Vec2::ZERO, scene.halves[i]).unwrap().into();
                world.insert(local, Transform::from_translation(scene.centers[i]), ()).unwrap()
            })
            .collect();
        Ours { world, handles }
    }

    fn pairs(&mut self) -> usize {
        self.world.aabb_pairs().len()
    }

    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize {
        for &i in movers {
            let c = scene.centers[i as usize];
            self.world.set_transform(self.handles[i as usize], Transform::from_translation(c)).unwrap();
        }
        self.pairs()
    }
}

/// Our bare broad phase (no shapes, no transforms: the same job as parry2d's `Bvh`), key `i`
/// for box `i`.
struct Bare {
    bp: BroadPhase,
}

impl Bare {
    fn aabb(scene: &Scene, i: usize) -> Aabb {
        Aabb::from_center_half_extents(scene.centers[i], scene.halves[i]).unwrap()
    }

    /// On one thread, like parry2d's side, unless `threads` (then as configured by default:
    /// the full pair search shared with rayon's pool).
    fn build(scene: &Scene, threads: bool) -> Self {
        let mut bp = BroadPhase::new();
        if !threads {
            bp.set_parallel_threshold(usize::MAX);
        }
        for i in 0..scene.len() {
            bp.insert(i as u32, &Self::aabb(scene, i)).unwrap();
        }
        Bare { bp }
    }

    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize {
        for &i in movers {
            self.bp.insert(i, &Self::aabb(scene, i as usize)).unwrap();
        }
        self.bp.update().len()
    }
}

/// parry2d's side: a `Bvh` with leaf `i` for box `i`.
struct Parry {
    bvh: Bvh,
    workspace: BvhWorkspace,
    cuboids: Vec<Cuboid>,
    /// Whether steps use parry2d's parallel functions (its `parallel` feature).
    parallel: bool,
    updates: Vec<(PAabb, u32, f32)>,
    statuses: Vec<BvhLeafUpdateStatus>,
}

impl Parry {
    fn build(scene: &Scene, parallel: bool) -> Self {
        let cuboids: Vec<Cuboid> = scene.halves.iter().map(|h| Cuboid::new(*h)).collect();
        let leaves: Vec<PAabb> =
            cuboids.iter().zip(&scene.centers).map(|(c, p)| c.aabb(&Pose::from_translation(*p))).collect();
        let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves);
        Parry { bvh, workspace: BvhWorkspace::default(), cuboids, parallel, updates: Vec::new(), statuses: Vec::new() }
    }

    fn pairs(&mut self) -> usize {
        let mut n = 0;
        self.bvh.traverse_bvtt_single_tree::<false>(&mut self.workspace, &mut |_, _| n += 1);
        n
    }

    fn pair_list(&mut self) -> Vec<(u32, u32)> {
        let mut v = Vec::new();
        self.bvh.traverse_bvtt_single_tree::<false>(&mut self.workspace, &mut |a, b| v.push((a.min(b), a.max(b))));
        v.sort_unstable();
        v
    }

    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize {
        let aabb = |i: u32| self.cuboids[i as usize].aabb(&Pose::from_translation(scene.centers[i as usize]));
        if self.parallel {
            self.updates.clear();
            self.updates.extend(movers.iter().map(|&i| (aabb(i), i, 0.0)));
            self.bvh.insert_or_update_batch_partially_parallel(&self.updates, &mut self.statuses);
            self.bvh.refit_parallel(&mut self.workspace);
        } else {
            for &i in movers {
                self.bvh.insert_or_update_partially(aabb(i), i, 0.0);
            }
            self.bvh.refit(&mut self.workspace);
        }
        self.bvh.optimize_incremental(&mut self.workspace);
        if self.parallel {
            self.bvh.traverse_bvtt_single_tree_parallel::<false>().len()
        } else {
            self.pairs()
        }
    }
}

fn our_pair_list(ours: &mut Ours) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = ours.world.aabb_pairs().map(|(a, b)| (a.index(), b.index())).collect();
    v.sort_unstable();
    v
}

/// Wall and on-CPU milliseconds per step since `(t, cpu)`.
fn per_step(t: Instant, cpu: Option<u64>, steps: usize) -> (f64, f64) {
    let wall = t.elapsed().as_secs_f64() * 1e3 / steps as f64;
    let on_cpu = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e6 / steps as f64,
        _ => f64::NAN,
    };
    (wall, on_cpu)
}

const BIG: usize = 100_000;
const STEPS: usize = 1_000;

/// Tuning knobs: `WORLD_STEPS` (default 1,000) shortens the plain loop, `WORLD_ONLY_LOOP=1` skips
/// the criterion part of the 100,000-box bench.
fn steps() -> usize {
    std::env::var("WORLD_STEPS").ok().and_then(|v| v.parse().ok()).unwrap_or(STEPS)
}

fn broad_phase(c: &mut Criterion) {
    let scene = Scene::new(BIG, 1000.0, 0xB0C5_0007);
    let all: Vec<u32> = (0..BIG as u32).collect();
    steps_side_by_side(c, &scene, "world_100k", "moving boxes", &all);
    // One box in 100 moves; the others rest.
    let some: Vec<u32> = (0..BIG as u32).step_by(100).collect();
    steps_side_by_side(c, &scene, "world_100k_mostly_static", "boxes, 1 % of them moving,", &some);
}

/// The moving steps of both libraries (only `movers` move), first as a plain loop with pair
/// counts compared at every step, then under criterion.
/// One side of the comparison: a structure that takes the moved boxes and counts the pairs.
trait Side {
    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize;
}

impl Side for Ours {
    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize {
        Ours::step(self, scene, movers)
    }
}

impl Side for Bare {
    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize {
        Bare::step(self, scene, movers)
    }
}

impl Side for Parry {
    fn step(&mut self, scene: &Scene, movers: &[u32]) -> usize {
        Parry::step(self, scene, movers)
    }
}

/// Steps `range` of one side on its own copy of the scene, checking each step's pair count
/// against the one the first side to run that step recorded in `counts`: adds the wall and
/// on-CPU milliseconds spent to `spent`.
fn run_steps(
    side: &mut dyn Side,
    scene: &mut Scene,
    movers: &[u32],
    range: std::ops::Range<usize>,
    counts: &mut [Option<usize>],
    spent: &mut (f64, f64),
) {
    let (t, cpu) = (Instant::now(), cpu_ns());
    for k in range.clone() {
        scene.advance(movers);
        let n = side.step(scene, movers);
        match counts[k] {
            None => counts[k] = Some(n),
            Some(m) => assert_eq!(n, m, "pair counts differ at step {k}"),
        }
    }
    let (wall, on_cpu) = per_step(t, cpu, 1);
    (spent.0, spent.1) = (spent.0 + wall, spent.1 + on_cpu);
}

/// Steps of the plain loop run by each side in turn, so that the machine's drift (other
/// processes, clock changes) reaches every side alike.
const BLOCK: usize = 50;

/// Criterion timing of further steps of one side, its scene carrying on.
fn bench_steps(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    side: &mut impl Side,
    scene: &mut Scene,
    movers: &[u32],
) {
    group.bench_function(name, |bch| {
        bch.iter_custom(|iters| {
            let t = Instant::now();
            for _ in 0..iters {
                scene.advance(movers);
                black_box(side.step(scene, movers));
            }
            t.elapsed()
        })
    });
}

fn steps_side_by_side(c: &mut Criterion, scene: &Scene, group: &str, what: &str, movers: &[u32]) {
    // Same pairs on the first scene, pair by pair.
    let (mut ours, mut parry) = (Ours::build(scene), Parry::build(scene, false));
    let (a, b) = (our_pair_list(&mut ours), parry.pair_list());
    assert_eq!(a, b, "ours and parry2d find different pairs");
    println!("{BIG} boxes: {} overlapping pairs (same list in both)", a.len());
    // Single-threaded, like parry2d's side.
    ours.world.set_parallel_threshold(usize::MAX);
    let mut bare = Bare::build(scene, false);
    bare.bp.update();
    let mut bare_threads = Bare::build(scene, true);
    bare_threads.bp.update();
    let mut ours_threads = Ours::build(scene);
    ours_threads.pairs();
    let mut parry_threads = Parry::build(scene, true);

    // The 1,000 steps on copies of the same scene, in blocks, the sides taking turns (each
    // block starting with the next side).
    let steps = steps();
    let mut counts = vec![None; steps];
    let mut scenes: [Scene; 6] = std::array::from_fn(|_| scene.clone());
    let mut spent = [(0.0, 0.0); 6];
    for (round, start) in (0..steps).step_by(BLOCK).enumerate() {
        let range = start..(start + BLOCK).min(steps);
        for k in (0..6).map(|k| (k + round) % 6) {
            let side: &mut dyn Side = match k {
                0 => &mut ours,
                1 => &mut bare,
                2 => &mut parry,
                3 => &mut bare_threads,
                4 => &mut ours_threads,
                _ => &mut parry_threads,
            };
            run_steps(side, &mut scenes[k], movers, range.clone(), &mut counts, &mut spent[k]);
        }
    }
    let per = |(ms, cpu): (f64, f64)| (ms / steps as f64, cpu / steps as f64);
    let ((ours_ms, ours_cpu), (bare_ms, bare_cpu), (parry_ms, parry_cpu)) =
        (per(spent[0]), per(spent[1]), per(spent[2]));
    let counts: Vec<usize> = counts.into_iter().flatten().collect();
    assert_eq!(our_pair_list(&mut ours), parry.pair_list(), "pairs differ after {steps} steps");
    println!(
        "{steps} steps of {BIG} {what} one thread: ours {ours_ms:.3} ms/step (on CPU {ours_cpu:.3}), \
         parry2d {parry_ms:.3} ms/step (on CPU {parry_cpu:.3}), ratio ours/parry2d {:.3} (on CPU {:.3}); \
         mean pairs per step {:.0}",
        ours_ms / parry_ms,
        ours_cpu / parry_cpu,
        counts.iter().sum::<usize>() as f64 / steps as f64
    );
    println!(
        "{steps} steps, our bare BroadPhase: {bare_ms:.3} ms/step (on CPU {bare_cpu:.3}), ratio to parry2d {:.3} (on CPU {:.3})",
        bare_ms / parry_ms,
        bare_cpu / parry_cpu
    );
    // On-CPU time counts the calling thread only: wall time is the measure here.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let parry_threads_ms = spent[5].0 / steps as f64;
    println!("{steps} steps, parry2d with its parallel functions ({cores} cores): {parry_threads_ms:.3} ms/step wall");
    for (what, k) in [("bare BroadPhase", 3), ("World", 4)] {
        let ms = spent[k].0 / steps as f64;
        println!(
            "{steps} steps, our {what} with its default threshold (pair search shared with rayon's pool; {cores} cores): \
             {ms:.3} ms/step wall, ratio to parry2d's wall time on one thread {:.3}, with its parallel functions {:.3}",
            ms / parry_ms,
            ms / parry_threads_ms
        );
    }
    println!("our broad phase: {:?}", ours.world.broad_phase_stats());

    if std::env::var("WORLD_ONLY_LOOP").is_ok() {
        return;
    }
    let mut group = c.benchmark_group(group);
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    if movers.len() == scene.len() {
        group.bench_function("build_and_pairs/ours", |bch| {
            bch.iter(|| {
                // One thread, like parry2d's build and traversal.
                let mut o = Ours::build(black_box(scene));
                o.world.set_parallel_threshold(usize::MAX);
                o.pairs()
            })
        });
        group.bench_function("build_and_pairs/parry2d", |bch| {
            bch.iter(|| {
                let mut p = Parry::build(black_box(scene), false);
                p.pairs()
            })
        });
    }
    // The scenes carry on from where the 1,000 steps left them.
    let [s_ours, s_bare, s_parry, s_bare_threads, s_ours_threads, s_parry_threads] = &mut scenes;
    bench_steps(&mut group, "step/ours", &mut ours, s_ours, movers);
    bench_steps(&mut group, "step/bare_broad_phase", &mut bare, s_bare, movers);
    bench_steps(&mut group, "step/parry2d", &mut parry, s_parry, movers);
    bench_steps(&mut group, "step_threads/ours", &mut ours_threads, s_ours_threads, movers);
    bench_steps(&mut group, "step_threads/bare_broad_phase", &mut bare_threads, s_bare_threads, movers);
    bench_steps(&mut group, "step_threads/parry2d", &mut parry_threads, s_parry_threads, movers);
    group.finish();
}

fn world_step_10k(c: &mut Criterion) {
    let scene = Scene::new(10_000, 316.0, 0x10_0007);
    let all: Vec<u32> = (0..scene.len() as u32).collect();
    // A plain loop first, on one thread, with on-CPU time.
    let mut ours = Ours::build(&scene);
    ours.world.set_parallel_threshold(usize::MAX);
    ours.world.step();
    let mut s = scene.clone();
    let (steps, mut touching) = (STEPS, 0usize);
    let (t, cpu) = (Instant::now(), cpu_ns());
    for _ in 0..steps {
        s.advance(&all);
        for (h, c) in ours.handles.iter().zip(&s.centers) {
            ours.world.set_transform(*h, Transform::from_translation(*c)).unwrap();
        }
        touching += ours.world.step().touching().count();
    }
    let (wall, on_cpu) = per_step(t, cpu, steps);
    println!(
        "{steps} full World::step of 10000 moving boxes, one thread: {wall:.3} ms/step (on CPU {on_cpu:.3}); \
         mean touching pairs per step {:.0}",
        touching as f64 / steps as f64
    );
    let mut group = c.benchmark_group("world_step_10k");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    for (name, threshold) in [("one_thread", usize::MAX), ("default_threshold", 1024)] {
        let mut ours = Ours::build(&scene);
        ours.world.set_parallel_threshold(threshold);
        ours.world.step();
        let mut s = scene.clone();
        let (mut steps, mut touching) = (0usize, 0usize);
        group.bench_function(name, |bch| {
            bch.iter_custom(|iters| {
                let t = Instant::now();
                for _ in 0..iters {
                    s.advance(&all);
                    for (h, c) in ours.handles.iter().zip(&s.centers) {
                        ours.world.set_transform(*h, Transform::from_translation(*c)).unwrap();
                    }
                    touching += ours.world.step().touching().count();
                    steps += 1;
                }
                t.elapsed()
            })
        });
        println!("world_step_10k/{name}: mean touching pairs per step {:.0}", touching as f64 / steps.max(1) as f64);
    }
    group.finish();
}

/// The 10,000 scene's colliders as 8-gons (even indices: radius the mean half side) and
/// capsules (odd: half length the first half side, radius half the second), each turning at its
/// own rate (up to 0.05 radians a step) as it moves.
struct Turning {
    world: World,
    handles: Vec<collide2d::ColliderHandle>,
    angles: Vec<f32>,
    spins: Vec<f32>,
}

impl Turning {
    fn build(scene: &Scene) -> Self {
        let mut world = World::new();
        let mut r = Rng::new(0x10_0008);
        let (mut handles, mut angles, mut spins) = (Vec::new(), Vec::new(), Vec::new());
        for (i, (c, h)) in scene.centers.iter().zip(&scene.halves).enumerate() {
            let local: Shape = if i % 2 == 0 {
                ConvexPolygon::regular(8, Vec2::ZERO, (h.x + h.y) / 2.0, 0.0).unwrap().into()
            } else {
                Capsule::new(Vec2::new(-h.x, 0.0), Vec2::new(h.x, 0.0), h.y / 2.0).unwrap().into()
            };
            let angle = r.angle();
            handles.push(
                world.insert(local, Transform::from_translation_rotation_scale(*c, angle, Vec2::ONE), ()).unwrap(),
            );
            angles.push(angle);
            spins.push(r.range(-0.05, 0.05));
        }
        Turning { world, handles, angles, spins }
    }

    /// Moves and turns every collider, steps the world, and counts the touching pairs.
    fn step(&mut self, scene: &Scene) -> usize {
        for (i, h) in self.handles.iter().enumerate() {
            self.angles[i] += self.spins[i];
            let place = Transform::from_translation_rotation_scale(scene.centers[i], self.angles[i], Vec2::ONE);
            self.world.set_transform(*h, place).unwrap();
        }
        self.world.step().touching().count()
    }
}

/// `World::step` on the 10,000 scene of turning 8-gons and capsules, one thread: where the
/// narrow phase is polygon and capsule contacts (issue 56).
fn world_step_10k_shapes(c: &mut Criterion) {
    let scene = Scene::new(10_000, 316.0, 0x10_0007);
    let all: Vec<u32> = (0..scene.len() as u32).collect();
    let mut ours = Turning::build(&scene);
    ours.world.set_parallel_threshold(usize::MAX);
    ours.world.step();
    let mut s = scene.clone();
    let (steps, mut touching) = (steps(), 0usize);
    let (t, cpu) = (Instant::now(), cpu_ns());
    for _ in 0..steps {
        s.advance(&all);
        touching += ours.step(&s);
    }
    let (wall, on_cpu) = per_step(t, cpu, steps);
    println!(
        "{steps} World::step of 10000 moving, turning 8-gons and capsules, one thread: {wall:.3} ms/step \
         (on CPU {on_cpu:.3}); mean touching pairs per step {:.0}",
        touching as f64 / steps as f64
    );
    let mut group = c.benchmark_group("world_step_10k_shapes");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    group.bench_function("one_thread", |bch| {
        bch.iter_custom(|iters| {
            let t = Instant::now();
            for _ in 0..iters {
                s.advance(&all);
                black_box(ours.step(&s));
            }
            t.elapsed()
        })
    });
    group.finish();
}

criterion_group!(benches, broad_phase, world_step_10k, world_step_10k_shapes);
criterion_main!(benches);
