//! Overlap tests: do two shapes share at least one point?
//!
//! [`intersects`] takes any two shapes. Pairs with a fast path are listed below; every other
//! pair goes through the general separating-axis and core-distance test, which is exact too.

mod boxes;
mod concave;
mod polygons;
mod round;
mod segments;

pub(crate) use boxes::{boxes_overlap, frame_first};
pub use boxes::{intersects_aabb_aabb, intersects_aabb_obb, intersects_obb_obb};
pub(crate) use concave::concave_vs;
pub use concave::intersects_concave;
pub use polygons::intersects_polygon_polygon;
pub use round::{
    intersects_capsule_capsule, intersects_circle_aabb, intersects_circle_capsule, intersects_circle_circle,
    intersects_circle_obb,
};
pub use segments::{intersects_point_segment, intersects_segment_segment, segment_intersection, SegmentIntersection};

use super::contains::contains_point;
use super::core::intersects_general;
use super::{ShapeLike, ShapeRef};

/// Whether `a` and `b` share at least one point. Shapes are closed: touching counts.
///
/// Symmetric (`intersects(a, b) == intersects(b, a)`). Never panics; a point with a NaN or
/// infinite coordinate intersects nothing.
///
/// ```
/// use collide2d::{intersects, Aabb, Circle, Shape, Vec2};
/// let wall = Aabb::from_xywh(0.0, 0.0, 10.0, 1.0)?;
/// let ball = Circle::new(Vec2::new(5.0, 1.5), 0.5)?;
/// assert!(intersects(&wall, &ball)); // resting on top: touching counts
/// // The same query on shapes known only at run time:
/// let shapes: Vec<Shape> = vec![wall.into(), ball.into()];
/// assert!(intersects(&shapes[0], &shapes[1]));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline(always)]
pub fn intersects<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> bool {
    intersects_ref(a.shape_ref(), b.shape_ref())
}

/// The dispatch: always inlined, so that for statically known shape types it folds to the pair's
/// path (a plain `#[inline]` was measured not to be taken: see BENCHMARKS.md).
#[inline(always)]
pub(crate) fn intersects_ref(a: ShapeRef, b: ShapeRef) -> bool {
    use ShapeRef as S;
    match (a, b) {
        (S::TileMap(m), other) | (other, S::TileMap(m)) => crate::query::tiles::intersects_map(m, other),
        (S::Polygon(p), other) | (other, S::Polygon(p)) => concave_vs(p, other),
        (S::Point(p), other) | (other, S::Point(p)) => contains_point(other, p),
        (S::Aabb(a), S::Aabb(b)) => intersects_aabb_aabb(a, b),
        (S::Obb(a), S::Obb(b)) => intersects_obb_obb(a, b),
        (S::Aabb(a), S::Obb(b)) | (S::Obb(b), S::Aabb(a)) => intersects_aabb_obb(a, b),
        (S::Circle(a), S::Circle(b)) => intersects_circle_circle(a, b),
        (S::Circle(c), S::Aabb(b)) | (S::Aabb(b), S::Circle(c)) => intersects_circle_aabb(c, b),
        (S::Circle(c), S::Obb(o)) | (S::Obb(o), S::Circle(c)) => intersects_circle_obb(c, o),
        (S::Circle(c), S::Capsule(k)) | (S::Capsule(k), S::Circle(c)) => intersects_circle_capsule(c, k),
        (S::Capsule(a), S::Capsule(b)) => intersects_capsule_capsule(a, b),
        (S::Segment(a), S::Segment(b)) => intersects_segment_segment(a, b),
        (S::ConvexPolygon(a), S::ConvexPolygon(b)) => intersects_polygon_polygon(a, b),
        _ => intersects_general(a, b),
    }
}
