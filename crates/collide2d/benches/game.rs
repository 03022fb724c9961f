//! The game bench (issue 20): traced sprites moving every frame, as a game uses them, side by side
//! with parry2d on the same inputs, in one run, on one thread.
//!
//! **Sprites.** Every PNG in `tests/data/sprites`, traced with `trace::trace_file` at every
//! [`Detail`] level (default [`Solidity`]). A sprite whose solid pixels form several islands gives
//! several polygons; the bench keeps the **largest** (by area) as that sprite's collider, moved to
//! its own frame (centroid at the origin). parry2d gets a `Compound` of the very same convex pieces
//! ([`Polygon::convex_parts`] of that local polygon), each at the identity pose inside it.
//!
//! **Frames** (plain timing loops with [`Instant`], since criterion gives no p99). Each frame every
//! sprite gets a new rotation (uniform) and position (centre uniform in a 120 × 120 px arena) from
//! a fixed-seed generator; every level sees the same placements. A first, uncounted frame warms
//! up. Per level:
//! - *move*: ours `Polygon::transformed` of the local polygon, timed per call, and then, apart,
//!   the mapping of its edges, tree and pieces that a placed polygon does on its first query;
//!   parry2d builds the sprite's `Pose` (all it needs to move a shape), timed over all sprites of
//!   a frame;
//! - *intersects*: every pair of sprites, timed over all pairs of a frame (ours `intersects`,
//!   parry2d `intersection_test`);
//! - *contact*: on the pairs our `intersects` says overlap, ours `contact`, our opt-in
//!   `contact_deepest_piece_pair` and parry2d `query::contact` (prediction 0), each call timed,
//!   the three alternating pair by pair so that the machine's drift reaches all alike; mean and
//!   p99 (nearest rank). The deepest piece pair is what parry2d's `Compound` reports, from the
//!   same pieces: the pairs where the two depths differ are counted;
//! - *shallow*: the same overlapping pairs, the second sprite moved back along our push-out so
//!   that about 2 px of depth remain (by `normal · (depth − 2)`, i.e. `push_out · (1 − 2/depth)`,
//!   when deeper than 2 px; shallower pairs stay as they are), since a game pushes overlaps apart
//!   every frame; then both contacts again. Were our push-out the minimum, every such pair still
//!   overlaps by about 2 px: the column "no overlap for ours" counts the pairs where it does not
//!   (our depth was more than the shortest separating move).
//!
//! So that the comparison is fair, every pair's answers are compared in kind (both overlap or
//! neither for `intersects`; both give a contact or neither for `contact`), and the pairs where
//! they differ are counted and printed. "parry2d shallower" counts the pairs on which
//! parry2d's depth is below ours by more than 1e-3 relative: parry2d's `Compound` contact is the
//! deepest single piece pair, ours is the minimum translation that separates the whole polygons.
//!
//! **World.** 200 colliders at the Optimal level (the sprites in turn) in a `collide2d::World` on
//! one thread (`set_parallel_threshold(usize::MAX)`), in an arena sized so that a modest fraction
//! overlap. Each step every sprite moves 1–3 px and turns 1–5° (bouncing off the arena's walls)
//! through `World::set_transform`, then `World::step` runs (broad phase, exact contacts, events).
//! Reported: time per step including the `set_transform` calls, and `set_transform` alone per
//! collider; once with the world's default exact contacts, once with
//! `ContactMethod::DeepestPiecePair` (the same scene and motions).
//!
//! **Criterion**, in the same binary after the tables: Optimal move and contact (ours and
//! parry2d), and the world's step.
//!
//! Run with `cargo bench -p collide2d --bench game --features image` (the bench needs the `image`
//! feature for `trace_file`; the `-p` selection does not turn it on by itself). The tables print
//! to stdout as Markdown for BENCHMARKS.md (written by `game/tables.rs`); progress goes to stderr.
//! p99s are of single calls, so a call the scheduler preempts counts whole: run it on a quiet
//! machine. The whole run takes about 45 s on the 2-core development machine (20 s of tables, 25 s
//! of criterion); to shorten or lengthen it:
//! - `GAME_FRAMES` (default 30): frames per level;
//! - `GAME_EXACT_PAIRS` (default 1,000): at most this many overlapping pairs get their contacts
//!   timed at the Exact level (the first ones, in frame order), whose exact contact takes
//!   milliseconds per pair; the other levels time all overlapping pairs;
//! - `GAME_STEPS` (default 300): timed world steps;
//! - criterion's own flags after `--`, such as `--quick`, or a filter (the tables always run).
//!
//! Run in test mode (`cargo test --benches`, no `--bench` flag), every loop runs once, briefly.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;
// The bench is its own crate root, so its submodule is found by path.
#[path = "game/tables.rs"]
mod tables;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use collide2d::pixels::Solidity;
use collide2d::trace::{trace_file, Detail};
use collide2d::{
    contact, contact_deepest_piece_pair, intersects, ColliderHandle, ContactMethod, Polygon, Shape, Transform, Vec2,
    World,
};
use common::Rng;
use criterion::{Criterion, SamplingMode, Throughput};
use parry2d::math::Pose;
use parry2d::shape as ps;

