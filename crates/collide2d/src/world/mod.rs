//! A world of many colliders: a broad phase that finds candidate pairs without testing every
//! pair, an exact narrow phase (in parallel for large scenes), collision events per step, scene
//! queries, and a transform tree.
//!
//! ```
//! use collide2d::world::{CollisionFilter, World};
//! use collide2d::{Aabb, Circle, Ray, Shape, Transform, Vec2};
//!
//! let mut world: World<&str> = World::new();
//! let ground = world.insert(Aabb::from_xywh(-10.0, -1.0, 20.0, 1.0)?.into(), Transform::IDENTITY, "ground")?;
//! let ball_shape: Shape = Circle::new(Vec2::ZERO, 0.5)?.into();
//! let ball = world.insert(ball_shape, Transform::from_translation(Vec2::new(0.0, 3.0)), "ball")?;
//!
//! let events = world.step();
//! assert!(events.started().is_empty()); // the ball is in the air
//!
//! world.set_transform(ball, Transform::from_translation(Vec2::new(0.0, 0.25)))?;
//! let events = world.step();
//! let hit = &events.started()[0];
//! assert_eq!((hit.a, hit.b), (ground, ball)); // `a` is the older slot
//! let contact = hit.contact.expect("solid colliders get a contact");
//! assert_eq!(contact.normal, Vec2::Y); // from a (ground) towards b (ball)
//! assert_eq!(world.is_colliding(ball), Some(true));
//! assert_eq!(world.was_colliding(ball), Some(false));
//!
//! // Queries use the broad phase.
//! assert_eq!(world.colliders_at_point(Vec2::new(0.0, 0.5)), vec![ball]);
//! let ray = Ray::new(Vec2::new(-5.0, 0.25), Vec2::X)?;
//! let (first, hit) = world.cast_ray(&ray, 100.0).expect("the ray hits the ball");
//! assert_eq!(first, ball);
//! assert!((hit.distance - 4.5).abs() < 1e-5);
//!
//! // Stale handles are detected, never aliased.
//! assert_eq!(world.remove(ball), Some("ball"));
//! assert_eq!(world.data(ball), None);
//! let events = world.step();
//! assert_eq!(events.stopped(), &[(ground, ball)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Choices
//!
//! - **Broad phase.** A hierarchy of uniform grids over spatial hashes, kept between updates,
//!   with one entry per collider: each lives in the finest level whose cells are larger than
//!   its world box, in the cell of the box's lower corner, so its partners of that level are in
//!   the 3 × 3 cells around it. The finest cell side is the 90th percentile of the boxes'
//!   larger sides (or the largest side when the boxes are alike), chosen again when the number
//!   of colliders doubles or falls to a quarter. When more than one collider in 10 changed since
//!   the last update, the grid is written anew (a counting sort) and every pair searched; when
//!   fewer changed, only they are looked at, and the pairs between unchanged colliders keep
//!   their narrow-phase results, so a mostly static scene pays for its moving part only. Other
//!   structures measured on the 100,000-box bench (a Box2D-style tree of fattened boxes with
//!   persistent pairs: 3 to 5 times slower than parry2d's `Bvh`; a grid listing each collider
//!   in every cell it covers, rebuilt each update: about as fast as the `Bvh`) are described
//!   in `BENCHMARKS.md`.
//! - **Narrow phase.** Runs on the candidate pairs whose world boxes overlap. With the default
//!   detector ([`Exact`]) one call of [`contact`] decides
//!   and gives the contact; another [`Detector`] decides alone and the contact is computed for the
//!   pairs it accepts (it may be `None` when the detector is looser than the shapes). With the
//!   `parallel` feature (on by default), the narrow phase is shared between the calling thread
//!   and rayon's thread pool when there are at least [`World::parallel_threshold`] new
//!   candidate pairs to judge (1024 by default), and so is the broad phase's full pair search
//!   from 32 times as many colliders. Below that, the cost of handing work to threads (tens of
//!   microseconds) outweighs the gain.
//! - **Events.** Per pair: [`StepEvents::started`] (touching now, not at the previous step),
//!   [`StepEvents::ongoing`] (touching at both, with the new contact) and [`StepEvents::stopped`]
//!   (touching at the previous step, not now — also when a collider was removed or filtered out).
//!   A pair is always `(a, b)` with `a`'s slot index below `b`'s and the contact normal points
//!   from `a` to `b`. The order within each list is deterministic (the same calls give the same
//!   order, with or without threads) but not sorted. Per collider: [`World::is_colliding`] and
//!   [`World::was_colliding`] (at the last step and the one before).
//! - **Filtering.** A pair is considered only when `(a.layer & b.mask) != 0 && (b.layer & a.mask)
//!   != 0` ([`CollisionFilter`]). Colliders in a parent–child relation collide like any others
//!   (filter them out if they should not).
//! - **Sensors.** A sensor reports its pairs in the events like any collider, but never gets a
//!   contact (`contact` is `None` whenever either collider is a sensor).
//! - **Transform tree.** A collider may have a parent; its world transform is
//!   `parent_world.compose(&local)`, and moving a parent moves its descendants at once.
//!   Removing a collider detaches its children: each keeps its world transform, which becomes its
//!   local one, so nothing else moves.
//! - **When things happen.** Inserting, moving, reshaping and removing update the world shapes
//!   and boxes at once; the grid catches up in [`World::step`], [`World::update`] or
//!   [`World::aabb_pairs`]. Queries always see the current state: a collider moved since the
//!   last update is found through its old grid entry, with its box of now, while it stays
//!   within that entry's reach, and looked at one by one otherwise (as are new ones); so
//!   after moving many colliders far, call [`World::update`] before querying many times.

