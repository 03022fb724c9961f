use glam::Vec2;

use crate::math::Order;
use crate::math::{orient2d, point_on_segment, segments_touch};
use crate::query::core::point_segment_distance_squared;
use crate::shape::Segment;

/// Whether point `p` lies on the segment, decided with the exact-sign orientation test: a point
/// off the segment's line by any amount representable in `f32` is not on it.
#[inline]
pub fn intersects_point_segment(p: Vec2, s: &Segment) -> bool {
    point_on_segment(p, s.a(), s.b())
}

/// Whether two segments share a point (crossing, touching at an end, or overlapping collinear).
///
/// ```
/// use collide2d::{query::intersects::intersects_segment_segment, Segment, Vec2};
/// let a = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 2.0))?;
/// let b = Segment::new(Vec2::new(0.0, 2.0), Vec2::new(2.0, 0.0))?;
/// assert!(intersects_segment_segment(&a, &b));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn intersects_segment_segment(a: &Segment, b: &Segment) -> bool {
    segments_touch([a.a(), a.b()], [b.a(), b.b()])
}

/// What two segments have in common.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SegmentIntersection {
    /// Nothing.
    None,
    /// A single point: a crossing, or ends meeting.
    Point(Vec2),
    /// A stretch of both (the segments are collinear and overlap by a positive length).
    Overlap(Segment),
}

/// Where two segments meet: the crossing point (from the parametric form
/// `a + t (b − a) = c + u (d − c)`), or the shared sub-segment when they are collinear.
///
/// Whether they meet is decided exactly (orientation signs in `f64`); the crossing point is then
/// computed in `f64` and clamped onto both segments' bounds.
///
/// ```
/// use collide2d::{query::intersects::{segment_intersection, SegmentIntersection}, Segment, Vec2};
/// let a = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0))?;
/// let b = Segment::new(Vec2::new(1.0, -1.0), Vec2::new(1.0, 3.0))?;
/// assert_eq!(segment_intersection(&a, &b), SegmentIntersection::Point(Vec2::new(1.0, 0.0)));
/// let c = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(9.0, 0.0))?;
/// assert_eq!(segment_intersection(&a, &c), SegmentIntersection::Overlap(Segment::new(Vec2::new(3.0, 0.0), Vec2::new(4.0, 0.0))?));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn segment_intersection(s1: &Segment, s2: &Segment) -> SegmentIntersection {
    let ([a, b], [c, d]) = ([s1.a(), s1.b()], [s2.a(), s2.b()]);
    if !segments_touch([a, b], [c, d]) {
        return SegmentIntersection::None;
    }
    let r = b.as_dvec2() - a.as_dvec2();
    let s = d.as_dvec2() - c.as_dvec2();
    let denom = r.perp_dot(s);
    let collinear = orient2d(a, b, c) == 0.0 && orient2d(a, b, d) == 0.0;
    if crossing(collinear, denom) {
        let t = (c.as_dvec2() - a.as_dvec2()).perp_dot(s) / denom;
        let p = (a.as_dvec2() + r * t.clamp(0.0, 1.0)).as_vec2();
        let bounds = s1.aabb().intersection(&s2.aabb()).map(|bb| p.clamp(bb.min(), bb.max()));
        return SegmentIntersection::Point(bounds.unwrap_or(p));
    }
    // Collinear: order the four ends along the line and keep the middle two.
    let key = |p: Vec2| line_key(p, a, r);
    let (lo1, hi1) = if key(c) <= key(d) { (c, d) } else { (d, c) };
    let start = if key(lo1) > key(a) { lo1 } else { a };
    let end = if key(hi1) < key(b) { hi1 } else { b };
    match Segment::new(start, end) {
        Ok(shared) => SegmentIntersection::Overlap(shared),
        Err(_) => SegmentIntersection::Point(start),
    }
}

/// Squared distance between two segments (in f64): 0 when they touch, otherwise the smallest distance
/// from an end of one to the other.
pub(crate) fn segments_distance_squared([a, b]: [Vec2; 2], [c, d]: [Vec2; 2]) -> f64 {
    if segments_touch([a, b], [c, d]) {
        return 0.0;
    }
    point_segment_distance_squared(a, c, d)
        .at_most(point_segment_distance_squared(b, c, d))
        .at_most(point_segment_distance_squared(c, a, b))
        .at_most(point_segment_distance_squared(d, a, b))
}

/// Whether segment_intersection's segments cross at one point: not `collinear`, and not
/// parallel (`denom`, the cross product of their directions, not 0). Its own function so that
/// the mutation exclusion for `||` names it alone: ends on one line give parallel directions,
/// so `denom` is 0 whenever `collinear` holds: exactly while the products of the ends'
/// differences fit f64's 53 bits (ends of like magnitude); beyond, up to that rounding.
#[inline]
fn crossing(collinear: bool, denom: f64) -> bool {
    !collinear && denom != 0.0
}

/// The key by which segment_intersection orders points of the line through `a` along its
/// direction `r`. Its own function so that the mutation exclusion for `(p + a)·r` names it
/// alone: that shifts every key by the same `2a·r`, and only keys are compared.
#[inline]
fn line_key(p: Vec2, a: Vec2, r: glam::DVec2) -> f64 {
    (p.as_dvec2() - a.as_dvec2()).dot(r)
}
