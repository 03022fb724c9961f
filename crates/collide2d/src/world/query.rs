//! Scene queries: the colliders in a box, overlapping a shape, at a point, or first hit by a ray,
//! found through the broad phase.

use glam::Vec2;

use crate::broad::Bounds;
use crate::query::intersects::intersects;
use crate::query::ray::{cast_ray, Ray, RayHit};
use crate::query::ShapeLike;
use crate::shape::Aabb;

use super::{ColliderHandle, QueryFilter, World};

impl<T> World<T> {
    /// The colliders whose world box overlaps `aabb` (touching counts), in no particular order.
    pub fn colliders_in_aabb(&self, aabb: &Aabb) -> Vec<ColliderHandle> {
        let mut out = Vec::new();
        self.broad.query(&Bounds { min: aabb.min(), max: aabb.max() }, |i| out.push(self.handle(i)));
        out
    }

    /// The colliders whose world shape intersects `shape` (given in world coordinates; touching
    /// counts), in no particular order.
    pub fn colliders_overlapping<S: ShapeLike + ?Sized>(&self, shape: &S) -> Vec<ColliderHandle> {
        let r = shape.shape_ref();
        let b = r.aabb();
        let mut out = Vec::new();
        if !(b.min().is_finite() && b.max().is_finite()) {
            return out;
        }
        self.broad.query(&Bounds { min: b.min(), max: b.max() }, |i| {
            if intersects(&self.shapes[i as usize], &r) {
                out.push(self.handle(i));
            }
        });
        out
    }

    /// The colliders whose world shape contains `point` (boundaries included), in no particular
    /// order; none for a non-finite point.
    pub fn colliders_at_point(&self, point: Vec2) -> Vec<ColliderHandle> {
        self.colliders_overlapping(&point)
    }

    /// The first collider hit by `ray` within `max_distance`, with the hit. Of colliders hit at
    /// the same distance, which one is returned is unspecified. A collider containing the ray's
    /// origin is hit at distance 0; `None` for a NaN or negative `max_distance`.
    pub fn cast_ray(&self, ray: &Ray, max_distance: f32) -> Option<(ColliderHandle, RayHit)> {
        self.first_ray_hit(ray, max_distance, |_| true)
    }

    /// [`cast_ray`](Self::cast_ray) among the colliders that `filter` lets count (layers and
    /// mask, sensors, colliders to ignore), as [`cast_ray_all`](Self::cast_ray_all) takes them:
    /// the nearest of those, found without listing the others.
    ///
    /// ```
    /// use collide2d::world::{QueryFilter, World};
    /// use collide2d::{Circle, Ray, Transform, Vec2};
    ///
    /// let mut world = World::<()>::new();
    /// let circle = |x| Circle::new(Vec2::new(x, 0.0), 1.0).unwrap().into();
    /// let player = world.insert(circle(0.0), Transform::IDENTITY, ()).unwrap();
    /// let wall = world.insert(circle(5.0), Transform::IDENTITY, ()).unwrap();
    /// let ray = Ray::new(Vec2::ZERO, Vec2::X).unwrap();
    /// // From inside the player, the player is hit first; ignoring it, the wall.
    /// assert_eq!(world.cast_ray(&ray, 10.0).unwrap().0, player);
    /// let ignore = [player];
    /// let (hit, at) = world.cast_ray_filtered(&ray, 10.0, &QueryFilter { ignore: &ignore, ..QueryFilter::default() }).unwrap();
    /// assert_eq!((hit, at.distance), (wall, 4.0));
    /// ```
    pub fn cast_ray_filtered(
        &self,
        ray: &Ray,
        max_distance: f32,
        filter: &QueryFilter,
    ) -> Option<(ColliderHandle, RayHit)> {
        self.first_ray_hit(ray, max_distance, |i| self.counts(i, filter))
    }

    /// The first hit among the colliders `counts` admits (by slot).
    fn first_ray_hit(
        &self,
        ray: &Ray,
        max_distance: f32,
        counts: impl Fn(u32) -> bool,
    ) -> Option<(ColliderHandle, RayHit)> {
        if max_distance.is_nan() || max_distance < 0.0 {
            return None;
        }
        let mut best: Option<(u32, RayHit)> = None;
        let mut consider = |i: u32, reach: f32| -> f32 {
            if !counts(i) {
                return reach;
            }
            match cast_ray(&self.shapes[i as usize], ray, reach) {
                Some(hit) if best.is_none_or(|(_, b)| nearer(hit.distance, b.distance)) => {
                    best = Some((i, hit));
                    hit.distance
                }
                _ => reach,
            }
        };
        self.broad.ray(ray, max_distance, &mut consider);
        best.map(|(i, hit)| (self.handle(i), hit))
    }
}

/// Whether a ray hit at `distance` is nearer than the best so far, at `best`. Its own function
/// so that the mutation exclusions name it alone: of colliders hit at the same distance, which
/// one a cast returns is unspecified (documented), so `<=` returns another of them; and a ray's
/// reach shrinks to its best hit, so a later hit is never further, and always taking it
/// (`true`) differs on ties only.
#[inline]
fn nearer(distance: f32, best: f32) -> bool {
    distance < best
}
