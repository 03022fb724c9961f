use crate::query::core::{cores_overlap, Core};
use crate::shape::ConvexPolygon;

/// Convex polygons by the separating axis theorem over both polygons' edge normals: they are
/// apart exactly when every vertex of one lies beyond some edge of the other.
#[inline]
pub fn intersects_polygon_polygon(a: &ConvexPolygon, b: &ConvexPolygon) -> bool {
    cores_overlap(&Core::Polygon(a.vertices(), a.normals()), &Core::Polygon(b.vertices(), b.normals()))
}