/// The side of the square arena of the frames, in pixels.
const ARENA: f32 = 120.0;
/// The depth left to a pair in the shallow variant, in pixels.
const SHALLOW: f32 = 2.0;
/// Colliders in the world scene.
const WORLD_SPRITES: usize = 200;
/// The fraction of the world's arena the sprites' areas add up to: with these sprites, about a
/// fifth of the colliders touch another at any step.
const WORLD_COVER: f32 = 0.05;
/// Untimed world steps before timing (the first inserts everything into the broad phase).
const WORLD_WARMUP: usize = 10;

const LEVELS: [(&str, Detail); 4] =
    [("Exact", Detail::Exact), ("Optimal", Detail::Optimal), ("More", Detail::More), ("Less", Detail::Less)];

/// How long the run is.
struct Budget {
    frames: usize,
    exact_pairs: usize,
    steps: usize,
}

impl Budget {
    /// From the environment; one short pass of everything when not run by `cargo bench`.
    fn from_env() -> Self {
        let var = |name: &str, default: usize| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
        if std::env::args().any(|a| a == "--bench") {
            Budget {
                frames: var("GAME_FRAMES", 30),
                exact_pairs: var("GAME_EXACT_PAIRS", 1000),
                steps: var("GAME_STEPS", 300),
            }
        } else {
            Budget { frames: 1, exact_pairs: 5, steps: 2 }
        }
    }
}

/// One sprite's collider at one level: ours and parry2d's, both in the sprite's own frame.
struct Sprite {
    name: String,
    local: Polygon,
    compound: ps::Compound,
    /// Islands the picture traced into (only the largest is kept).
    islands: usize,
}

impl Sprite {
    fn vertices(&self) -> usize {
        self.local.outline().len() + self.local.holes().iter().map(Vec::len).sum::<usize>()
    }
}

fn sprite_paths() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sprites");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the sprite folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    paths.sort();
    paths
}

fn load(paths: &[PathBuf], detail: Detail) -> Vec<Sprite> {
    paths
        .iter()
        .map(|path| {
            let polygons = trace_file(path, &Solidity::default(), detail).expect("the sprite traces");
            let largest = polygons.iter().max_by(|a, b| a.area().total_cmp(&b.area())).expect("a solid sprite");
            let local = largest.transformed(&Transform::from_translation(-largest.centroid())).expect("moves");
            let pieces = local
                .convex_parts()
                .iter()
                .map(|c| (Pose::IDENTITY, ps::SharedShape::convex_polyline(c.vertices().to_vec()).expect("convex")))
                .collect();
            Sprite {
                name: path.file_stem().unwrap().to_string_lossy().into_owned(),
                local,
                compound: ps::Compound::new(pieces),
                islands: polygons.len(),
            }
        })
        .collect()
}

