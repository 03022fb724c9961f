use super::{closest_points_ref, flip, ClosestPoints};
use crate::polygon::Polygon;
use crate::query::intersects::concave_vs;
use crate::query::ShapeRef;

/// Closest points between a concave polygon and any shape: `None` when they intersect, else the
/// best over the polygon's convex pieces (pieces whose bounds are already further than the best
/// found are skipped).
pub(crate) fn closest_concave(p: &Polygon, other: ShapeRef) -> Option<ClosestPoints> {
    if concave_vs(p, other) {
        return None;
    }
    let other_box = other.aabb();
    let mut best: Option<ClosestPoints> = None;
    for part in p.convex_parts() {
        let gap = box_gap(&part.aabb(), &other_box);
        if best.is_some_and(|b| gap >= b.distance as f64) {
            continue;
        }
        let found = match other {
            ShapeRef::Polygon(q) => closest_concave(q, ShapeRef::ConvexPolygon(part)).map(flip),
            _ => closest_points_ref(ShapeRef::ConvexPolygon(part), other),
        };
        if let Some(c) = found {
            if best.is_none_or(|b| c.distance < b.distance) {
                best = Some(c);
            }
        }
    }
    best
}

/// The distance between two boxes (0 when they overlap), in f64: a lower bound for their
/// contents.
fn box_gap(a: &crate::shape::Aabb, b: &crate::shape::Aabb) -> f64 {
    let gap = (a.min().as_dvec2() - b.max().as_dvec2()).max(b.min().as_dvec2() - a.max().as_dvec2());
    gap.max(glam::DVec2::ZERO).length()
}
