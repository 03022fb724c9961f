//! Contact, distance and ray-cast throughput, side by side with parry2d and Box2D v3 on the same
//! inputs.
//!
//! Families (fixed-seed lists of `PAIRS` inputs each, drawn as in the overlap bench):
//! - contact, each family twice, on overlapping pairs and on pairs apart: OBB–OBB, regular
//!   8-gon–8-gon, circle–circle, circle–OBB, circle–4-gon, circle–8-gon, capsule–8-gon,
//!   circle–capsule, capsule–capsule, segment–8-gon, 16-gon–16-gon, 32-gon–32-gon;
//! - distance, each family on separated and on overlapping pairs: OBB–OBB, 8-gon–8-gon,
//!   circle–OBB, capsule–8-gon, 16-gon–16-gon, 32-gon–32-gon;
//! - ray casts against a circle, an OBB, an 8-, 16- and 32-gon and a capsule: rays start 2–6
//!   bounding radii away from the shape and aim near it, exactly 3/4 of them hitting.
//!
//! Before anything is timed, every family is cross-checked against parry2d (contact: depth within
//! 1e-3 relative and normals within `dot > 0.99`; distance: within 1e-4 relative; rays: hit or
//! miss alike and distance within 1e-4 relative) and Box2D (the same, but for contact: Box2D
//! also reports pairs within its speculative margin, so only the overlapping pairs' depths are
//! compared), and the heap allocations of one pass over the family are counted for each library.
//! Disagreements are printed, not fatal.
//!
//! Benchmarks per family, each iteration running the query on every input and passing each full
//! result through `black_box`:
//! - `ours`: `collide2d::contact` / `distance` / `cast_ray` on the concrete shape types;
//! - `ours_shape_enum` (contact only): `collide2d::contact` on two `collide2d::Shape` values;
//! - `parry2d`: `parry2d::query::contact(.., prediction = 0.0)` / `parry2d::query::distance` /
//!   `RayCast::cast_ray_and_get_normal(&pose, &ray, max, solid = true)` with the equivalent parry
//!   shapes (shape in its local frame, placed by a pose);
//! - `box2d` (shapes of at most 8 vertices): `b2Collide…`, `b2ShapeDistance`, `b2RayCast…` with
//!   the set-up Box2D's own callers do (see `box2d/mod.rs`).
//!
//! Run with `cargo bench -p collide2d --bench queries`; `scripts/bench-ratios.py` then prints
//! each family's times and ratios from criterion's estimates.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod box2d;
mod common;
mod counting;

use std::fmt::Debug;
use std::hint::black_box;

use box2d::{Box2dSpec, Collide, Proxy, RayCast};
use collide2d::{cast_ray, contact, distance, intersects, Circle, Obb, Ray, ShapeLike, Vec2};
use common::{
    balanced, circle_gons, circle_obb_pair, circle_pair, circle_pill_pair, configure, gon_pair, gons, obb_pair, pill,
    pill_gon_pair, pill_pair, stick_gon_pair, Family, Gon, Rng, Spec, PAIRS, SIDES,
};
use counting::allocations;
use criterion::{criterion_group, criterion_main, Criterion};
use parry2d::math::Pose;
use parry2d::shape as ps;

/// Contact depths agree within this fraction.
const DEPTH_TOLERANCE: f32 = 1e-3;
/// Contact normals agree when their dot product is above this.
const NORMAL_DOT: f32 = 0.99;
/// Distances (between shapes, along rays) agree within this fraction.
const DISTANCE_TOLERANCE: f32 = 1e-4;
/// Rounding floor for the looser count: four f32 ulps at 100, the largest coordinate of the world.
const ROUNDING: f32 = 4.0 * 7.63e-6;
/// Rays reach this far (every ray's target is much nearer).
const MAX_DISTANCE: f32 = 1000.0;

/// Whether `x` and `y` agree within `tolerance` relative to the larger of the two.
fn close(x: f32, y: f32, tolerance: f32) -> bool {
    (x - y).abs() <= tolerance * x.abs().max(y.abs())
}

fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of as f64
}

// ---------------------------------------------------------------------------------------------
// Contact

fn parry_contact<PA: ps::Shape, PB: ps::Shape>(p: &common::ParryPair<PA, PB>) -> Option<parry2d::query::Contact> {
    parry2d::query::contact(&p.pos1, &p.shape1, &p.pos2, &p.shape2, 0.0).expect("supported pair")
}

