//! What the benches share: the fixed-seed generator, the pair makers, the conversions of our
//! shapes to parry2d's (shape in its local frame, placed by a pose) and the criterion settings.
//!
//! Every bench that says `mod common;` compiles this file on its own, and none uses all of it.
#![allow(dead_code)]

use std::fmt::Debug;
use std::time::Duration;

use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Polygon, Segment, Shape, ShapeLike, Vec2};
use criterion::{BenchmarkGroup, Criterion, Throughput};
use parry2d::math::{Pose, Vector};
use parry2d::shape as ps;

/// Pairs per family (and queries per benchmark iteration).
pub const PAIRS: usize = 1024;
/// Sides of the regular polygons unless a family says otherwise.
pub const SIDES: usize = 8;

/// xorshift64* — tiny, deterministic, good enough to scatter shapes.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    pub fn angle(&mut self) -> f32 {
        self.range(0.0, std::f32::consts::TAU)
    }

    /// A point anywhere in a 200 × 200 world.
    pub fn position(&mut self) -> Vec2 {
        Vec2::new(self.range(-100.0, 100.0), self.range(-100.0, 100.0))
    }

    /// The second shape's centre: `reach` (the sum of both bounding radii) times a factor in
    /// `[0.2, 1.4)` away from `from` in a random direction, so pairs range from deep overlap to
    /// clearly apart with many near misses in between.
    pub fn partner(&mut self, from: Vec2, reach: f32) -> Vec2 {
        from + Vec2::from_angle(self.angle()) * reach * self.range(0.2, 1.4)
    }

    /// Half extents of a box, each side in `[0.5, 3)`.
    pub fn half_extents(&mut self) -> Vec2 {
        Vec2::new(self.range(0.5, 3.0), self.range(0.5, 3.0))
    }
}

/// Draws candidates with `make` until there are `hits_wanted` for which `hit` holds and
/// `PAIRS - hits_wanted` for which it does not, keeping the order in which they came.
pub fn balanced<T>(
    rng: &mut Rng,
    hits_wanted: usize,
    mut make: impl FnMut(&mut Rng) -> T,
    hit: impl Fn(&T) -> bool,
) -> Vec<T> {
    let (mut hits, mut misses) = (0, 0);
    let mut out = Vec::with_capacity(PAIRS);
    while out.len() < PAIRS {
        let item = make(rng);
        let (slot, quota) = if hit(&item) { (&mut hits, hits_wanted) } else { (&mut misses, PAIRS - hits_wanted) };
        if *slot < quota {
            *slot += 1;
            out.push(item);
        }
    }
    out
}

/// A shape as generated: it gives our shape, and parry2d's in its local frame with its pose.
pub trait Spec {
    type Ours: ShapeLike + Clone + Into<Shape> + Debug;
    type Parry: ps::Shape;
    fn ours(&self) -> Self::Ours;
    fn parry(&self) -> (Pose, Self::Parry);
}

impl Spec for Aabb {
    type Ours = Aabb;
    type Parry = ps::Cuboid;
    fn ours(&self) -> Aabb {
        *self
    }
    fn parry(&self) -> (Pose, ps::Cuboid) {
        (Pose::from_translation(self.center()), ps::Cuboid::new(self.half_extents()))
    }
}

impl Spec for Circle {
    type Ours = Circle;
    type Parry = ps::Ball;
    fn ours(&self) -> Circle {
        *self
    }
    fn parry(&self) -> (Pose, ps::Ball) {
        (Pose::from_translation(self.center()), ps::Ball::new(self.radius()))
    }
}

impl Spec for Obb {
    type Ours = Obb;
    type Parry = ps::Cuboid;
    fn ours(&self) -> Obb {
        *self
    }
    fn parry(&self) -> (Pose, ps::Cuboid) {
        (Pose::new(self.center(), self.rotation()), ps::Cuboid::new(self.half_extents()))
    }
}

/// A regular polygon as stored by both libraries: ours in world space, parry's in its local
/// frame (centred at the origin, first vertex on +x) with the pose carrying centre and rotation.
#[derive(Clone, Copy, Debug)]
pub struct Gon {
    pub sides: usize,
    pub center: Vec2,
    pub radius: f32,
    pub rotation: f32,
}

impl Gon {
    /// Its vertices in its local frame (centred at the origin, the first on +x).
    pub fn local_vertices(&self) -> Vec<Vec2> {
        let step = std::f32::consts::TAU / self.sides as f32;
        (0..self.sides).map(|i| Vec2::from_angle(step * i as f32) * self.radius).collect()
    }
}

