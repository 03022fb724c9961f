//! The components a game puts on its entities: a [`Collider`] and what it collides with.

use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use collide2d::{Aabb, Capsule, Circle, CollisionFilter, ConvexPolygon, Polygon, Shape, ShapeError};

/// A collision shape in the entity's local space; it follows the entity's `GlobalTransform`
/// (translation, rotation about z, scale). Any collide2d [`Shape`]: discs, boxes, capsules,
/// segments, convex polygons and concave ones with holes.
///
/// The constructors check their numbers and return the library's error for bad ones (a
/// negative radius, a polygon that crosses itself), so that a system can pass it on with `?`.
///
/// ```
/// use collide2d_bevy::Collider;
/// let ball = Collider::circle(8.0)?;
/// let crate_ = Collider::rectangle(16.0, 16.0)?;
/// assert!(Collider::circle(-1.0).is_err());
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Component, Clone, Debug)]
pub struct Collider(pub Shape);

impl Collider {
    /// A disc of `radius` about the entity's origin.
    pub fn circle(radius: f32) -> Result<Self, ShapeError> {
        Circle::new(Vec2::ZERO, radius).map(|c| Self(c.into()))
    }

    /// A `width × height` rectangle centred on the entity's origin (turned with the entity).
    pub fn rectangle(width: f32, height: f32) -> Result<Self, ShapeError> {
        let half = Vec2::new(width, height) / 2.0;
        Aabb::new(-half, half).map(|b| Self(b.into()))
    }

    /// A capsule standing on the y axis: a segment of `length` between the centres of its two
    /// round ends, swollen by `radius` (its height is `length + 2 · radius`).
    pub fn capsule(radius: f32, length: f32) -> Result<Self, ShapeError> {
        let half = Vec2::new(0.0, length / 2.0);
        Capsule::new(-half, half, radius).map(|c| Self(c.into()))
    }

    /// A convex polygon through `points` in order (either winding).
    pub fn convex_polygon(points: &[Vec2]) -> Result<Self, ShapeError> {
        ConvexPolygon::new(points).map(|p| Self(p.into()))
    }

    /// A polygon of any shape: the `outline` (a simple ring, either winding) less the `holes`.
    pub fn polygon(outline: &[Vec2], holes: &[&[Vec2]]) -> Result<Self, ShapeError> {
        Polygon::with_holes(outline, holes).map(|p| Self(Shape::Polygon(p)))
    }
}

impl From<Shape> for Collider {
    fn from(shape: Shape) -> Self {
        Self(shape)
    }
}

/// Which layers an entity's collider is in (`memberships`) and which it collides with
/// (`filters`), as bits: two colliders meet when each one's memberships meet the other's
/// filters. Without it, a collider is in every layer and collides with every layer.
///
/// ```
/// use collide2d_bevy::CollisionLayers;
/// const PLAYER: u32 = 1;
/// const ENEMY: u32 = 2;
/// let player = CollisionLayers::new(PLAYER, ENEMY);
/// let enemy = CollisionLayers::new(ENEMY, PLAYER);
/// assert!(player.meets(&enemy));
/// assert!(!enemy.meets(&CollisionLayers::new(ENEMY, PLAYER | ENEMY)));
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollisionLayers {
    /// The layers it is in.
    pub memberships: u32,
    /// The layers it collides with.
    pub filters: u32,
}

impl CollisionLayers {
    /// In every layer, colliding with every layer.
    pub const ALL: Self = Self { memberships: u32::MAX, filters: u32::MAX };

    /// Layers from their bits.
    pub fn new(memberships: u32, filters: u32) -> Self {
        Self { memberships, filters }
    }

    /// Whether colliders with these layers and `other`'s meet (the rule is symmetric).
    pub fn meets(&self, other: &Self) -> bool {
        self.filter().allows(&other.filter())
    }

    /// The library's filter with the same bits.
    pub fn filter(&self) -> CollisionFilter {
        CollisionFilter::new(self.memberships, self.filters)
    }
}

impl Default for CollisionLayers {
    fn default() -> Self {
        Self::ALL
    }
}

/// Marks a collider as a sensor: its pairs start and end like any others, but without a
/// contact, and it never blocks a cast or a mover.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Sensor;

/// Makes a collider one-way: it blocks casts and movers only when they come at it from the
/// side this points to (in world space), such as `Vec2::Y` for a platform jumped onto from
/// below.
#[derive(Component, Clone, Copy, Debug)]
pub struct OneWay(pub Vec2);