fn check_contact<A, B, PA, PB, BA, BB>(family: &Family<A, B, PA, PB>, b2: Option<&[box2d::Pair<BA, BB>]>)
where
    A: ShapeLike + Debug,
    B: ShapeLike + Debug,
    PA: ps::Shape,
    PB: ps::Shape,
    BA: Collide<BB>,
{
    let ours: Vec<_> = family.ours.iter().map(|(a, b)| contact(a, b)).collect();
    let enums: Vec<_> = family.enums.iter().map(|(a, b)| contact(a, b)).collect();
    let parry: Vec<_> = family.parry.iter().map(parry_contact).collect();
    let (mut depth_ok, mut normal_ok, mut both_ok, mut max_depth_err) = (0, 0, 0, 0.0f32);
    let mut differ = Vec::new();
    for i in 0..PAIRS {
        let (Some(o), Some(p)) = (ours[i], parry[i]) else {
            differ.push(i);
            continue;
        };
        let (d, n) = (close(o.depth, -p.dist, DEPTH_TOLERANCE), o.normal.dot(p.normal1) > NORMAL_DOT);
        depth_ok += d as usize;
        normal_ok += n as usize;
        both_ok += (d && n) as usize;
        max_depth_err = max_depth_err.max((o.depth + p.dist).abs());
        if !(d && n) {
            differ.push(i);
        }
    }
    let (ours_some, parry_some) = (ours.iter().flatten().count(), parry.iter().flatten().count());
    let enum_same = (0..PAIRS).filter(|&i| ours[i] == enums[i]).count();
    let points: usize = ours.iter().flatten().map(|c| c.points().len()).sum();
    let alloc_ours = allocations(|| {
        family.ours.iter().for_each(|(a, b)| {
            black_box(contact(a, b));
        })
    });
    let alloc_enum = allocations(|| {
        family.enums.iter().for_each(|(a, b)| {
            black_box(contact(a, b));
        })
    });
    let alloc_parry = allocations(|| {
        family.parry.iter().for_each(|p| {
            black_box(parry_contact(p));
        })
    });
    println!(
        "contact_{}: {PAIRS} pairs; contacts ours = {ours_some}, parry2d = {parry_some}; ours (Shape enum) \
         identical on {enum_same}; depth within {DEPTH_TOLERANCE:e} rel: {depth_ok}, normal dot > {NORMAL_DOT}: \
         {normal_ok}, both: {both_ok} ({:.2} %); max |depth diff| = {max_depth_err:.3e}; contact points per pair \
         {:.2}; heap allocations per pass: ours {alloc_ours}, ours (Shape enum) {alloc_enum}, parry2d {alloc_parry}",
        family.name,
        percent(both_ok, PAIRS),
        points as f64 / ours_some.max(1) as f64,
    );
    for &i in differ.iter().take(4) {
        let (a, b) = &family.ours[i];
        println!("  pair {i}: ours {:?}\n    parry2d {:?}\n    a = {a:?}\n    b = {b:?}", ours[i], parry[i]);
    }
    let Some(b2) = b2 else { return };
    let manifolds: Vec<_> = b2.iter().map(BA::collide).collect();
    let (mut overlapping, mut depth_ok, mut normal_ok) = (0, 0, 0);
    for (o, m) in ours.iter().zip(&manifolds) {
        let (Some(o), Some(depth)) = (o, m.depth()) else { continue };
        if o.depth > 0.0 {
            overlapping += 1;
            depth_ok += close(o.depth, depth, DEPTH_TOLERANCE) as usize;
            normal_ok += (o.normal.dot(m.normal) > NORMAL_DOT) as usize;
        }
    }
    let alloc_b2 = allocations(|| {
        b2.iter().for_each(|p| {
            black_box(BA::collide(p));
        })
    });
    println!(
        "  box2d: manifolds with points {} (its speculative margin included); of {overlapping} overlapping pairs \
         with points, deepest point's depth within {DEPTH_TOLERANCE:e} rel: {depth_ok}, normal dot > {NORMAL_DOT}: \
         {normal_ok}; heap allocations per pass: {alloc_b2}",
        manifolds.iter().filter(|m| m.count > 0).count(),
    );
}

