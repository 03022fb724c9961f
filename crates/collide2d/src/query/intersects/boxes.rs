use crate::math::unrotate;
use crate::shape::{Aabb, BoxFrame, Obb};

/// Axis-aligned boxes overlap when their x ranges and their y ranges both overlap.
///
/// ```
/// use collide2d::{query::intersects::intersects_aabb_aabb, Aabb};
/// let a = Aabb::from_xywh(0.0, 0.0, 2.0, 2.0)?;
/// assert!(intersects_aabb_aabb(&a, &Aabb::from_xywh(2.0, 1.0, 1.0, 1.0)?)); // shared edge
/// assert!(!intersects_aabb_aabb(&a, &Aabb::from_xywh(2.5, 1.0, 1.0, 1.0)?));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn intersects_aabb_aabb(a: &Aabb, b: &Aabb) -> bool {
    let (amin, amax, bmin, bmax) = (a.min(), a.max(), b.min(), b.max());
    bmin.x <= amax.x && amin.x <= bmax.x && bmin.y <= amax.y && amin.y <= bmax.y
}

/// Oriented boxes by the separating axis theorem on their four axes.
///
/// Worked in the frame of the larger box (by longest half extent, then by a fixed order of
/// their numbers), whichever comes first: the two frames round differently, and a box far
/// smaller than the other could otherwise collide in one order and not in the other.
#[inline]
pub fn intersects_obb_obb(a: &Obb, b: &Obb) -> bool {
    let (fa, fb) = (BoxFrame::of_obb(a), BoxFrame::of_obb(b));
    if frame_first(&fb, &fa) {
        boxes_overlap(fb, fa)
    } else {
        boxes_overlap(fa, fb)
    }
}

/// Whether `x` comes before `y` in the order [`intersects_obb_obb`] works in: the larger box
/// first, ties broken by their numbers, so that only identical boxes tie.
#[inline]
pub(crate) fn frame_first(x: &BoxFrame, y: &BoxFrame) -> bool {
    // Usually settled by the sizes (validated, never NaN); the full order only for a tie.
    let (sx, sy) = (x.half.max_element(), y.half.max_element());
    if sx != sy {
        return sx > sy;
    }
    let key = |f: &BoxFrame| [f.half.x, f.half.y, f.center.x, f.center.y, f.axis.x, f.axis.y];
    let (kx, ky) = (key(x), key(y));
    kx.iter().zip(&ky).map(|(p, q)| p.total_cmp(q)).find(|o| o.is_ne()) == Some(std::cmp::Ordering::Greater)
}

/// An axis-aligned box against an oriented one: the oriented-box test with the first at angle 0.
#[inline]
pub fn intersects_aabb_obb(a: &Aabb, b: &Obb) -> bool {
    boxes_overlap(BoxFrame::of_aabb(a), BoxFrame::of_obb(b))
}

/// Four-axis SAT worked in `a`'s frame: `b`'s offset and rotation relative to `a`, then on each
/// axis the centre distance against the sum of both projected half-widths. Written with `<=`
/// throughout so that touching counts and any NaN answers false.
#[inline]
pub(crate) fn boxes_overlap(a: BoxFrame, b: BoxFrame) -> bool {
    let d = unrotate(a.axis, b.center - a.center);
    let rel = unrotate(a.axis, b.axis);
    let (c, s) = (rel.x, rel.y);
    let (ac, as_) = (c.abs(), s.abs());
    let (ha, hb) = (a.half, b.half);
    d.x.abs() <= ha.x + hb.x * ac + hb.y * as_
        && d.y.abs() <= ha.y + hb.x * as_ + hb.y * ac
        && (c * d.x + s * d.y).abs() <= hb.x + ha.x * ac + ha.y * as_
        && (c * d.y - s * d.x).abs() <= hb.y + ha.x * as_ + ha.y * ac
}
