//! # collide2d
//!
//! 2D collision detection for games: validated shapes, and exact, fast answers to "do these
//! touch?", "is this one inside that one?", "how do I push them apart, and where do they
//! touch?", "how far apart are they?" and "what does this ray hit?" for every pair of them.
//!
//! ```
//! use collide2d::prelude::*;
//!
//! let player = Circle::new(Vec2::new(3.0, 2.0), 0.5)?;
//! let crate_ = Obb::new(Vec2::new(4.0, 2.0), Vec2::new(0.5, 0.5), 0.3)?;
//! let floor = Aabb::from_xywh(0.0, 0.0, 10.0, 1.0)?;
//! assert!(player.intersects(&crate_));
//! assert!(!player.intersects(&floor));
//!
//! // Shapes known only at run time go in the `Shape` enum; the same functions take them.
//! let level: Vec<Shape> = vec![crate_.into(), floor.into()];
//! let hits = level.iter().filter(|s| intersects(&player, *s)).count();
//! assert_eq!(hits, 1);
//! # Ok::<(), ShapeError>(())
//! ```
//!
//! ## Conventions
//!
//! These hold for every function of the crate.
//!
//! - **Numbers.** `f32` everywhere, vectors are [`glam::Vec2`] (re-exported as [`Vec2`]).
//!   Units are whatever the game uses (pixels, metres); nothing assumes a scale.
//! - **Axes and angles.** The math does not care which way y points. Angles are radians and a
//!   positive angle turns +x towards +y: counter-clockwise on a y-up plot, clockwise on a y-down
//!   screen. "Counter-clockwise" in these docs (polygon winding) means with y up, i.e. a positive
//!   signed area; on a y-down screen the same outline looks clockwise. [`Aabb::top`] is the
//!   smallest y, the top edge on a y-down screen.
//! - **Closed shapes: touching counts.** Every shape includes its boundary, so two shapes that
//!   share only an edge or a single point *intersect*, and a shape *contains* itself.
//!   Touching is decided exactly where the inputs allow it (shapes meeting at representable
//!   coordinates, such as axis-aligned edges at integer positions); for rotated shapes the answer
//!   at exact contact is subject to `f32` rounding of the rotation.
//! - **Normals and push-out.** A [`Contact`]'s `normal` is a unit vector pointing from the first
//!   shape `a` towards the second `b`, for every pair and also when one lies inside the other;
//!   `depth ≥ 0` is the length of the minimum translation that separates them, so moving `b` by
//!   `normal * depth` (or `a` by `-normal * depth`) leaves them touching (with a concave polygon,
//!   possibly wedged between two of its sides, see [`contact`]). Surface
//!   normals (ray hits) point out of the shape. Signed distances are negative inside a shape.
//! - **Motion.** One set of rules for every cast and mover:
//!   - *Velocities or displacements.* [`cast_shape`], [`cast_shape_with`](query::cast::cast_shape_with),
//!     [`cast_motion`](query::cast::cast_motion) and [`World::cast_shape`] take velocities and
//!     look over times `[0, max_time]`; [`sweep`] and [`World::move_and_slide`] take one
//!     displacement, and `sweep`'s time is the fraction of it travelled (`max_time` 1).
//!   - *Normals.* A cast's `normal` points from its first shape `a` towards its second `b`, as a
//!     contact's does. The world's casts put the collider first and the moving shape second, so
//!     their normal is the collider's surface normal, pointing out of it towards the mover (as a
//!     ray hit's does), and so are the normals in a [`MoveResult`].
//!   - *Touching at the start.* Touching counts as a hit: shapes that touch or overlap at time 0
//!     are hit at time 0 with `started_overlapping` set, unless
//!     [`CastOptions::stop_at_start`](query::cast::CastOptions) is off and the motion does not
//!     take them deeper. Shapes that start within rounding of touching and move into each other
//!     are hit at time 0, never later. The witnesses `point_a` and `point_b` lie on each shape.
//!   - *Out of reach.* A hit whose time is beyond `f32`'s range is not reported.
//! - **Solid shapes.** A ray starting inside a shape hits it at distance 0 with normal
//!   `-direction`; a point inside a shape is its own closest point.
//! - **Validation at the border.** Constructors return `Result<_, ShapeError>` and refuse
//!   non-finite numbers, negative or zero sizes (boxes may have zero width or height), too few
//!   or collinear vertices, non-convex outlines, counts out of range (sides and curve segments
//!   from 3 to 4096) and shapes whose bounds would not have a finite size in `f32` (so every
//!   point of a shape is a finite number), naming what is wrong. Nothing is clamped to fit.
//!   Queries never re-check.
//! - **NaN and extremes.** No query panics or hangs, whatever the input. A point with a NaN or
//!   infinite coordinate intersects nothing, contains nothing and is contained in nothing.
//!   Otherwise every answer is made of finite numbers: normals are unit vectors, depths and
//!   distances are at least 0, a length beyond `f32::MAX` (shapes at opposite ends of the range)
//!   is reported as `f32::MAX`, and a ray hit beyond the range is not reported.
//!
//!   Size does not matter: squares and cross products are worked in `f64`, and the concave
//!   contact and the casts run far-out queries scaled by a power of two, so scaling every shape
//!   by a power of two from 2⁻⁶⁰ to 2¹²⁴ (about 9e-19 to 2e37) scales every answer with it.
//!   (Below 2⁻⁶⁰, a gap between two shapes can be smaller than the smallest `f32`, about
//!   1.4e-45, and is then reported as touching.) What `f32` cannot resolve is detail finer than about 1e-7 of the largest number in a query
//!   (a shape 1 across at 1e8 from the origin, a sliver 1e-30 wide and 1e10 long). Results are
//!   exact up to that rounding. A touch within rounding is decided once, by `intersects`, and
//!   every other predicate follows it: `contact(a, b).is_some()` agrees with `intersects(a, b)`,
//!   and `closest_points(a, b).is_some()` and `distance(a, b) > 0` with its negation, whenever
//!   the numbers making up the two shapes are 0 or lie within a factor of 2²⁰ (about a million)
//!   of one another, at any of those scales. Beyond that factor a query may answer either way near touching, and
//!   `contact` may disagree with `intersects`, still with finite numbers and unit normals.
//! - **Same inputs, same bits.** For the same inputs and the same sequence of calls, every
//!   query, every [`World`] operation (step events and their order, scene queries, casts,
//!   `move_and_slide`), tracing and bitmasks give bit-identical results on any target
//!   (x86_64, aarch64, wasm32), in debug and release builds, with or without the `parallel`
//!   feature and at any thread count, and through the bindings (Python, JavaScript, C), which
//!   compute nothing of their own. It holds because every answer is IEEE-754 arithmetic that
//!   each target rounds alike (no fused multiply-add, which Rust never makes unasked; the larger
//!   or smaller of two numbers by the crate's own rule, as `f32::max` may pick either zero of
//!   `-0.0` and `0.0`, differently in debug and release); sines and
//!   cosines come from [`math::sin_cos`] and other trigonometry from the `libm` crate, not from
//!   the platform, whose functions differ in the last bit between targets; pairs, events and
//!   query results are ordered by the inputs alone (hashed containers are only looked up,
//!   never walked); and parallel work is merged in a fixed order. The
//!   `collide2d-determinism` crate hashes 10⁵ queries of every kind, the test sprites traced at
//!   every level, a 1,000-step world and shapes resting on a box (touching, and cast from
//!   there); CI checks that hash natively in debug and release, on
//!   one and two threads, without `parallel`, in wasm32 under Node and through Python. Not
//!   covered: different versions of collide2d (a change that changes answers changes the
//!   hash, and says so), targets whose `f32`/`f64` arithmetic is not IEEE-754 with
//!   round-to-nearest (x87-only 32-bit x86), and answers that depend on what the caller
//!   computes with its own platform's functions (an angle from `f32::atan2`, say).
//!
//! ## Layout
//!
//! The modules are layers, listed from the bottom up. Each uses only the layers below it, so
//! imports point only downward:
//!
//! 1. [`math`]: [`Transform`] (sprite-like transforms that compose), [`Interval`], projections,
//!    the exact predicates (orientation, points and segments touching) and the same sines and
//!    cosines on every target.
//! 2. [`shape`]: one type per shape and the [`Shape`] enum (whose [`Polygon`] and
//!    [`TileMap`](tiles::TileMap) variants are the names it takes from the layer above).
//! 3. [`polygon`]: concave polygons with holes: validation, edge tree, convex decomposition;
//!    beside it, [`tiles`]: tile maps, a grid of tile ids as one collider.
//! 4. [`query`]: one module per question ([`query::intersects`], [`query::contains`],
//!    [`query::contact`], [`query::distance`], [`query::ray`], [`query::point`],
//!    [`query::cast`]) with the pair fast paths (`intersects_obb_obb`, `contact_circle_obb`,
//!    …); [`intersects`], [`contains`], [`contact`], [`distance`], [`closest_points`],
//!    [`cast_ray`], [`closest_point`] and [`signed_distance`] take any shape or pair;
//!    [`cast_shape`] and [`sweep`] move them ([`query::cast`] has the rest).
//! 5. [`detector`]: swappable detection methods; [`tiered`]: the levelled rectangle test
//!    (bounding boxes, corners inside, SAT).
//! 6. [`filter`]: [`CollisionFilter`], which colliders may pair, for the two layers above it.
//! 7. [`broad`]: the broad phase alone: which of many keyed boxes overlap, kept up to date.
//! 8. [`world`]: many colliders: broad phase, collision events, scene queries, motion
//!    ([`World::move_and_slide`]), transform tree.
//!
//! Beside them, using the layers they need and used by none of them: [`pixels`] and [`trace`]
//! (sprites traced into polygons) and [`bitmask`] (pixel-perfect masks, tested 64 pixels at a
//! time).

