//! Shape casts: when two shapes moving in straight lines first touch, where, and which way.
//!
//! A fast, small shape can cross a thin wall between two frames: testing where it ends up
//! misses the wall. A cast asks instead for the first time along the whole motion at which the
//! shapes touch, so nothing tunnels through. Motions are velocities (displacement per unit of
//! time) and the cast looks over times `[0, max_time]`; [`sweep`] is the everyday case of one
//! shape moved by a displacement against one that stands still, and [`cast_motion`] lets the
//! shapes turn as they go.
//!
//! Every pair casts, concave polygons included. Each convex pair is a ray cast against their
//! Minkowski difference (`convex.rs`), exact up to rounding and with no iteration; two boxes
//! take their four separating axes instead (`boxes.rs`); a concave polygon casts each of its
//! convex pieces whose swept bounds meet and keeps the soonest (`pieces.rs`). Turning shapes advance by
//! steps that cannot skip a contact (`motion.rs`).

mod boxes;
mod convex;
mod motion;
mod pieces;

use glam::Vec2;

use super::contact::contact_ref;
use super::core::Core;
use super::intersects::intersects_ref;
use super::{ShapeLike, ShapeRef};
use crate::math::direction_or;
use crate::shape::BoxFrame;
use boxes::cast_boxes;
use convex::{cast_cores, Touch};
pub use motion::{cast_motion, Motion};
use pieces::cast_pieces;

/// When and where two moving shapes first touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeCastHit {
    /// The time of first contact, in `[0, max_time]`: the shapes stand at their starting places
    /// plus their motions times `time`.
    pub time: f32,
    /// Where they touch at that time, in world space (halfway between the witnesses).
    pub point: Vec2,
    /// The witness on `a`: the point of `a`'s surface at the contact, at that time. The same
    /// as `point` up to rounding unless they started overlapping, when it is `a`'s point of
    /// their deepest contact.
    pub point_a: Vec2,
    /// The witness on `b`, likewise (inside `a` when they started overlapping).
    pub point_b: Vec2,
    /// The unit contact normal at that time, pointing from `a` towards `b`.
    pub normal: Vec2,
    /// They already intersected at time 0 (touching included). The hit is then at time 0, and
    /// `normal` and `point` are those of their [`contact`](crate::contact).
    pub started_overlapping: bool,
}

/// The first time in `[0, max_time]` at which `a`, moving at velocity `motion_a`, and `b`,
/// moving at `motion_b`, touch; `None` if they never do in that time, or if a motion or
/// `max_time` is not a number (`max_time` may be infinite; a negative one finds nothing). The
/// C, Python and JS bindings refuse a NaN `max_time` as an error.
///
/// Touching counts as a hit, as everywhere in the crate: shapes that touch or overlap at time 0
/// give a hit at time 0 with [`ShapeCastHit::started_overlapping`] set, whichever way they move.
/// A character controller keeps a small gap (a *skin*) for that reason.
///
/// ```
/// use collide2d::{cast_shape, Aabb, Circle, Vec2};
/// // A bullet moving 6000 units a second towards a wall 1 unit thick, 50 units away: in one
/// // frame of 1/60 s it moves 100 units, past the wall, but the cast stops it at the wall.
/// let bullet = Circle::new(Vec2::ZERO, 0.5)?;
/// let wall = Aabb::from_xywh(50.0, -10.0, 1.0, 20.0)?;
/// let hit = cast_shape(&bullet, Vec2::new(6000.0, 0.0), &wall, Vec2::ZERO, 1.0 / 60.0).expect("hits");
/// assert!((hit.time - 49.5 / 6000.0).abs() < 1e-7);
/// assert_eq!(hit.normal, Vec2::X);
/// assert!((hit.point - Vec2::new(50.0, 0.0)).length() < 1e-4);
/// assert!(!hit.started_overlapping);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn cast_shape<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(
    a: &A,
    motion_a: Vec2,
    b: &B,
    motion_b: Vec2,
    max_time: f32,
) -> Option<ShapeCastHit> {
    cast_ref(a.shape_ref(), motion_a, b.shape_ref(), motion_b, max_time)
}

