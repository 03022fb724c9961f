//! Motion through the world: the first collider a moving shape would hit, every hit along a ray,
//! and a kinematic character mover that slides along what it meets.

use glam::Vec2;

use crate::broad::Bounds;
use crate::math::Transform;
use crate::query::cast::{cast_ref, ShapeCastHit};
use crate::query::contact::contact;
use crate::query::ray::{cast_ray, Ray, RayHit};
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::Shape;

use super::{ColliderHandle, CollisionFilter, World, WorldError};

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

/// How [`World::move_and_slide`] moves a collider.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveOptions {
    /// The gap kept between the collider and what it meets (in world units; default 0.01). Casts
    /// of shapes that touch hit at once, so a mover that kept no gap would stick.
    pub skin: f32,
    /// The steepest slope, in radians from level, that counts as floor (default 45°). Steeper
    /// surfaces are walls: the mover slides along them but never up them.
    pub max_slope: f32,
    /// Which way is up (unit; default +y, so pass `Vec2::NEG_Y` on a y-down screen).
    pub up: Vec2,
    /// At most this many moves and slides (default 4).
    pub max_slides: usize,
}

impl Default for MoveOptions {
    fn default() -> Self {
        Self { skin: 0.01, max_slope: std::f32::consts::FRAC_PI_4, up: Vec2::Y, max_slides: 4 }
    }
}

/// What [`World::move_and_slide`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveResult {
    /// The displacement applied to the collider (its world transform moved by it).
    pub moved: Vec2,
    /// Whether it met floor (a surface no steeper than the maximum slope) on the way.
    pub on_floor: bool,
    /// The last floor's normal, when it met floor.
    pub floor_normal: Option<Vec2>,
    /// Every collider it met, in the order it met them, each once.
    pub touched: Vec<ColliderHandle>,
}

