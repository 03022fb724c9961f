use super::{closest_points_ref, closest_regardless, flip, ClosestPoints};
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
    // Apart by the polygon's edges, yet every piece within rounding of touching by its own
    // test: the nearest piece's closest points all the same (`intersects` decides).
    best.or_else(|| {
        let others: Vec<ShapeRef> = match other {
            ShapeRef::Polygon(q) => q.convex_parts().iter().map(ShapeRef::ConvexPolygon).collect(),
            convex => vec![convex],
        };
        let pieces = p.convex_parts().iter().map(ShapeRef::ConvexPolygon);
        pieces
            .flat_map(|part| others.iter().map(move |&o| closest_regardless(part, o)))
            .min_by(|x, y| x.distance.total_cmp(&y.distance))
    })
}

/// The distance between two boxes (0 when they overlap), in f64: a lower bound for their
/// contents.
fn box_gap(a: &crate::shape::Aabb, b: &crate::shape::Aabb) -> f64 {
    let gap = (a.min().as_dvec2() - b.max().as_dvec2()).max(b.min().as_dvec2() - a.max().as_dvec2());
    gap.max(glam::DVec2::ZERO).length()
}
