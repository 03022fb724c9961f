//! Concave polygons, side by side with the all-pairs edge loop (what seed 003 does) and with
//! parry2d (a `Compound` of the same convex pieces) on the same inputs:
//! - 200-vertex concave stars against each other at 256 offsets (overlapping, nested, apart);
//! - a 60-vertex sprite-sized outline against an oriented box at 256 placements;
//! - placing that outline by 256 transforms (`Polygon::transformed`), beside building it again
//!   from its moved vertices (what placing did before) and parry2d's change of pose;
//! - building stars (radii 100 and 50) and combs (a base and thin teeth) of 10³ to 10⁵
//!   vertices (`Polygon::new`), which was quadratic in the vertices on stars before the rings'
//!   triangulation decided simplicity.
//!
//! Run with `cargo bench -p collide2d --bench concave`. With `STAR_SIZES` set, it first times one
//! exact contact of two overlapping stars of each size it lists (see [`star_growth`]):
//! `STAR_SIZES=250,500,1000 cargo bench -p collide2d --bench concave -- nothing` runs only that
//! (the filter `nothing` matches no benchmark). With `BUILD_SIZES` set, it first builds one star
//! and one comb of each size it lists, timed once: `BUILD_SIZES=1000000 cargo bench -p collide2d
//! --bench concave -- nothing` (a million vertices takes seconds, too long for criterion's ten
//! samples in the default run).
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use std::hint::black_box;
use std::time::Duration;

use collide2d::{contact, intersects, Obb, Polygon, Transform, Vec2};
use common::parry_compound;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use parry2d::math::Pose;
use parry2d::shape as ps;

const PLACEMENTS: usize = 256;

/// A star with `n` points alternating between two radii.
fn star(n: usize, center: Vec2, outer: f32, inner: f32, rotation: f32) -> Polygon {
    let pts: Vec<Vec2> = (0..n)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            center + Vec2::from_angle(rotation + i as f32 * std::f32::consts::TAU / n as f32) * r
        })
        .collect();
    Polygon::new(&pts).expect("stars are simple")
}

/// A wobbly, concave blob of 60 vertices about 32 units across (a traced sprite's size).
fn blob(center: Vec2) -> Polygon {
    let pts: Vec<Vec2> = (0..60)
        .map(|i| {
            let t = i as f32 * std::f32::consts::TAU / 60.0;
            let r = 16.0 + 4.0 * (3.0 * t).sin() + 2.5 * (7.0 * t).cos();
            center + Vec2::from_angle(t) * r
        })
        .collect();
    Polygon::new(&pts).expect("a blob is simple")
}

/// Seed 003's method: every edge against every edge, then one vertex inside the other.
fn all_pairs_intersects(a: &Polygon, b: &Polygon) -> bool {
    let cross = |o: Vec2, p: Vec2, q: Vec2| (p - o).perp_dot(q - o);
    for &(p, q) in a.edges() {
        for &(r, s) in b.edges() {
            let (d1, d2) = (cross(p, q, r), cross(p, q, s));
            let (d3, d4) = (cross(r, s, p), cross(r, s, q));
            if d1 * d2 <= 0.0 && d3 * d4 <= 0.0 {
                return true;
            }
        }
    }
    inside(a.outline()[0], b) || inside(b.outline()[0], a)
}

fn inside(p: Vec2, poly: &Polygon) -> bool {
    let mut c = false;
    for &(a, b) in poly.edges() {
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            c = !c;
        }
    }
    c
}

struct Case<T> {
    ours: (Polygon, T),
    parry: (ps::Compound, ParryOther),
}

enum ParryOther {
    Compound(ps::Compound),
    Cuboid(Pose, ps::Cuboid),
}

fn star_cases() -> Vec<Case<Polygon>> {
    let a = star(200, Vec2::ZERO, 10.0, 4.0, 0.0);
    (0..PLACEMENTS)
        .map(|k| {
            let t = k as f32 / PLACEMENTS as f32;
            let offset = Vec2::from_angle(t * 37.0) * (t * 24.0);
            let b = star(200, offset, 8.0 + 3.0 * (k % 3) as f32, 3.5, t * 5.0);
            Case { parry: (parry_compound(&a), ParryOther::Compound(parry_compound(&b))), ours: (a.clone(), b) }
        })
        .collect()
}

fn blob_cases() -> Vec<Case<Obb>> {
    let a = blob(Vec2::ZERO);
    (0..PLACEMENTS)
        .map(|k| {
            let t = k as f32 / PLACEMENTS as f32;
            let center = Vec2::from_angle(t * 29.0) * (t * 30.0);
            let o = Obb::new(center, Vec2::new(6.0, 2.0), t * 11.0).unwrap();
            let parry = ParryOther::Cuboid(Pose::new(o.center(), o.rotation()), ps::Cuboid::new(o.half_extents()));
            Case { parry: (parry_compound(&a), parry), ours: (a.clone(), o) }
        })
        .collect()
}

