use glam::Vec2;

/// One point of contact: a pair of points where the two shapes meet, `depth` at most the
/// contact's. The crate's one statement of what they are:
///
/// - **Two convex shapes:** a manifold point as physics engines clip it (Box2D's incident face
///   against the reference face). `point_a` is a point of `a` and `point_b` one of `b`, on
///   their surfaces but where the clipping of a deep edge-on-edge contact leaves one inside its
///   shape, and each lies within `depth` of the other shape.
/// - **A concave polygon's contact:** a point of the other shape (of `b` when `a` is the
///   polygon, or both are; of `a` when only `b` is), and that point moved by the push:
///   `point_a - point_b = normal * contact.depth`.
///
/// They are *not* each shape's deepest point inside the other: on a deep contact one of the
/// pair may lie outside the other shape. Touching, both are where the shapes touch.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactPoint {
    /// A point of shape `a` (see the type's documentation).
    pub point_a: Vec2,
    /// A point of shape `b`, within `depth` of `a`.
    pub point_b: Vec2,
    /// How far the shapes overlap here, along the contact normal (≥ 0, at most the contact's
    /// depth; 0 when touching).
    pub depth: f32,
}

impl ContactPoint {
    /// The point halfway between the two surfaces (halves first: the sum of two points near
    /// the ends of the `f32` range would overflow).
    pub fn midpoint(&self) -> Vec2 {
        self.point_a * 0.5 + self.point_b * 0.5
    }
}

/// The contact between two intersecting shapes: the push-out direction and distance, and up to
/// two points where they touch (two when an edge lies against an edge).
///
/// `normal` is a unit vector pointing from `a` towards `b`; `depth` is the length of the minimum
/// translation vector. Moving `b` by `normal * depth` (or `a` by `-normal * depth`, or each by
/// half) separates the shapes — see [`push_out_a`](Self::push_out_a) and
/// [`push_out_b`](Self::push_out_b).
///
/// The value holds its points inline (no heap), like a physics engine's manifold.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::ContactRaw", into = "crate::serial::ContactRaw")
)]
pub struct Contact {
    /// Unit vector from `a` towards `b`.
    pub normal: Vec2,
    /// Penetration depth (≥ 0): the length of the minimum translation that separates the shapes.
    pub depth: f32,
    points: [ContactPoint; 2],
    count: u8,
    /// False when a [`ContactBudget`](super::ContactBudget) ran out: the push separates, but is
    /// not proven the shortest.
    exact: bool,
}

impl Contact {
    /// A contact with the given normal, depth and one or two points (extra points are ignored).
    #[inline]
    pub fn new(normal: Vec2, depth: f32, points: &[ContactPoint]) -> Self {
        // Element by element: a copy of a length known only at run time is a call to memmove.
        let stored = [0, 1].map(|k| points.get(k).copied().unwrap_or_default());
        Self { normal, depth, points: stored, count: points.len().min(2) as u8, exact: true }
    }

    /// Whether `depth` is proven the minimum translation. Always true but for a concave
    /// polygon's contact whose [`ContactBudget`](super::ContactBudget) ran out: the push then
    /// separates the shapes, and its depth lies between the minimum and the hulls' penetration.
    #[inline]
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The same contact, flagged as not proven minimal (see [`is_exact`](Self::is_exact)).
    #[inline]
    pub(crate) fn bounded(mut self) -> Self {
        self.exact = false;
        self
    }

    /// The contact points (one or two).
    #[inline]
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.count as usize]
    }

    /// The translation that moves `a` out of `b`: `-normal * depth`.
    #[inline]
    pub fn push_out_a(&self) -> Vec2 {
        -self.normal * self.depth
    }

    /// The translation that moves `b` out of `a`: `normal * depth`.
    #[inline]
    pub fn push_out_b(&self) -> Vec2 {
        self.normal * self.depth
    }

    /// The same contact seen from the other side (as `contact(b, a)` would give it).
    pub fn flipped(&self) -> Self {
        let mut c = *self;
        c.normal = -self.normal;
        // Both slots, whatever the count: the unused one is default and stays so.
        for p in &mut c.points {
            std::mem::swap(&mut p.point_a, &mut p.point_b);
        }
        c
    }
}
