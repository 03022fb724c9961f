//! Containment with concave polygons. A polygon holds a shape when a point of the shape's
//! interior is in the polygon and no polygon edge reaches into the shape's interior (touching
//! its boundary is allowed): with a connected interior, the shape cannot then leave the polygon.

use glam::Vec2;

use super::contains_point;
use crate::math::point_on_segment;
use crate::math::Order;
use crate::polygon::Polygon;
use crate::query::core::{interiors_meet, Core};
use crate::query::intersects::{segment_intersection, SegmentIntersection};
use crate::query::ShapeRef;
use crate::shape::Segment;

/// Whether `p` holds `other`.
pub(crate) fn concave_holds(p: &Polygon, other: ShapeRef) -> bool {
    let bounds = other.aabb();
    if !super::contains_aabb_aabb(&p.aabb(), &bounds) {
        return false;
    }
    match other {
        ShapeRef::Point(q) => p.contains_point(q),
        ShapeRef::Segment(s) => segment_inside(p, s.a(), s.b()),
        ShapeRef::Polygon(q) => concave_holds_concave(p, q),
        ShapeRef::Aabb(b) if b.width() == 0.0 || b.height() == 0.0 => segment_inside(p, b.min(), b.max()),
        _ => {
            let (core, radius) = Core::of(other);
            let edges = p.edges();
            let enters = |e: usize| {
                let (a, b) = edges[e];
                interiors_meet(&Core::Segment([a, b]), 0.0, &core, radius)
            };
            !p.tree().any_in_box(&bounds, enters) && p.contains_point(other.inner_point())
        }
    }
}

/// Whether a convex shape holds a concave polygon: it holds the polygon's outline vertices.
pub(crate) fn shape_holds_concave(shape: ShapeRef, p: &Polygon) -> bool {
    p.outline().iter().all(|v| contains_point(shape, *v))
}

fn concave_holds_concave(outer: &Polygon, inner: &Polygon) -> bool {
    let edges = outer.edges();
    let enters = |e: usize| {
        let (a, b) = edges[e];
        pieces(inner, a, b, |mid, on_edge| !on_edge && inner.contains_point(mid) && !on_boundary(inner, mid))
    };
    !outer.tree().any_in_box(&inner.aabb(), enters) && outer.contains_point(inner.interior_point())
}

/// Whether all of the segment `[a, b]` lies in `p`: its ends, and the middle of every stretch
/// between the points where it meets `p`'s edges.
fn segment_inside(p: &Polygon, a: Vec2, b: Vec2) -> bool {
    p.contains_point(a) && p.contains_point(b) && !pieces(p, a, b, |mid, on_edge| !on_edge && !p.contains_point(mid))
}

fn on_boundary(p: &Polygon, q: Vec2) -> bool {
    p.tree().any_in(q, q, |e| point_on_segment(q, p.edges()[e].0, p.edges()[e].1))
}

/// Cuts `[a, b]` where it meets `p`'s edges and calls `test(middle, lies along an edge)` for each
/// stretch until it returns true; returns whether it did.
fn pieces(p: &Polygon, a: Vec2, b: Vec2, mut test: impl FnMut(Vec2, bool) -> bool) -> bool {
    if a == b {
        return test(a, false);
    }
    let d = b - a;
    let param = |q: Vec2| ((q - a).dot(d) / d.length_squared()).clamp(0.0, 1.0);
    let mut cuts = vec![0.0f32, 1.0];
    let mut along: Vec<(f32, f32)> = Vec::new();
    let edges = p.edges();
    p.tree().any_in(a.min(b), a.max(b), |e| {
        let (c, f) = edges[e];
        let seg = Segment::from_valid(a, b);
        match segment_intersection(&seg, &Segment::from_valid(c, f)) {
            SegmentIntersection::Point(q) => cuts.push(param(q)),
            SegmentIntersection::Overlap(s) => {
                let (t0, t1) = (param(s.a()), param(s.b()));
                cuts.extend([t0, t1]);
                along.push((t0.at_most(t1), t0.at_least(t1)));
            }
            SegmentIntersection::None => {}
        }
        false
    });
    cuts.sort_by(f32::total_cmp);
    cuts.dedup();
    cuts.windows(2).any(|w| {
        let mid_t = (w[0] + w[1]) * 0.5;
        let on_edge = along.iter().any(|(lo, hi)| *lo <= mid_t && mid_t <= *hi);
        test(a + d * mid_t, on_edge)
    })
}