/// Where a sprite is: the same placement for both libraries (rotate about the centroid, then
/// translate).
#[derive(Clone, Copy)]
struct Place {
    at: Vec2,
    angle: f32,
}

impl Place {
    fn random(rng: &mut Rng, arena: f32) -> Self {
        Place { at: Vec2::new(rng.range(0.0, arena), rng.range(0.0, arena)), angle: rng.angle() }
    }

    fn transform(self) -> Transform {
        Transform::from_translation_rotation_scale(self.at, self.angle, Vec2::ONE)
    }

    fn pose(self) -> Pose {
        Pose::new(self.at, self.angle)
    }
}

/// Durations in µs, for mean and p99.
#[derive(Default)]
struct Samples(Vec<f64>);

impl Samples {
    fn push(&mut self, d: Duration) {
        self.0.push(d.as_secs_f64() * 1e6);
    }

    fn mean(&self) -> f64 {
        self.0.iter().sum::<f64>() / self.0.len().max(1) as f64
    }

    /// The nearest-rank 99th percentile.
    fn p99(&mut self) -> f64 {
        if self.0.is_empty() {
            return f64::NAN;
        }
        self.0.sort_by(f64::total_cmp);
        self.0[((self.0.len() as f64 * 0.99).ceil() as usize).clamp(1, self.0.len()) - 1]
    }
}

/// A total time spread over `count` operations, in µs each.
fn per(total: Duration, count: usize) -> f64 {
    total.as_secs_f64() * 1e6 / count.max(1) as f64
}

/// Contact timings and agreement on a set of pairs.
#[derive(Default)]
struct ContactStats {
    ours: Samples,
    /// Ours, the opt-in deepest piece pair (`contact_deepest_piece_pair`).
    fast: Samples,
    parry: Samples,
    /// Pairs where one side gives a contact and the other does not.
    differ: usize,
    /// Pairs where our deepest piece pair gives a contact and parry2d's not, or the reverse.
    fast_differ: usize,
    /// Pairs where our deepest piece pair is deeper (shallower) than parry2d's, from the same
    /// pieces, by more than 1e-3 relative.
    fast_deeper: usize,
    fast_shallower: usize,
    /// Pairs where ours finds no overlap. On the shallow pairs, each still about 2 px deep if our
    /// push-out is the minimum, this means it was not.
    ours_none: usize,
    /// Pairs where both give one, and parry2d's depth is below ours by more than 1e-3 relative.
    parry_shallower: usize,
    both: usize,
    /// Our depths, summed (for the shallow variant's mean remaining depth).
    depth_sum: f64,
}

impl ContactStats {
    /// Times both contacts on one pair and compares them; returns ours as (normal, depth).
    fn time(&mut self, a: (&Polygon, &ps::Compound, Pose), b: (&Polygon, &ps::Compound, Pose)) -> Option<(Vec2, f32)> {
        let t = Instant::now();
        let ours = black_box(contact(black_box(a.0), black_box(b.0)));
        self.ours.push(t.elapsed());
        let t = Instant::now();
        let fast = black_box(contact_deepest_piece_pair(black_box(a.0), black_box(b.0)));
        self.fast.push(t.elapsed());
        let t = Instant::now();
        let parry = black_box(parry2d::query::contact(&a.2, a.1, &b.2, b.1, 0.0));
        self.parry.push(t.elapsed());
        let ours = ours.map(|k| (k.normal, k.depth));
        let parry = parry.expect("compounds are supported").map(|k| -k.dist);
        match (fast, parry) {
            (Some(f), Some(p)) if f.depth > p + 1e-3 * p.max(1.0) => self.fast_deeper += 1,
            (Some(f), Some(p)) if f.depth < p - 1e-3 * p.max(1.0) => self.fast_shallower += 1,
            (f, p) => self.fast_differ += usize::from(f.is_some() != p.is_some()),
        }
        self.ours_none += usize::from(ours.is_none());
        match (ours, parry) {
            (Some((_, o)), Some(p)) => {
                self.both += 1;
                self.depth_sum += o as f64;
                if p < o * (1.0 - 1e-3) {
                    self.parry_shallower += 1;
                }
            }
            (None, None) => {}
            _ => self.differ += 1,
        }
        ours
    }

