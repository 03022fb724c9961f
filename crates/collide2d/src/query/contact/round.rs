use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::math::unrotate;
use crate::query::core::within;
use crate::shape::{Aabb, Circle, Obb};

/// Discs: along the line of centres (+x when the centres coincide).
#[inline]
pub fn contact_circle_circle(a: &Circle, b: &Circle) -> Option<Contact> {
    let d = b.center() - a.center();
    let reach = a.radius() + b.radius();
    let dist_sq = d.length_squared();
    if !within(dist_sq, reach) {
        return None;
    }
    let dist = dist_sq.sqrt();
    let normal = if dist > 0.0 { d / dist } else { Vec2::X };
    let depth = reach - dist;
    let point_a = a.center() + normal * a.radius();
    Some(Contact::new(normal, depth, &[ContactPoint { point_a, point_b: point_a - normal * depth, depth }]))
}

/// A disc against an axis-aligned box.
#[inline]
pub fn contact_circle_aabb(c: &Circle, b: &Aabb) -> Option<Contact> {
    // Outside, work in world coordinates as `intersects_circle_aabb` does: moving to the box's
    // centre first rounds differently, and a disc resting exactly on a face would intersect
    // without a contact.
    let p = c.center();
    let q = p.clamp(b.min(), b.max());
    if q != p {
        let dist_sq = p.distance_squared(q);
        if !within(dist_sq, c.radius()) {
            return None;
        }
        let dist = dist_sq.sqrt();
        let normal = (q - p) / dist;
        let depth = c.radius() - dist;
        let point = ContactPoint { point_a: p + normal * c.radius(), point_b: q, depth };
        return Some(Contact::new(normal, depth, &[point]));
    }
    circle_box(c.center() - b.center(), c.radius(), b.half_extents(), Vec2::X, b.center())
}

/// A disc against an oriented box, worked in the box's frame.
#[inline]
pub fn contact_circle_obb(c: &Circle, o: &Obb) -> Option<Contact> {
    let axis = o.axes().0;
    circle_box(unrotate(axis, c.center() - o.center()), c.radius(), o.half_extents(), axis, o.center())
}

/// Disc (centre `p` in the box frame, radius `r`) against the box `[-h, h]` whose frame has x
/// axis `axis` and origin `origin` in the world.
#[inline]
fn circle_box(p: Vec2, r: f32, h: Vec2, axis: Vec2, origin: Vec2) -> Option<Contact> {
    let to_world = |v: Vec2| origin + axis.rotate(v);
    let q = p.clamp(-h, h);
    if q != p {
        // Centre outside the box: the closest box point decides.
        let dist_sq = p.distance_squared(q);
        if !within(dist_sq, r) {
            return None;
        }
        let dist = dist_sq.sqrt();
        let normal = (q - p) / dist;
        let depth = r - dist;
        let point = ContactPoint { point_a: to_world(p + normal * r), point_b: to_world(q), depth };
        return Some(Contact::new(axis.rotate(normal), depth, &[point]));
    }
    // Centre inside (or on) the box: leave through the nearest face.
    let room = h - p.abs();
    let side = |v: f32| if v < 0.0 { -1.0 } else { 1.0 };
    let (face_normal, face_depth) =
        if room.x <= room.y { (Vec2::new(side(p.x), 0.0), room.x) } else { (Vec2::new(0.0, side(p.y)), room.y) };
    if !face_depth.is_finite() {
        return None;
    }
    let depth = face_depth + r;
    let point =
        ContactPoint { point_a: to_world(p - face_normal * r), point_b: to_world(p + face_normal * face_depth), depth };
    Some(Contact::new(axis.rotate(-face_normal), depth, &[point]))
}

/// Axis-aligned boxes: out along the axis and side needing the least travel (which, when one
/// box holds the other, is not the overlap's width); two points along a shared stretch.
#[inline]
pub fn contact_aabb_aabb(a: &Aabb, b: &Aabb) -> Option<Contact> {
    // Travel for b to clear a on each side: in +x/+y and in -x/-y.
    let (forward, backward) = (a.max() - b.min(), b.max() - a.min());
    if !(forward.x >= 0.0 && forward.y >= 0.0 && backward.x >= 0.0 && backward.y >= 0.0) {
        return None;
    }
    let travel = forward.min(backward);
    // Work on x; for y, swap the coordinates in and out.
    let along_x = travel.x <= travel.y;
    let swap = |v: Vec2| if along_x { v } else { Vec2::new(v.y, v.x) };
    let (amin, amax, bmin, bmax) = (swap(a.min()), swap(a.max()), swap(b.min()), swap(b.max()));
    let positive = swap(forward).x <= swap(backward).x;
    let depth = swap(travel).x;
    let (face_a, face_b) = if positive { (amax.x, bmin.x) } else { (amin.x, bmax.x) };
    let (lo, hi) = (amin.y.max(bmin.y), amax.y.min(bmax.y));
    let sign = if positive { 1.0 } else { -1.0 };
    let make =
        |y: f32| ContactPoint { point_a: swap(Vec2::new(face_a, y)), point_b: swap(Vec2::new(face_b, y)), depth };
    let normal = swap(Vec2::new(sign, 0.0));
    if lo < hi {
        Some(Contact::new(normal, depth, &[make(lo), make(hi)]))
    } else {
        Some(Contact::new(normal, depth, &[make(lo)]))
    }
}
