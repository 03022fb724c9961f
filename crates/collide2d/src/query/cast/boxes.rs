//! The linear cast of two boxes (axis-aligned or oriented) by their four separating axes.
//!
//! Two boxes overlap exactly when their shadows overlap on each box's two axes. Along one axis,
//! the shadows of `a` and of `b` moving at `v` overlap for one interval of time, so the boxes
//! first touch at the latest of the four entries, provided it comes before the earliest exit.
//! Four projections instead of the eight-edge walk of the general cast.

use glam::Vec2;

use super::convex::{Touch, START_SLACK};
use crate::math::Order;
use crate::math::{ascending, unrotate};
use crate::shape::BoxFrame;

/// The first touch of box `b` moving by `t · v` with box `a`, for `t` in `[0, t_max]`. The
/// boxes must not intersect at `t = 0` (the caller checks).
pub(super) fn cast_boxes(a: BoxFrame, b: BoxFrame, v: Vec2, t_max: f32) -> Option<Touch> {
    // The turn from a's axes to b's: each box's shadow on the other's axes from it.
    let (cos, sin) = (a.axis.dot(b.axis).abs(), a.axis.perp_dot(b.axis).abs());
    let (ha, hb) = (a.half, b.half);
    let reaches = [
        ha.x + hb.x * cos + hb.y * sin,
        ha.y + hb.x * sin + hb.y * cos,
        hb.x + ha.x * cos + ha.y * sin,
        hb.y + ha.x * sin + ha.y * cos,
    ];
    let axes = [a.axis, a.axis.perp(), b.axis, b.axis.perp()];
    let gap = b.center - a.center;
    // How far rounding may move a shadow's edge: the gap between the centres is rounded as the
    // centres are, however small it is, and the reaches as the boxes' sizes.
    let centres = a.center.abs().max(b.center.abs()).max_element();
    let rounding = START_SLACK * (centres + reaches[0].at_least(reaches[2]));
    // The latest entry (time, unit normal from a to b) and the earliest exit.
    let (mut enter, mut normal, mut exit) = (f32::NEG_INFINITY, Vec2::ZERO, t_max);
    // At the start: how far apart the shadows lie at most, and along the axes where they touch
    // within rounding, the fastest closing (with its normal).
    let (mut apart, mut closing) = (f32::NEG_INFINITY, (0.0f32, Vec2::ZERO));
    for (u, reach) in axes.into_iter().zip(reaches) {
        let (d, w) = (gap.dot(u), v.dot(u));
        let outward = if d > 0.0 { u } else { -u };
        let separation = d.abs() - reach;
        apart = apart.at_least(separation);
        if separation >= -rounding {
            let approach = -v.dot(outward);
            if approach > closing.0 {
                closing = (approach, outward);
            }
        }
        if w == 0.0 {
            if shadows_apart(d, reach) {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((-reach - d) / w, (reach - d) / w);
        let (t_in, t_out) = if ascending(t0, t1) { (t0, t1) } else { (t1, t0) };
        if t_in > enter {
            enter = t_in;
            normal = outward;
        }
        // Shadows leave each other no sooner than rounding allows: along an axis the motion
        // nearly follows, an edge placed a rounding off puts the exit a long time off, before
        // an entry that the exact test says comes first.
        exit = exit.at_most(t_out + rounding / w.abs());
    }
    // The caller found the boxes apart, so shadows within rounding of each other on every axis
    // touch: closing along one of the axes where they touch, they touch at once, along it. Any
    // later time would be too late (shadows a last place apart along an axis met at a speed of
    // 4e-4 read as meeting 0.002 late, after the exact test's overlap), and an entry read before
    // the start would be refused. Parting along another axis, they touch there all the same: a
    // graze, met now rather than a rounding later.
    if apart <= rounding && closing.0 > 0.0 {
        (enter, normal) = (0.0, closing.1);
    }
    // NaN (from non-finite input) fails these too.
    if !(enter >= 0.0 && enter <= exit) {
        return None;
    }
    let b_then = BoxFrame { center: b.center + v * enter, ..b };
    Some(Touch { time: enter, normal, point: meeting_point(a, b_then, normal) })
}

/// Half the length of the box's shadow on unit axis `u`.
fn shadow(b: BoxFrame, u: Vec2) -> f32 {
    b.half.x * b.axis.dot(u).abs() + b.half.y * b.axis.perp().dot(u).abs()
}

/// Where touching boxes meet: the middle of the stretch that `a`'s face (or corner) furthest
/// along `normal` shares with `b`'s furthest against it.
fn meeting_point(a: BoxFrame, b: BoxFrame, normal: Vec2) -> Vec2 {
    let along = normal.perp();
    let (a_lo, a_hi) = support_stretch(a, normal, along);
    let (b_lo, b_hi) = support_stretch(b, -normal, along);
    let middle = a_lo.at_least(b_lo) * 0.5 + a_hi.at_most(b_hi) * 0.5;
    let face = a.center.dot(normal) + shadow(a, normal);
    normal * face + along * middle
}

/// The stretch, along `along`, of the corners of `b` furthest in direction `n` (one corner, or
/// the two of a face square to `n`, within rounding).
fn support_stretch(b: BoxFrame, n: Vec2, along: Vec2) -> (f32, f32) {
    let local = unrotate(b.axis, n);
    let (x_lo, x_hi) = side(local.x, b.axis.dot(along) * b.half.x);
    let (y_lo, y_hi) = side(local.y, b.axis.perp().dot(along) * b.half.y);
    let c = b.center.dot(along);
    (c + x_lo + y_lo, c + x_hi + y_hi)
}

/// Whether shadows `d` apart (centre to centre) that do not move along an axis stay apart,
/// each reaching `reach` in all.
#[inline]
fn shadows_apart(d: f32, reach: f32) -> bool {
    d.abs() > reach
}

/// A local axis's part of support_stretch: the far end of `extent` in direction `toward`, or
/// both ends when the axis is square to it. `extent / toward.signum()` for `*`: dividing by ±1
/// is multiplying by it.
#[inline]
fn side(toward: f32, extent: f32) -> (f32, f32) {
    if toward.abs() <= 1e-6 {
        (-extent.abs(), extent.abs())
    } else {
        let end = extent * toward.signum();
        (end, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::cast::convex::cast_cores;
    use crate::query::core::Core;
    use crate::query::ShapeRef;
    use crate::shape::Obb;

    /// The boxes' own cast against the general one (the walk around their Minkowski
    /// difference) on boxes at every angle, among them a corner meeting a long face.
    #[test]
    fn the_box_cast_agrees_with_the_general_cast() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        // The corner of a thin box meeting the long face of a turned one (found by the property).
        let mut cases = vec![(
            Obb::new(Vec2::new(18.557775, 17.82454), Vec2::new(7.024095, 10.69341), -0.72428274).unwrap(),
            Obb::new(Vec2::ZERO, Vec2::new(0.5, 7.930358), -4.60163).unwrap(),
            Vec2::new(0.0, 18.386068),
        )];
        for _ in 0..2000 {
            let obb = |at: Vec2, next: &mut dyn FnMut() -> f32| {
                let half = Vec2::new(0.1 + next() * 5.0, 0.1 + next() * 5.0);
                Obb::new(at, half, next() * 7.0).unwrap()
            };
            let a = obb(Vec2::ZERO, &mut next);
            let at = Vec2::new(next() - 0.5, next() - 0.5) * 40.0;
            let b = obb(at, &mut next);
            cases.push((a, b, -b.center() * (0.5 + next()) + Vec2::new(next() - 0.5, next() - 0.5) * 10.0));
        }
        let mut hits = 0;
        for (a, b, v) in cases {
            if crate::intersects(&a, &b) {
                continue;
            }
            let fast = cast_boxes(BoxFrame::of_obb(&a), BoxFrame::of_obb(&b), v, 1.0);
            let ((ca, _), (cb, _)) = (Core::of(ShapeRef::Obb(&a)), Core::of(ShapeRef::Obb(&b)));
            let general = cast_cores(&ca, 0.0, &cb, 0.0, v, 1.0).0;
            match (fast, general) {
                (Some(f), Some(g)) => {
                    hits += 1;
                    assert!((f.time - g.time).abs() < 1e-4, "{a:?} {b:?} {v}: {f:?} {g:?}");
                    assert!(f.normal.dot(g.normal) > 0.999, "{a:?} {b:?} {v}: {f:?} {g:?}");
                    // On a face-to-face touch the points may differ along the shared stretch.
                    let on_a = |p: Vec2| a.to_local(p).abs().cmple(a.half_extents() + 1e-3).all();
                    let on_b = |p: Vec2| b.to_local(p - v * f.time).abs().cmple(b.half_extents() + 1e-3).all();
                    assert!(on_a(f.point) && on_b(f.point), "{a:?} {b:?} {v}: {f:?} {g:?}");
                }
                (None, None) => {}
                (f, g) => panic!("{a:?} {b:?} {v}: {f:?} {g:?}"),
            }
        }
        assert!(hits > 500, "only {hits} hits");
    }
}
