use crate::query::core::{disc_reaches, point_segment_distance_squared, within};
use crate::shape::{Aabb, Capsule, Circle, Obb};

use super::segments::segments_distance_squared;

/// Discs overlap when their centres are no further apart than the sum of the radii.
#[inline]
pub fn intersects_circle_circle(a: &Circle, b: &Circle) -> bool {
    disc_reaches(a.center(), b.center(), a.radius(), b.radius())
}

/// A disc against an axis-aligned box, by the box's point closest to the centre.
#[inline]
pub fn intersects_circle_aabb(c: &Circle, b: &Aabb) -> bool {
    let p = c.center();
    disc_reaches(p, p.clamp(b.min(), b.max()), c.radius(), 0.0)
}

/// A disc against an oriented box: the centre in the box's frame, then as for an axis-aligned box.
#[inline]
pub fn intersects_circle_obb(c: &Circle, o: &Obb) -> bool {
    let p = o.to_local(c.center());
    let h = o.half_extents();
    disc_reaches(p, p.clamp(-h, h), c.radius(), 0.0)
}

/// A disc against a capsule: the centre's distance to the capsule's segment.
#[inline]
pub fn intersects_circle_capsule(c: &Circle, k: &Capsule) -> bool {
    within(point_segment_distance_squared(c.center(), k.a(), k.b()), c.radius(), k.radius())
}

/// Capsules: the distance between their segments against the sum of the radii.
#[inline]
pub fn intersects_capsule_capsule(a: &Capsule, b: &Capsule) -> bool {
    within(segments_distance_squared([a.a(), a.b()], [b.a(), b.b()]), a.radius(), b.radius())
}