impl Spec for Gon {
    type Ours = ConvexPolygon;
    type Parry = ps::ConvexPolygon;
    fn ours(&self) -> ConvexPolygon {
        ConvexPolygon::regular(self.sides, self.center, self.radius, self.rotation).unwrap()
    }
    fn parry(&self) -> (Pose, ps::ConvexPolygon) {
        let local: Vec<Vector> = self.local_vertices();
        let poly = ps::ConvexPolygon::from_convex_polyline(local).expect("regular polygon");
        assert_eq!(poly.points().len(), self.sides);
        (Pose::new(self.center, self.rotation), poly)
    }
}

/// A segment given by its centre, half its length and its rotation: ours with its ends in world
/// space, parry's along local x placed by a pose.
#[derive(Clone, Copy, Debug)]
pub struct Stick {
    pub center: Vec2,
    pub half_length: f32,
    pub rotation: f32,
}

impl Spec for Stick {
    type Ours = Segment;
    type Parry = ps::Segment;
    fn ours(&self) -> Segment {
        let half = Vec2::from_angle(self.rotation) * self.half_length;
        Segment::new(self.center - half, self.center + half).unwrap()
    }
    fn parry(&self) -> (Pose, ps::Segment) {
        let half = Vec2::new(self.half_length, 0.0);
        (Pose::new(self.center, self.rotation), ps::Segment::new(-half, half))
    }
}

/// A capsule given by its centre, half the length of its inner segment, radius and rotation:
/// ours with the segment's ends in world space, parry's along local x placed by a pose.
#[derive(Clone, Copy, Debug)]
pub struct Pill {
    pub center: Vec2,
    pub half_length: f32,
    pub radius: f32,
    pub rotation: f32,
}

impl Pill {
    /// The radius of a circle about the centre that holds it.
    pub fn reach(&self) -> f32 {
        self.half_length + self.radius
    }
}

impl Spec for Pill {
    type Ours = Capsule;
    type Parry = ps::Capsule;
    fn ours(&self) -> Capsule {
        let half = Vec2::from_angle(self.rotation) * self.half_length;
        Capsule::new(self.center - half, self.center + half, self.radius).unwrap()
    }
    fn parry(&self) -> (Pose, ps::Capsule) {
        (Pose::new(self.center, self.rotation), ps::Capsule::new_x(self.half_length, self.radius))
    }
}

pub fn aabb_pair(r: &mut Rng) -> (Aabb, Aabb) {
    let (h1, h2) = (r.half_extents(), r.half_extents());
    let c1 = r.position();
    let c2 = r.partner(c1, h1.length() + h2.length());
    (Aabb::from_center_half_extents(c1, h1).unwrap(), Aabb::from_center_half_extents(c2, h2).unwrap())
}

pub fn circle_pair(r: &mut Rng) -> (Circle, Circle) {
    let (r1, r2) = (r.range(0.5, 3.0), r.range(0.5, 3.0));
    let c1 = r.position();
    let c2 = r.partner(c1, r1 + r2);
    (Circle::new(c1, r1).unwrap(), Circle::new(c2, r2).unwrap())
}

pub fn obb_pair(r: &mut Rng) -> (Obb, Obb) {
    let (h1, h2) = (r.half_extents(), r.half_extents());
    let c1 = r.position();
    let c2 = r.partner(c1, h1.length() + h2.length());
    (Obb::new(c1, h1, r.angle()).unwrap(), Obb::new(c2, h2, r.angle()).unwrap())
}

pub fn gon_pair(r: &mut Rng) -> (Gon, Gon) {
    gons(SIDES)(r)
}

/// Pairs of regular polygons of `sides` sides.
pub fn gons(sides: usize) -> impl FnMut(&mut Rng) -> (Gon, Gon) {
    move |r| {
        let (r1, r2) = (r.range(0.5, 3.0), r.range(0.5, 3.0));
        let c1 = r.position();
        let c2 = r.partner(c1, r1 + r2);
        let a = Gon { sides, center: c1, radius: r1, rotation: r.angle() };
        let b = Gon { sides, center: c2, radius: r2, rotation: r.angle() };
        (a, b)
    }
}

pub fn circle_obb_pair(r: &mut Rng) -> (Circle, Obb) {
    let (radius, h) = (r.range(0.5, 3.0), r.half_extents());
    let c1 = r.position();
    let c2 = r.partner(c1, radius + h.length());
    (Circle::new(c1, radius).unwrap(), Obb::new(c2, h, r.angle()).unwrap())
}