fn bench_contact<A, B, PA, PB, BA, BB>(
    c: &mut Criterion,
    family: Family<A, B, PA, PB>,
    b2: Option<Vec<box2d::Pair<BA, BB>>>,
) where
    A: ShapeLike + Debug,
    B: ShapeLike + Debug,
    PA: ps::Shape,
    PB: ps::Shape,
    BA: Collide<BB>,
{
    check_contact(&family, b2.as_deref());
    let mut group = configure(c, &format!("contact_{}", family.name));
    group.bench_function("ours", |b| {
        b.iter(|| {
            for (x, y) in black_box(&family.ours) {
                black_box(contact(x, y));
            }
        })
    });
    group.bench_function("ours_shape_enum", |b| {
        b.iter(|| {
            for (x, y) in black_box(&family.enums) {
                black_box(contact(x, y));
            }
        })
    });
    group.bench_function("parry2d", |b| {
        b.iter(|| {
            for p in black_box(&family.parry) {
                black_box(parry_contact(p));
            }
        })
    });
    if let Some(pairs) = &b2 {
        group.bench_function("box2d", |b| {
            b.iter(|| {
                for p in black_box(pairs) {
                    black_box(BA::collide(p));
                }
            })
        });
    }
    group.finish();
}

/// `PAIRS` overlapping pairs drawn by `make` from `seed`.
fn overlapping<SA: Spec, SB: Spec>(seed: u64, make: impl FnMut(&mut Rng) -> (SA, SB)) -> Vec<(SA, SB)> {
    balanced(&mut Rng::new(seed), PAIRS, make, |(a, b)| intersects(&a.ours(), &b.ours()))
}

/// `PAIRS` separated pairs drawn by `make` from `seed`.
fn separated<SA: Spec, SB: Spec>(seed: u64, make: impl FnMut(&mut Rng) -> (SA, SB)) -> Vec<(SA, SB)> {
    balanced(&mut Rng::new(seed), 0, make, |(a, b)| intersects(&a.ours(), &b.ours()))
}

// ---------------------------------------------------------------------------------------------
// Distance

fn parry_distance<PA: ps::Shape, PB: ps::Shape>(p: &common::ParryPair<PA, PB>) -> f32 {
    parry2d::query::distance(&p.pos1, &p.shape1, &p.pos2, &p.shape2).expect("supported pair").distance
}

fn check_distance<A, B, PA, PB, BA, BB>(family: &Family<A, B, PA, PB>, b2: Option<&[box2d::Pair<BA, BB>]>)
where
    A: ShapeLike + Debug,
    B: ShapeLike + Debug,
    PA: ps::Shape,
    PB: ps::Shape,
    BA: Proxy,
    BB: Proxy,
{
    let ours: Vec<f32> = family.ours.iter().map(|(a, b)| distance(a, b)).collect();
    let parry: Vec<f32> = family.parry.iter().map(parry_distance).collect();
    let differ: Vec<usize> = (0..PAIRS).filter(|&i| !close(ours[i], parry[i], DISTANCE_TOLERANCE)).collect();
    let loose = (0..PAIRS)
        .filter(|&i| (ours[i] - parry[i]).abs() <= ROUNDING || close(ours[i], parry[i], DISTANCE_TOLERANCE))
        .count();
    let max_abs = differ.iter().map(|&i| (ours[i] - parry[i]).abs()).fold(0.0f32, f32::max);
    let max_rel = (0..PAIRS).map(|i| (ours[i] - parry[i]).abs() / parry[i]).fold(0.0f32, f32::max);
    let min_distance = ours.iter().copied().fold(f32::INFINITY, f32::min);
    let alloc_ours = allocations(|| {
        family.ours.iter().for_each(|(a, b)| {
            black_box(distance(a, b));
        })
    });
    let alloc_parry = allocations(|| {
        family.parry.iter().for_each(|p| {
            black_box(parry_distance(p));
        })
    });
    println!(
        "distance_{}: {PAIRS} pairs (smallest distance {min_distance:.3e}); within {DISTANCE_TOLERANCE:e} rel: \
         {} ({:.2} %), within that or {ROUNDING:.2e} abs: {loose}; max rel diff {max_rel:.3e}; max |diff| among those outside {max_abs:.3e}; heap allocations per \
         pass: ours {alloc_ours}, parry2d {alloc_parry}",
        family.name,
        PAIRS - differ.len(),
        percent(PAIRS - differ.len(), PAIRS),
    );
    for &i in differ.iter().take(4) {
        let (a, b) = &family.ours[i];
        println!("  pair {i}: ours {:e} parry2d {:e}\n    a = {a:?}\n    b = {b:?}", ours[i], parry[i]);
    }
    let Some(b2) = b2 else { return };
    let theirs: Vec<f32> = b2.iter().map(box2d::distance).collect();
    let agree = (0..PAIRS)
        .filter(|&i| (ours[i] - theirs[i]).abs() <= ROUNDING || close(ours[i], theirs[i], DISTANCE_TOLERANCE))
        .count();
    let max_abs = (0..PAIRS).map(|i| (ours[i] - theirs[i]).abs()).fold(0.0f32, f32::max);
    let alloc_b2 = allocations(|| {
        b2.iter().for_each(|p| {
            black_box(box2d::distance(p));
        })
    });
    println!(
        "  box2d: within {DISTANCE_TOLERANCE:e} rel or {ROUNDING:.2e} abs: {agree}; max |diff| {max_abs:.3e}; heap \
         allocations per pass: {alloc_b2}"
    );
}

