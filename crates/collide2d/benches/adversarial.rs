//! The adversarial benchmark: the inputs that once froze a call, each call's time with the
//! default settings (every one must stay within a 60 Hz frame, 16 ms), and parry2d's compound of
//! the same convex pieces beside it.
//!
//! Inputs, from 10^2 to 10^5 vertices (10^6 with `ADVERSARIAL_MILLION=1`): a star (vertices
//! alternating between two radii), a comb (thin teeth on a base), a spiral (a thin arm wound
//! round), a copy of each on top of itself and one nudged, and a disc deep inside each.
//!
//! Calls: `build` (`Polygon::new`), `contact` (default budget), `step` (a `World` of the two,
//! measured again each step), `cast` (the copy swept across the shape from outside) and `move`
//! (`move_and_slide` of the disc). Run with `cargo bench -p collide2d --bench adversarial`; one
//! size or input with a filter (`-- contact/star`).
// Inputs may use the platform's trigonometry: only the library's answers must be the same bits
// on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use std::hint::black_box;
use std::time::Duration;

use collide2d::{contact, Circle, ContactBudget, MoveOptions, Polygon, Shape, Transform, Vec2, World};
use common::parry_compound;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use parry2d::math::Pose;
use parry2d::shape as ps;

/// A star of `n` vertices alternating between radii 100 and 50.
fn star(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * if i % 2 == 0 { 100.0 } else { 50.0 })
        .collect()
}

/// A comb of about `n` vertices: `n / 4` teeth 1 wide, 1 apart and 50 tall on a base 5 thick.
fn comb(n: usize) -> Vec<Vec2> {
    let teeth = (n / 4).max(1);
    let mut v = vec![Vec2::new(0.0, -5.0), Vec2::new(2.0 * teeth as f32, -5.0)];
    for i in (0..teeth).rev() {
        let x = 2.0 * i as f32;
        v.extend([Vec2::new(x + 1.0, 0.0), Vec2::new(x + 1.0, 50.0), Vec2::new(x, 50.0)]);
        if i > 0 {
            v.push(Vec2::new(x, 0.0));
        }
    }
    v
}

/// A spiral arm of about `n` vertices, 1 wide, wound 8 times round from radius 10 out to 90.
fn spiral(n: usize) -> Vec<Vec2> {
    let half = (n / 2).max(3);
    let at = |t: f32, r: f32| Vec2::from_angle(t * 16.0 * std::f32::consts::PI) * r;
    let outer = (0..half).map(|i| i as f32 / (half - 1) as f32).map(|t| at(t, 10.0 + 80.0 * t + 1.0));
    let inner = (0..half).rev().map(|i| i as f32 / (half - 1) as f32).map(|t| at(t, 10.0 + 80.0 * t));
    outer.chain(inner).collect()
}

/// Where inside each shape a disc of radius 0.4 lies, and a nudge that leaves a copy overlapping.
fn inside_and_nudge(kind: &str, n: usize) -> (Vec2, Vec2) {
    match kind {
        "star" => (Vec2::new(3.0, 1.0), Vec2::new(1.5, 0.0)),
        "comb" => (Vec2::new((n / 4) as f32, -2.5), Vec2::new(0.5, 3.0)),
        _ => (Vec2::from_angle(0.5 * 16.0 * std::f32::consts::PI) * 50.5, Vec2::new(0.3, 0.0)),
    }
}

fn outline(kind: &str, n: usize) -> Vec<Vec2> {
    match kind {
        "star" => star(n),
        "comb" => comb(n),
        _ => spiral(n),
    }
}

fn sizes() -> Vec<usize> {
    let mut sizes = vec![100, 1_000, 10_000, 100_000];
    if std::env::var_os("ADVERSARIAL_MILLION").is_some() {
        sizes.push(1_000_000);
    }
    sizes
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("adversarial");
    g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    for kind in ["star", "comb", "spiral"] {
        for &n in &sizes() {
            let id = |call: &str| BenchmarkId::new(format!("{call}/{kind}"), n);
            let points = outline(kind, n);
            g.bench_function(id("build"), |b| b.iter(|| Polygon::new(black_box(&points)).expect("simple")));
            let p = Polygon::new(&points).expect("simple");
            let (inside, nudge) = inside_and_nudge(kind, n);
            let nudged = p.transformed(&Transform::from_translation(nudge)).expect("a move");
            let disc = Circle::new(inside, 0.4).expect("a disc");
            g.bench_function(id("contact-self"), |b| b.iter(|| contact(black_box(&p), black_box(&p))));
            g.bench_function(id("contact-nudged"), |b| b.iter(|| contact(black_box(&p), black_box(&nudged))));
            g.bench_function(id("contact-disc"), |b| b.iter(|| contact(black_box(&p), black_box(&disc))));
            // The same pairs in a World, measured again at every step (the copy moved to and fro).
            let mut world: World = World::new();
            world.insert(p.clone().into(), Transform::IDENTITY, ()).expect("placed");
            let copy = world.insert(p.clone().into(), Transform::IDENTITY, ()).expect("placed");
            let mut flip = false;
            g.bench_function(id("step-nudged"), |b| {
                b.iter(|| {
                    flip = !flip;
                    let at = if flip { nudge } else { nudge * 0.5 };
                    world.set_transform(copy, Transform::from_translation(at)).expect("moved");
                    world.step().ongoing().len() + world.events().started().len()
                })
            });
            // The copy swept across the shape from outside, and the disc moved inside it.
            let extent = p.aabb().half_extents().x * 2.0 + 10.0;
            let from = p.transformed(&Transform::from_translation(Vec2::new(-extent, 0.3))).expect("a move");
            g.bench_function(id("cast"), |b| {
                b.iter(|| collide2d::cast_shape(black_box(&from), Vec2::new(extent, 0.0), &p, Vec2::ZERO, 1.0))
            });
            let mut world: World = World::new();
            world.insert(p.clone().into(), Transform::IDENTITY, ()).expect("placed");
            let mover = world.insert(Shape::Circle(disc), Transform::IDENTITY, ()).expect("placed");
            let options = MoveOptions::default();
            g.bench_function(id("move"), |b| {
                b.iter(|| {
                    world.set_transform(mover, Transform::IDENTITY).expect("moved");
                    world.move_and_slide(mover, Vec2::new(3.0, -2.0), &options).expect("a move")
                })
            });
            // parry2d's compound on the nudged pair and the disc, up to 10^4 vertices (its
            // compound of two 10^5-vertex shapes takes minutes).
            if n <= 10_000 {
                let (pa, pb) = (parry_compound(&p), parry_compound(&nudged));
                g.bench_function(id("parry-nudged"), |b| {
                    b.iter(|| parry2d::query::contact(&Pose::IDENTITY, &pa, &Pose::IDENTITY, &pb, 0.0))
                });
                let ball = ps::Ball::new(0.4);
                let at = Pose::new(inside, 0.0);
                g.bench_function(id("parry-disc"), |b| {
                    b.iter(|| parry2d::query::contact(&Pose::IDENTITY, &pa, &at, &ball, 0.0))
                });
            }
            if n <= 1_000 {
                g.bench_function(id("contact-nudged-exact"), |b| {
                    b.iter(|| collide2d::contact_with_budget(&p, &nudged, ContactBudget::UNBOUNDED))
                });
            }
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
