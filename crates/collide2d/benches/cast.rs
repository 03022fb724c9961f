//! Shape-cast throughput, side by side with parry2d's `cast_shapes` and Box2D v3's `b2ShapeCast`
//! on the same inputs.
//!
//! Families (fixed-seed lists of `PAIRS` pairs each, separated at the start, drawn as in the
//! queries bench): OBB–OBB, circle–8-gon, capsule–8-gon. The second shape of each pair is thrown
//! at the first: its velocity aims at the first's centre, give or take a sideways jitter, at a
//! speed that covers the gap between centres in about 0.7 of the unit time (so that most casts
//! hit within `max_time = 1` and some miss).
//!
//! Before timing, each family is cross-checked: hit or miss alike, and times within 1e-3 of the
//! unit time; disagreements are printed (with both answers), not fatal, and the heap
//! allocations of one pass are counted for each library.
//!
//! Benchmarks per family, each iteration casting every pair and passing each result through
//! `black_box`: `ours` (`collide2d::cast_shape` on the concrete types), `parry2d`
//! (`parry2d::query::cast_shapes` with `ShapeCastOptions::with_max_time_of_impact(1.0)`) and
//! `box2d` (`b2ShapeCast` with `maxFraction` 1, from proxies made per call; see `box2d/mod.rs`).
//!
//! Run with `cargo bench -p collide2d --bench cast`.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod box2d;
mod common;
mod counting;

use std::hint::black_box;

use box2d::{Box2dSpec, Proxy};
use collide2d::{cast_shape, intersects, ShapeLike, Vec2};
use common::{configure, gon_pair, obb_pair, pill_gon_pair, Family, Rng, Spec, PAIRS};
use counting::allocations;
use criterion::{criterion_group, criterion_main, Criterion};
use parry2d::query::ShapeCastOptions;
use parry2d::shape as ps;

/// Times agree within this much of the unit time.
const TIME_TOLERANCE: f32 = 1e-3;

/// A family with the velocity of each pair's second shape.
struct Thrown<SA: Spec + Box2dSpec, SB: Spec + Box2dSpec> {
    family: Family<SA::Ours, SB::Ours, SA::Parry, SB::Parry>,
    box2d: Vec<box2d::Pair<SA::Shape, SB::Shape>>,
    velocities: Vec<Vec2>,
}

/// `PAIRS` pairs drawn by `make` from `seed` that start apart, each with the second shape's
/// velocity (see the module docs).
fn thrown<SA: Spec + Box2dSpec, SB: Spec + Box2dSpec>(
    name: &'static str,
    seed: u64,
    mut make: impl FnMut(&mut Rng) -> (SA, SB),
) -> Thrown<SA, SB> {
    let mut rng = Rng::new(seed);
    let (mut specs, mut velocities) = (Vec::with_capacity(PAIRS), Vec::with_capacity(PAIRS));
    while specs.len() < PAIRS {
        let (a, b) = make(&mut rng);
        let (oa, ob) = (a.ours(), b.ours());
        if intersects(&oa, &ob) {
            continue;
        }
        let gap = oa.shape_ref().aabb().center() - ob.shape_ref().aabb().center();
        let jitter = gap.perp() * rng.range(-0.6, 0.6);
        velocities.push((gap + jitter) / 0.7);
        specs.push((a, b));
    }
    Thrown { family: Family::new(name, &specs), box2d: box2d::pairs(&specs), velocities }
}

fn parry_cast<PA: ps::Shape, PB: ps::Shape>(p: &common::ParryPair<PA, PB>, v: Vec2) -> Option<f32> {
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    parry2d::query::cast_shapes(&p.pos1, Vec2::ZERO, &p.shape1, &p.pos2, v, &p.shape2, options)
        .expect("supported pair")
        .map(|h| h.time_of_impact)
}