fn parry_intersects(c: &(ps::Compound, ParryOther)) -> bool {
    let test = match &c.1 {
        ParryOther::Compound(b) => parry2d::query::intersection_test(&Pose::IDENTITY, &c.0, &Pose::IDENTITY, b),
        ParryOther::Cuboid(pose, b) => parry2d::query::intersection_test(&Pose::IDENTITY, &c.0, pose, b),
    };
    test.map(|t| t.intersecting).unwrap_or(false)
}

fn parry_contact_depth(c: &(ps::Compound, ParryOther)) -> Option<f32> {
    let found = match &c.1 {
        ParryOther::Compound(b) => parry2d::query::contact(&Pose::IDENTITY, &c.0, &Pose::IDENTITY, b, 0.0),
        ParryOther::Cuboid(pose, b) => parry2d::query::contact(&Pose::IDENTITY, &c.0, pose, b, 0.0),
    };
    found.ok().flatten().map(|k| -k.dist)
}

/// A reference intersection test on one case.
type Reference<'a, T> = &'a dyn Fn(&Case<T>) -> bool;

fn report<T: collide2d::ShapeLike>(name: &str, cases: &[Case<T>], all_pairs: Option<Reference<T>>) {
    let ours = cases.iter().filter(|c| intersects(&c.ours.0, &c.ours.1)).count();
    let parry = cases.iter().filter(|c| parry_intersects(&c.parry)).count();
    let brute = all_pairs.map(|f| cases.iter().filter(|c| f(c)).count());
    let differ = cases.iter().filter(|c| intersects(&c.ours.0, &c.ours.1) != parry_intersects(&c.parry)).count();
    println!("{name}: {} placements, hits ours = {ours}, parry2d = {parry}, all-pairs = {brute:?}, ours vs parry differ = {differ}", cases.len());
    // Depths: ours is the true minimum over the union; parry's compound contact is per piece.
    let (mut shallower, mut deeper, mut both) = (0, 0, 0);
    for c in cases {
        if let (Some(o), Some(p)) = (contact(&c.ours.0, &c.ours.1), parry_contact_depth(&c.parry)) {
            both += 1;
            if o.depth < p - 1e-3 {
                shallower += 1;
            } else if o.depth > p + 1e-3 {
                deeper += 1;
            }
        }
    }
    println!("{name}: contacts on {both} pairs; ours shallower than parry2d's on {shallower}, deeper on {deeper}");
}

/// How exact concave contact grows with the corner count (issue 20's n² log n target): for each
/// size in `STAR_SIZES`, two stars of that many corners (points alternating between radii 20 and
/// 12; the second turned by 0.1 and moved by (3, 2), about 35 deep), one `contact`, timed once.
/// A star's middle piece has half its corners, so about n² / 4 differences of up to n / 2 faces
/// each lie near the answer.
fn star_growth() {
    let Ok(sizes) = std::env::var("STAR_SIZES") else { return };
    for n in sizes.split(',').filter_map(|s| s.trim().parse::<usize>().ok()) {
        let a = star(n, Vec2::ZERO, 20.0, 12.0, 0.0);
        let b = star(n, Vec2::new(3.0, 2.0), 20.0, 12.0, 0.1);
        let start = std::time::Instant::now();
        let depth = contact(black_box(&a), black_box(&b)).map(|c| c.depth);
        println!("stars of {n} corners: contact depth {depth:?} in {:.3} s", start.elapsed().as_secs_f64());
    }
}

fn bench(c: &mut Criterion) {
    star_growth();
    let stars = star_cases();
    let blobs = blob_cases();
    let brute = |c: &Case<Polygon>| all_pairs_intersects(&c.ours.0, &c.ours.1);
    report("star200_star200", &stars, Some(&brute));
    report("blob60_obb", &blobs, None);

    let mut g = c.benchmark_group("star200_star200");
    // Flat sampling: one pass over the 256 placements takes tens of milliseconds for the exact
    // contact, so criterion's default ramp (1 + 2 + … + n passes) would take minutes.
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(PLACEMENTS as u64));
    g.bench_function("ours_intersects", |b| {
        b.iter(|| stars.iter().filter(|c| intersects(black_box(&c.ours.0), black_box(&c.ours.1))).count())
    });
    g.bench_function("all_pairs_intersects", |b| {
        b.iter(|| stars.iter().filter(|c| all_pairs_intersects(black_box(&c.ours.0), black_box(&c.ours.1))).count())
    });
    g.bench_function("parry2d_intersects", |b| {
        b.iter(|| stars.iter().filter(|c| parry_intersects(black_box(&c.parry))).count())
    });
    g.bench_function("ours_contact", |b| {
        b.iter(|| stars.iter().filter_map(|c| contact(black_box(&c.ours.0), black_box(&c.ours.1))).count())
    });
    g.bench_function("parry2d_contact", |b| {
        b.iter(|| stars.iter().filter_map(|c| parry_contact_depth(black_box(&c.parry))).count())
    });
    g.finish();

    let mut g = c.benchmark_group("blob60_obb");
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(PLACEMENTS as u64));
    g.bench_function("ours_intersects", |b| {
        b.iter(|| blobs.iter().filter(|c| intersects(black_box(&c.ours.0), black_box(&c.ours.1))).count())
    });
    g.bench_function("parry2d_intersects", |b| {
        b.iter(|| blobs.iter().filter(|c| parry_intersects(black_box(&c.parry))).count())
    });
    g.bench_function("ours_contact", |b| {
        b.iter(|| blobs.iter().filter_map(|c| contact(black_box(&c.ours.0), black_box(&c.ours.1))).count())
    });
    g.bench_function("parry2d_contact", |b| {
        b.iter(|| blobs.iter().filter_map(|c| parry_contact_depth(black_box(&c.parry))).count())
    });
    g.finish();
}