    fn pairs(&self) -> usize {
        self.ours.0.len()
    }
}

/// One level's figures.
struct LevelReport {
    level: &'static str,
    vertices: f64,
    pieces: f64,
    move_ours: Samples,
    /// Mapping the edges, tree and pieces, which a placed polygon does on its first query.
    derive_ours: Samples,
    move_parry: f64,
    intersects_ours: f64,
    intersects_parry: f64,
    pairs: usize,
    overlapping: usize,
    intersects_differ: usize,
    deep: ContactStats,
    shallow: ContactStats,
}

fn run_level(level: &'static str, sprites: &[Sprite], budget: &Budget) -> LevelReport {
    let n = sprites.len();
    let cap = if level == "Exact" { budget.exact_pairs } else { usize::MAX };
    let mut report = LevelReport {
        level,
        vertices: sprites.iter().map(Sprite::vertices).sum::<usize>() as f64 / n as f64,
        pieces: sprites.iter().map(|s| s.local.convex_parts().len()).sum::<usize>() as f64 / n as f64,
        move_ours: Samples::default(),
        derive_ours: Samples::default(),
        move_parry: 0.0,
        intersects_ours: 0.0,
        intersects_parry: 0.0,
        pairs: 0,
        overlapping: 0,
        intersects_differ: 0,
        deep: ContactStats::default(),
        shallow: ContactStats::default(),
    };
    let (mut pose_time, mut ours_time, mut parry_time) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    // The same placements at every level.
    let mut rng = Rng::new(20);
    let mut placed: Vec<Polygon> = Vec::with_capacity(n);
    let mut poses: Vec<Pose> = Vec::with_capacity(n);
    let mut hits: Vec<(usize, usize, bool)> = Vec::with_capacity(n * n / 2);
    // Frame 0 warms caches and code up and is not counted.
    for frame in 0..=budget.frames {
        let counted = frame > 0;
        let places: Vec<Place> = (0..n).map(|_| Place::random(&mut rng, ARENA)).collect();

        placed.clear();
        for (s, p) in sprites.iter().zip(&places) {
            let t = Instant::now();
            let moved = s.local.transformed(&black_box(p.transform())).expect("a rigid motion places any polygon");
            let elapsed = t.elapsed();
            let t = Instant::now();
            black_box(moved.convex_parts().len() + moved.edges().len());
            let derived = t.elapsed();
            if counted {
                report.move_ours.push(elapsed);
                report.derive_ours.push(derived);
            }
            placed.push(moved);
        }
        poses.clear();
        let t = Instant::now();
        poses.extend(places.iter().map(|p| black_box(black_box(*p).pose())));
        let elapsed = t.elapsed();

        hits.clear();
        let t = Instant::now();
        for i in 0..n {
            for j in i + 1..n {
                hits.push((i, j, intersects(black_box(&placed[i]), black_box(&placed[j]))));
            }
        }
        let ours = t.elapsed();
        let mut differ = 0;
        let t = Instant::now();
        for &(i, j, hit) in &hits {
            let test =
                parry2d::query::intersection_test(&poses[i], &sprites[i].compound, &poses[j], &sprites[j].compound);
            differ += usize::from(black_box(test.expect("compounds are supported").intersecting) != hit);
        }
        let parry = t.elapsed();
        if !counted {
            continue;
        }
        pose_time += elapsed;
        ours_time += ours;
        parry_time += parry;
        report.pairs += hits.len();
        report.intersects_differ += differ;

        for &(i, j, hit) in &hits {
            if !hit {
                continue;
            }
            report.overlapping += 1;
            if report.deep.pairs() >= cap {
                continue;
            }
            let a = (&placed[i], &sprites[i].compound, poses[i]);
            let found = report.deep.time(a, (&placed[j], &sprites[j].compound, poses[j]));
            // The shallow variant: move the second sprite back along our push-out.
            let mut place = places[j];
            if let Some((normal, depth)) = found.filter(|&(_, d)| d > SHALLOW) {
                place.at += normal * (depth - SHALLOW);
            }
            let moved = sprites[j].local.transformed(&place.transform()).expect("moves");
            report.shallow.time(a, (&moved, &sprites[j].compound, place.pose()));
        }
    }
    let frames = budget.frames;
    report.move_parry = per(pose_time, frames * n);
    report.intersects_ours = per(ours_time, report.pairs);
    report.intersects_parry = per(parry_time, report.pairs);
    report
}