fn bench_family<SA, SB>(c: &mut Criterion, t: Thrown<SA, SB>)
where
    SA: Spec + Box2dSpec,
    SB: Spec + Box2dSpec,
    SA::Shape: Proxy,
    SB::Shape: Proxy,
{
    let Thrown { family, box2d: b2, velocities } = t;
    let ours: Vec<Option<f32>> = family
        .ours
        .iter()
        .zip(&velocities)
        .map(|((a, b), v)| cast_shape(a, Vec2::ZERO, b, *v, 1.0).map(|h| h.time))
        .collect();
    let parry: Vec<Option<f32>> = family.parry.iter().zip(&velocities).map(|(p, v)| parry_cast(p, *v)).collect();
    let theirs: Vec<Option<f32>> = b2.iter().zip(&velocities).map(|(p, v)| box2d::cast(p, *v)).collect();
    // Box2D does not aim at touching: `b2ShapeCast` stops polygons its linear slop apart, and
    // lets rounded shapes sink that far into each other, so its times differ from the touching
    // time by the slop over the speed, one way or the other.
    let box2d_alike = (0..PAIRS).filter(|&i| ours[i].is_some() == theirs[i].is_some()).count();
    let offsets = (0..PAIRS).filter_map(|i| Some(theirs[i]? - ours[i]?));
    let (least, most) = offsets.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), d| (lo.min(d), hi.max(d)));
    let differ: Vec<usize> = (0..PAIRS)
        .filter(|&i| match (ours[i], parry[i]) {
            (Some(o), Some(p)) => (o - p).abs() > TIME_TOLERANCE,
            (None, None) => false,
            _ => true,
        })
        .collect();
    let alloc_ours = allocations(|| {
        for ((a, b), v) in family.ours.iter().zip(&velocities) {
            black_box(cast_shape(a, Vec2::ZERO, b, *v, 1.0));
        }
    });
    let alloc_parry = allocations(|| {
        for (p, v) in family.parry.iter().zip(&velocities) {
            black_box(parry_cast(p, *v));
        }
    });
    let alloc_b2 = allocations(|| {
        for (p, v) in b2.iter().zip(&velocities) {
            black_box(box2d::cast(p, *v));
        }
    });
    println!(
        "cast_{}: {PAIRS} pairs apart at the start; hits ours = {}, parry2d = {}, box2d = {}; agree (hit or miss \
         alike, time within {TIME_TOLERANCE:e}) with parry2d on {}; hit or miss alike with box2d on {box2d_alike}, \
         its times minus ours in [{least:.2e}, {most:.2e}]; heap allocations per pass: ours {alloc_ours}, \
         parry2d {alloc_parry}, box2d {alloc_b2}",
        family.name,
        ours.iter().flatten().count(),
        parry.iter().flatten().count(),
        theirs.iter().flatten().count(),
        PAIRS - differ.len(),
    );
    for &i in differ.iter().take(4) {
        let (a, b) = &family.ours[i];
        println!(
            "  pair {i}: ours {:?}, parry2d {:?}\n    a = {a:?}\n    b = {b:?}\n    v = {}",
            ours[i], parry[i], velocities[i]
        );
    }
    let mut group = configure(c, &format!("cast_{}", family.name));
    group.bench_function("ours", |bench| {
        bench.iter(|| {
            for ((a, b), v) in black_box(&family.ours).iter().zip(&velocities) {
                black_box(cast_shape(a, Vec2::ZERO, b, *v, 1.0));
            }
        })
    });
    group.bench_function("parry2d", |bench| {
        bench.iter(|| {
            for (p, v) in black_box(&family.parry).iter().zip(&velocities) {
                black_box(parry_cast(p, *v));
            }
        })
    });
    group.bench_function("box2d", |bench| {
        bench.iter(|| {
            for (p, v) in black_box(&b2).iter().zip(&velocities) {
                black_box(box2d::cast(p, *v));
            }
        })
    });
    group.finish();
}

fn casts(c: &mut Criterion) {
    bench_family(c, thrown("obb_obb", 71, obb_pair));
    bench_family(
        c,
        thrown("circle_gon", 72, |r| {
            let (a, b) = gon_pair(r);
            (collide2d::Circle::new(a.center, a.radius).unwrap(), b)
        }),
    );
    bench_family(c, thrown("capsule_gon", 73, pill_gon_pair));
}

criterion_group!(benches, casts);
criterion_main!(benches);
