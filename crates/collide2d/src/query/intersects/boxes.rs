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
#[inline]
pub fn intersects_obb_obb(a: &Obb, b: &Obb) -> bool {
    boxes_overlap(BoxFrame::of_obb(a), BoxFrame::of_obb(b))
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