use std::any::TypeId;

use glam::Vec2;
use thiserror::Error;

use crate::detector::{Detector, Exact};
use crate::math::Transform;
use crate::query::contact::{contact, Contact};
use crate::query::intersects::intersects;
use crate::query::ray::{cast_ray, Ray, RayHit};
use crate::query::ShapeLike;
use crate::shape::{Aabb, Shape, ShapeError};

pub use crate::broad::BroadPhaseStats;
use crate::broad::{Bounds, BroadPhase};
pub use crate::filter::CollisionFilter;

/// "No collider" in the parent and children links.
const NULL: u32 = u32::MAX;

/// A partner remembered for the next step, and the generations of both colliders (for the
/// stopped event when one is removed).
#[derive(Clone, Copy, Debug)]
struct Partner {
    b: u32,
    ga: u32,
    gb: u32,
}

/// The pairs touching at the last step, grouped by their first collider `a`:
/// `partners[start[a]..start[a + 1]]` (a few per collider, so a lookup is a short scan of
/// nearby memory, where a hash map's probes land anywhere in a large table).
#[derive(Clone, Debug, Default)]
struct TouchList {
    start: Vec<u32>,
    partners: Vec<Partner>,
    /// Which partners were found touching again at this step.
    seen: Vec<bool>,
}

impl TouchList {
    /// Where the partner `b` of `a` is, if the pair was touching.
    #[inline]
    fn find(&self, a: u32, b: u32) -> Option<usize> {
        let a = a as usize;
        if a + 1 >= self.start.len() {
            return None;
        }
        let (s, e) = (self.start[a] as usize, self.start[a + 1] as usize);
        self.partners[s..e].iter().position(|p| p.b == b).map(|k| s + k)
    }

    /// The remembered pairs not seen again, as handles (few, so each finds its first collider
    /// by a binary search rather than the scan walking every collider's group).
    fn unseen(&self) -> impl Iterator<Item = (ColliderHandle, ColliderHandle)> + '_ {
        self.seen.iter().enumerate().filter(|(_, &seen)| !seen).map(|(k, _)| {
            let a = self.start.partition_point(|&s| s as usize <= k) - 1;
            let p = self.partners[k];
            (ColliderHandle { index: a as u32, generation: p.ga }, ColliderHandle { index: p.b, generation: p.gb })
        })
    }

    /// Remembers `now` (pairs `(a, partner)`) for the next step, for slots below `slots`.
    fn rebuild(&mut self, now: &[(u32, Partner)], slots: usize) {
        self.start.clear();
        self.start.resize(slots + 1, 0);
        for &(a, _) in now {
            self.start[a as usize + 1] += 1;
        }
        for k in 0..slots {
            self.start[k + 1] += self.start[k];
        }
        self.partners.resize(now.len(), Partner { b: 0, ga: 0, gb: 0 });
        // Fill each group from its end (keeping the order), counting `start[a + 1]` down to the
        // group's first slot, which is where `start[a]` belongs: then shift by one.
        for &(a, p) in now.iter().rev() {
            let end = &mut self.start[a as usize + 1];
            *end -= 1;
            self.partners[*end as usize] = p;
        }
        self.start.rotate_left(1);
        self.start[slots] = now.len() as u32;
        self.seen.clear();
        self.seen.resize(now.len(), false);
    }
}

/// A stable name for a collider of a [`World`]: a slot index and the slot's generation, so that a
/// handle to a removed collider is recognised as stale (queries answer `None` or an error) even
/// after its slot is reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColliderHandle {
    index: u32,
    generation: u32,
}

impl ColliderHandle {
    /// The slot index (small, dense: usable to index the game's own arrays).
    pub fn index(&self) -> u32 {
        self.index
    }

    /// How many times the slot was reused before this collider took it.
    pub fn generation(&self) -> u32 {
        self.generation
    }
}

/// Why a world operation failed. Nothing is changed when an operation fails.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum WorldError {
    /// The handle names no collider of this world (it was removed, or comes from another world).
    #[error("collider {0:?} does not exist (removed, or from another world)")]
    StaleHandle(ColliderHandle),
    /// A collider's shape cannot be placed by its world transform (e.g. a circle under uneven
    /// scale). `collider` is `None` for the collider being inserted, else the collider whose
    /// world shape failed (the one changed, or one of its descendants).
    #[error("collider {collider:?}: {source}")]
    Placement {
        /// The collider whose world shape could not be made.
        collider: Option<ColliderHandle>,
        /// What the shape said.
        #[source]
        source: ShapeError,
    },
    /// Making `parent` the parent of `child` would close a cycle.
    #[error("making {parent:?} the parent of {child:?} would make a cycle")]
    ParentCycle {
        /// The collider that was to get a parent.
        child: ColliderHandle,
        /// The proposed parent (`child` itself or one of its descendants).
        parent: ColliderHandle,
    },
}

