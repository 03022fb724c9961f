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

use std::fmt::Debug;
use std::hint::black_box;
use std::time::Duration;

use collide2d::query::intersects::{
    intersects_aabb_aabb, intersects_circle_circle, intersects_obb_obb, intersects_polygon_polygon,
};
use collide2d::{intersects, Aabb, Circle, ConvexPolygon, Obb, Shape, ShapeLike, Vec2};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use parry2d::math::{Pose, Vector};
use parry2d::shape as ps;

/// Pairs per family (and tests per benchmark iteration).
const PAIRS: usize = 1024;
/// Sides of the regular polygons.
const SIDES: usize = 8;

/// xorshift64* — tiny, deterministic, good enough to scatter shapes.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    fn angle(&mut self) -> f32 {
        self.range(0.0, std::f32::consts::TAU)
    }

    /// A point anywhere in a 200 × 200 world.
    fn position(&mut self) -> Vec2 {
        Vec2::new(self.range(-100.0, 100.0), self.range(-100.0, 100.0))
    }

    /// The second shape's centre: `reach` (the sum of both bounding radii) times a factor in
    /// `[0.2, 1.4)` away from `from` in a random direction, so pairs range from deep overlap to
    /// clearly apart with many near misses in between.
    fn partner(&mut self, from: Vec2, reach: f32) -> Vec2 {
        from + Vec2::from_angle(self.angle()) * reach * self.range(0.2, 1.4)
    }
}

/// Draws candidate pairs with `make` until there are `PAIRS / 2` overlapping and `PAIRS / 2`
/// apart ones (by `hit`), keeping the order in which they came.
fn balanced<T>(rng: &mut Rng, mut make: impl FnMut(&mut Rng) -> T, hit: impl Fn(&T) -> bool) -> Vec<T> {
    let (mut hits, mut misses) = (0, 0);
    let mut out = Vec::with_capacity(PAIRS);
    while out.len() < PAIRS {
        let pair = make(rng);
        let slot = if hit(&pair) { &mut hits } else { &mut misses };
        if *slot < PAIRS / 2 {
            *slot += 1;
            out.push(pair);
        }
    }
    out
}

/// One parry2d pair: both shapes in their local frames, placed by poses.
struct ParryPair<S> {
    pos1: Pose,
    shape1: S,
    pos2: Pose,
    shape2: S,
}

/// The same pairs in every form that is timed.
struct Family<T, P> {
    name: &'static str,
    ours: Vec<(T, T)>,
    enums: Vec<(Shape, Shape)>,
    parry: Vec<ParryPair<P>>,
}

fn aabb_family() -> Family<Aabb, ps::Cuboid> {
    let mut rng = Rng::new(0xA4BB_0001);
    let pairs = balanced(
        &mut rng,
        |r| {
            let (h1, h2) =
                (Vec2::new(r.range(0.5, 3.0), r.range(0.5, 3.0)), Vec2::new(r.range(0.5, 3.0), r.range(0.5, 3.0)));
            let c1 = r.position();
            let c2 = r.partner(c1, h1.length() + h2.length());
            (Aabb::from_center_half_extents(c1, h1).unwrap(), Aabb::from_center_half_extents(c2, h2).unwrap())
        },
        |(a, b)| intersects(a, b),
    );
    let parry = pairs
        .iter()
        .map(|(a, b)| ParryPair {
            pos1: Pose::from_translation(a.center()),
            shape1: (ps::Cuboid::new(a.half_extents())),
            pos2: Pose::from_translation(b.center()),
            shape2: (ps::Cuboid::new(b.half_extents())),
        })
        .collect();
    Family { name: "aabb_aabb", enums: to_enums(&pairs), ours: pairs, parry }
}

