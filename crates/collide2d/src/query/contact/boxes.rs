//! Contacts between boxes, at least one of them oriented: the four-axis separating-axis test in
//! the first box's frame (the same sums as [`intersects_obb_obb`](crate::query::intersects::intersects_obb_obb),
//! so the two always agree), then the incident face clipped against the reference face, as
//! Box2D does, but with a box's symmetry doing the work of a general polygon search.

use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::math::unrotate;
use crate::math::Order;
use crate::query::intersects::{boxes_overlap, frame_first};
use crate::shape::{Aabb, BoxFrame, Obb};

/// Oriented boxes: normal, depth and up to two points (two when edges lie flat on each other).
///
/// ```
/// use collide2d::{query::contact::contact_obb_obb, Obb, Vec2};
/// let a = Obb::new(Vec2::ZERO, Vec2::new(1.0, 1.0), 0.0)?;
/// let b = Obb::new(Vec2::new(1.5, 0.0), Vec2::new(1.0, 1.0), 0.0)?;
/// let c = contact_obb_obb(&a, &b).expect("they overlap by 0.5 on x");
/// assert_eq!((c.normal, c.depth), (Vec2::X, 0.5));
/// assert_eq!(c.points().len(), 2); // face on face
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn contact_obb_obb(a: &Obb, b: &Obb) -> Option<Contact> {
    // Touching as `intersects_obb_obb` decides, in the frame it takes (the larger box's): in
    // the other box's frame the sums round differently in the last bit.
    let (fa, fb) = (BoxFrame::of_obb(a), BoxFrame::of_obb(b));
    let touching = if frame_first(&fb, &fa) { boxes_overlap(fb, fa) } else { boxes_overlap(fa, fb) };
    contact_boxes(fa, fb, Some(touching))
}

/// An axis-aligned box against an oriented one.
#[inline]
pub fn contact_aabb_obb(a: &Aabb, b: &Obb) -> Option<Contact> {
    contact_boxes(BoxFrame::of_aabb(a), BoxFrame::of_obb(b), None)
}

/// How much better (relatively) `b`'s face must be to become the reference: keeps the reference
/// on `a` when both faces are as good, so resting contacts do not flip from frame to frame.
const PREFER_A: f32 = 1e-5;

/// The contact of two boxes, touching as `touching` says if given (else as their overlaps in
/// `a`'s frame say: the test `intersects` makes in that frame).
#[inline]
fn contact_boxes(a: BoxFrame, b: BoxFrame, touching: Option<bool>) -> Option<Contact> {
    let d = unrotate(a.axis, b.center - a.center);
    let rel = unrotate(a.axis, b.axis);
    let (c, s) = (rel.x.abs(), rel.y.abs());
    let (ha, hb) = (a.half, b.half);
    let (db_x, db_y) = (rel.x * d.x + rel.y * d.y, rel.x * d.y - rel.y * d.x);
    // Overlap along a's x, a's y, b's x, b's y: the exact sums of `boxes_overlap`.
    let overlap = [
        ha.x + hb.x * c + hb.y * s - d.x.abs(),
        ha.y + hb.x * s + hb.y * c - d.y.abs(),
        hb.x + ha.x * c + ha.y * s - db_x.abs(),
        hb.y + ha.x * s + ha.y * c - db_y.abs(),
    ];
    #[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN must read as "apart"
    let overlapping = overlap[0] >= 0.0 && overlap[1] >= 0.0 && overlap[2] >= 0.0 && overlap[3] >= 0.0;
    if !touching.unwrap_or(overlapping) {
        return None;
    }
    // Touching by the other frame's sums, a hair apart by these: at depth 0.
    let overlap = overlap.map(|o| o.at_least(0.0));
    let (a_axis, a_depth) = if overlap[0] <= overlap[1] { (0, overlap[0]) } else { (1, overlap[1]) };
    let (b_axis, b_depth) = if overlap[2] <= overlap[3] { (0, overlap[2]) } else { (1, overlap[3]) };
    if b_depth < a_depth - PREFER_A * (a_depth + ha.max_element() + hb.max_element()) {
        Some(clip_boxes(b, a, b_axis, b_depth).flipped())
    } else {
        Some(clip_boxes(a, b, a_axis, a_depth))
    }
}