/// A pair of colliders touching at a step: `a`'s slot index is below `b`'s, and the contact
/// (normal from `a` to `b`) is `None` when either is a sensor, or when a custom detector accepted
/// a pair whose shapes do not really touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactEvent {
    /// The first collider.
    pub a: ColliderHandle,
    /// The second collider.
    pub b: ColliderHandle,
    /// How they touch.
    pub contact: Option<Contact>,
}

/// What changed at a step; see the module documentation for the order.
#[derive(Clone, Debug, Default)]
pub struct StepEvents {
    started: Vec<ContactEvent>,
    ongoing: Vec<ContactEvent>,
    stopped: Vec<(ColliderHandle, ColliderHandle)>,
}

impl StepEvents {
    /// Pairs touching now that were not touching at the previous step.
    pub fn started(&self) -> &[ContactEvent] {
        &self.started
    }

    /// Pairs touching now and at the previous step, with their current contact.
    pub fn ongoing(&self) -> &[ContactEvent] {
        &self.ongoing
    }

    /// Pairs that touched at the previous step and do not now (also when one of them was removed
    /// or its filter changed); the handles may be stale.
    pub fn stopped(&self) -> &[(ColliderHandle, ColliderHandle)] {
        &self.stopped
    }

    /// Every pair touching now: [`started`](Self::started) then [`ongoing`](Self::ongoing).
    pub fn touching(&self) -> impl Iterator<Item = &ContactEvent> {
        self.started.iter().chain(&self.ongoing)
    }
}

/// A live collider's own data. Kept small, with its slot's links: moving a scene walks
/// through every slot, and at 100,000 colliders that walk is bound by the bytes it reads (a
/// slot of 176 bytes cost a tenth more time per step than one of 128). The filter lives in the
/// broad phase, sensor flags and children lists in arrays of their own.
#[derive(Clone, Debug)]
struct Collider<T> {
    local_shape: Shape,
    local: Transform,
    world_transform: Transform,
    data: T,
}

#[derive(Clone, Debug)]
struct Slot<T> {
    generation: u32,
    /// The parent's slot, or `NULL`.
    parent: u32,
    /// The length of the children list (in `World::children`).
    child_count: u32,
    collider: Option<Collider<T>>,
}

/// A set of colliders (shape, transform, user data `T`), addressed by [`ColliderHandle`]s, with a
/// broad phase, collision events per [`step`](World::step) and scene queries. See the
/// [module documentation](self) for an example and for the rules.
pub struct World<T = ()> {
    slots: Vec<Slot<T>>,
    /// World shapes by slot (a placeholder point in free slots), apart from `slots` so that the
    /// narrow phase can share them between threads whatever `T` is.
    shapes: Vec<Shape>,
    sensors: Vec<bool>,
    /// Children by slot, in the order they were attached.
    children: Vec<Vec<u32>>,
    free: Vec<u32>,
    freed: Vec<u32>,
    len: usize,
    broad: BroadPhase,
    detector: Option<Box<dyn Detector>>,
    parallel_threshold: usize,
    events: StepEvents,
    colliding: Vec<bool>,
    was_colliding: Vec<bool>,
    touching: TouchList,
    /// Scratch: this step's touching pairs.
    touch_now: Vec<(u32, Partner)>,
    results: Vec<(bool, Option<Contact>)>,
    /// Scratch: the results of each stretch of a shared narrow phase.
    #[cfg(feature = "parallel")]
    parts: Vec<Vec<(bool, Option<Contact>)>>,
}

impl<T> Default for World<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> std::fmt::Debug for World<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("colliders", &self.len)
            .field("candidate_pairs", &self.broad.pairs.len())
            .field("detector", &self.detector.as_ref().map_or("exact", |d| d.name()))
            .finish_non_exhaustive()
    }
}

/// The world shape of `shape` placed by `t`, with a fast path for boxes under axis-aligned
/// transforms (the common sprite case).
fn place(shape: &Shape, t: &Transform) -> Result<Shape, ShapeError> {
    match shape {
        Shape::Aabb(b) => place_aabb(b, t).map_or_else(|| shape.transformed(t), |b| Ok(Shape::Aabb(b))),
        _ => shape.transformed(t),
    }
}

/// The box `b` placed by `t` when `t` keeps boxes axis-aligned (no rotation nor shear) and the
/// result is finite; `None` otherwise (the general path then says what is wrong).
#[inline(always)]
fn place_aabb(b: &Aabb, t: &Transform) -> Option<Aabb> {
    let m = t.linear();
    // A non-finite transform gives a non-finite corner (`0 · ∞` is NaN), so the corners' test
    // stands for the transform's.
    if m.x_axis.y == 0.0 && m.y_axis.x == 0.0 && m.determinant() != 0.0 {
        let (p, q) = (t.transform_point(b.min()), t.transform_point(b.max()));
        if p.is_finite() && q.is_finite() {
            // Without mirroring (the usual case), the corners stay in order.
            let (lo, hi) = if m.x_axis.x > 0.0 && m.y_axis.y > 0.0 { (p, q) } else { (p.min(q), p.max(q)) };
            return Some(Aabb::from_min_max_unchecked(lo, hi));
        }
    }
    None
}

