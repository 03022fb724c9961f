//! Point queries: the nearest point of a shape, and how far inside or outside a point lies.

use glam::Vec2;

use super::contains::contains_point;
use super::core::{closest_on_segment, Core};
use super::{ShapeLike, ShapeRef};
use crate::math::Order;
use crate::math::{direction_or, distance_squared64, saturate};

/// The point of `shape` nearest to `p`: `p` itself when it lies inside (boundary included).
/// A non-finite `p` gives NaN coordinates.
///
/// ```
/// use collide2d::{closest_point, Circle, Vec2};
/// let c = Circle::new(Vec2::ZERO, 2.0)?;
/// assert_eq!(closest_point(&c, Vec2::new(10.0, 0.0)), Vec2::new(2.0, 0.0));
/// assert_eq!(closest_point(&c, Vec2::new(0.5, 0.5)), Vec2::new(0.5, 0.5));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn closest_point<S: ShapeLike + ?Sized>(shape: &S, p: Vec2) -> Vec2 {
    let shape = shape.shape_ref();
    if !p.is_finite() {
        return Vec2::NAN;
    }
    if let ShapeRef::TileMap(m) = shape {
        return crate::query::tiles::closest_point_map(m, p);
    }
    if contains_point(shape, p) {
        return p;
    }
    if let ShapeRef::Polygon(poly) = shape {
        return nearest_on_edges(poly.edges(), p);
    }
    let (core, radius) = Core::of(shape);
    let q = closest_on_core(&core, p);
    q + direction_or(q, p, Vec2::ZERO) * radius
}

/// The signed distance from `p` to the boundary of `shape`: positive outside, negative inside
/// (minus the distance to the nearest boundary point), 0 on the boundary. Points and segments
/// have no inside: on them it is 0. A non-finite `p` gives NaN; a distance beyond `f32::MAX`
/// (a point and a shape at opposite ends of the `f32` range) gives `f32::MAX`.
///
/// ```
/// use collide2d::{signed_distance, Aabb, Vec2};
/// let b = Aabb::from_xywh(0.0, 0.0, 4.0, 2.0)?;
/// assert_eq!(signed_distance(&b, Vec2::new(7.0, 1.0)), 3.0);
/// assert_eq!(signed_distance(&b, Vec2::new(1.0, 1.0)), -1.0);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn signed_distance<S: ShapeLike + ?Sized>(shape: &S, p: Vec2) -> f32 {
    let shape = shape.shape_ref();
    if !p.is_finite() {
        return f32::NAN;
    }
    if let ShapeRef::TileMap(m) = shape {
        return crate::query::tiles::signed_distance_map(m, p);
    }
    if let ShapeRef::Polygon(poly) = shape {
        let d = saturate(distance_squared64(p, nearest_on_edges(poly.edges(), p)).sqrt());
        return if poly.contains_point(p) { -d } else { d };
    }
    let (core, radius) = Core::of(shape);
    let inside_polygon = match core {
        Core::Quad(..) | Core::Polygon(..) => (0..core.edge_count())
            .map(|i| {
                // In f64: the f32 offset from a vertex at one end of the range to a point at
                // the other overflows, and a zero normal component times it is NaN.
                let (v, _, n) = core.edge(i);
                n.as_dvec2().dot(p.as_dvec2() - v.as_dvec2())
            })
            .fold(f64::NEG_INFINITY, f64::at_least),
        Core::Point(_) | Core::Segment(_) => 0.0,
    };
    // The face lines' test is confirmed by the exact one: beyond the tip of a sliver whose
    // sides are parallel to within rounding, the rounded normals put a point 1,400 out inside.
    if inside_polygon < 0.0 && contains_point(shape, p) {
        // Inside a convex polygon: the nearest face line is the nearest boundary.
        return saturate(inside_faces(inside_polygon, radius));
    }
    saturate(distance_squared64(p, closest_on_core(&core, p)).sqrt() - radius as f64)
}

/// The nearest point on any of the edges.
fn nearest_on_edges(edges: &[(Vec2, Vec2)], p: Vec2) -> Vec2 {
    edges
        .iter()
        .map(|(a, b)| closest_on_segment(p, *a, *b))
        .min_by(|a, b| distance_squared64(*a, p).total_cmp(&distance_squared64(*b, p)))
        .unwrap_or(p)
}

/// The nearest point of a core's boundary (or of the point/segment itself).
fn closest_on_core(core: &Core, p: Vec2) -> Vec2 {
    let v = core.vertices();
    match v.len() {
        1 => v[0],
        2 => closest_on_segment(p, v[0], v[1]),
        n => (0..n)
            .map(|i| closest_on_segment(p, v[i], v[(i + 1) % n]))
            .min_by(|a, b| distance_squared64(*a, p).total_cmp(&distance_squared64(*b, p)))
            .unwrap_or(v[0]),
    }
}

/// signed_distance inside a core with face lines, `inside_polygon` from the nearest: less the
/// radius. Its own function so that the mutation exclusion for `+ radius` names it alone: only
/// boxes and polygons have face lines, and their radius is 0.
#[inline]
fn inside_faces(inside_polygon: f64, radius: f32) -> f64 {
    inside_polygon - radius as f64
}