/// The manifold with the face of `reference` across `axis` (0: x, 1: y) that faces `incident` as
/// the reference face: the incident box's most opposed face, clipped to the reference face's
/// extent, keeps the points at or below the reference face.
fn clip_boxes(reference: BoxFrame, incident: BoxFrame, axis: usize, depth: f32) -> Contact {
    // Swap coordinates so that the reference axis is x: one code path for both axes.
    let swap = |v: Vec2| if axis == 0 { v } else { Vec2::new(v.y, v.x) };
    let d = swap(unrotate(reference.axis, incident.center - reference.center));
    let (u, v) = {
        let x = unrotate(reference.axis, incident.axis);
        (swap(x), swap(x.perp()))
    };
    let (face, extent) = (swap(reference.half).x, swap(reference.half).y);
    let sign = if d.x < 0.0 { -1.0 } else { 1.0 };
    // The incident face: of ±u and ±v, the one pointing most against +sign·x.
    let (hu, hv) = (incident.half.x, incident.half.y);
    let (centre, along) = if u.x.abs() >= v.x.abs() {
        (d - u * facing_half(hu, sign, u.x), v * hv)
    } else {
        (d - v * facing_half(hv, sign, v.x), u * hu)
    };
    let (p1, p2) = (centre - along, centre + along);
    let to_world = |p: Vec2| reference.center + reference.axis.rotate(swap(p));
    let normal = reference.axis.rotate(swap(Vec2::new(sign, 0.0)));
    let mut points = [ContactPoint::default(); 2];
    let mut count = 0;
    for p in clip_to_extent(p1, p2, extent) {
        let below = face - sign * p.x; // ≥ 0 when p is at or below the reference face
        if below >= 0.0 {
            let on_face = Vec2::new(sign * face, p.y.clamp(-extent, extent));
            points[count] = ContactPoint { point_a: to_world(on_face), point_b: to_world(p), depth: below };
            count += 1;
        }
    }
    if count == 0 {
        // Rounding left no clipped end below the face (a corner grazing it): the deepest end speaks.
        let p = if sign * p1.x <= sign * p2.x { p1 } else { p2 };
        let on_face = Vec2::new(sign * face, p.y.clamp(-extent, extent));
        points[0] = ContactPoint { point_a: to_world(on_face), point_b: to_world(p), depth: 0.0 };
        count = 1;
    }
    Contact::new(normal, depth, &points[..count])
}

/// Segment `[p1, p2]` cut to `|y| ≤ extent`: its two ends, equal when it meets the band at one
/// point only (then one is returned). Falls back to the nearer end if it misses the band.
fn clip_to_extent(p1: Vec2, p2: Vec2, extent: f32) -> impl Iterator<Item = Vec2> {
    let dy = p2.y - p1.y;
    let at = |y: f32| if dy == 0.0 { p1 } else { p1 + (p2 - p1) * ((y - p1.y) / dy) };
    let (lo, hi) = (p1.y.at_most(p2.y).at_least(-extent), p1.y.at_least(p2.y).at_most(extent));
    let ends = if dy == 0.0 {
        [p1, p2]
    } else if lo <= hi {
        [at(lo), at(hi)]
    } else {
        let near = nearer_end(p1, p2);
        [near, near]
    };
    let single = ends[0] == ends[1];
    ends.into_iter().take(if single { 1 } else { 2 })
}

/// clip_boxes' half-extent `h` of the incident box along an axis whose x is `x`, signed so that
/// the face it reaches points against `sign`·x. Its own function so that the mutation
/// exclusions for `/` name it alone: `sign` and `x.signum()` are ±1, so dividing by either is
/// multiplying by it.
#[inline]
fn facing_half(h: f32, sign: f32, x: f32) -> f32 {
    h * sign * x.signum()
}

/// clip_to_extent's fallback for a segment wholly beside the band: its end nearer the band.
/// Not a strict equivalence, but not reached: in 2 million random overlapping box pairs the
/// face of least overlap always had the incident face across it, so its mutants (`>`, or any
/// point) are excluded.
#[inline]
fn nearer_end(p1: Vec2, p2: Vec2) -> Vec2 {
    if p1.y.abs() <= p2.y.abs() {
        p1
    } else {
        p2
    }
}