/// A box moved without rotation: its world box `world` (when it is one) is rewritten in place,
/// with no shape built, moved or dropped. `None` (and `world` unchanged) in every other case.
#[inline(always)]
fn move_box(world: &mut Shape, local_shape: &Shape, t: &Transform) -> Option<Bounds> {
    let (Shape::Aabb(local), Shape::Aabb(world)) = (local_shape, world) else { return None };
    let b = place_aabb(local, t)?;
    *world = b;
    Some(Bounds { min: b.min(), max: b.max() })
}

#[inline]
fn bounds_of(shape: &Shape) -> Bounds {
    let b = shape.aabb();
    Bounds { min: b.min(), max: b.max() }
}

impl<T> World<T> {
    /// An empty world with the exact detector.
    pub fn new() -> Self {
        Self {
            slots: Vec::new(),
            shapes: Vec::new(),
            sensors: Vec::new(),
            children: Vec::new(),
            free: Vec::new(),
            freed: Vec::new(),
            len: 0,
            broad: BroadPhase::new(),
            detector: None,
            parallel_threshold: 1024,
            events: StepEvents::default(),
            colliding: Vec::new(),
            was_colliding: Vec::new(),
            touching: TouchList::default(),
            touch_now: Vec::new(),
            results: Vec::new(),
            #[cfg(feature = "parallel")]
            parts: Vec::new(),
        }
    }

