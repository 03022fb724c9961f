//! Distances involving boxes, worked in a box's frame where its closest point to anything is a
//! clamp: discs against boxes, and boxes against boxes (apart, convex shapes are closest at a
//! vertex of one, so the eight corner-against-box clamps find the pair).

use glam::Vec2;

use super::{apart, ClosestPoints};
use crate::math::Order;
use crate::math::{saturate, unrotate};
use crate::query::core::disc_reaches;
use crate::query::intersects::{intersects_aabb_obb, intersects_obb_obb};
use crate::shape::{Aabb, BoxFrame, Circle, Obb};

/// The closest points of a disc and an axis-aligned box, `None` when they touch. In world
/// coordinates, as `intersects` works it: the box's frame would round the centre's offset from
/// the box's middle, which for a box far larger than the disc loses the disc's position.
#[inline]
pub fn closest_circle_aabb(c: &Circle, b: &Aabb) -> Option<ClosestPoints> {
    let p = c.center();
    let q = p.clamp(b.min(), b.max());
    (!disc_reaches(p, q, c.radius(), 0.0)).then(|| apart(p, q, c.radius(), 0.0))
}

/// The closest points of a disc and an oriented box, `None` when they touch.
#[inline]
pub fn closest_circle_obb(c: &Circle, o: &Obb) -> Option<ClosestPoints> {
    closest_circle_box(c, BoxFrame::of_obb(o))
}

/// The closest points of two oriented boxes, `None` when they touch.
///
/// ```
/// use collide2d::{query::distance::closest_obb_obb, Obb, Vec2};
/// let a = Obb::new(Vec2::ZERO, Vec2::ONE, 0.0)?;
/// let b = Obb::new(Vec2::new(5.0, 0.0), Vec2::ONE, std::f32::consts::FRAC_PI_4)?;
/// let c = closest_obb_obb(&a, &b).expect("apart");
/// // b's left corner, at x = 5 - sqrt 2, faces a's right side at x = 1.
/// assert!((c.distance - (4.0 - 2f32.sqrt())).abs() < 1e-5);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn closest_obb_obb(a: &Obb, b: &Obb) -> Option<ClosestPoints> {
    (!intersects_obb_obb(a, b)).then(|| closest_apart_boxes(BoxFrame::of_obb(a), BoxFrame::of_obb(b)))
}

/// The closest points of an axis-aligned and an oriented box, `None` when they touch.
#[inline]
pub fn closest_aabb_obb(a: &Aabb, b: &Obb) -> Option<ClosestPoints> {
    (!intersects_aabb_obb(a, b)).then(|| closest_apart_boxes(BoxFrame::of_aabb(a), BoxFrame::of_obb(b)))
}

#[inline]
fn closest_circle_box(c: &Circle, b: BoxFrame) -> Option<ClosestPoints> {
    let p = b.to_local(c.center());
    let q = p.clamp(-b.half, b.half);
    // Decided in the box's frame, as `intersects_circle_obb` decides.
    (!disc_reaches(p, q, c.radius(), 0.0)).then(|| apart(c.center(), b.to_world(q), c.radius(), 0.0))
}

/// The closest points of two boxes that `intersects` found apart (decided there, in the frame
/// it chose, so that the two queries agree): they exist, though far from the origin the world
/// points may round onto each other. The distance comes from the boxes' frames.
#[inline]
fn closest_apart_boxes(a: BoxFrame, b: BoxFrame) -> ClosestPoints {
    // The corners' squared distances are f32: sound while the boxes' numbers lie between 2^-60
    // and 2^60. Beyond, the same on the boxes scaled into range.
    let largest = a.center.abs().max(b.center.abs()).max(a.half).max(b.half).max_element();
    if largest != 0.0 && !(2f32.powi(-60)..=2f32.powi(60)).contains(&largest) {
        return closest_boxes_rescaled(a, b, largest);
    }
    let (da, pa, pb) = nearest_corner(b, a);
    let (db, qb, qa) = nearest_corner(a, b);
    let (d, point_a, point_b) = if da <= db { (da, pa, pb) } else { (db, qa, qb) };
    ClosestPoints { point_a, point_b, distance: d.sqrt().at_least(f32::from_bits(1)) }
}

/// [`closest_apart_boxes`] on the boxes scaled by the power of two that brings `largest` near 1
/// (exact), scaled back.
#[cold]
fn closest_boxes_rescaled(a: BoxFrame, b: BoxFrame, largest: f32) -> ClosestPoints {
    let (down, up) = crate::math::power_of_two_scale(largest);
    let scaled = |f: BoxFrame| BoxFrame { center: f.center * down, half: f.half * down, axis: f.axis };
    let c = closest_apart_boxes(scaled(a), scaled(b));
    let distance = saturate(c.distance as f64 * up as f64);
    ClosestPoints { point_a: c.point_a * up, point_b: c.point_b * up, distance }
}

/// Of `from`'s corners, the one nearest to box `to`: `(squared distance, point on to, corner)`,
/// the points in the world. The corners are placed in `to`'s frame from the boxes' offset, not
/// from their world positions, which far from the origin round by more than a small gap.
#[inline]
fn nearest_corner(from: BoxFrame, to: BoxFrame) -> (f32, Vec2, Vec2) {
    let offset = unrotate(to.axis, from.center - to.center);
    let turn = unrotate(to.axis, from.axis);
    let mut best = (f32::INFINITY, Vec2::ZERO, Vec2::ZERO);
    for corner in from.local_corners() {
        let p = offset + turn.rotate(corner);
        let q = p.clamp(-to.half, to.half);
        let d = p.distance_squared(q);
        if d < best.0 {
            best = (d, q, corner);
        }
    }
    (best.0, to.to_world(best.1), from.to_world(best.2))
}