/// How [`cast_shape_with`] casts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastOptions {
    /// The cast looks over times `[0, max_time]` (default 1).
    pub max_time: f32,
    /// Whether shapes that touch or overlap at time 0 are hit at once, whichever way they move
    /// (default true, as [`cast_shape`]). Off (parry2d's `stop_at_penetration: false`), such a
    /// start is a hit only when the motion takes them deeper, along the contact normal; moving
    /// apart or along the surface, the cast looks past it for the first touch of the parts that
    /// start apart (another piece of a concave polygon), and finds nothing for convex shapes.
    pub stop_at_start: bool,
}

impl Default for CastOptions {
    fn default() -> Self {
        Self { max_time: 1.0, stop_at_start: true }
    }
}

/// [`cast_shape`] with [`CastOptions`]: a character standing on the floor can cast along it or
/// away from it without being stopped by the floor it touches.
///
/// ```
/// use collide2d::query::cast::{cast_shape_with, CastOptions};
/// use collide2d::{cast_shape, Aabb, Vec2};
/// let floor = Aabb::from_xywh(-10.0, -1.0, 20.0, 1.0)?;
/// let player = Aabb::from_xywh(0.0, 0.0, 1.0, 2.0)?; // standing on it
/// let run = Vec2::new(5.0, 0.0);
/// assert!(cast_shape(&floor, Vec2::ZERO, &player, run, 1.0).is_some_and(|h| h.started_overlapping));
/// let past = CastOptions { stop_at_start: false, ..CastOptions::default() };
/// assert_eq!(cast_shape_with(&floor, Vec2::ZERO, &player, run, &past), None);
/// // Pressing down into it is still a hit.
/// assert!(cast_shape_with(&floor, Vec2::ZERO, &player, Vec2::new(1.0, -1.0), &past).is_some());
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn cast_shape_with<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(
    a: &A,
    motion_a: Vec2,
    b: &B,
    motion_b: Vec2,
    options: &CastOptions,
) -> Option<ShapeCastHit> {
    let (a, b) = (a.shape_ref(), b.shape_ref());
    let hit = cast_ref(a, motion_a, b, motion_b, options.max_time)?;
    if options.stop_at_start || !hit.started_overlapping {
        return Some(hit);
    }
    let (v, slow) = relative_motion(motion_a, motion_b);
    // Deeper along the normal: a hit. Otherwise only pieces that start apart can be met.
    if hit.normal.dot(v) < 0.0 {
        return Some(hit);
    }
    let touch = cast_pieces(a, b, v, options.max_time * slow, true)?;
    finish(touch, motion_a, slow)
}

/// Moves `moving` by `motion` against `obstacle`, which stands still: the first hit on the way,
/// with `time` the fraction of `motion` travelled (in `[0, 1]`) and `normal` pointing from
/// `moving` into `obstacle`. The same as `cast_shape(moving, motion, obstacle, Vec2::ZERO, 1.0)`.
///
/// ```
/// use collide2d::{sweep, Aabb, Vec2};
/// let player = Aabb::from_xywh(0.0, 0.0, 1.0, 2.0)?;
/// let floor = Aabb::from_xywh(-5.0, -4.0, 10.0, 1.0)?;
/// // Falling 10 units: lands after 3 of them.
/// let hit = sweep(&player, Vec2::new(0.0, -10.0), &floor).expect("lands");
/// assert!((hit.time - 0.3).abs() < 1e-6);
/// assert_eq!(hit.normal, Vec2::NEG_Y);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn sweep<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(
    moving: &A,
    motion: Vec2,
    obstacle: &B,
) -> Option<ShapeCastHit> {
    cast_ref(moving.shape_ref(), motion, obstacle.shape_ref(), Vec2::ZERO, 1.0)
}

