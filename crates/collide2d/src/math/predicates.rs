//! Exact geometric predicates: orientation signs, and points and segments touching.
//!
//! These decide "which side" and "do they share a point" from the exact-sign orientation test in
//! `f64`, so shapes meeting at representable coordinates are judged touching. Polygon validation
//! and the queries both build on them.

use super::Order;
use glam::Vec2;

/// Twice the signed area of the triangle `a, b, c`, computed in `f64`.
///
/// Positive when `c` lies to the left of the line `a → b` (counter-clockwise turn with y up),
/// negative to the right, zero when collinear. The subtractions of `f32` inputs are exact in
/// `f64` for all but extreme exponent gaps, so this sign is far more reliable than the `f32`
/// cross product: the exact predicates (point on segment, collinear segments) use it.
#[inline]
pub fn orient2d(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let (ax, ay) = (a.x as f64, a.y as f64);
    let (bx, by) = (b.x as f64, b.y as f64);
    let (cx, cy) = (c.x as f64, c.y as f64);
    (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

/// Whether `p` lies on `[a, b]`: exactly on its line and within its bounds.
#[inline]
pub(crate) fn point_on_segment(p: Vec2, a: Vec2, b: Vec2) -> bool {
    orient2d(a, b, p) == 0.0 && within_bounds(p, a, b)
}

/// `p` within the axis-aligned bounds of `a` and `b` (false for NaN).
#[inline]
fn within_bounds(p: Vec2, a: Vec2, b: Vec2) -> bool {
    a.x.at_most(b.x) <= p.x && p.x <= a.x.at_least(b.x) && a.y.at_most(b.y) <= p.y && p.y <= a.y.at_least(b.y)
}

/// The classic exact test: each segment's ends lie on opposite sides of (or on) the other's line,
/// with the collinear and end-on-line cases settled by bounds.
pub(crate) fn segments_touch([a, b]: [Vec2; 2], [c, d]: [Vec2; 2]) -> bool {
    let (o1, o2) = (orient2d(a, b, c).signum_or_zero(), orient2d(a, b, d).signum_or_zero());
    let (o3, o4) = (orient2d(c, d, a).signum_or_zero(), orient2d(c, d, b).signum_or_zero());
    if o1 * o2 < 0.0 && o3 * o4 < 0.0 {
        return true;
    }
    (o1 == 0.0 && within_bounds(c, a, b))
        || (o2 == 0.0 && within_bounds(d, a, b))
        || (o3 == 0.0 && within_bounds(a, c, d))
        || (o4 == 0.0 && within_bounds(b, c, d))
}

trait SignumOrZero {
    fn signum_or_zero(self) -> f64;
}

impl SignumOrZero for f64 {
    /// Like `signum`, but 0 for ±0 and NaN (so a NaN never passes a sign test).
    #[inline]
    fn signum_or_zero(self) -> f64 {
        if self > 0.0 {
            1.0
        } else if self < 0.0 {
            -1.0
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orient2d_sign_follows_turn_direction() {
        let (a, b) = (Vec2::ZERO, Vec2::X);
        assert!(orient2d(a, b, Vec2::Y) > 0.0);
        assert!(orient2d(a, b, -Vec2::Y) < 0.0);
        assert_eq!(orient2d(a, b, Vec2::new(7.0, 0.0)), 0.0);
    }

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn a_point_on_a_segment_is_on_its_line_and_between_its_ends() {
        let (a, b) = (v(0.0, 0.0), v(2.0, 0.0));
        for p in [a, b, v(1.0, 0.0)] {
            assert!(point_on_segment(p, a, b) && point_on_segment(p, b, a), "{p}");
        }
        // On the line, past either end; between the ends, off the line.
        for p in [v(-1.0, 0.0), v(3.0, 0.0), v(1.0, 1e-3), v(1.0, -1e-3)] {
            assert!(!point_on_segment(p, a, b) && !point_on_segment(p, b, a), "{p}");
        }
        // The same along y and along a diagonal.
        let (c, d) = (v(5.0, -1.0), v(5.0, 3.0));
        assert!(point_on_segment(v(5.0, 0.0), c, d));
        assert!(!point_on_segment(v(5.0, -2.0), c, d) && !point_on_segment(v(5.0, 4.0), c, d));
        let (e, f) = (v(0.0, 0.0), v(4.0, 4.0));
        assert!(point_on_segment(v(1.5, 1.5), e, f) && !point_on_segment(v(5.0, 5.0), e, f));
        assert!(!point_on_segment(v(-1.0, -1.0), f, e));
        assert!(!point_on_segment(v(f32::NAN, 0.0), a, b));
    }

    /// Both orders of both segments, and each segment reversed: the answer cannot depend on
    /// which end or which segment comes first.
    fn touch(s: [Vec2; 2], t: [Vec2; 2]) -> bool {
        let (r, u) = ([s[1], s[0]], [t[1], t[0]]);
        let all = [(s, t), (t, s), (r, t), (s, u), (r, u), (u, r)].map(|(p, q)| segments_touch(p, q));
        assert!(all.iter().all(|x| *x == all[0]), "{s:?} {t:?}: {all:?}");
        all[0]
    }

    #[test]
    fn segments_touch_when_they_cross_or_share_a_point() {
        let ab = [v(0.0, 0.0), v(2.0, 0.0)];
        assert!(touch(ab, [v(1.0, -1.0), v(1.0, 1.0)]), "crossing");
        // An end of one on the other, on its inside and at its ends (a T and an L).
        assert!(touch(ab, [v(1.0, 0.0), v(1.0, 3.0)]), "T");
        assert!(touch(ab, [v(1.0, -3.0), v(1.0, 0.0)]), "T, upside down");
        assert!(touch(ab, [v(2.0, 0.0), v(5.0, 1.0)]), "L");
        // Collinear: overlapping, end to end, one inside the other.
        assert!(touch(ab, [v(1.0, 0.0), v(3.0, 0.0)]));
        assert!(touch(ab, [v(2.0, 0.0), v(3.0, 0.0)]));
        assert!(touch(ab, [v(0.5, 0.0), v(1.5, 0.0)]));
    }

    #[test]
    fn segments_apart_do_not_touch() {
        let ab = [v(0.0, 0.0), v(2.0, 0.0)];
        // The line of one separates the other's ends, but the other is beyond its ends.
        assert!(!touch(ab, [v(5.0, -1.0), v(5.0, 1.0)]));
        // An end on the other's line, beyond its ends.
        assert!(!touch(ab, [v(3.0, 0.0), v(3.0, 2.0)]));
        // Collinear, with a gap.
        assert!(!touch(ab, [v(2.5, 0.0), v(4.0, 0.0)]));
        // Parallel.
        assert!(!touch(ab, [v(0.0, 1.0), v(2.0, 1.0)]));
        // An end within the other's bounds but off its line (a diagonal's bounds are a square).
        let diagonal = [v(0.0, 0.0), v(2.0, 2.0)];
        assert!(!touch(diagonal, [v(1.0, 0.5), v(1.0, -5.0)]));
        assert!(!touch(diagonal, [v(1.0, -5.0), v(1.0, 0.5)]));
        assert!(!touch(diagonal, [v(1.5, 0.5), v(3.0, 0.5)]));
    }
}