impl<T> World<T> {
    /// The first collider that `shape` (in world coordinates) would hit moving at `motion` for
    /// times in `[0, max_time]`, through the broad phase, with the hit. The hit's normal points
    /// out of the collider, towards the moving shape (a surface normal, as for rays), and a
    /// collider the shape already touches or overlaps is hit at time 0. Of colliders hit at the
    /// same time, which one is returned is unspecified; `None` when nothing is hit or a number is
    /// not finite.
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
        let moving = shape.shape_ref();
        if max_time.is_nan() || max_time < 0.0 || !motion.is_finite() {
            return None;
        }
        let mut best: Option<(u32, ShapeCastHit)> = None;
        let mut consider = |i: u32| {
            if !self.counts(i, filter) {
                return;
            }
            let limit = best.map_or(max_time, |(_, b)| b.time);
            if let Some(hit) = cast_ref(self.shapes[i as usize].shape_ref(), Vec2::ZERO, moving, motion, limit) {
                if best.is_none_or(|(_, b)| hit.time < b.time) {
                    best = Some((i, hit));
                }
            }
        };
        match swept_bounds(moving, motion, max_time) {
            Some(b) => self.broad.query(&b, &mut consider),
            // Unbounded: every collider (the grid cannot be asked for an infinite box).
            None => {
                (0..self.slots.len() as u32).filter(|&i| self.slots[i as usize].collider.is_some()).for_each(consider)
            }
        }
        best.map(|(i, hit)| (self.handle(i), hit))
    }

    /// Every collider `ray` hits within `max_distance`, nearest first, each once with its first
    /// hit. A collider containing the ray's origin is hit at distance 0.
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
        // The broad phase may visit a collider more than once.
        hits.sort_by_key(|h| h.0);
        hits.dedup_by_key(|h| h.0);
        hits.sort_by(|a, b| a.1.distance.total_cmp(&b.1.distance).then(a.0.cmp(&b.0)));
        hits.into_iter().map(|(i, hit)| (self.handle(i), hit)).collect()
    }

    /// Moves collider `h` by `motion` as a kinematic character does: straight until it would
    /// touch something, then along the surface it met, for at most `options.max_slides` moves,
    /// always keeping `options.skin` from what it meets. Surfaces no steeper than
    /// `options.max_slope` are floor; steeper ones are walls, which it slides along (down a steep
    /// slope too) but never up. A corner between two surfaces stops it. It never ends overlapping a collider it did
    /// not start overlapping (those it starts in do not block it). A motion left over that is
    /// shorter than a millionth of one plus the distance already moved is dropped, as rounding
    /// (it stops a slide along a wall met square on). Only solid colliders whose
    /// filter pairs with its own block it. The collider's transform is moved by the result's
    /// `moved` (a child's local transform is changed to match).
    ///
    /// ```
    /// use collide2d::world::{MoveOptions, World};
    /// use collide2d::{Aabb, Transform, Vec2};
    /// let mut world: World = World::new();
    /// let floor = world.insert(Aabb::from_xywh(-50.0, -1.0, 100.0, 1.0)?.into(), Transform::IDENTITY, ())?;
    /// let player = world.insert(Aabb::from_xywh(-0.5, 2.0, 1.0, 2.0)?.into(), Transform::IDENTITY, ())?;
    /// // Falling and running right: it lands and keeps running along the floor.
    /// let result = world.move_and_slide(player, Vec2::new(3.0, -4.0), &MoveOptions::default())?;
    /// assert!(result.on_floor);
    /// assert_eq!(result.touched, vec![floor]);
    /// assert!((result.moved.y + 2.0 - 0.01).abs() < 1e-4); // down to the floor, less the skin
    /// assert!((result.moved.x - 3.0).abs() < 1e-4); // all the way right
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_and_slide(
        &mut self,
        h: ColliderHandle,
        motion: Vec2,
        options: &MoveOptions,
    ) -> Result<MoveResult, WorldError> {
        let i = self.index_of(h)?;
        let mut result = MoveResult::default();
        if !motion.is_finite() || options.skin.is_nan() || options.skin < 0.0 {
            return Ok(result);
        }
        let start = self.shapes[i as usize].clone();
        let own = QueryFilter { filter: self.broad.filter(i), ignore: &[h], sensors: false };
        let (mut offset, mut ignore) = self.recover(&start, &own, options.skin);
        // What it starts deep in does not block it; nor does it block itself.
        ignore.push(h);
        let query = QueryFilter { ignore: &ignore, ..own };
        let floor_cos = options.max_slope.cos();
        let up = options.up.normalize_or(Vec2::Y);
        let mut remaining = motion;
        for _ in 0..options.max_slides {
            let length = remaining.length();
            // Done; or a motion so large that its length overflows, which is refused.
            if !length.is_finite() || length <= 1e-6 * (1.0 + offset.length()) {
                break;
            }
            let moved = start
                .transformed(&Transform::from_translation(offset))
                .map_err(|source| WorldError::Placement { collider: Some(h), source })?;
            // Cast a skin further than the move, so that it also stops a skin short of what it
            // would end up touching.
            let reach = 1.0 + options.skin / length;
            let Some((other, hit)) = self.cast_shape(&moved, remaining, reach, &query) else {
                offset += remaining;
                break;
            };
            let direction = remaining / length;
            let normal = hit.normal;
            // Back off so that the gap along the normal is the skin.
            let approach = -direction.dot(normal);
            let travel = (length * hit.time - options.skin / approach.max(1e-3)).clamp(0.0, length);
            offset += direction * travel;
            if !result.touched.contains(&other) {
                result.touched.push(other);
            }
            let floor = normal.dot(up) >= floor_cos;
            if floor {
                (result.on_floor, result.floor_normal) = (true, Some(normal));
            }
            let rest = remaining - direction * travel;
            // Along the surface; but a wall (or a slope too steep) must not lift the mover more
            // than its own motion did, so there the slide goes level instead. Falling onto a
            // steep slope still slides down it.
            let along = rest - normal * rest.dot(normal).min(0.0);
            let lifts = along.dot(up) > rest.dot(up).max(0.0) + 1e-6 * rest.length();
            let blocking = if floor || !lifts { normal } else { (normal - up * normal.dot(up)).normalize_or(normal) };
            // No corner test against the surface met before: in a corner the next cast meets
            // that surface at once and the move backs off to nothing, while a surface that has
            // ended (the mover slid off its end) must not stop the slide along this one.
            remaining = rest - blocking * rest.dot(blocking).min(0.0);
        }
        result.moved = offset;
        if offset != Vec2::ZERO {
            let world = Transform::from_translation(offset).compose(&self.col(i).world_transform);
            let local = match self.parent(h) {
                Some(p) => self.world_transform(p).and_then(|t| t.inverse()).map(|inv| inv.compose(&world)),
                None => Some(world),
            };
            if let Some(local) = local {
                self.set_transform(h, local)?;
            }
        }
        Ok(result)
    }

    /// Before a move: the push that takes `shape` a skin clear of the colliders it touches or
    /// barely overlaps (by up to two skins, as rounding may leave it), and the colliders it
    /// overlaps deeper, which it is then free to leave.
    fn recover(&self, shape: &Shape, filter: &QueryFilter, skin: f32) -> (Vec2, Vec<ColliderHandle>) {
        let (mut push, mut deep) = (Vec2::ZERO, Vec::new());
        for other in self.colliders_overlapping(shape) {
            if !self.counts(other.index(), filter) {
                continue;
            }
            match contact(&self.shapes[other.index() as usize], shape) {
                Some(c) if c.depth <= 2.0 * skin => {
                    // Out along the normal (from the collider towards the mover) by what is
                    // still needed after the pushes so far.
                    let needed = c.depth + skin - push.dot(c.normal);
                    push += c.normal * needed.max(0.0);
                }
                Some(_) => deep.push(other),
                // Touching by `intersects` but not by `contact`, within rounding: let the cast
                // meet it at once.
                None => {}
            }
        }
        (push, deep)
    }

    /// Whether collider `i` counts for a query with `filter`.
    fn counts(&self, i: u32, filter: &QueryFilter) -> bool {
        (filter.sensors || !self.sensors[i as usize])
            && filter.filter.allows(&self.broad.filter(i))
            && !filter.ignore.contains(&self.handle(i))
    }
}

/// The box `shape` sweeps moving at `motion` over `[0, time]`; `None` when unbounded.
fn swept_bounds(shape: ShapeRef, motion: Vec2, time: f32) -> Option<Bounds> {
    let b = shape.aabb();
    let end = motion * time;
    let (lo, hi) = (b.min().min(b.min() + end), b.max().max(b.max() + end));
    (lo.is_finite() && hi.is_finite()).then_some(Bounds { min: lo, max: hi })
}
