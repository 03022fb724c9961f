//! Overlap-test throughput, side by side with parry2d on the same inputs.
//!
//! For each family (AABB–AABB, circle–circle, OBB–OBB, regular 8-gon–8-gon) a fixed-seed list of
//! `PAIRS` pairs is generated, balanced to exactly half overlapping and half apart (classified by
//! collide2d, then cross-checked against parry2d before anything is timed). Each benchmark
//! iteration tests every pair and counts the hits, so the time per test is the reported time
//! divided by `PAIRS` (criterion's throughput line shows the same as elements per second).
//!
//! Benchmarks per family:
//! - `ours_generic`: `collide2d::intersects(&a, &b)` on the concrete shape types;
//! - `ours_shape_enum`: the same function on two `collide2d::Shape` values (run-time dispatch);
//! - `ours_direct`: the named pair function (`intersects_obb_obb`, …), for reference;
//! - `parry2d`: `parry2d::query::intersection_test(&pos1, &shape1, &pos2, &shape2)` with the
//!   equivalent parry shapes (shape in its local frame, placed by a pose).
//!
//! Run with `cargo bench -p collide2d --bench overlap`.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use std::fmt::Debug;
use std::hint::black_box;

use collide2d::query::intersects::{
    intersects_aabb_aabb, intersects_circle_circle, intersects_obb_obb, intersects_polygon_polygon,
};
use collide2d::{intersects, Aabb, Circle, ConvexPolygon, Obb, ShapeLike};
use common::{aabb_pair, balanced, circle_pair, configure, gon_pair, obb_pair, ParryPair, Rng, Spec, PAIRS};
use criterion::{criterion_group, criterion_main, Criterion};
use parry2d::shape as ps;

/// The same pairs in every form that is timed.
type Family<T, P> = common::Family<T, T, P, P>;

fn aabb_family() -> Family<Aabb, ps::Cuboid> {
    let mut rng = Rng::new(0xA4BB_0001);
    let pairs = balanced(&mut rng, PAIRS / 2, aabb_pair, |(a, b)| intersects(a, b));
    Family::new("aabb_aabb", &pairs)
}

fn circle_family() -> Family<Circle, ps::Ball> {
    let mut rng = Rng::new(0xC1C1_0002);
    let pairs = balanced(&mut rng, PAIRS / 2, circle_pair, |(a, b)| intersects(a, b));
    Family::new("circle_circle", &pairs)
}

fn obb_family() -> Family<Obb, ps::Cuboid> {
    let mut rng = Rng::new(0x0BB0_0003);
    let pairs = balanced(&mut rng, PAIRS / 2, obb_pair, |(a, b)| intersects(a, b));
    Family::new("obb_obb", &pairs)
}

fn polygon_family() -> Family<ConvexPolygon, ps::ConvexPolygon> {
    let mut rng = Rng::new(0x8604_0004);
    let gons = balanced(&mut rng, PAIRS / 2, gon_pair, |(a, b)| intersects(&a.ours(), &b.ours()));
    Family::new("polygon8_polygon8", &gons)
}

fn parry_hit<P: ps::Shape>(p: &ParryPair<P>) -> bool {
    parry2d::query::intersection_test(&p.pos1, &p.shape1, &p.pos2, &p.shape2).expect("supported pair").intersecting
}

/// Pairs on which the two libraries disagree beyond this count fail the run (a bug to chase).
const MAX_DISAGREEMENTS: usize = 3;

/// Before timing: hit counts of every path agree, and ours agrees with parry2d pair by pair.
fn check_agreement<T: ShapeLike + Debug, P: ps::Shape>(family: &Family<T, P>, direct: impl Fn(&T, &T) -> bool) {
    let generic: Vec<bool> = family.ours.iter().map(|(a, b)| intersects(a, b)).collect();
    let enums = family.enums.iter().filter(|(a, b)| intersects(a, b)).count();
    let direct = family.ours.iter().filter(|(a, b)| direct(a, b)).count();
    let parry: Vec<bool> = family.parry.iter().map(parry_hit).collect();
    let (ours_hits, parry_hits) = (generic.iter().filter(|h| **h).count(), parry.iter().filter(|h| **h).count());
    let differ: Vec<usize> = (0..PAIRS).filter(|&i| generic[i] != parry[i]).collect();
    println!(
        "{}: {PAIRS} pairs, hits ours = {ours_hits}, ours (Shape enum) = {enums}, ours (direct) = {direct}, parry2d = {parry_hits}, \
         pairs that differ = {}",
        family.name,
        differ.len()
    );
    for &i in differ.iter().take(5) {
        let (a, b) = &family.ours[i];
        println!("  pair {i}: ours {} parry2d {}\n    a = {a:?}\n    b = {b:?}", generic[i], parry[i]);
    }
    assert_eq!(ours_hits, enums, "{}: the Shape enum path disagrees with the generic one", family.name);
    assert_eq!(ours_hits, direct, "{}: the direct pair function disagrees with the generic one", family.name);
    assert!(
        differ.len() <= MAX_DISAGREEMENTS,
        "{}: collide2d and parry2d disagree on {} pairs",
        family.name,
        differ.len()
    );
}

/// Times one family: every iteration tests all pairs and counts the hits.
fn bench_family<T: ShapeLike + Debug, P: ps::Shape>(
    c: &mut Criterion,
    family: Family<T, P>,
    direct: impl Fn(&T, &T) -> bool + Copy,
) {
    check_agreement(&family, direct);
    let mut group = configure(c, family.name);
    group.bench_function("ours_generic", |b| {
        b.iter(|| black_box(&family.ours).iter().filter(|(x, y)| intersects(x, y)).count())
    });
    group.bench_function("ours_shape_enum", |b| {
        b.iter(|| black_box(&family.enums).iter().filter(|(x, y)| intersects(x, y)).count())
    });
    group.bench_function("ours_direct", |b| {
        b.iter(|| black_box(&family.ours).iter().filter(|(x, y)| direct(x, y)).count())
    });
    group.bench_function("parry2d", |b| b.iter(|| black_box(&family.parry).iter().filter(|p| parry_hit(p)).count()));
    group.finish();
}

fn overlap(c: &mut Criterion) {
    bench_family(c, aabb_family(), intersects_aabb_aabb);
    bench_family(c, circle_family(), intersects_circle_circle);
    bench_family(c, obb_family(), intersects_obb_obb);
    bench_family(c, polygon_family(), intersects_polygon_polygon);
}

criterion_group!(benches, overlap);
criterion_main!(benches);