fn circle_family() -> Family<Circle, ps::Ball> {
    let mut rng = Rng::new(0xC1C1_0002);
    let pairs = balanced(
        &mut rng,
        |r| {
            let (r1, r2) = (r.range(0.5, 3.0), r.range(0.5, 3.0));
            let c1 = r.position();
            let c2 = r.partner(c1, r1 + r2);
            (Circle::new(c1, r1).unwrap(), Circle::new(c2, r2).unwrap())
        },
        |(a, b)| intersects(a, b),
    );
    let parry = pairs
        .iter()
        .map(|(a, b)| ParryPair {
            pos1: Pose::from_translation(a.center()),
            shape1: (ps::Ball::new(a.radius())),
            pos2: Pose::from_translation(b.center()),
            shape2: (ps::Ball::new(b.radius())),
        })
        .collect();
    Family { name: "circle_circle", enums: to_enums(&pairs), ours: pairs, parry }
}

fn obb_family() -> Family<Obb, ps::Cuboid> {
    let mut rng = Rng::new(0x0BB0_0003);
    let pairs = balanced(
        &mut rng,
        |r| {
            let (h1, h2) =
                (Vec2::new(r.range(0.5, 3.0), r.range(0.5, 3.0)), Vec2::new(r.range(0.5, 3.0), r.range(0.5, 3.0)));
            let c1 = r.position();
            let c2 = r.partner(c1, h1.length() + h2.length());
            (Obb::new(c1, h1, r.angle()).unwrap(), Obb::new(c2, h2, r.angle()).unwrap())
        },
        |(a, b)| intersects(a, b),
    );
    let parry = pairs
        .iter()
        .map(|(a, b)| ParryPair {
            pos1: Pose::new(a.center(), a.rotation()),
            shape1: (ps::Cuboid::new(a.half_extents())),
            pos2: Pose::new(b.center(), b.rotation()),
            shape2: (ps::Cuboid::new(b.half_extents())),
        })
        .collect();
    Family { name: "obb_obb", enums: to_enums(&pairs), ours: pairs, parry }
}

/// A regular polygon as stored by both libraries: ours in world space, parry's in its local
/// frame (centred at the origin, first vertex on +x) with the pose carrying centre and rotation.
struct Gon {
    center: Vec2,
    radius: f32,
    rotation: f32,
}

impl Gon {
    fn ours(&self) -> ConvexPolygon {
        ConvexPolygon::regular(SIDES, self.center, self.radius, self.rotation).unwrap()
    }

    fn parry(&self) -> (Pose, ps::ConvexPolygon) {
        let step = std::f32::consts::TAU / SIDES as f32;
        let local: Vec<Vector> = (0..SIDES).map(|i| Vec2::from_angle(step * i as f32) * self.radius).collect();
        let poly = ps::ConvexPolygon::from_convex_polyline(local).expect("regular polygon");
        assert_eq!(poly.points().len(), SIDES);
        (Pose::new(self.center, self.rotation), poly)
    }
}

fn polygon_family() -> Family<ConvexPolygon, ps::ConvexPolygon> {
    let mut rng = Rng::new(0x8604_0004);
    let gons = balanced(
        &mut rng,
        |r| {
            let (r1, r2) = (r.range(0.5, 3.0), r.range(0.5, 3.0));
            let c1 = r.position();
            let c2 = r.partner(c1, r1 + r2);
            let a = Gon { center: c1, radius: r1, rotation: r.angle() };
            let b = Gon { center: c2, radius: r2, rotation: r.angle() };
            let ours = (a.ours(), b.ours());
            (a, b, ours)
        },
        |(_, _, (a, b))| intersects(a, b),
    );
    let parry = gons
        .iter()
        .map(|(a, b, _)| {
            let ((pos1, shape1), (pos2, shape2)) = (a.parry(), b.parry());
            ParryPair { pos1, shape1, pos2, shape2 }
        })
        .collect();
    let pairs: Vec<_> = gons.into_iter().map(|(_, _, ours)| ours).collect();
    Family { name: "polygon8_polygon8", enums: to_enums(&pairs), ours: pairs, parry }
}

fn to_enums<T: Clone + Into<Shape>>(pairs: &[(T, T)]) -> Vec<(Shape, Shape)> {
    pairs.iter().map(|(a, b)| (a.clone().into(), b.clone().into())).collect()
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

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(PAIRS as u64));
    group
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