fn bench_distance<A, B, PA, PB, BA, BB>(
    c: &mut Criterion,
    family: Family<A, B, PA, PB>,
    b2: Option<Vec<box2d::Pair<BA, BB>>>,
) where
    A: ShapeLike + Debug,
    B: ShapeLike + Debug,
    PA: ps::Shape,
    PB: ps::Shape,
    BA: Proxy,
    BB: Proxy,
{
    check_distance(&family, b2.as_deref());
    let mut group = configure(c, &format!("distance_{}", family.name));
    group.bench_function("ours", |b| {
        b.iter(|| {
            for (x, y) in black_box(&family.ours) {
                black_box(distance(x, y));
            }
        })
    });
    group.bench_function("parry2d", |b| {
        b.iter(|| {
            for p in black_box(&family.parry) {
                black_box(parry_distance(p));
            }
        })
    });
    if let Some(pairs) = &b2 {
        group.bench_function("box2d", |b| {
            b.iter(|| {
                for p in black_box(pairs) {
                    black_box(box2d::distance(p));
                }
            })
        });
    }
    group.finish();
}

/// The pairs of one kind as two families, `PAIRS` overlapping and `PAIRS` apart, each given to
/// `bench` with the same pairs as Box2D holds them when `with_box2d` (shapes it can hold).
/// Distances take the separated pairs first (and name them so), contacts the overlapping ones
/// (naming the others `apart`).
fn subsets<SA, SB>(
    name: &str,
    seed: u64,
    mut make: impl FnMut(&mut Rng) -> (SA, SB),
    distances: bool,
    with_box2d: bool,
    mut bench: impl FnMut(Family<SA::Ours, SB::Ours, SA::Parry, SB::Parry>, Option<Vec<box2d::Pair<SA::Shape, SB::Shape>>>),
) where
    SA: Spec + Box2dSpec,
    SB: Spec + Box2dSpec,
{
    let both = if distances {
        [("separated", separated(seed, &mut make)), ("overlapping", overlapping(seed ^ 1, &mut make))]
    } else {
        [("overlapping", overlapping(seed, &mut make)), ("apart", separated(seed ^ 1, &mut make))]
    };
    for (subset, specs) in both {
        let name: &'static str = format!("{name}/{subset}").leak();
        bench(Family::new(name, &specs), with_box2d.then(|| box2d::pairs(&specs)));
    }
}

// ---------------------------------------------------------------------------------------------
// Ray casts

/// The same rays and shapes for both libraries.
struct RayFamily<S, P, B> {
    name: &'static str,
    ours: Vec<(S, Ray)>,
    parry: Vec<(Pose, P, parry2d::query::Ray)>,
    box2d: Option<Vec<(boxdd_sys::ffi::b2Transform, B, Ray)>>,
}

/// Rays that hit: 3/4 of them.
const RAY_HITS: usize = PAIRS * 3 / 4;