    /// How many colliders the world holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the world holds no collider.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn index_of(&self, h: ColliderHandle) -> Result<u32, WorldError> {
        match self.slots.get(h.index as usize) {
            Some(s) if s.generation == h.generation && s.collider.is_some() => Ok(h.index),
            _ => Err(WorldError::StaleHandle(h)),
        }
    }

    fn get(&self, h: ColliderHandle) -> Option<&Collider<T>> {
        self.slots.get(h.index as usize).filter(|s| s.generation == h.generation)?.collider.as_ref()
    }

    fn col(&self, i: u32) -> &Collider<T> {
        self.slots[i as usize].collider.as_ref().expect("live slot")
    }

    fn col_mut(&mut self, i: u32) -> &mut Collider<T> {
        self.slots[i as usize].collider.as_mut().expect("live slot")
    }

    fn handle(&self, i: u32) -> ColliderHandle {
        ColliderHandle { index: i, generation: self.slots[i as usize].generation }
    }

    /// Whether `h` names a collider of this world.
    pub fn contains(&self, h: ColliderHandle) -> bool {
        self.get(h).is_some()
    }

    /// Adds a collider: `shape` in local coordinates, placed by `transform` (its world transform
    /// while it has no parent). Errors when the shape cannot be placed by the transform.
    pub fn insert(&mut self, shape: Shape, transform: Transform, data: T) -> Result<ColliderHandle, WorldError> {
        let world_shape =
            place(&shape, &transform).map_err(|source| WorldError::Placement { collider: None, source })?;
        let bounds = bounds_of(&world_shape);
        let index = match self.free.pop() {
            Some(i) => i,
            None => {
                self.slots.push(Slot { generation: 0, parent: NULL, child_count: 0, collider: None });
                self.shapes.push(Shape::Point(Vec2::ZERO));
                self.sensors.push(false);
                self.children.push(Vec::new());
                self.colliding.push(false);
                self.was_colliding.push(false);
                (self.slots.len() - 1) as u32
            }
        };
        let i = index as usize;
        let generation = self.slots[i].generation;
        self.slots[i].collider =
            Some(Collider { local_shape: shape, local: transform, world_transform: transform, data });
        self.shapes[i] = world_shape;
        self.sensors[i] = false;
        self.colliding[i] = false;
        self.was_colliding[i] = false;
        self.broad.insert_proxy(index, generation, bounds, u32::MAX, u32::MAX);
        self.len += 1;
        Ok(ColliderHandle { index, generation })
    }

    /// Removes a collider and returns its data, or `None` for a stale handle. Its children are
    /// detached and keep their world transform (which becomes their local one). Pairs it was in
    /// that were touching are reported as stopped at the next step.
    pub fn remove(&mut self, h: ColliderHandle) -> Option<T> {
        let i = self.index_of(h).ok()?;
        let c = self.slots[i as usize].collider.take().expect("live slot");
        for child in std::mem::take(&mut self.children[i as usize]) {
            self.slots[child as usize].parent = NULL;
            let cc = self.col_mut(child);
            cc.local = cc.world_transform;
        }
        self.unlink(i);
        let next = h.generation.wrapping_add(1);
        let slot = &mut self.slots[i as usize];
        (slot.generation, slot.parent, slot.child_count) = (next, NULL, 0);
        self.shapes[i as usize] = Shape::Point(Vec2::ZERO);
        self.broad.remove_proxy(i, next);
        // The slot is reused only after the next pair update has dropped the pairs naming it.
        self.freed.push(i);
        self.len -= 1;
        Some(c.data)
    }

    /// The user data.
    pub fn data(&self, h: ColliderHandle) -> Option<&T> {
        self.get(h).map(|c| &c.data)
    }

    /// The user data, mutably.
    pub fn data_mut(&mut self, h: ColliderHandle) -> Option<&mut T> {
        let i = self.index_of(h).ok()?;
        Some(&mut self.col_mut(i).data)
    }

    /// The shape in local coordinates, as given.
    pub fn local_shape(&self, h: ColliderHandle) -> Option<&Shape> {
        self.get(h).map(|c| &c.local_shape)
    }

    /// The shape in world coordinates (cached; recomputed when it or an ancestor moves).
    pub fn world_shape(&self, h: ColliderHandle) -> Option<&Shape> {
        self.get(h).map(|_| &self.shapes[h.index as usize])
    }

    /// The world bounding box.
    pub fn aabb(&self, h: ColliderHandle) -> Option<Aabb> {
        self.world_shape(h).map(Shape::aabb)
    }

    /// The transform relative to the parent (the world transform when there is no parent).
    pub fn local_transform(&self, h: ColliderHandle) -> Option<Transform> {
        self.get(h).map(|c| c.local)
    }

    /// The world transform: the parent's world transform composed with the local one.
    pub fn world_transform(&self, h: ColliderHandle) -> Option<Transform> {
        self.get(h).map(|c| c.world_transform)
    }

    /// The parent, if any (`None` also for a stale handle).
    pub fn parent(&self, h: ColliderHandle) -> Option<ColliderHandle> {
        let parent = self.get(h).map(|_| self.slots[h.index as usize].parent)?;
        (parent != NULL).then(|| self.handle(parent))
    }

    /// The children, in the order they were attached.
    pub fn children(&self, h: ColliderHandle) -> Vec<ColliderHandle> {
        self.get(h)
            .map(|_| self.children[h.index as usize].iter().map(|&k| self.handle(k)).collect())
            .unwrap_or_default()
    }

    /// The collision filter.
    pub fn filter(&self, h: ColliderHandle) -> Option<CollisionFilter> {
        self.get(h).map(|_| self.broad.filter(h.index))
    }

    /// Whether the collider is a sensor.
    pub fn is_sensor(&self, h: ColliderHandle) -> Option<bool> {
        self.get(h).map(|_| self.sensors[h.index as usize])
    }

    /// Every collider, with its data, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = (ColliderHandle, &T)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, s)| {
            let c = s.collider.as_ref()?;
            Some((ColliderHandle { index: i as u32, generation: s.generation }, &c.data))
        })
    }

    /// Whether the collider touched another at the last [`step`](Self::step).
    pub fn is_colliding(&self, h: ColliderHandle) -> Option<bool> {
        self.get(h).map(|_| self.colliding[h.index as usize])
    }

    /// Whether the collider touched another at the step before the last one.
    pub fn was_colliding(&self, h: ColliderHandle) -> Option<bool> {
        self.get(h).map(|_| self.was_colliding[h.index as usize])
    }

    /// Sets the collision filter; takes effect at the next step.
    pub fn set_filter(&mut self, h: ColliderHandle, filter: CollisionFilter) -> Result<(), WorldError> {
        let i = self.index_of(h)?;
        self.broad.set_layer_mask(i, filter.layer, filter.mask);
        Ok(())
    }

    /// Makes the collider a sensor (reports its pairs, never gets contacts) or a solid one.
    pub fn set_sensor(&mut self, h: ColliderHandle, sensor: bool) -> Result<(), WorldError> {
        let i = self.index_of(h)?;
        self.sensors[i as usize] = sensor;
        self.broad.touch(i);
        Ok(())
    }

    /// Moves a collider: sets its local transform. Its descendants move with it. Errors (changing
    /// nothing) when its shape or a descendant's cannot be placed.
    ///
    /// Cheap for every shape under any invertible transform: a box under a transform without
    /// rotation is rewritten in place, and a concave polygon is placed from its local shape
    /// without being built again (its rings now, its pieces and edge tree when a pair first
    /// needs them; see [`Polygon::transformed`](crate::Polygon::transformed)).
    #[inline]
    pub fn set_transform(&mut self, h: ColliderHandle, local: Transform) -> Result<(), WorldError> {
        // The common case of a moving scene first: a box without parent or children, moved
        // without rotation, is rewritten where it lies.
        if let (Some(Slot { generation, parent, child_count, collider: Some(c) }), Some(world)) =
            (self.slots.get_mut(h.index as usize), self.shapes.get_mut(h.index as usize))
        {
            if *generation == h.generation && *parent == NULL && *child_count == 0 {
                if let Some(bounds) = move_box(world, &c.local_shape, &local) {
                    (c.local, c.world_transform) = (local, local);
                    self.broad.set_bounds(h.index, bounds);
                    return Ok(());
                }
            }
        }
        let i = self.index_of(h)?;
        self.relayout(i, Some(local), None)
    }

    /// Replaces a collider's local shape. Errors (changing nothing) when it cannot be placed.
    pub fn set_shape(&mut self, h: ColliderHandle, shape: Shape) -> Result<(), WorldError> {
        let i = self.index_of(h)?;
        self.relayout(i, None, Some(shape))
    }

    /// Attaches `child` to `parent` (or detaches it with `None`), keeping its local transform:
    /// its world transform becomes `parent_world.compose(&local)`. Errors on a cycle (a collider
    /// cannot be its own ancestor), on stale handles, and when a world shape cannot be placed.
    pub fn set_parent(&mut self, child: ColliderHandle, parent: Option<ColliderHandle>) -> Result<(), WorldError> {
        let c = self.index_of(child)?;
        let p = match parent {
            Some(ph) => {
                let p = self.index_of(ph)?;
                let mut up = p;
                while up != NULL {
                    if up == c {
                        return Err(WorldError::ParentCycle { child, parent: ph });
                    }
                    up = self.slots[up as usize].parent;
                }
                p
            }
            None => NULL,
        };
        let old = self.slots[c as usize].parent;
        if old == p {
            return Ok(());
        }
        let parent_world = if p == NULL { Transform::IDENTITY } else { self.col(p).world_transform };
        // Check the new placement first, then relink.
        let placed = self.layout_subtree(c, parent_world, None, None)?;
        self.unlink(c);
        if p != NULL {
            self.children[p as usize].push(c);
            self.slots[p as usize].child_count += 1;
        }
        self.slots[c as usize].parent = p;
        self.commit(placed);
        Ok(())
    }

    /// New world transforms and shapes for `i` and its descendants, without changing anything.
    #[allow(clippy::type_complexity)]
    fn layout_subtree(
        &self,
        i: u32,
        parent_world: Transform,
        local: Option<Transform>,
        shape: Option<&Shape>,
    ) -> Result<Vec<(u32, Transform, Shape)>, WorldError> {
        let mut out = Vec::new();
        let mut stack = vec![(i, parent_world)];
        while let Some((k, pw)) = stack.pop() {
            let c = self.col(k);
            let l = if k == i { local.unwrap_or(c.local) } else { c.local };
            let s = if k == i { shape.unwrap_or(&c.local_shape) } else { &c.local_shape };
            let wt = pw.compose(&l);
            let ws =
                place(s, &wt).map_err(|source| WorldError::Placement { collider: Some(self.handle(k)), source })?;
            out.push((k, wt, ws));
            stack.extend(self.children[k as usize].iter().map(|&ch| (ch, wt)));
        }
        Ok(out)
    }

    /// Takes slot `i` off its parent's children list (it keeps its `parent` link).
    fn unlink(&mut self, i: u32) {
        let parent = self.slots[i as usize].parent;
        if parent != NULL {
            self.children[parent as usize].retain(|&k| k != i);
            self.slots[parent as usize].child_count -= 1;
        }
    }

    fn commit(&mut self, placed: Vec<(u32, Transform, Shape)>) {
        for (k, wt, ws) in placed {
            self.col_mut(k).world_transform = wt;
            self.broad.set_bounds(k, bounds_of(&ws));
            self.shapes[k as usize] = ws;
        }
    }

    fn relayout(&mut self, i: u32, local: Option<Transform>, shape: Option<Shape>) -> Result<(), WorldError> {
        // Through the field, so that `shapes` can be borrowed apart.
        let slot = &self.slots[i as usize];
        let c = slot.collider.as_ref().expect("live slot");
        let parent = slot.parent;
        let parent_world = if parent == NULL { Transform::IDENTITY } else { self.col(parent).world_transform };
        if slot.child_count == 0 {
            // The common case, without allocation.
            let l = local.unwrap_or(c.local);
            let wt = if parent == NULL { l } else { parent_world.compose(&l) };
            let local_shape = shape.as_ref().unwrap_or(&c.local_shape);
            let bounds = match move_box(&mut self.shapes[i as usize], local_shape, &wt) {
                Some(b) => b,
                None => {
                    let ws = place(local_shape, &wt)
                        .map_err(|source| WorldError::Placement { collider: Some(self.handle(i)), source })?;
                    let bounds = bounds_of(&ws);
                    self.shapes[i as usize] = ws;
                    bounds
                }
            };
            self.broad.set_bounds(i, bounds);
            let c = self.col_mut(i);
            c.world_transform = wt;
            c.local = l;
            if let Some(s) = shape {
                c.local_shape = s;
            }
            return Ok(());
        }
        let placed = self.layout_subtree(i, parent_world, local, shape.as_ref())?;
        let c = self.col_mut(i);
        if let Some(l) = local {
            c.local = l;
        }
        if let Some(s) = shape {
            c.local_shape = s;
        }
        self.commit(placed);
        Ok(())
    }

    /// Replaces the detector deciding which candidate pairs touch ([`Exact`] by default).
    pub fn set_detector<D: Detector + 'static>(&mut self, detector: D) {
        self.detector = if TypeId::of::<D>() == TypeId::of::<Exact>() { None } else { Some(Box::new(detector)) };
        // Every pair is judged again.
        self.results.clear();
    }

    /// The number of candidate pairs from which the narrow phase runs on several threads (with
    /// the `parallel` feature); the broad phase's full pair search does from 32 times as many
    /// colliders (it keeps one grid entry per collider).
    pub fn parallel_threshold(&self) -> usize {
        self.parallel_threshold
    }

    /// Sets [`parallel_threshold`](Self::parallel_threshold); `usize::MAX` keeps the narrow phase
    /// on the calling thread.
    pub fn set_parallel_threshold(&mut self, pairs: usize) {
        self.parallel_threshold = pairs;
        self.broad.parallel_entries = pairs.saturating_mul(32);
    }

    /// Figures of the broad phase: see [`BroadPhaseStats`].
    pub fn broad_phase_stats(&self) -> BroadPhaseStats {
        self.broad.stats()
    }

    /// Brings the broad phase up to date (applies the changes since the last update), so that queries
    /// need not look one by one at colliders that moved far or were inserted since.
    /// [`step`](Self::step) does it too.
    pub fn update(&mut self) {
        self.broad.update_with(&mut self.results);
        self.release_slots();
    }

    /// Freed slots may be reused once no remembered touching pair can name them.
    fn release_slots(&mut self) {
        if self.touching.partners.is_empty() {
            self.free.append(&mut self.freed);
        }
    }

    /// Brings the broad phase up to date and returns the pairs of colliders whose world boxes
    /// overlap and whose filters allow them to collide (the candidates of the narrow phase), in a
    /// deterministic order, `a`'s slot index below `b`'s.
    pub fn aabb_pairs(&mut self) -> impl ExactSizeIterator<Item = (ColliderHandle, ColliderHandle)> + '_ {
        self.update();
        let meta = &self.broad.proxies.meta;
        self.broad.pairs.iter().map(move |&(a, b)| {
            (
                ColliderHandle { index: a, generation: meta[a as usize].generation },
                ColliderHandle { index: b, generation: meta[b as usize].generation },
            )
        })
    }

    /// Runs the broad and narrow phases and returns what changed since the previous step.
    pub fn step(&mut self) -> &StepEvents {
        self.broad.update_with(&mut self.results);
        self.narrow_phase();
        std::mem::swap(&mut self.colliding, &mut self.was_colliding);
        self.colliding.fill(false);
        let ev = &mut self.events;
        ev.started.clear();
        ev.ongoing.clear();
        ev.stopped.clear();
        let meta = &self.broad.proxies.meta;
        let mut now = std::mem::take(&mut self.touch_now);
        now.clear();
        for (&(a, b), &(hit, contact)) in self.broad.pairs.iter().zip(&self.results) {
            if !hit {
                continue;
            }
            self.colliding[a as usize] = true;
            self.colliding[b as usize] = true;
            let (ga, gb) = (meta[a as usize].generation, meta[b as usize].generation);
            let e = ContactEvent {
                a: ColliderHandle { index: a, generation: ga },
                b: ColliderHandle { index: b, generation: gb },
                contact,
            };
            // Slots are reused only after a step, so indices name the same two colliders in
            // consecutive steps.
            match self.touching.find(a, b) {
                Some(k) => {
                    self.touching.seen[k] = true;
                    ev.ongoing.push(e);
                }
                None => ev.started.push(e),
            }
            now.push((a, Partner { b, ga, gb }));
        }
        ev.stopped.extend(self.touching.unseen());
        self.touching.rebuild(&now, self.slots.len());
        self.touch_now = now;
        // The pairs naming removed colliders are settled: their slots may be reused.
        self.free.append(&mut self.freed);
        &self.events
    }

    /// The events of the last step.
    pub fn events(&self) -> &StepEvents {
        &self.events
    }

    fn narrow_phase(&mut self) {
        let shapes = &self.shapes;
        let sensors = &self.sensors;
        let detector = self.detector.as_deref();
        let judge = |&(ia, ib): &(u32, u32)| -> (bool, Option<Contact>) {
            let (a, b) = (&shapes[ia as usize], &shapes[ib as usize]);
            let sensor = sensors[ia as usize] || sensors[ib as usize];
            match (detector, sensor) {
                (None, true) => (intersects(a, b), None),
                (None, false) => {
                    let k = contact(a, b);
                    (k.is_some(), k)
                }
                (Some(d), true) => (d.detect(a, b), None),
                (Some(d), false) => {
                    if d.detect(a, b) {
                        (true, contact(a, b))
                    } else {
                        (false, None)
                    }
                }
            }
        };
        // The first results are still valid: pairs between colliders unchanged since then.
        let fresh = &self.broad.pairs[self.results.len()..];
        #[cfg(feature = "parallel")]
        if fresh.len() >= self.parallel_threshold {
            // In stretches shared with the pool, about 16 per thread, joined in order (a
            // panicking detector leaves the results as they were).
            let per = fresh.len().div_ceil(16 * crate::share::participants()).max(1);
            crate::share::share_in_order(fresh.len().div_ceil(per), &mut self.parts, &mut self.results, |c, out| {
                out.extend(fresh[c * per..fresh.len().min((c + 1) * per)].iter().map(judge));
            });
            return;
        }
        self.results.extend(fresh.iter().map(judge));
    }

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

    /// The first collider hit by `ray` within `max_distance`, with the hit. Ties keep the collider
    /// found first. A collider containing the ray's origin is hit at distance 0.
    pub fn cast_ray(&self, ray: &Ray, max_distance: f32) -> Option<(ColliderHandle, RayHit)> {
        if max_distance.is_nan() || max_distance < 0.0 {
            return None;
        }
        let mut best: Option<(u32, RayHit)> = None;
        let mut consider = |i: u32, reach: f32| -> f32 {
            match cast_ray(&self.shapes[i as usize], ray, reach) {
                Some(hit) if best.is_none_or(|(_, b)| hit.distance < b.distance) => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Circle;

    fn square(x: f32, y: f32) -> Shape {
        Aabb::from_xywh(x, y, 1.0, 1.0).unwrap().into()
    }

    #[test]
    fn stale_handles_are_detected_after_reuse() {
        let mut w: World<u32> = World::new();
        let a = w.insert(square(0.0, 0.0), Transform::IDENTITY, 1).unwrap();
        assert_eq!(w.remove(a), Some(1));
        w.step();
        let b = w.insert(square(0.0, 0.0), Transform::IDENTITY, 2).unwrap();
        assert_eq!(a.index(), b.index());
        assert_ne!(a, b);
        assert_eq!(w.data(a), None);
        assert_eq!(w.data(b), Some(&2));
        assert_eq!(w.set_transform(a, Transform::IDENTITY), Err(WorldError::StaleHandle(a)));
        assert_eq!(w.remove(a), None);
    }

    #[test]
    fn bad_placement_names_the_collider_and_changes_nothing() {
        let mut w: World = World::new();
        let disc: Shape = Circle::new(Vec2::ZERO, 1.0).unwrap().into();
        let parent = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
        let child = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
        w.set_parent(child, Some(parent)).unwrap();
        let uneven = Transform::from_scale(Vec2::new(2.0, 1.0));
        match w.set_transform(parent, uneven) {
            Err(WorldError::Placement { collider, .. }) => assert_eq!(collider, Some(child)),
            other => panic!("{other:?}"),
        }
        assert_eq!(w.world_transform(parent), Some(Transform::IDENTITY));
        assert!(matches!(w.insert(disc, uneven, ()), Err(WorldError::Placement { collider: None, .. })));
    }

    #[test]
    fn boxes_moved_without_rotation_are_placed_as_any_shape_is() {
        // `set_transform`'s in-place path for root boxes, against the general placement.
        let local = Aabb::from_center_half_extents(Vec2::new(1.0, -0.5), Vec2::new(1.0, 2.0)).unwrap();
        let mut w: World = World::new();
        let h = w.insert(local.into(), Transform::IDENTITY, ()).unwrap();
        let other = w.insert(square(-40.0, -40.0), Transform::IDENTITY, ()).unwrap();
        let moves = [
            Transform::from_translation(Vec2::new(3.0, 4.0)),
            Transform::from_translation_rotation_scale(Vec2::new(-40.0, -40.0), 0.0, Vec2::new(-2.0, 1.0)),
            Transform::from_translation_rotation_scale(Vec2::new(5.0, 1e6), 0.0, Vec2::new(2.0, -3.0)),
            Transform::from_scale(Vec2::splat(1e-20)),
        ];
        for t in moves {
            w.set_transform(h, t).unwrap();
            let placed = Shape::from(local).transformed(&t).unwrap();
            assert_eq!(w.world_shape(h), Some(&placed), "{t:?}");
            assert_eq!(w.world_transform(h), Some(t));
            let near = crate::intersects(&placed.aabb(), &w.aabb(other).unwrap());
            assert_eq!(w.aabb_pairs().len(), near as usize, "{t:?}");
        }
        // Non-finite or flattening transforms are refused, and nothing changes.
        let last = w.world_transform(h);
        let bad = [
            Transform::from_translation(Vec2::new(f32::INFINITY, 0.0)),
            Transform::from_translation(Vec2::new(0.0, f32::NAN)),
            Transform::from_scale(Vec2::new(0.0, 1.0)),
            Transform::from_scale(Vec2::new(f32::INFINITY, 1.0)),
            Transform::from_scale(Vec2::new(3e38, 1.0)),
        ];
        for t in bad {
            assert!(matches!(w.set_transform(h, t), Err(WorldError::Placement { .. })), "{t:?}");
            assert_eq!(w.world_transform(h), last);
        }
    }

    #[test]
    fn cycles_are_rejected() {
        let mut w: World = World::new();
        let a = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
        let b = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
        w.set_parent(b, Some(a)).unwrap();
        assert_eq!(w.set_parent(a, Some(b)), Err(WorldError::ParentCycle { child: a, parent: b }));
        assert_eq!(w.set_parent(a, Some(a)), Err(WorldError::ParentCycle { child: a, parent: a }));
    }
}
