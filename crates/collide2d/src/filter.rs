//! Collision filters: which colliders may pair. Below both the broad phase, which applies them
//! in its pair search, and the world, which sets them per collider.

/// Which colliders may collide: `layer` says which groups a collider belongs to, `mask` which
/// groups it collides with. Two colliders collide when `(a.layer & b.mask) != 0 &&
/// (b.layer & a.mask) != 0`. The default puts a collider in every group, colliding with all.
///
/// ```
/// use collide2d::world::CollisionFilter;
/// let player = CollisionFilter::new(0b01, 0b10);
/// let enemy = CollisionFilter::new(0b10, 0b01);
/// assert!(player.allows(&enemy));
/// assert!(!player.allows(&player)); // players do not collide with each other
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CollisionFilter {
    /// The groups this collider belongs to.
    pub layer: u32,
    /// The groups this collider collides with.
    pub mask: u32,
}

impl Default for CollisionFilter {
    fn default() -> Self {
        Self::ALL
    }
}

impl CollisionFilter {
    /// In every group, colliding with every group.
    pub const ALL: Self = Self { layer: u32::MAX, mask: u32::MAX };

    /// A filter from its layer and mask bits.
    pub fn new(layer: u32, mask: u32) -> Self {
        Self { layer, mask }
    }

    /// Whether two colliders with these filters may collide (the rule is symmetric).
    pub fn allows(&self, other: &CollisionFilter) -> bool {
        (self.layer & other.mask) != 0 && (other.layer & self.mask) != 0
    }
}
