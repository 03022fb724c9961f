//! The tiered rectangle test: cheap levels first, each one short-circuiting when it is sure.
//!
//! For objects that are a rectangle in their own local space placed in the world by a transform
//! (sprites, UI elements, anything with local bounds and a transform), [`collide`] climbs:
//!
//! | level | test | can be wrong how |
//! |---|---|---|
//! | [`Level::Aabb`] | the world-space bounding boxes overlap | says "colliding" for rotated rectangles whose boxes overlap but which do not touch (false positive) |
//! | [`Level::Corners`] | a corner of one lies inside the other | says "not colliding" for rectangles that cross like a plus sign, no corner inside (false negative); a corner inside is proof, so never a false positive |
//! | [`Level::Sat`] | exact separating-axis test of the two transformed rectangles | exact |
//!
//! A level stops the climb when its answer is certain: bounding boxes apart means apart, a
//! corner inside means colliding. [`Level::Maximum`] (the default) climbs as far as needed.

use crate::math::Transform;
use crate::query::contains::contains_point;
use crate::query::intersects::intersects_ref;
use crate::query::ShapeLike;
use crate::shape::{Aabb, Segment, Shape};

/// An object with a local rectangle placed in the world by a transform.
///
/// ```
/// use collide2d::{tiered::{collide, Level, RectObject}, Aabb, Transform, Vec2};
/// struct Sprite { size: Vec2, transform: Transform }
/// impl RectObject for Sprite {
///     fn transform(&self) -> Transform { self.transform }
///     fn local_bounds(&self) -> Aabb { Aabb::new(Vec2::ZERO, self.size).unwrap() }
/// }
/// let a = Sprite { size: Vec2::new(4.0, 1.0), transform: Transform::IDENTITY };
/// let b = Sprite { size: Vec2::new(4.0, 1.0), transform: Transform::from_parts(
///     Vec2::new(2.0, 0.5), std::f32::consts::FRAC_PI_2, Vec2::ONE, Vec2::new(2.0, 0.5)) };
/// // A plus sign: no corner of either lies inside the other.
/// assert!(!collide(&a, &b, Level::Corners));
/// assert!(collide(&a, &b, Level::Maximum));
/// ```
pub trait RectObject {
    /// Local space to world space.
    fn transform(&self) -> Transform;
    /// The rectangle in local space.
    fn local_bounds(&self) -> Aabb;
    /// The world-space axis-aligned bounds (exact bounds of the transformed rectangle).
    fn global_bounds(&self) -> Aabb {
        self.local_bounds().transformed_bounds(&self.transform())
    }
}

/// How far [`collide`] may climb.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Level 0: world bounding boxes only.
    Aabb,
    /// Level 1: bounding boxes, then "a corner inside the other".
    Corners,
    /// Level 2: all of the above, then the exact separating-axis test.
    Sat,
    /// As far as needed (the same as [`Level::Sat`]).
    #[default]
    Maximum,
}

/// The answer of [`collide_verdict`] and the level that gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the objects were judged to collide.
    pub colliding: bool,
    /// The level whose test settled it.
    pub decided_by: Level,
}

/// Whether `a` and `b` collide, judged up to `level`. See the [module docs](self) for what each
/// level can get wrong.
pub fn collide<A: RectObject + ?Sized, B: RectObject + ?Sized>(a: &A, b: &B, level: Level) -> bool {
    collide_verdict(a, b, level).colliding
}

/// Like [`collide`], also saying which level settled the answer.
pub fn collide_verdict<A: RectObject + ?Sized, B: RectObject + ?Sized>(a: &A, b: &B, level: Level) -> Verdict {
    let verdict = |colliding, decided_by| Verdict { colliding, decided_by };
    let boxes = a.global_bounds().intersects(&b.global_bounds());
    if !boxes || level == Level::Aabb {
        return verdict(boxes, Level::Aabb);
    }
    let (ta, tb) = (a.transform(), b.transform());
    let (la, lb) = (a.local_bounds(), b.local_bounds());
    let (wa, wb) = (world_rect(&la, &ta), world_rect(&lb, &tb));
    let corner_inside = |local: &Aabb, t: &Transform, other: &Shape| {
        local.corners().iter().any(|c| contains_point(other.shape_ref(), t.transform_point(*c)))
    };
    let corners = corner_inside(&la, &ta, &wb) || corner_inside(&lb, &tb, &wa);
    if corners || level == Level::Corners {
        return verdict(corners, Level::Corners);
    }
    verdict(intersects_ref(wa.shape_ref(), wb.shape_ref()), Level::Sat)
}

/// The exact world-space shape of a transformed rectangle; a transform that flattens it gives
/// the segment (or point) it collapses to: its two corners furthest apart. A non-finite transform
/// gives a point with a non-finite coordinate, which touches nothing.
fn world_rect(local: &Aabb, transform: &Transform) -> Shape {
    if let Ok(shape) = local.transformed(transform) {
        return shape;
    }
    let corners = local.corners().map(|c| transform.transform_point(c));
    let (mut ends, mut longest) = ((corners[0], corners[0]), 0.0f32);
    // Every ordered pair (16 of them, on this rare path): a pair with itself is 0 apart.
    for p in corners {
        for q in corners {
            if p.distance_squared(q) > longest {
                (ends, longest) = ((p, q), p.distance_squared(q));
            }
        }
    }
    Segment::new(ends.0, ends.1).map_or(Shape::Point(ends.0), Shape::Segment)
}