/// The world scene's figures.
struct WorldReport {
    /// The world's contact method, as named in the table.
    method: &'static str,
    arena: f32,
    steps: usize,
    step: Samples,
    set_transform: Duration,
    touching_pairs: usize,
    colliding: usize,
}

/// A collider of the world scene and its motion.
struct Mover {
    handle: ColliderHandle,
    place: Place,
    velocity: Vec2,
    spin: f32,
}

impl Mover {
    /// Moves by one step, bouncing off the arena's walls.
    fn advance(&mut self, arena: f32) {
        self.place.at += self.velocity;
        self.place.angle += self.spin;
        if !(0.0..=arena).contains(&self.place.at.x) {
            self.velocity.x = -self.velocity.x;
        }
        if !(0.0..=arena).contains(&self.place.at.y) {
            self.velocity.y = -self.velocity.y;
        }
    }
}

/// The world scene: `WORLD_SPRITES` colliders cycling through `sprites`.
fn world_scene(sprites: &[Sprite], method: ContactMethod) -> (World, Vec<Mover>, f32) {
    let area: f32 = (0..WORLD_SPRITES).map(|k| sprites[k % sprites.len()].local.area()).sum();
    let arena = (area / WORLD_COVER).sqrt();
    let mut rng = Rng::new(200);
    let mut world = World::new();
    // One thread, like the rest of the bench and like parry2d's side.
    world.set_parallel_threshold(usize::MAX);
    world.set_contact_method(method);
    let movers = (0..WORLD_SPRITES)
        .map(|k| {
            let place = Place::random(&mut rng, arena);
            let shape = Shape::Polygon(sprites[k % sprites.len()].local.clone());
            let handle = world.insert(shape, place.transform(), ()).expect("placed");
            let velocity = Vec2::from_angle(rng.angle()) * rng.range(1.0, 3.0);
            let spin = rng.range(1.0, 5.0).to_radians() * if rng.unit() < 0.5 { -1.0 } else { 1.0 };
            Mover { handle, place, velocity, spin }
        })
        .collect();
    (world, movers, arena)
}

/// One step of the scene: every collider moved, then the world's step. Returns the time of the
/// moves and of the whole.
fn world_step(world: &mut World, movers: &mut [Mover], arena: f32) -> (Duration, Duration) {
    let t = Instant::now();
    for m in movers.iter_mut() {
        m.advance(arena);
        world.set_transform(m.handle, m.place.transform()).expect("placed");
    }
    let moved = t.elapsed();
    black_box(world.step());
    (moved, t.elapsed())
}

