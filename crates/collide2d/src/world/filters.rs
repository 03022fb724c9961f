//! Filters and sensors: which pairs a collider takes part in, and whether it gets contacts.

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
}