/// `PAIRS` shapes drawn by `make` (the shape, its centre and the radius of a circle about the
/// centre holding it), each with a ray starting 2–6 such radii away and aimed at a point within
/// 1.3 radii of the centre; exactly `RAY_HITS` of them hit.
fn ray_family<S: Spec + Box2dSpec>(
    name: &'static str,
    seed: u64,
    with_box2d: bool,
    mut make: impl FnMut(&mut Rng) -> (S, Vec2, f32),
) -> RayFamily<S::Ours, S::Parry, S::Shape> {
    let items = balanced(
        &mut Rng::new(seed),
        RAY_HITS,
        |r| {
            let (shape, center, reach) = make(r);
            let origin = center + Vec2::from_angle(r.angle()) * reach * r.range(2.0, 6.0);
            let target = center + Vec2::from_angle(r.angle()) * reach * r.range(0.0, 1.3);
            (shape.ours(), shape, Ray::new(origin, target - origin).unwrap())
        },
        |(ours, _, ray)| cast_ray(ours, ray, MAX_DISTANCE).is_some(),
    );
    let parry = items
        .iter()
        .map(|(_, spec, ray)| {
            let (pose, shape) = spec.parry();
            (pose, shape, parry2d::query::Ray::new(ray.origin(), ray.direction()))
        })
        .collect();
    let box2d = with_box2d.then(|| {
        items
            .iter()
            .map(|(_, spec, ray)| {
                let (xf, shape) = spec.box2d();
                (xf, shape, *ray)
            })
            .collect()
    });
    RayFamily { name, ours: items.into_iter().map(|(ours, _, ray)| (ours, ray)).collect(), parry, box2d }
}

fn box2d_ray<B: RayCast>((xf, shape, ray): &(boxdd_sys::ffi::b2Transform, B, Ray)) -> Option<(f32, Vec2)> {
    box2d::ray(*xf, shape, ray.origin(), ray.direction(), MAX_DISTANCE)
}

fn parry_ray<P: ps::Shape>((pose, shape, ray): &(Pose, P, parry2d::query::Ray)) -> Option<(f32, Vec2)> {
    shape.cast_ray_and_get_normal(pose, ray, MAX_DISTANCE, true).map(|hit| (hit.time_of_impact, hit.normal))
}

fn check_rays<S: ShapeLike + Debug, P: ps::Shape, B: RayCast>(family: &RayFamily<S, P, B>) {
    let ours: Vec<_> = family.ours.iter().map(|(s, ray)| cast_ray(s, ray, MAX_DISTANCE)).collect();
    let parry: Vec<_> = family.parry.iter().map(parry_ray).collect();
    let (mut same_hit, mut both_hit, mut distance_ok, mut normal_ok, mut max_rel) = (0, 0, 0, 0, 0.0f32);
    let mut differ = Vec::new();
    for i in 0..PAIRS {
        match (ours[i], parry[i]) {
            (None, None) => same_hit += 1,
            (Some(o), Some((t, n))) => {
                same_hit += 1;
                both_hit += 1;
                let d = close(o.distance, t, DISTANCE_TOLERANCE);
                distance_ok += d as usize;
                normal_ok += (o.normal.dot(n) > NORMAL_DOT) as usize;
                max_rel = max_rel.max((o.distance - t).abs() / t);
                if !d {
                    differ.push(i);
                }
            }
            _ => differ.push(i),
        }
    }
    let hits = ours.iter().flatten().count();
    let alloc_ours = allocations(|| {
        family.ours.iter().for_each(|(s, ray)| {
            black_box(cast_ray(s, ray, MAX_DISTANCE));
        })
    });
    let alloc_parry = allocations(|| {
        family.parry.iter().for_each(|item| {
            black_box(parry_ray(item));
        })
    });
    println!(
        "ray_{}: {PAIRS} rays, hits ours = {hits}, parry2d = {}; hit/miss agree on {same_hit}; of {both_hit} hit by both, \
         distance within {DISTANCE_TOLERANCE:e} rel: {distance_ok}, normal dot > {NORMAL_DOT}: {normal_ok}; max rel \
         diff {max_rel:.3e}; heap allocations per pass: ours {alloc_ours}, parry2d {alloc_parry}",
        family.name,
        parry.iter().flatten().count(),
    );
    for &i in differ.iter().take(4) {
        let (s, ray) = &family.ours[i];
        println!("  ray {i}: ours {:?} parry2d {:?}\n    shape = {s:?}\n    ray = {ray:?}", ours[i], parry[i]);
    }
    let Some(b2) = &family.box2d else { return };
    let theirs: Vec<_> = b2.iter().map(box2d_ray).collect();
    let (mut same_hit, mut distance_ok) = (0, 0);
    for (o, t) in ours.iter().zip(&theirs) {
        match (o, t) {
            (None, None) => same_hit += 1,
            (Some(o), Some((t, _))) => {
                same_hit += 1;
                distance_ok += close(o.distance, *t, DISTANCE_TOLERANCE) as usize;
            }
            _ => {}
        }
    }
    let alloc_b2 = allocations(|| {
        b2.iter().for_each(|item| {
            black_box(box2d_ray(item));
        })
    });
    println!(
        "  box2d: hits {}; hit/miss agree on {same_hit}, distance within {DISTANCE_TOLERANCE:e} rel: {distance_ok}; \
         heap allocations per pass: {alloc_b2}",
        theirs.iter().flatten().count()
    );
}