fn run_world(sprites: &[Sprite], budget: &Budget, (method, name): (ContactMethod, &'static str)) -> WorldReport {
    let (mut world, mut movers, arena) = world_scene(sprites, method);
    for _ in 0..WORLD_WARMUP {
        world_step(&mut world, &mut movers, arena);
    }
    let mut report = WorldReport {
        method: name,
        arena,
        steps: budget.steps,
        step: Samples::default(),
        set_transform: Duration::ZERO,
        touching_pairs: 0,
        colliding: 0,
    };
    for _ in 0..budget.steps {
        let (moved, whole) = world_step(&mut world, &mut movers, arena);
        report.set_transform += moved;
        report.step.push(whole);
        report.touching_pairs += world.events().touching().count();
        report.colliding += movers.iter().filter(|m| world.is_colliding(m.handle) == Some(true)).count();
    }
    report
}

/// Criterion's view of the Optimal level: moving every sprite, the contacts of a fixed set of
/// overlapping pairs, and the world's step.
fn criterion_benches(c: &mut Criterion, sprites: &[Sprite]) {
    let mut rng = Rng::new(2020);
    let places: Vec<Place> = sprites.iter().map(|_| Place::random(&mut rng, ARENA)).collect();
    let placed: Vec<Polygon> =
        sprites.iter().zip(&places).map(|(s, p)| s.local.transformed(&p.transform()).unwrap()).collect();
    let poses: Vec<Pose> = places.iter().map(|p| p.pose()).collect();
    let mut pairs = Vec::new();
    while pairs.len() < 64 {
        let (i, j) =
            ((rng.next_u64() % sprites.len() as u64) as usize, (rng.next_u64() % sprites.len() as u64) as usize);
        let mut p = Place::random(&mut rng, ARENA);
        p.at = places[i].at + Vec2::from_angle(rng.angle()) * rng.range(0.0, 40.0);
        let b = sprites[j].local.transformed(&p.transform()).unwrap();
        if i != j && intersects(&placed[i], &b) {
            pairs.push((i, j, b, p.pose()));
        }
    }

    let mut g = c.benchmark_group("game_optimal");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(sprites.len() as u64));
    g.bench_function("move_ours", |b| {
        b.iter(|| {
            for (s, p) in sprites.iter().zip(&places) {
                black_box(s.local.transformed(&black_box(p.transform())).unwrap());
            }
        })
    });
    g.bench_function("move_parry2d", |b| {
        b.iter(|| {
            for p in &places {
                black_box(black_box(*p).pose());
            }
        })
    });
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("contact_ours", |b| {
        b.iter(|| pairs.iter().filter_map(|(i, _, p, _)| contact(black_box(&placed[*i]), black_box(p))).count())
    });
    g.bench_function("contact_deepest_piece_pair_ours", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(i, _, p, _)| contact_deepest_piece_pair(black_box(&placed[*i]), black_box(p)))
                .count()
        })
    });
    g.bench_function("contact_parry2d", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(i, j, _, pose)| {
                    parry2d::query::contact(&poses[*i], &sprites[*i].compound, pose, &sprites[*j].compound, 0.0)
                        .ok()
                        .flatten()
                })
                .count()
        })
    });
    g.finish();

    let (mut world, mut movers, arena) = world_scene(sprites, ContactMethod::Exact);
    for _ in 0..WORLD_WARMUP {
        world_step(&mut world, &mut movers, arena);
    }
    let mut g = c.benchmark_group("game_world_optimal");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    // One iteration is one step of the scene, which carries on from step to step.
    g.bench_function("step_with_set_transform", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| world_step(&mut world, &mut movers, arena).1).sum())
    });
    g.finish();
}

fn main() {
    let budget = Budget::from_env();
    let started = Instant::now();
    let paths = sprite_paths();
    let mut optimal = Vec::new();
    let mut levels: Vec<LevelReport> = Vec::new();
    for (name, detail) in LEVELS {
        let sprites = load(&paths, detail);
        let t = Instant::now();
        levels.push(run_level(name, &sprites, &budget));
        eprintln!("game: {name} level done in {:.1} s", t.elapsed().as_secs_f64());
        if detail == Detail::Optimal {
            optimal = sprites;
        }
    }
    let t = Instant::now();
    let mut worlds: Vec<WorldReport> =
        [(ContactMethod::Exact, "exact"), (ContactMethod::DeepestPiecePair, "deepest piece pair")]
            .into_iter()
            .map(|method| run_world(&optimal, &budget, method))
            .collect();
    eprintln!("game: world done in {:.1} s", t.elapsed().as_secs_f64());
    tables::print_tables(&optimal, &mut levels, &mut worlds, &budget);
    eprintln!("game: tables in {:.1} s", started.elapsed().as_secs_f64());

    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c, &optimal);
    c.final_summary();
}
