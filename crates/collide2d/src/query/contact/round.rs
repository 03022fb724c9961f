use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::math::{distance_squared64, saturate, unrotate};
use crate::query::core::within;
use crate::shape::{Aabb, Circle, Obb};

/// Discs: along the line of centres (+x when the centres coincide). Worked in f64, where the
/// squared distance neither overflows nor underflows at any size.
#[inline]
pub fn contact_circle_circle(a: &Circle, b: &Circle) -> Option<Contact> {
    let d = b.center().as_dvec2() - a.center().as_dvec2();
    let dist_sq = d.length_squared();
    if !within(dist_sq, a.radius(), b.radius()) {
        return None;
    }
    let dist = dist_sq.sqrt();
    let normal = if dist > 0.0 { (d / dist).as_vec2() } else { Vec2::X };
    let depth = saturate(a.radius() as f64 + b.radius() as f64 - dist);
    let point_a = a.center() + normal * a.radius();
    let point_b = b.center() - normal * b.radius();
    Some(Contact::new(normal, depth, &[ContactPoint { point_a, point_b, depth }]))
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
        let dist_sq = distance_squared64(p, q);
        if !within(dist_sq, c.radius(), 0.0) {
            return None;
        }
        // Distinct f32 points are a positive f64 distance apart: the normal is a unit vector.
        let dist = dist_sq.sqrt();
        let normal = ((q.as_dvec2() - p.as_dvec2()) / dist).as_vec2();
        let depth = saturate(c.radius() as f64 - dist);
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
        let dist_sq = distance_squared64(p, q);
        if !within(dist_sq, r, 0.0) {
            return None;
        }
        let dist = dist_sq.sqrt();
        let normal = ((q.as_dvec2() - p.as_dvec2()) / dist).as_vec2();
        let depth = saturate(r as f64 - dist);
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
    let depth = saturate(face_depth as f64 + r as f64);
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