fn bench_rays<S: ShapeLike + Debug, P: ps::Shape, B: RayCast>(c: &mut Criterion, family: RayFamily<S, P, B>) {
    check_rays(&family);
    let mut group = configure(c, &format!("ray_{}", family.name));
    group.bench_function("ours", |b| {
        b.iter(|| {
            for (s, ray) in black_box(&family.ours) {
                black_box(cast_ray(s, ray, MAX_DISTANCE));
            }
        })
    });
    group.bench_function("parry2d", |b| {
        b.iter(|| {
            for item in black_box(&family.parry) {
                black_box(parry_ray(item));
            }
        })
    });
    if let Some(items) = &family.box2d {
        group.bench_function("box2d", |b| {
            b.iter(|| {
                for item in black_box(items) {
                    black_box(box2d_ray(item));
                }
            })
        });
    }
    group.finish();
}

// ---------------------------------------------------------------------------------------------

fn queries(c: &mut Criterion) {
    subsets("obb_obb", 0xC0B0_0011, obb_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("polygon8_polygon8", 0xC086_0012, gon_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("circle_circle", 0xC0C1_0013, circle_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("circle_obb", 0xC0C0_0014, circle_obb_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("circle_polygon4", 0xC0C4_001B, circle_gons(4), false, true, |f, b2| bench_contact(c, f, b2));
    subsets("circle_polygon8", 0xC0C8_001C, circle_gons(8), false, true, |f, b2| bench_contact(c, f, b2));
    subsets("capsule_polygon8", 0xC0CA_0015, pill_gon_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("circle_capsule", 0xC0C1_0016, circle_pill_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("capsule_capsule", 0xC0CA_0017, pill_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("segment_polygon8", 0xC05E_0018, stick_gon_pair, false, true, |f, b2| bench_contact(c, f, b2));
    subsets("polygon16_polygon16", 0xC016_0019, gons(16), false, false, |f, b2| bench_contact(c, f, b2));
    subsets("polygon32_polygon32", 0xC032_001A, gons(32), false, false, |f, b2| bench_contact(c, f, b2));

    subsets("obb_obb", 0xD0B0_0021, obb_pair, true, true, |f, b2| bench_distance(c, f, b2));
    subsets("polygon8_polygon8", 0xD086_0022, gon_pair, true, true, |f, b2| bench_distance(c, f, b2));
    subsets("circle_obb", 0xD0C0_0023, circle_obb_pair, true, true, |f, b2| bench_distance(c, f, b2));
    subsets("capsule_polygon8", 0xD0CA_0024, pill_gon_pair, true, true, |f, b2| bench_distance(c, f, b2));
    subsets("polygon16_polygon16", 0xD016_0025, gons(16), true, false, |f, b2| bench_distance(c, f, b2));
    subsets("polygon32_polygon32", 0xD032_0026, gons(32), true, false, |f, b2| bench_distance(c, f, b2));

    bench_rays(
        c,
        ray_family("circle", 0xAA01_0031, true, |r| {
            let radius = r.range(0.5, 3.0);
            let center = r.position();
            (Circle::new(center, radius).unwrap(), center, radius)
        }),
    );
    bench_rays(
        c,
        ray_family("obb", 0xAA0B_0032, true, |r| {
            let h = r.half_extents();
            let center = r.position();
            (Obb::new(center, h, r.angle()).unwrap(), center, h.length())
        }),
    );
    for (name, sides, seed) in
        [("polygon8", SIDES, 0xAA86_0033), ("polygon16", 16, 0xAA16_0035), ("polygon32", 32, 0xAA32_0036)]
    {
        bench_rays(
            c,
            ray_family(name, seed, sides <= 8, |r| {
                let radius = r.range(0.5, 3.0);
                let center = r.position();
                (Gon { sides, center, radius, rotation: r.angle() }, center, radius)
            }),
        );
    }
    bench_rays(
        c,
        ray_family("capsule", 0xAACA_0034, true, |r| {
            let center = r.position();
            let p = pill(r, center);
            (p, center, p.reach())
        }),
    );
}

criterion_group!(benches, queries);
criterion_main!(benches);