/// A disc and a regular polygon of `sides` sides (the pair a ball meets most in a level).
pub fn circle_gons(sides: usize) -> impl FnMut(&mut Rng) -> (Circle, Gon) {
    move |r| {
        let (r1, r2) = (r.range(0.5, 3.0), r.range(0.5, 3.0));
        let c1 = r.position();
        let c2 = r.partner(c1, r1 + r2);
        (Circle::new(c1, r1).unwrap(), Gon { sides, center: c2, radius: r2, rotation: r.angle() })
    }
}

pub fn pill(r: &mut Rng, center: Vec2) -> Pill {
    Pill { center, half_length: r.range(0.5, 2.5), radius: r.range(0.25, 1.5), rotation: r.angle() }
}

pub fn pill_gon_pair(r: &mut Rng) -> (Pill, Gon) {
    let center = r.position();
    let a = pill(r, center);
    let radius = r.range(0.5, 3.0);
    let c2 = r.partner(a.center, a.reach() + radius);
    (a, Gon { sides: SIDES, center: c2, radius, rotation: r.angle() })
}

pub fn circle_pill_pair(r: &mut Rng) -> (Circle, Pill) {
    let radius = r.range(0.5, 3.0);
    let c1 = r.position();
    let b = pill(r, Vec2::ZERO);
    let c2 = r.partner(c1, radius + b.reach());
    (Circle::new(c1, radius).unwrap(), Pill { center: c2, ..b })
}

pub fn pill_pair(r: &mut Rng) -> (Pill, Pill) {
    let center = r.position();
    let a = pill(r, center);
    let b = pill(r, Vec2::ZERO);
    let c2 = r.partner(a.center, a.reach() + b.reach());
    (a, Pill { center: c2, ..b })
}

/// A segment (half length in `[0.5, 3)`) and an 8-gon.
pub fn stick_gon_pair(r: &mut Rng) -> (Stick, Gon) {
    let a = Stick { center: r.position(), half_length: r.range(0.5, 3.0), rotation: r.angle() };
    let radius = r.range(0.5, 3.0);
    let c2 = r.partner(a.center, a.half_length + radius);
    (a, Gon { sides: SIDES, center: c2, radius, rotation: r.angle() })
}

/// One parry2d pair: both shapes in their local frames, placed by poses.
pub struct ParryPair<P1, P2 = P1> {
    pub pos1: Pose,
    pub shape1: P1,
    pub pos2: Pose,
    pub shape2: P2,
}

/// The same pairs in every form that is timed.
pub struct Family<A, B, PA, PB> {
    pub name: &'static str,
    pub ours: Vec<(A, B)>,
    pub enums: Vec<(Shape, Shape)>,
    pub parry: Vec<ParryPair<PA, PB>>,
}

impl<A: Clone + Into<Shape>, B: Clone + Into<Shape>, PA, PB> Family<A, B, PA, PB> {
    /// The family of the generated pairs `specs`.
    pub fn new<SA, SB>(name: &'static str, specs: &[(SA, SB)]) -> Self
    where
        SA: Spec<Ours = A, Parry = PA>,
        SB: Spec<Ours = B, Parry = PB>,
    {
        let ours: Vec<(A, B)> = specs.iter().map(|(a, b)| (a.ours(), b.ours())).collect();
        let enums = ours.iter().map(|(a, b)| (a.clone().into(), b.clone().into())).collect();
        let parry = specs
            .iter()
            .map(|(a, b)| {
                let ((pos1, shape1), (pos2, shape2)) = (a.parry(), b.parry());
                ParryPair { pos1, shape1, pos2, shape2 }
            })
            .collect();
        Family { name, ours, enums, parry }
    }
}

/// Nanoseconds this thread has spent on a CPU (Linux `schedstat`), to compare the libraries
/// fairly when other processes share the cores; `None` elsewhere.
pub fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// A benchmark group with the settings every bench uses.
pub fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(PAIRS as u64));
    group
}

/// A polygon's convex pieces as a parry2d compound, in world coordinates (its fast, inexact
/// alternative to our exact concave contact). Pieces parry2d refuses as not convex (slivers
/// whose corners f32 rounding has made straight, as on a 1,000-point star's inner circle) are
/// left out.
pub fn parry_compound(p: &Polygon) -> ps::Compound {
    let parts = p
        .convex_parts()
        .iter()
        .filter_map(|c| Some((Pose::IDENTITY, ps::SharedShape::convex_polyline(c.vertices().to_vec())?)))
        .collect();
    ps::Compound::new(parts)
}
