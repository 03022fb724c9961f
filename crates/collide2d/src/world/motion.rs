//! Motion through the world: the first collider a moving shape would hit (or every one), and every
//! hit along a ray. One-way colliders block only what comes at them from their open side.

use glam::Vec2;

use crate::broad::Bounds;
use crate::query::cast::{cast_ref, ShapeCastHit};
use crate::query::ray::{cast_ray, Ray, RayHit};
use crate::query::{ShapeLike, ShapeRef};

use super::{ColliderHandle, CollisionFilter, World};

/// Which colliders a scene query considers: those whose filter pairs with `filter`, except
/// those in `ignore`, and sensors only when `sensors` is set. The default considers every solid
/// collider.
#[derive(Clone, Copy, Debug)]
pub struct QueryFilter<'a> {
    /// Colliders count when their filter [`allows`](CollisionFilter::allows) this one.
    pub filter: CollisionFilter,
    /// Colliders to skip, such as the one that moves.
    pub ignore: &'a [ColliderHandle],
    /// Whether sensors count (they never block a mover).
    pub sensors: bool,
}

impl Default for QueryFilter<'_> {
    fn default() -> Self {
        Self { filter: CollisionFilter::ALL, ignore: &[], sensors: false }
    }
}

impl<T> World<T> {
    /// The first collider that `shape` (in world coordinates) would hit moving at `motion` for
    /// times in `[0, max_time]`, through the broad phase, with the hit. The hit's normal points
    /// out of the collider, towards the moving shape (a surface normal, as for rays), and a
    /// collider the shape already touches or overlaps is hit at time 0. Of colliders hit at the
    /// same time, which one is returned is unspecified; `None` when nothing is hit or a number is
    /// not finite. A [one-way](World::set_one_way) collider counts only when hit on its open side
    /// by a shape that did not start overlapping it.
    ///
    /// ```
    /// use collide2d::world::{QueryFilter, World};
    /// use collide2d::{Aabb, Circle, Transform, Vec2};
    /// let mut world: World = World::new();
    /// let wall = world.insert(Aabb::from_xywh(10.0, -5.0, 1.0, 10.0)?.into(), Transform::IDENTITY, ())?;
    /// let ball = Circle::new(Vec2::ZERO, 1.0)?;
    /// let (hit, at) = world.cast_shape(&ball, Vec2::new(20.0, 0.0), 1.0, &QueryFilter::default()).expect("hits");
    /// assert_eq!(hit, wall);
    /// assert!((at.time - 9.0 / 20.0).abs() < 1e-6);
    /// assert_eq!(at.normal, Vec2::NEG_X);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_shape<S: ShapeLike + ?Sized>(
        &self,
        shape: &S,
        motion: Vec2,
        max_time: f32,
        filter: &QueryFilter,
    ) -> Option<(ColliderHandle, ShapeCastHit)> {
        let sweep = Sweep { moving: shape.shape_ref(), motion, max_time };
        self.soonest_hit(Candidates::Broad, sweep, filter)
    }

    /// [`World::cast_shape`] among `candidates`.
    pub(super) fn soonest_hit(
        &self,
        candidates: Candidates,
        sweep: Sweep,
        filter: &QueryFilter,
    ) -> Option<(ColliderHandle, ShapeCastHit)> {
        let mut best: Option<(u32, ShapeCastHit)> = None;
        self.cast_each(candidates, sweep, filter, |i, hit| {
            if best.is_none_or(|(_, b)| hit.time < b.time) {
                best = Some((i, hit));
            }
            best.map_or(sweep.max_time, |(_, b)| b.time)
        });
        best.map(|(i, hit)| (self.handle(i), hit))
    }

    /// Every collider that `shape` (in world coordinates) would hit moving at `motion` for times
    /// in `[0, max_time]`, soonest first (ties in slot order), each once with its first hit; the
    /// rules of [`World::cast_shape`] otherwise.
    ///
    /// ```
    /// use collide2d::world::{QueryFilter, World};
    /// use collide2d::{Aabb, Circle, Transform, Vec2};
    /// let mut world: World = World::new();
    /// let far = world.insert(Aabb::from_xywh(10.0, -5.0, 1.0, 10.0)?.into(), Transform::IDENTITY, ())?;
    /// let near = world.insert(Aabb::from_xywh(5.0, -5.0, 1.0, 10.0)?.into(), Transform::IDENTITY, ())?;
    /// let ball = Circle::new(Vec2::ZERO, 1.0)?;
    /// let hits = world.cast_shape_all(&ball, Vec2::new(20.0, 0.0), 1.0, &QueryFilter::default());
    /// let order: Vec<_> = hits.iter().map(|(h, _)| *h).collect();
    /// assert_eq!(order, vec![near, far]);
    /// assert!((hits[0].1.time - 4.0 / 20.0).abs() < 1e-6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_shape_all<S: ShapeLike + ?Sized>(
        &self,
        shape: &S,
        motion: Vec2,
        max_time: f32,
        filter: &QueryFilter,
    ) -> Vec<(ColliderHandle, ShapeCastHit)> {
        let mut hits: Vec<(u32, ShapeCastHit)> = Vec::new();
        let sweep = Sweep { moving: shape.shape_ref(), motion, max_time };
        self.cast_each(Candidates::Broad, sweep, filter, |i, hit| {
            hits.push((i, hit));
            max_time
        });
        self.nearest_first(hits, |hit| hit.time)
    }

    /// Casts the sweep's shape at every collider among `candidates` that counts and whose box
    /// its sweep meets, handing each hit that blocks to `found`, which returns the time limit for
    /// the colliders after it.
    fn cast_each(
        &self,
        candidates: Candidates,
        sweep: Sweep,
        filter: &QueryFilter,
        mut found: impl FnMut(u32, ShapeCastHit) -> f32,
    ) {
        let Sweep { moving, motion, max_time } = sweep;
        if max_time.is_nan() || max_time < 0.0 || !motion.is_finite() {
            return;
        }
        let mut limit = max_time;
        let mut consider = |i: u32| {
            if !self.counts(i, filter) {
                return;
            }
            let Some(hit) = cast_ref(self.shapes[i as usize].shape_ref(), Vec2::ZERO, moving, motion, limit) else {
                return;
            };
            if self.blocks(i, &hit) {
                limit = found(i, hit);
            }
        };
        match (candidates, swept_bounds(moving, motion, max_time)) {
            (Candidates::Gathered { nearby, frame }, Some(b)) if frame.contains(&b) => {
                nearby.iter().filter(|(_, bounds)| bounds.overlaps(&b)).for_each(|&(i, _)| consider(i))
            }
            (_, Some(b)) => self.broad.query(&b, &mut consider),
            // Unbounded: every collider (the grid cannot be asked for an infinite box).
            (_, None) => {
                (0..self.slots.len() as u32).filter(|&i| self.slots[i as usize].collider.is_some()).for_each(consider)
            }
        }
    }

    /// Whether a cast's hit on collider `i` stops the moving shape: always, unless the collider
    /// is one-way and the shape started in it or meets it from its closed side or edge-on.
    pub(super) fn blocks(&self, i: u32, hit: &ShapeCastHit) -> bool {
        match self.one_way[i as usize] {
            None => true,
            Some(open) => !hit.started_overlapping && hit.normal.dot(open) > 0.0,
        }
    }

    /// Every collider `ray` hits within `max_distance`, nearest first, each once with its first
    /// hit. A collider containing the ray's origin is hit at distance 0; none for a NaN or
    /// negative `max_distance`.
    ///
    /// ```
    /// use collide2d::world::{QueryFilter, World};
    /// use collide2d::{Aabb, Ray, Transform, Vec2};
    /// let mut world: World = World::new();
    /// let far = world.insert(Aabb::from_xywh(8.0, -1.0, 1.0, 2.0)?.into(), Transform::IDENTITY, ())?;
    /// let near = world.insert(Aabb::from_xywh(3.0, -1.0, 1.0, 2.0)?.into(), Transform::IDENTITY, ())?;
    /// let hits = world.cast_ray_all(&Ray::new(Vec2::ZERO, Vec2::X)?, 100.0, &QueryFilter::default());
    /// let order: Vec<_> = hits.iter().map(|(h, hit)| (*h, hit.distance)).collect();
    /// assert_eq!(order, vec![(near, 3.0), (far, 8.0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_ray_all(&self, ray: &Ray, max_distance: f32, filter: &QueryFilter) -> Vec<(ColliderHandle, RayHit)> {
        let mut hits: Vec<(u32, RayHit)> = Vec::new();
        if max_distance.is_nan() || max_distance < 0.0 {
            return Vec::new();
        }
        self.broad.ray(ray, max_distance, |i, reach| {
            if self.counts(i, filter) {
                if let Some(hit) = cast_ray(&self.shapes[i as usize], ray, max_distance) {
                    hits.push((i, hit));
                }
            }
            reach
        });
        self.nearest_first(hits, |hit| hit.distance)
    }

    /// Hits by slot, each collider once (the broad phase may visit one more than once), nearest
    /// first by `key` and then in slot order, with their handles.
    fn nearest_first<H>(&self, mut hits: Vec<(u32, H)>, key: impl Fn(&H) -> f32) -> Vec<(ColliderHandle, H)> {
        hits.sort_by_key(|h| h.0);
        hits.dedup_by_key(|h| h.0);
        hits.sort_by(|a, b| key(&a.1).total_cmp(&key(&b.1)).then(a.0.cmp(&b.0)));
        hits.into_iter().map(|(i, hit)| (self.handle(i), hit)).collect()
    }

    /// Whether collider `i` counts for a query with `filter`.
    pub(super) fn counts(&self, i: u32, filter: &QueryFilter) -> bool {
        (filter.sensors || !self.sensors[i as usize])
            && filter.filter.allows(&self.broad.filter(i))
            && !filter.ignore.contains(&self.handle(i))
    }
}

/// A shape moving at `motion` over times `[0, max_time]`, as the world's casts take it.
#[derive(Clone, Copy)]
pub(super) struct Sweep<'a> {
    pub(super) moving: ShapeRef<'a>,
    pub(super) motion: Vec2,
    pub(super) max_time: f32,
}

/// Which colliders a cast looks at.
#[derive(Clone, Copy)]
pub(super) enum Candidates<'a> {
    /// Those the broad phase finds about the sweep.
    Broad,
    /// The colliders gathered once for a whole move from the box `frame` (slots with their
    /// boxes): every collider a sweep within `frame` can meet is among them; a sweep that leaves
    /// it asks the broad phase.
    Gathered { nearby: &'a [(u32, Bounds)], frame: Bounds },
}

/// The box `shape` sweeps moving at `motion` over `[0, time]`; `None` when unbounded.
fn swept_bounds(shape: ShapeRef, motion: Vec2, time: f32) -> Option<Bounds> {
    let b = shape.aabb();
    let end = motion * time;
    let (lo, hi) = (b.min().min(b.min() + end), b.max().max(b.max() + end));
    (lo.is_finite() && hi.is_finite()).then_some(Bounds { min: lo, max: hi })
}
