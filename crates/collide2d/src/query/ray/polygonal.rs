use glam::Vec2;

use super::{Ray, RayHit};
use crate::math::{slab_range, unrotate};
use crate::query::core::Core;
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

/// A convex polygonal core by Cyrus–Beck: the ray enters through the last face it crosses
/// inwards, provided it has not yet left through another.
pub(super) fn ray_half_planes(ray: &Ray, core: &Core) -> Option<RayHit> {
    let (o, d) = (ray.origin, ray.direction);
    let mut enter = (f32::NEG_INFINITY, Vec2::ZERO);
    let mut exit = f32::INFINITY;
    let mut inside = true;
    for i in 0..core.edge_count() {
        let (v, _, n) = core.edge(i);
        let offset = n.dot(o - v); // > 0: the origin is outside this face
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
            if t > enter.0 {
                enter = (t, n);
            }
        } else {
            exit = exit.min(t);
        }
    }
    if inside {
        return Some(RayHit::inside(ray));
    }
    (enter.0 >= 0.0 && enter.0 <= exit).then(|| RayHit::at(ray, enter.0, enter.1))
}
