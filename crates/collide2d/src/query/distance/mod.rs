//! Distances and closest points between shapes that do not touch.
//!
//! Specialised formulas for discs and axis-aligned boxes; every other pair goes through its
//! cores: exact vertex-to-feature formulas when one core is a point or a segment (O(n)), and the
//! nearest point of the Minkowski difference, walked edge by edge in O(n + m), when both are
//! polygons.

mod boxes;
mod concave;

use glam::Vec2;

pub use boxes::{closest_aabb_obb, closest_circle_aabb, closest_circle_obb, closest_obb_obb};

use super::core::{closest_points_cores, disc_reaches, intersects_cores, Core};
use super::intersects::intersects_ref;
use super::{ShapeLike, ShapeRef};
use crate::math::Order;
use crate::math::{distance_squared64, saturate, unit64_or};
use crate::shape::{Aabb, Circle};

/// The closest points of two shapes that do not touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClosestPoints {
    /// The point of `a` nearest to `b`.
    pub point_a: Vec2,
    /// The point of `b` nearest to `a`.
    pub point_b: Vec2,
    /// `|point_b - point_a|` (> 0; `f32::MAX` when the true distance is beyond it).
    pub distance: f32,
}

/// The closest points of `a` and `b`, or `None` when they intersect (touching included) or a
/// point is not finite.
///
/// ```
/// use collide2d::{closest_points, Aabb, Circle, Vec2};
/// let wall = Aabb::from_xywh(0.0, 0.0, 1.0, 4.0)?;
/// let ball = Circle::new(Vec2::new(4.0, 2.0), 1.0)?;
/// let c = closest_points(&wall, &ball).expect("apart");
/// assert_eq!((c.point_a, c.point_b, c.distance), (Vec2::new(1.0, 2.0), Vec2::new(3.0, 2.0), 2.0));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn closest_points<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> Option<ClosestPoints> {
    closest_points_ref(a.shape_ref(), b.shape_ref())
}

/// The distance between `a` and `b`: 0 when they intersect, NaN when a point is not finite.
///
/// ```
/// use collide2d::{distance, Circle, Vec2};
/// let a = Circle::new(Vec2::ZERO, 1.0)?;
/// assert_eq!(distance(&a, &Circle::new(Vec2::new(5.0, 0.0), 1.0)?), 3.0);
/// assert_eq!(distance(&a, &Vec2::new(0.5, 0.0)), 0.0);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn distance<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> f32 {
    let (a, b) = (a.shape_ref(), b.shape_ref());
    if non_finite_point(a) || non_finite_point(b) {
        return f32::NAN;
    }
    closest_points_ref(a, b).map_or(0.0, |c| c.distance)
}

fn non_finite_point(s: ShapeRef) -> bool {
    matches!(s, ShapeRef::Point(p) if !p.is_finite())
}

#[inline(always)]
pub(crate) fn closest_points_ref(a: ShapeRef, b: ShapeRef) -> Option<ClosestPoints> {
    use ShapeRef as S;
    match (a, b) {
        _ if non_finite_point(a) || non_finite_point(b) => None,
        (S::TileMap(m), other) => crate::query::tiles::closest_map(m, other),
        (other, S::TileMap(m)) => crate::query::tiles::closest_map(m, other).map(flip),
        (S::Polygon(p), other) => concave::closest_concave(p, other),
        (other, S::Polygon(p)) => concave::closest_concave(p, other).map(flip),
        (S::Circle(a), S::Circle(b)) => closest_circle_circle(a, b),
        (S::Aabb(a), S::Aabb(b)) => closest_aabb_aabb(a, b),
        (S::Circle(c), S::Aabb(b)) => closest_circle_aabb(c, b),
        (S::Aabb(b), S::Circle(c)) => closest_circle_aabb(c, b).map(flip),
        (S::Circle(c), S::Obb(o)) => closest_circle_obb(c, o),
        (S::Obb(o), S::Circle(c)) => closest_circle_obb(c, o).map(flip),
        (S::Obb(a), S::Obb(b)) => closest_obb_obb(a, b),
        (S::Aabb(a), S::Obb(b)) => closest_aabb_obb(a, b),
        (S::Obb(b), S::Aabb(a)) => closest_aabb_obb(a, b).map(flip),
        _ => closest_general(a, b),
    }
}

/// The same closest points seen from the other shape.
#[inline]
pub(crate) fn flip(c: ClosestPoints) -> ClosestPoints {
    ClosestPoints { point_a: c.point_b, point_b: c.point_a, distance: c.distance }
}

/// Builds the result from the closest points of the cores and the radii: `None` when the
/// swollen cores touch. In f32, as ever, while the squared gap is a normal `f32`; in f64 beyond
/// (where the f32 square would overflow or underflow).
#[inline]
fn from_cores(pa: Vec2, pb: Vec2, ra: f32, rb: f32) -> Option<ClosestPoints> {
    let between = pb - pa;
    let gap_sq = between.length_squared();
    if !(1e-36..=1e36).contains(&gap_sq) {
        return from_cores_f64(pa, pb, ra, rb);
    }
    let core_gap = gap_sq.sqrt();
    let distance = core_gap - (ra + rb);
    if distance.is_nan() || distance <= 0.0 {
        return None;
    }
    let dir = between / core_gap;
    Some(ClosestPoints { point_a: pa + dir * ra, point_b: pb - dir * rb, distance })
}

