//! A box as the queries see it: centre, half extents and its x axis, whether it came from an
//! [`Aabb`] (axis +x) or an [`Obb`]. Pair code for boxes is written once against this.

use glam::Vec2;

use super::{Aabb, Obb};
use crate::math::unrotate;

/// A box `[-half, half]` in its own frame, placed at `center` with x axis `axis` (unit).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxFrame {
    pub(crate) center: Vec2,
    pub(crate) half: Vec2,
    pub(crate) axis: Vec2,
}

impl BoxFrame {
    #[inline]
    pub(crate) fn of_obb(o: &Obb) -> Self {
        Self { center: o.center(), half: o.half_extents(), axis: o.axes().0 }
    }

    #[inline]
    pub(crate) fn of_aabb(b: &Aabb) -> Self {
        Self { center: b.center(), half: b.half_extents(), axis: Vec2::X }
    }

    /// A world point in the box's frame.
    #[inline]
    pub(crate) fn to_local(self, p: Vec2) -> Vec2 {
        unrotate(self.axis, p - self.center)
    }

    /// A point of the box's frame in the world.
    #[inline]
    pub(crate) fn to_world(self, p: Vec2) -> Vec2 {
        self.center + self.axis.rotate(p)
    }

    /// The corners in the box's own frame.
    #[inline]
    pub(crate) fn local_corners(self) -> [Vec2; 4] {
        let h = self.half;
        [-h, Vec2::new(h.x, -h.y), h, Vec2::new(-h.x, h.y)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_maps_points_both_ways_and_lists_its_corners_counter_clockwise() {
        // A box at (3, 1), half extents (2, 1), its x axis turned a quarter (+x → +y).
        let frame = BoxFrame { center: Vec2::new(3.0, 1.0), half: Vec2::new(2.0, 1.0), axis: Vec2::Y };
        assert_eq!(frame.to_local(Vec2::new(3.0, 3.0)), Vec2::new(2.0, 0.0));
        assert_eq!(frame.to_local(Vec2::new(2.0, 1.0)), Vec2::new(0.0, 1.0));
        assert_eq!(frame.to_world(Vec2::new(2.0, 0.0)), Vec2::new(3.0, 3.0));
        assert_eq!(frame.to_world(Vec2::new(0.0, 1.0)), Vec2::new(2.0, 1.0));
        let corners = frame.local_corners();
        assert_eq!(corners, [Vec2::new(-2.0, -1.0), Vec2::new(2.0, -1.0), Vec2::new(2.0, 1.0), Vec2::new(-2.0, 1.0)]);
        let aabb = BoxFrame::of_aabb(&Aabb::new(Vec2::new(1.0, 2.0), Vec2::new(5.0, 4.0)).unwrap());
        assert_eq!((aabb.center, aabb.half, aabb.axis), (Vec2::new(3.0, 3.0), Vec2::new(2.0, 1.0), Vec2::X));
    }
}
