use glam::Vec2;

use super::{Ray, RayHit};
use crate::math::{slab_range, unrotate};
use crate::shape::{Aabb, BoxFrame, Obb};

/// An axis-aligned box by the slab method.
pub(super) fn ray_aabb(ray: &Ray, b: &Aabb) -> Option<RayHit> {
    let o = ray.origin;
    if o.cmpge(b.min()).all() && o.cmple(b.max()).all() {
        return Some(RayHit::inside(ray));
    }
    let (t, normal) = slab_entry(o, ray.direction, b.min(), b.max())?;
    Some(RayHit::at(ray, t, normal))
}

/// An oriented box: the slab method in the box's frame (rotation keeps distances).
pub(super) fn ray_obb(ray: &Ray, o: &Obb) -> Option<RayHit> {
    let frame = BoxFrame::of_obb(o);
    let origin = frame.to_local(ray.origin);
    if origin.abs().cmple(frame.half).all() {
        return Some(RayHit::inside(ray));
    }
    let (t, normal) = slab_entry(origin, unrotate(frame.axis, ray.direction), -frame.half, frame.half)?;
    Some(RayHit::at(ray, t, frame.axis.rotate(normal)))
}

/// Where a ray from `o` (outside the box `[lo, hi]`) along `d` enters it: distance and outward
/// normal of the face it crosses, or `None` when it misses.
#[inline]
fn slab_entry(o: Vec2, d: Vec2, lo: Vec2, hi: Vec2) -> Option<(f32, Vec2)> {
    let (enter, _, axis) = slab_range(o, d, lo, hi)?;
    let axis = axis.filter(|_| enter >= 0.0)?;
    let mut normal = Vec2::ZERO;
    normal[axis] = -d[axis].signum();
    Some((enter, normal))
}

/// A convex polygon (its vertices and the outward normal of each face) by Cyrus–Beck: the ray
/// enters through the last face it crosses inwards, provided it has not yet left through
/// another.
pub(super) fn ray_polygon(ray: &Ray, vertices: &[Vec2], normals: &[Vec2]) -> Option<RayHit> {
    let (o, d) = (ray.origin, ray.direction);
    let (mut enter, mut enter_normal, mut exit) = (f32::NEG_INFINITY, Vec2::ZERO, f32::INFINITY);
    let mut inside = true;
    for (v, n) in vertices.iter().zip(normals) {
        let offset = n.dot(o - *v); // > 0: the origin is outside this face
        let speed = n.dot(d);
        inside &= offset <= 0.0;
        if speed == 0.0 {
            if offset > 0.0 {
                return None;
            }
            continue;
        }
        let t = -offset / speed;
        if speed < 0.0 {
            if enters_later(t, enter) {
                (enter, enter_normal) = (t, *n);
            }
        } else if t < exit {
            exit = t;
        }
        // Left before entering, or left behind the origin: a miss, known now. (From inside
        // every face, the ray enters at or before 0 and leaves at or after it.)
        if misses(enter, exit) {
            return None;
        }
    }
    // The same rounding can put a point on a sliver's extension inside all its faces.
    if inside && within_bounds(o, vertices) {
        return Some(RayHit::inside(ray));
    }
    // (`misses` has ruled out leaving before entering; `enter` is never NaN.)
    if enter < 0.0 {
        return None;
    }
    let hit = RayHit::at(ray, enter, enter_normal);
    within_bounds(hit.point, vertices).then_some(hit)
}

/// Whether a ray that enters the faces seen so far at `enter` and leaves them at `exit` misses
/// the polygon: it leaves before it enters, or before it starts.
#[inline]
fn misses(enter: f32, exit: f32) -> bool {
    enter > exit || exit < 0.0
}

/// Whether `p` lies within the bounds of `vertices`, give or take rounding.
///
/// Where two faces are nearly parallel (a sliver's sides), a ray crosses their lines at nearly
/// the same distance even far beyond the sliver's tip, and rounding can put the entry before the
/// exit: a hit far from the polygon. A true hit lies on the boundary, so within the bounds, and
/// a false one along a tip's extension leaves them at once: along it, the coordinate that makes
/// the tip extreme grows at least 0.7 times as fast.
#[inline]
fn within_bounds(p: Vec2, vertices: &[Vec2]) -> bool {
    let first = vertices.first().copied().unwrap_or(p);
    let (lo, hi) = vertices.iter().fold((first, first), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    // Rounding of the hit, relative to its coordinates; of the faces, relative to the size.
    let slack = 1e-5 * (hi - lo).max_element() + 8.0 * f32::EPSILON * p.abs().max_element();
    (lo - slack).cmple(p).all() && p.cmple(hi + slack).all()
}

/// Whether ray_polygon's entry into a face at time `t` comes after the latest so far,
/// `enter`. Its own function so that the mutation exclusion for `>=` names it alone: on a tie
/// between two faces' entry times (a corner), the later face's normal is as much the corner's
/// as the first one's.
#[inline]
fn enters_later(t: f32, enter: f32) -> bool {
    t > enter
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_bounds_allows_the_faces_rounding_by_size_and_the_hits_by_place() {
        // A square 10 across: 1e-4 of slack for its faces, plus 8 steps of f32 at the point.
        let square = |lo: Vec2| [lo, lo + Vec2::new(10.0, 0.0), lo + Vec2::splat(10.0), lo + Vec2::new(0.0, 10.0)];
        let near = square(Vec2::ZERO);
        let slack = 1e-4 + 8.0 * f32::EPSILON * 10.0;
        assert!(within_bounds(Vec2::new(10.0 + 0.5 * slack, 5.0), &near));
        assert!(!within_bounds(Vec2::new(10.0 + 2.0 * slack, 5.0), &near));
        assert!(within_bounds(Vec2::new(5.0, -0.5 * slack), &near));
        assert!(!within_bounds(Vec2::new(5.0, -2.0 * slack), &near));
        // The same square 100 out: its size, not its place, sets the faces' share.
        let out = square(Vec2::splat(100.0));
        let slack = 1e-4 + 8.0 * f32::EPSILON * 110.0;
        assert!(within_bounds(Vec2::new(110.0 + 0.5 * slack, 105.0), &out));
        assert!(!within_bounds(Vec2::new(110.0 + 2.0 * slack, 105.0), &out));
        // A million out, the point's rounding dominates: 8 steps of f32 there are about 1.
        let far = square(Vec2::splat(1e6));
        assert!(within_bounds(Vec2::new(1e6 + 10.5, 1e6 + 5.0), &far));
        assert!(!within_bounds(Vec2::new(1e6 + 12.0, 1e6 + 5.0), &far));
    }
}