/// [`from_cores`] in f64.
#[cold]
fn from_cores_f64(pa: Vec2, pb: Vec2, ra: f32, rb: f32) -> Option<ClosestPoints> {
    #[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN must read as "no closest points"
    if !(distance_squared64(pa, pb) > super::core::reach_squared(ra, rb)) {
        return None;
    }
    Some(apart_f64(pa, pb, ra, rb))
}

/// The closest points of cores known to be further apart than the radii: in f32, as ever, while
/// the squared gap is a normal `f32`, else in f64. A distance that rounds to 0 or below is
/// reported as the smallest positive one.
#[inline]
pub(crate) fn apart(pa: Vec2, pb: Vec2, ra: f32, rb: f32) -> ClosestPoints {
    let between = pb - pa;
    let gap_sq = between.length_squared();
    if !(1e-36..=1e36).contains(&gap_sq) {
        return apart_f64(pa, pb, ra, rb);
    }
    let core_gap = gap_sq.sqrt();
    let distance = (core_gap - (ra + rb)).at_least(f32::from_bits(1));
    let dir = between / core_gap;
    ClosestPoints { point_a: pa + dir * ra, point_b: pb - dir * rb, distance }
}

/// [`apart`] in f64.
#[cold]
fn apart_f64(pa: Vec2, pb: Vec2, ra: f32, rb: f32) -> ClosestPoints {
    let between = pb.as_dvec2() - pa.as_dvec2();
    let core_gap = between.length();
    let distance = saturate(core_gap - (ra as f64 + rb as f64)).at_least(f32::from_bits(1));
    // Decided apart in a box's frame, the world points may still round onto each other.
    let dir = unit64_or(between, Vec2::X);
    ClosestPoints { point_a: pa + dir * ra, point_b: pb - dir * rb, distance }
}

/// Discs, decided as `intersects_circle_circle` decides.
fn closest_circle_circle(a: &Circle, b: &Circle) -> Option<ClosestPoints> {
    let (pa, pb, ra, rb) = (a.center(), b.center(), a.radius(), b.radius());
    (!disc_reaches(pa, pb, ra, rb)).then(|| apart(pa, pb, ra, rb))
}

/// Per axis: the facing sides when apart, the middle of the shared range when overlapping.
fn closest_aabb_aabb(a: &Aabb, b: &Aabb) -> Option<ClosestPoints> {
    let pick = |amin: f32, amax: f32, bmin: f32, bmax: f32| {
        if amax < bmin {
            (amax, bmin)
        } else if bmax < amin {
            (amin, bmax)
        } else {
            let mid = amin.at_least(bmin) * 0.5 + amax.at_most(bmax) * 0.5;
            (mid, mid)
        }
    };
    let (ax, bx) = pick(a.min().x, a.max().x, b.min().x, b.max().x);
    let (ay, by) = pick(a.min().y, a.max().y, b.min().y, b.max().y);
    from_cores(Vec2::new(ax, ay), Vec2::new(bx, by), 0.0, 0.0)
}

fn closest_general(a: ShapeRef, b: ShapeRef) -> Option<ClosestPoints> {
    if let (ShapeRef::Point(_), _) | (_, ShapeRef::Point(_)) = (a, b) {
        return closest_with_a_point(a, b);
    }
    Core::with_pair(a, b, closest_cores)
}

/// The closest points of two convex shapes' cores, swollen by their radii, whatever their own
/// test says of a touch: for a caller whose rule has found them apart (their distance at least
/// the smallest `f32`).
pub(crate) fn closest_regardless(a: ShapeRef, b: ShapeRef) -> ClosestPoints {
    Core::with_pair(a, b, |(ca, ra), (cb, rb)| {
        let (pa, pb) = closest_points_cores(ca, cb);
        apart(pa, pb, ra, rb)
    })
}

/// [`closest_general`] of a pair with a point, held to `intersects`' verdict (see
/// `contact_with_a_point`): apart by its test, the cores' closest points, however near.
#[cold]
fn closest_with_a_point(a: ShapeRef, b: ShapeRef) -> Option<ClosestPoints> {
    (!intersects_ref(a, b)).then(|| closest_regardless(a, b))
}

/// [`closest_general`] of the cores `ca` and `cb` swollen by their radii.
#[inline(never)]
fn closest_cores((ca, ra): (&Core, f32), (cb, rb): (&Core, f32)) -> Option<ClosestPoints> {
    // Touching by `intersects`' own rule (the cores' distance in f64 against their radii), not
    // by the closest points rounded to f32, which read a gap below a step of f32 (a box's face
    // 2e-8 above a capsule at 1) as none.
    if intersects_cores((ca, ra), (cb, rb)) {
        return None;
    }
    let (pa, pb) = closest_points_cores(ca, cb);
    Some(apart(pa, pb, ra, rb))
}