#![warn(missing_docs)]
// Unit tests may build their inputs and oracles with the platform's trigonometry; the library
// itself may not (clippy.toml: answers must be the same bits on every target).
#![cfg_attr(test, allow(clippy::disallowed_methods))]

pub mod bitmask;
pub mod broad;
pub mod detector;
pub mod filter;
pub mod math;
pub mod pixels;
pub mod polygon;
pub mod query;
#[cfg(feature = "serde")]
mod serial;
pub mod shape;
#[cfg(feature = "parallel")]
mod share;
#[cfg(test)]
mod test_rng;
pub mod tiered;
pub mod tiles;
pub mod trace;
pub mod world;

pub use broad::{BroadPhase, BroadPhaseStats};
pub use filter::CollisionFilter;
pub use glam;
pub use glam::Vec2;
pub use math::{Interval, Transform};
pub use polygon::Polygon;
pub use query::cast::{cast_shape, sweep, ShapeCastHit};
pub use query::contact::{
    contact, contact_deepest_piece_pair, contact_with_budget, contact_work, Contact, ContactBudget, ContactMethod,
    ContactPoint,
};
pub use query::contains::contains;
pub use query::distance::{closest_points, distance, ClosestPoints};
pub use query::intersects::intersects;
pub use query::point::{closest_point, signed_distance};
pub use query::ray::{cast_ray, Ray, RayHit};
pub use query::{ShapeLike, ShapeRef};
pub use shape::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, ShapeError};
pub use world::{ColliderHandle, ContactEvent, MoveOptions, MoveResult, QueryFilter, StepEvents, World, WorldError};

/// The README's Rust snippets, compiled and run as doctests so that they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Everything a game usually needs, for `use collide2d::prelude::*`.
pub mod prelude {
    pub use crate::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
    pub use crate::tiered::{collide, Level, RectObject};
    pub use crate::{
        cast_ray, cast_shape, closest_point, closest_points, contact, contains, distance, intersects, signed_distance,
        sweep, Aabb, Capsule, Circle, ConvexPolygon, Interval, Obb, Ray, RayHit, Segment, Shape, ShapeCastHit,
        ShapeError, ShapeLike, Transform, Vec2,
    };
}
