//! Containment: does one shape hold all of another?
//!
//! Convexity makes this a vertex test: a convex shape holds a polygon exactly when it holds its
//! vertices, and holds a disc or capsule exactly when it holds their end discs.

mod concave;

use glam::Vec2;

use super::core::{point_segment_distance_squared, within, Core};
use super::intersects::intersects_point_segment;
use super::{ShapeLike, ShapeRef};
use crate::math::distance_squared64;
use crate::shape::Aabb;

/// Whether every point of `b` lies in `a` (boundaries included: an axis-aligned box, segment or
/// polygon contains itself, and a box contains a box sharing its edge from inside). Polygon
/// edges are tested with exact orientation signs; an `Obb`'s corners are computed from its
/// rotation, so for a rotated box the answer at exact contact is subject to that rounding.
///
/// Never panics; a point with a NaN or infinite coordinate is contained in nothing and
/// contains nothing.
///
/// ```
/// use collide2d::{contains, Aabb, Circle, Vec2};
/// let room = Aabb::from_xywh(0.0, 0.0, 10.0, 10.0)?;
/// assert!(contains(&room, &Circle::new(Vec2::new(5.0, 5.0), 5.0)?)); // touches all four walls
/// assert!(!contains(&room, &Circle::new(Vec2::new(5.0, 5.0), 5.01)?));
/// assert!(contains(&room, &Vec2::new(10.0, 0.0)));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline(always)]
pub fn contains<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> bool {
    contains_ref(a.shape_ref(), b.shape_ref())
}

#[inline(always)]
pub(crate) fn contains_ref(a: ShapeRef, b: ShapeRef) -> bool {
    use ShapeRef as S;
    match (a, b) {
        // Every shape contains itself; computed corners of a turned box would round a hair out.
        _ if identical(a, b) => a_is_finite(a),
        (a, S::Point(p)) => contains_point(a, p),
        (S::TileMap(m), b) => crate::query::tiles::map_holds(m, b),
        (a, S::TileMap(m)) => crate::query::tiles::holds_map(a, m),
        (S::Polygon(p), b) => concave::concave_holds(p, b),
        (a, S::Polygon(p)) => concave::shape_holds_concave(a, p),
        (S::Aabb(a), S::Aabb(b)) => contains_aabb_aabb(a, b),
        (S::Point(p), b) => flat_core_held(b, |v| v == p),
        (S::Segment(s), b) => flat_core_held(b, |v| intersects_point_segment(v, s)),
        _ => contains_general(a, b),
    }
}

/// Whether the two views show equal shapes.
fn identical(a: ShapeRef, b: ShapeRef) -> bool {
    use ShapeRef as S;
    match (a, b) {
        (S::Point(p), S::Point(q)) => p == q,
        (S::Segment(x), S::Segment(y)) => x == y,
        (S::Aabb(x), S::Aabb(y)) => x == y,
        (S::Circle(x), S::Circle(y)) => x == y,
        (S::Obb(x), S::Obb(y)) => x == y,
        (S::Capsule(x), S::Capsule(y)) => x == y,
        (S::ConvexPolygon(x), S::ConvexPolygon(y)) => std::ptr::eq(x, y) || x == y,
        (S::Polygon(x), S::Polygon(y)) => std::ptr::eq(x, y) || x == y,
        (S::TileMap(x), S::TileMap(y)) => std::ptr::eq(x, y) || x == y,
        _ => false,
    }
}

/// Whether the shape is made of finite numbers: only a point can fail that (and then it
/// contains nothing, not even itself).
fn a_is_finite(s: ShapeRef) -> bool {
    !matches!(s, ShapeRef::Point(p) if !p.is_finite())
}

/// Whether an axis-aligned box holds another.
#[inline]
pub fn contains_aabb_aabb(a: &Aabb, b: &Aabb) -> bool {
    a.x_interval().contains_interval(&b.x_interval()) && a.y_interval().contains_interval(&b.y_interval())
}

/// Whether point `p` lies in `shape` (boundary included). False for a non-finite point.
#[inline]
pub(crate) fn contains_point(shape: ShapeRef, p: Vec2) -> bool {
    use ShapeRef as S;
    if !p.is_finite() {
        return false;
    }
    match shape {
        S::Point(q) => p == q,
        S::Segment(s) => intersects_point_segment(p, s),
        S::Aabb(b) => b.x_interval().contains(p.x) && b.y_interval().contains(p.y),
        S::Circle(c) => within(distance_squared64(p, c.center()), c.radius(), 0.0),
        S::Obb(o) => {
            let (l, h) = (o.to_local(p).abs(), o.half_extents());
            l.x <= h.x && l.y <= h.y
        }
        S::Capsule(k) => within(point_segment_distance_squared(p, k.a(), k.b()), k.radius(), 0.0),
        S::ConvexPolygon(poly) => poly.edges().all(|(a, b)| crate::math::orient2d(a, b, p) >= 0.0),
        S::Polygon(poly) => poly.contains_point(p),
        S::TileMap(m) => crate::query::tiles::intersects_map(m, S::Point(p)),
    }
}

/// For a container with no area (a point or a segment): only flat shapes fit, and they fit when
/// every vertex of their core does.
fn flat_core_held(b: ShapeRef, mut holds: impl FnMut(Vec2) -> bool) -> bool {
    let (core, radius) = Core::of(b);
    radius == 0.0 && core.vertices().iter().all(|v| holds(*v))
}

/// The general case: a polygonal container holds `b` when every vertex of `b`'s core lies at
/// least `b`'s radius inside each of its half-planes; a round container (disc or capsule) when
/// every such vertex lies within the difference of the radii from its core.
fn contains_general(a: ShapeRef, b: ShapeRef) -> bool {
    let ((ca, ra), (cb, rb)) = (Core::of(a), Core::of(b));
    let inner = cb.vertices();
    if ra == 0.0 {
        return ca.holds_all(inner, rb);
    }
    let slack = ra - rb;
    let (start, end) = match ca.vertices() {
        [p] => (*p, *p),
        [p, q] => (*p, *q),
        _ => return false,
    };
    slack >= 0.0 && inner.iter().all(|v| within(point_segment_distance_squared(*v, start, end), slack, 0.0))
}
