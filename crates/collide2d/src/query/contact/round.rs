use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::math::Order;
use crate::math::{power_of_two_scale, saturate, unit_or, unrotate};
use crate::shape::{Aabb, Circle, Obb};

/// Discs: along the line of centres (+x when the centres coincide). Decided as
/// `intersects_circle_circle` decides; in f32, and for a reach too large or too small for f32
/// squares, on the discs scaled by a power of two into range.
#[inline]
pub fn contact_circle_circle(a: &Circle, b: &Circle) -> Option<Contact> {
    let (ca, ra, cb, rb) = (a.center(), a.radius(), b.center(), b.radius());
    let reach = ra + rb;
    if !squares_serve(reach * reach) {
        return discs_rescaled(ca, ra, cb, rb, reach);
    }
    discs(ca, ra, cb, rb)
}

/// [`contact_circle_circle`] once f32 squares are known to serve.
#[inline(always)]
fn discs(ca: Vec2, ra: f32, cb: Vec2, rb: f32) -> Option<Contact> {
    let d = cb - ca;
    let reach = ra + rb;
    let dist_sq = d.length_squared();
    if !within_f32(dist_sq, reach * reach) {
        return None;
    }
    let dist = dist_sq.sqrt();
    // Centres closer than 1e-18 (a subnormal square) would skew the f32 direction.
    let normal = if dist_sq >= 1e-36 { d / dist } else { unit_or(d, Vec2::X) };
    let depth = reach - dist;
    let point_a = ca + normal * ra;
    Some(Contact::new(normal, depth, &[ContactPoint { point_a, point_b: point_a - normal * depth, depth }]))
}

/// [`discs`] with every length scaled by the power of two that brings the reach into [1, 2)
/// (exact, and as `disc_reaches` decides), scaled back.
#[cold]
#[inline(never)]
fn discs_rescaled(ca: Vec2, ra: f32, cb: Vec2, rb: f32, reach: f32) -> Option<Contact> {
    let (down, up) = power_of_two_scale(reach);
    Some(scaled_back(&discs(ca * down, ra * down, cb * down, rb * down)?, up))
}

/// `dist_sq ≤ reach_sq`: false for NaN, so the callers' "apart" branches take NaN.
#[inline]
fn within_f32(dist_sq: f32, reach_sq: f32) -> bool {
    dist_sq <= reach_sq
}

/// Whether f32 squares of a length whose square is `reach_sq` neither overflow nor underflow:
/// the discs' fast paths work in f32 then, and `disc_reaches` decides as they do.
#[inline]
fn squares_serve(reach_sq: f32) -> bool {
    (1e-36..=1e36).contains(&reach_sq)
}

/// A contact's lengths and points multiplied by `up`, kept within the f32 range.
fn scaled_back(c: &Contact, up: f32) -> Contact {
    let (lo, hi) = (Vec2::splat(f32::MIN), Vec2::splat(f32::MAX));
    let back = |p: &ContactPoint| ContactPoint {
        point_a: (p.point_a * up).clamp(lo, hi),
        point_b: (p.point_b * up).clamp(lo, hi),
        depth: saturate(p.depth as f64 * up as f64),
    };
    let points: [ContactPoint; 2] = [0, 1].map(|k| c.points().get(k).map_or(ContactPoint::default(), back));
    Contact::new(c.normal, saturate(c.depth as f64 * up as f64), &points[..c.points().len()])
}

/// A disc against an axis-aligned box.
#[inline]
pub fn contact_circle_aabb(c: &Circle, b: &Aabb) -> Option<Contact> {
    // Outside, work in world coordinates as `intersects_circle_aabb` does: moving to the box's
    // centre first rounds differently, and a disc resting exactly on a face would intersect
    // without a contact.
    let (p, r) = (c.center(), c.radius());
    let q = p.clamp(b.min(), b.max());
    if q != p {
        if !squares_serve(r * r) {
            return disc_outside_rescaled(p, q, r);
        }
        return disc_outside(p, q, r);
    }
    circle_box(c.center() - b.center(), r, b.half_extents(), Vec2::X, b.center())
}

/// A disc around `p` (outside the box) against the box's point `q` nearest to it, once f32
/// squares are known to serve.
#[inline(always)]
fn disc_outside(p: Vec2, q: Vec2, r: f32) -> Option<Contact> {
    let dist_sq = p.distance_squared(q);
    if !within_f32(dist_sq, r * r) {
        return None;
    }
    let dist = dist_sq.sqrt();
    let normal = if dist_sq >= 1e-36 { (q - p) / dist } else { unit_or(q - p, Vec2::X) };
    let depth = r - dist;
    Some(Contact::new(normal, depth, &[ContactPoint { point_a: p + normal * r, point_b: q, depth }]))
}

/// [`disc_outside`] scaled into range, scaled back.
#[cold]
#[inline(never)]
fn disc_outside_rescaled(p: Vec2, q: Vec2, r: f32) -> Option<Contact> {
    let (down, up) = power_of_two_scale(r);
    Some(scaled_back(&disc_outside(p * down, q * down, r * down)?, up))
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
    if !squares_serve(r * r) {
        return circle_box_rescaled(p, r, h, axis, origin);
    }
    circle_box_unchecked(p, r, h, axis, origin)
}

/// [`circle_box`] once f32 squares are known to serve.
#[inline(always)]
fn circle_box_unchecked(p: Vec2, r: f32, h: Vec2, axis: Vec2, origin: Vec2) -> Option<Contact> {
    let to_world = |v: Vec2| origin + axis.rotate(v);
    let q = p.clamp(-h, h);
    if q != p {
        // Centre outside the box: the closest box point decides, as for an axis-aligned box.
        let local = disc_outside(p, q, r)?;
        let at = local.points()[0];
        let point = ContactPoint { point_a: to_world(at.point_a), point_b: to_world(at.point_b), depth: at.depth };
        return Some(Contact::new(axis.rotate(local.normal), local.depth, &[point]));
    }
    // Centre inside (or on) the box: leave through the nearest face.
    let room = h - p.abs();
    let side = |v: f32| if v < 0.0 { -1.0 } else { 1.0 };
    let (face_normal, face_depth) =
        if room.x <= room.y { (Vec2::new(side(p.x), 0.0), room.x) } else { (Vec2::new(0.0, side(p.y)), room.y) };
    if !face_depth.is_finite() {
        return None;
    }
    // Finite: the half extents and the radius are each at most half the f32 range.
    let depth = face_depth + r;
    let point =
        ContactPoint { point_a: to_world(p - face_normal * r), point_b: to_world(p + face_normal * face_depth), depth };
    Some(Contact::new(axis.rotate(-face_normal), depth, &[point]))
}

/// [`circle_box`] with every length scaled by the power of two that brings the radius into
/// [1, 2) (exact, and as `disc_reaches` decides), scaled back.
#[cold]
#[inline(never)]
fn circle_box_rescaled(p: Vec2, r: f32, h: Vec2, axis: Vec2, origin: Vec2) -> Option<Contact> {
    let (down, up) = power_of_two_scale(r);
    Some(scaled_back(&circle_box_unchecked(p * down, r * down, h * down, axis, origin * down)?, up))
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
    let (lo, hi) = (amin.y.at_least(bmin.y), amax.y.at_most(bmax.y));
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
