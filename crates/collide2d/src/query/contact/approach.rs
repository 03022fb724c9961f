//! The closest approach of two segments (or of a point and a segment), worked in f64 from f32
//! ends, and how a gap found so sorts against the reach of two radii: the fast paths' measure
//! of capsules, and of a face against the edge it meets.

use glam::{DVec2, Vec2};

/// A segment with what the closest approaches need of it, in f64: the products of
/// f32 coordinates' differences neither overflow nor underflow there, and the nearest of
/// candidates within f32 rounding of each other is told apart (an end whose foot falls just
/// inside the other segment is nearer that foot than the other's end, by a hair).
pub(super) struct Segment {
    pub(super) start: Vec2,
    pub(super) end: Vec2,
    /// `start` and `end − start`, in f64.
    s: DVec2,
    d: DVec2,
    /// Its squared length.
    dd: f64,
    /// The unit normal on its left.
    pub(super) left: DVec2,
}

impl Segment {
    /// The segment, or `None` for one of zero length (a capsule that is a disc).
    #[inline]
    pub(super) fn new(start: Vec2, end: Vec2) -> Option<Segment> {
        Segment::with_left(start, end, |d, dd| d.perp() / dd.sqrt())
    }

    /// The face from `start` to `end` of a box, polygon or segment, whose outward unit normal
    /// `outward` is known (on its right, as faces run counter-clockwise): its left normal is
    /// taken from it rather than worked out again (a square root and a division, whose latency
    /// the faces' shortcut would wait on). Exact to f32's rounding of the normal, far inside
    /// the bands the gaps are judged by. `None` for a face of zero length.
    #[inline]
    pub(super) fn face(start: Vec2, end: Vec2, outward: Vec2) -> Option<Segment> {
        Segment::with_left(start, end, |_, _| -outward.as_dvec2())
    }

    /// The segment with its left unit normal from `left(end − start, its squared length)`;
    /// `None` for one of zero length.
    #[inline(always)]
    fn with_left(start: Vec2, end: Vec2, left: impl FnOnce(DVec2, f64) -> DVec2) -> Option<Segment> {
        let s = start.as_dvec2();
        let d = end.as_dvec2() - s;
        let dd = d.length_squared();
        if dd == 0.0 {
            return None;
        }
        Some(Segment { start, end, s, d, dd, left: left(d, dd) })
    }

    /// The signed distance of `p` from the segment's line, positive on its left.
    #[inline]
    pub(super) fn side(&self, p: Vec2) -> f64 {
        self.left.dot(p.as_dvec2() - self.s)
    }

    /// The closest approach of `p`: the squared distance, the point of the segment nearest
    /// `p`, and the unit direction from there towards `p`.
    #[inline]
    pub(super) fn approach(&self, p: Vec2) -> (f64, Vec2, Vec2) {
        let p64 = p.as_dvec2();
        let t = self.d.dot(p64 - self.s);
        let end = if t <= 0.0 {
            self.start
        } else if t >= self.dd {
            self.end
        } else {
            // Inside: along the normal on `p`'s side, which the segment's span gives to full
            // precision however near `p` is.
            let side = self.side(p);
            let normal = if side >= 0.0 { self.left } else { -self.left };
            return (side * side, (p64 - normal * side.abs()).as_vec2(), normal.as_vec2());
        };
        let to_p = p64 - end.as_dvec2();
        let dist_sq = to_p.length_squared();
        (dist_sq, end, (to_p / dist_sq.sqrt()).as_vec2())
    }
}

/// The closest approach of two segments that do not meet: the squared distance, the points on
/// `a` and on `b`, and the unit direction from `a`'s towards `b`'s. The nearest of the four
/// ends to the other segment (segments apart have their closest approach at an end of one).
#[inline]
pub(super) fn closest_approach(a: &Segment, b: &Segment) -> (f64, Vec2, Vec2, Vec2) {
    let mut best = (f64::INFINITY, Vec2::ZERO, Vec2::ZERO, Vec2::ZERO);
    for (p, on, from_b) in [(a.start, b, false), (a.end, b, false), (b.start, a, true), (b.end, a, true)] {
        let (dist_sq, foot, normal) = on.approach(p);
        if dist_sq < best.0 {
            // `approach` points from the segment towards the end: from a to b for b's ends.
            best = if from_b { (dist_sq, foot, p, normal) } else { (dist_sq, p, foot, -normal) };
        }
    }
    best
}

/// Where a gap found in f32 leaves two swollen cores.
pub(super) enum Gap {
    /// Apart, clear of rounding.
    Beyond,
    /// In contact, the cores apart by the gap, both clear of rounding.
    Within(f64),
    /// Within `band` of touching or of the cores meeting, or not a number: the exact path decides.
    Unsure,
}

/// Sorts `gap` (the cores' distance, to within far less than `band`) against the `reach`.
#[inline]
pub(super) fn classify(gap: f64, reach: f64, band: f64) -> Gap {
    if gap > reach + band {
        Gap::Beyond
    } else if gap > band && gap < reach - band {
        Gap::Within(gap)
    } else {
        Gap::Unsure
    }
}
