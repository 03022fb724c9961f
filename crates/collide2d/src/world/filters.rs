//! Filters, sensors and one-way colliders: which pairs a collider takes part in, whether it gets
//! contacts, and from which side it blocks movers.

use glam::Vec2;

use super::{ColliderHandle, CollisionFilter, World, WorldError};

impl<T> World<T> {
    /// The collision filter.
    pub fn filter(&self, h: ColliderHandle) -> Option<CollisionFilter> {
        self.get(h).map(|_| self.broad.filter(h.index))
    }

    /// Whether the collider is a sensor.
    pub fn is_sensor(&self, h: ColliderHandle) -> Option<bool> {
        self.get(h).map(|_| self.sensors[h.index as usize])
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

    /// The open side of a one-way collider (unit, in world space), or `None` for a collider that
    /// blocks from every side.
    pub fn one_way(&self, h: ColliderHandle) -> Option<Option<Vec2>> {
        self.get(h).map(|_| self.one_way[h.index as usize])
    }

    /// Makes the collider one-way, blocking movers only from the side `open` points to (a
    /// platform jumped up through and landed on: pass the up direction), or blocking from every
    /// side again with `None`. Shape casts ([`World::cast_shape`], [`World::cast_shape_all`])
    /// and [`World::move_and_slide`] then count a hit on it only when the moving shape did not
    /// start overlapping it and meets it with the hit's normal (out of the collider) pointing to
    /// the open side; a mover inside it is never pushed out. Collision events and the other
    /// queries are not changed. `open` is made unit; a zero or non-finite direction is refused.
    ///
    /// ```
    /// use collide2d::world::{QueryFilter, World};
    /// use collide2d::{Aabb, Circle, Transform, Vec2};
    /// let mut world: World = World::new();
    /// let ledge = world.insert(Aabb::from_xywh(-5.0, 0.0, 10.0, 0.5)?.into(), Transform::IDENTITY, ())?;
    /// world.set_one_way(ledge, Some(Vec2::Y))?;
    /// let ball = Circle::new(Vec2::new(0.0, -3.0), 0.5)?;
    /// let any = QueryFilter::default();
    /// assert!(world.cast_shape(&ball, Vec2::new(0.0, 10.0), 1.0, &any).is_none()); // up through it
    /// let above = Circle::new(Vec2::new(0.0, 3.0), 0.5)?;
    /// assert!(world.cast_shape(&above, Vec2::new(0.0, -10.0), 1.0, &any).is_some()); // lands on it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_one_way(&mut self, h: ColliderHandle, open: Option<Vec2>) -> Result<(), WorldError> {
        let i = self.index_of(h)?;
        let open = match open {
            None => None,
            Some(d) => Some(d.try_normalize().ok_or(WorldError::BadDirection(d))?),
        };
        self.one_way[i as usize] = open;
        Ok(())
    }
}
