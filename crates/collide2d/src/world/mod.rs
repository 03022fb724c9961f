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
//!   detector ([`Exact`](crate::detector::Exact)) one call of [`contact`](crate::contact) decides
//!   and gives the contact; another [`Detector`] decides alone and the contact is computed for the
//!   pairs it accepts (it may be `None` when the detector is looser than the shapes). The
//!   contacts are exact (the minimum translation) unless [`World::set_contact_method`] chooses
//!   the faster deepest piece pair for concave polygons. A step's exact concave contacts share
//!   one [`ContactBudget`] ([`World::set_contact_budget`]), split evenly among the pairs
//!   measured at that step that have a concave polygon, so that no step takes more than about a
//!   frame whatever the shapes; a pair whose share runs out gets a push that separates, and its
//!   contact says so ([`Contact::is_exact`]). With the
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
//!
//! ## Files
//!
//! This file declares [`World`] with its fields (the state every part reads and writes),
//! [`WorldError`], and this map. Each other file adds to `World` the methods of one
//! responsibility:
//!
//! - `storage.rs`: slots and handles: inserting and removing colliders, their data and shapes,
//!   and turning a [`ColliderHandle`] into a slot (or a stale-handle error).
//! - `tree.rs`: the transform tree: parents and children, moving and reshaping a collider with
//!   its descendants, and placing local shapes in the world.
//! - `filters.rs`: which pairs a collider takes part in ([`CollisionFilter`]), whether it gets
//!   contacts (sensors), and one-way colliders.
//! - `step.rs`: [`World::step`] and its events: the broad phase brought up to date, the narrow
//!   phase on the candidate pairs, and which pairs started, went on or stopped touching.
//! - `query.rs`: scene queries (box, shape, point, ray) through the broad phase.
//! - `motion.rs`: motion through the scene: shape casts (the first hit or all of them) and
//!   every hit along a ray, one-way colliders counted from their open side.
//! - `mover.rs`: [`World::move_and_slide`], the kinematic character mover (slides, steps,
//!   snapping to the floor, slopes), with [`MoveOptions`] and [`MoveResult`].
//! - `controller.rs`: [`CharacterController`], the mover with the floor it stood on kept from
//!   one move to the next, so that moving platforms carry it.
//! - `tests.rs`: stale handles, placement errors and cycles.

use glam::Vec2;
use thiserror::Error;

use crate::broad::{Bounds, BroadPhase};
use crate::detector::Detector;
use crate::query::contact::{Contact, ContactBudget, ContactMethod};
use crate::shape::{Shape, ShapeError};

mod controller;
mod filters;
mod motion;
mod mover;
mod query;
mod step;
mod storage;
#[cfg(test)]
mod tests;
mod tree;

pub use crate::broad::BroadPhaseStats;
// Inline, so that the world's documentation lists the filter among its types, as it did when
// the type lived here.
#[doc(inline)]
pub use crate::filter::CollisionFilter;
pub use controller::CharacterController;
pub use motion::QueryFilter;
pub use mover::{MoveOptions, MoveResult, MoveTouch};
pub use step::{ContactEvent, StepEvents};
pub use storage::ColliderHandle;

use step::{Partner, TouchList};
use storage::Slot;

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
    #[error("{}: {source}", placed(.collider))]
    Placement {
        /// The collider whose world shape could not be made.
        collider: Option<ColliderHandle>,
        /// What the shape said.
        #[source]
        source: ShapeError,
    },
    /// A direction (a one-way collider's open side) that is zero or not finite.
    #[error("direction {0} is zero or not finite")]
    BadDirection(Vec2),
    /// Making `parent` the parent of `child` would close a cycle.
    #[error("making {parent:?} the parent of {child:?} would make a cycle")]
    ParentCycle {
        /// The collider that was to get a parent.
        child: ColliderHandle,
        /// The proposed parent (`child` itself or one of its descendants).
        parent: ColliderHandle,
    },
    /// More pairs of colliders have overlapping bounding boxes than a
    /// [`try_step`](World::try_step) allows.
    #[error("more than {limit} pairs of colliders have overlapping bounding boxes (the step's limit)")]
    TooManyPairs {
        /// The limit that was passed.
        limit: usize,
    },
    /// [`World::set_tile`] on a collider that is not a tile map, or with a cell or id its map
    /// refuses (the message says which).
    #[error("set_tile on {collider:?}: {reason}")]
    BadTile {
        /// The collider.
        collider: ColliderHandle,
        /// What is wrong.
        reason: String,
    },
    /// [`World::move_and_slide`]'s motion or options are not numbers a mover can go by (a
    /// motion that is not finite, a negative or non-finite length, a zero `up`): the message
    /// names which.
    #[error("move_and_slide: {0}")]
    BadMove(String),
}

/// Who [`WorldError::Placement`] is about, in words.
fn placed(collider: &Option<ColliderHandle>) -> String {
    match collider {
        Some(h) => format!("the world shape of collider {h:?} cannot be made"),
        None => "the new collider's shape cannot be placed".to_owned(),
    }
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
    /// The open side of one-way colliders (unit, in world space), by slot.
    one_way: Vec<Option<Vec2>>,
    /// Scratch for `move_and_slide`: the colliders about a move, with their boxes, and those it
    /// passes through, kept between calls so that a move allocates nothing.
    nearby: Vec<(u32, Bounds)>,
    passed: Vec<ColliderHandle>,
    /// Children by slot, in the order they were attached.
    children: Vec<Vec<u32>>,
    free: Vec<u32>,
    freed: Vec<u32>,
    len: usize,
    broad: BroadPhase,
    detector: Option<Box<dyn Detector>>,
    contact_method: ContactMethod,
    contact_budget: ContactBudget,
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