fn bench_place(c: &mut Criterion) {
    let a = blob(Vec2::ZERO);
    let rigid: Vec<Transform> = (0..PLACEMENTS)
        .map(|k| Transform::from_translation_rotation_scale(Vec2::new(k as f32, 3.0), k as f32 * 0.1, Vec2::ONE))
        .collect();
    let skewed: Vec<Transform> = rigid.iter().map(|t| t.compose(&Transform::from_scale(Vec2::new(1.5, 0.7)))).collect();
    let poses: Vec<Pose> = (0..PLACEMENTS).map(|k| Pose::new(Vec2::new(k as f32, 3.0), k as f32 * 0.1)).collect();
    let mut g = c.benchmark_group("blob60_place");
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(PLACEMENTS as u64));
    g.bench_function("ours_rigid", |b| {
        b.iter(|| rigid.iter().map(|t| a.transformed(black_box(t)).unwrap().outline().len()).sum::<usize>())
    });
    g.bench_function("ours_skewed", |b| {
        b.iter(|| skewed.iter().map(|t| a.transformed(black_box(t)).unwrap().outline().len()).sum::<usize>())
    });
    g.bench_function("rebuild_rigid", |b| {
        b.iter(|| {
            rigid
                .iter()
                .map(|t| {
                    let moved: Vec<Vec2> = a.outline().iter().map(|p| black_box(t).transform_point(*p)).collect();
                    Polygon::new(&moved).unwrap().outline().len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("parry2d_pose", |b| {
        let base = Pose::new(Vec2::new(1.0, 2.0), 0.3);
        b.iter(|| poses.iter().map(|p| (black_box(base) * *black_box(p)).translation.x).sum::<f32>())
    });
    g.finish();
}

/// The outline of a star of `n` points alternating between radii 100 and 50.
fn star_outline(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * if i % 2 == 0 { 100.0 } else { 50.0 })
        .collect()
}

/// The outline of a comb of `n` vertices (a multiple of 4): a base 10 high and `n / 4` teeth 1
/// wide and 90 long, 1 apart.
fn comb_outline(n: usize) -> Vec<Vec2> {
    let teeth = n / 4;
    let mut points = vec![Vec2::ZERO, Vec2::new(2.0 * teeth as f32 - 1.0, 0.0)];
    for k in (0..teeth).rev() {
        let x = 2.0 * k as f32;
        points.extend([Vec2::new(x + 1.0, 100.0), Vec2::new(x, 100.0)]);
        if k > 0 {
            points.extend([Vec2::new(x, 10.0), Vec2::new(x - 1.0, 10.0)]);
        }
    }
    points
}

/// For each size in `BUILD_SIZES`, a star and a comb of that many vertices built once, timed.
fn build_sizes() {
    let Ok(sizes) = std::env::var("BUILD_SIZES") else { return };
    for n in sizes.split(',').filter_map(|s| s.trim().parse::<usize>().ok()) {
        for (name, outline) in [("star", star_outline(n)), ("comb", comb_outline(n))] {
            let start = std::time::Instant::now();
            let pieces = Polygon::new(black_box(&outline)).map(|p| p.convex_parts().len());
            println!("{name} of {n} vertices: {pieces:?} pieces in {:.3} s", start.elapsed().as_secs_f64());
        }
    }
}

fn bench_build(c: &mut Criterion) {
    build_sizes();
    let mut g = c.benchmark_group("build");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for n in [1_000, 10_000, 100_000] {
        g.throughput(Throughput::Elements(n as u64));
        for (name, outline) in [("star", star_outline(n)), ("comb", comb_outline(n))] {
            g.bench_function(format!("{name}_{n}"), |b| b.iter(|| Polygon::new(black_box(&outline)).unwrap()));
        }
    }
    g.finish();
}

criterion_group!(benches, bench, bench_place, bench_build);
criterion_main!(benches);