#[allow(clippy::neg_cmp_op_on_partial_ord)] // a NaN time finds nothing
pub(crate) fn cast_ref(
    a: ShapeRef,
    motion_a: Vec2,
    b: ShapeRef,
    motion_b: Vec2,
    max_time: f32,
) -> Option<ShapeCastHit> {
    if !(max_time >= 0.0) || !motion_a.is_finite() || !motion_b.is_finite() {
        return None;
    }
    // A point with a coordinate that is not a finite number intersects nothing, so never hits.
    if [a, b].iter().any(|s| matches!(s, ShapeRef::Point(p) if !p.is_finite())) {
        return None;
    }
    let (v, slow) = relative_motion(motion_a, motion_b);
    let max_time = max_time * slow;
    let started = || Some(started_overlapping(a, b));
    let touch = match (a, b) {
        (ShapeRef::TileMap(m), other) => {
            if intersects_ref(a, b) {
                return started();
            }
            let (time, normal, point) = crate::query::tiles::cast_map(m, other, v, max_time)?;
            Some(Touch { time, normal, point })
        }
        (other, ShapeRef::TileMap(m)) => {
            if intersects_ref(a, b) {
                return started();
            }
            // The map moves at `v` against `a`: cast `a` at it the other way, and read the point
            // on `a`, which stands still.
            let (time, normal, point) = crate::query::tiles::cast_map(m, other, -v, max_time)?;
            Some(Touch { time, normal: -normal, point: point + v * time })
        }
        (ShapeRef::Polygon(_), _) | (_, ShapeRef::Polygon(_)) => {
            if intersects_ref(a, b) {
                return started();
            }
            cast_pieces(a, b, v, max_time, false)
        }
        _ => match (box_frame(a), box_frame(b)) {
            (Some(box_a), Some(box_b)) => {
                if intersects_ref(a, b) {
                    return started();
                }
                cast_boxes(box_a, box_b, v, max_time)
            }
            _ => {
                // The walk around the difference also measures the start, so the exact test
                // runs only when the shapes start within rounding of touching.
                let ((ca, ra), (cb, rb)) = (Core::of(a), Core::of(b));
                let (touch, start) = cast_cores(&ca, ra, &cb, rb, v, max_time);
                if start.overlaps(|| intersects_ref(a, b)) {
                    return started();
                }
                touch
            }
        },
    }?;
    finish(touch, motion_a, slow)
}

/// The motion of `b` in the frame where `a` stands still, and how much slower than the true
/// one: should the difference overflow, `b` moves at half of it for twice the time.
fn relative_motion(motion_a: Vec2, motion_b: Vec2) -> (Vec2, f32) {
    match motion_b - motion_a {
        v if v.is_finite() => (v, 1.0),
        _ => (motion_b * 0.5 - motion_a * 0.5, 2.0),
    }
}

/// The hit of a touch found in `a`'s frame at `slow` times the true time, back in the world.
fn finish(touch: Touch, motion_a: Vec2, slow: f32) -> Option<ShapeCastHit> {
    // A hit beyond f32's range of times (a speed of 1e-45 over an infinite time) is not one.
    let time = touch.time / slow;
    if !time.is_finite() {
        return None;
    }
    // Kept within the f32 range: a face meeting a face at the very end of it may put the point
    // a rounding beyond.
    let point = (touch.point + motion_a * time).clamp(Vec2::splat(f32::MIN), Vec2::splat(f32::MAX));
    Some(ShapeCastHit { time, point, point_a: point, point_b: point, normal: touch.normal, started_overlapping: false })
}

/// The hit at time 0 of shapes that already intersect.
fn started_overlapping(a: ShapeRef, b: ShapeRef) -> ShapeCastHit {
    let contact = contact_ref(a, b);
    // Without a contact (touching within rounding), from one shape's inside towards the other's.
    let normal = contact.map_or_else(|| direction_or(a.inner_point(), b.inner_point(), Vec2::Y), |c| c.normal);
    let deepest = contact.and_then(|c| c.points().first().copied());
    let (point_a, point_b) = deepest.map_or_else(|| (b.inner_point(), b.inner_point()), |p| (p.point_a, p.point_b));
    let point = deepest.map_or(point_a, |p| p.midpoint());
    ShapeCastHit { time: 0.0, point, point_a, point_b, normal, started_overlapping: true }
}

/// A box's frame, for the boxes' own cast.
fn box_frame(s: ShapeRef) -> Option<BoxFrame> {
    match s {
        ShapeRef::Aabb(b) => Some(BoxFrame::of_aabb(b)),
        ShapeRef::Obb(o) => Some(BoxFrame::of_obb(o)),
        _ => None,
    }
}
