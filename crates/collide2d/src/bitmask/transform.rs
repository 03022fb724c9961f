//! Masks placed with a [`Transform`]: resampled onto the whole-pixel grid.

use glam::Vec2;

use super::shapes::{cell_range, within_limits};
use super::Bitmask;
use crate::math::Transform;

impl Bitmask {
    /// This mask moved by `transform` (from the mask's pixel space to a destination pixel space:
    /// rotated, scaled, mirrored, skewed, translated) and resampled onto the destination's whole
    /// pixels, with the result's pixel `(0, 0)` at destination pixel `offset` (returned).
    ///
    /// Resampling is nearest-neighbour by inverse mapping: destination pixel `(X, Y)` is set when
    /// its centre `(X + 0.5, Y + 0.5)`, mapped back through the inverse transform, falls in a set
    /// source pixel (source pixel `(x, y)` taking the half-open square `[x, x + 1) × [y, y + 1)`).
    /// So a scaled-up mask has no holes and a scaled-down one loses thin features, as with any
    /// point sampling; an identity or whole-pixel translation reproduces the mask exactly. The
    /// result covers the destination pixels whose centres lie in the transformed rectangle's
    /// bounding box.
    ///
    /// `None` when the transform is not finite or not invertible, or when the result would exceed
    /// [`MAX_SIDE`](super::MAX_SIDE) a side or [`MAX_PIXELS`](super::MAX_PIXELS) in all.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::{Transform, Vec2};
    /// use std::f32::consts::FRAC_PI_2;
    /// let bar = Bitmask::full(4, 1); // 4 pixels wide, 1 high
    /// // A quarter turn about the mask's corner: now 1 wide, 4 high, to the left of x = 0.
    /// let (turned, offset) = bar.transformed(&Transform::from_rotation(FRAC_PI_2)).unwrap();
    /// assert_eq!((turned.width(), turned.height(), turned.count()), (1, 4, 4));
    /// assert_eq!(offset, (-1, 0));
    /// // Scaled up 3×: every source pixel becomes a 3×3 block.
    /// let (big, offset) = bar.transformed(&Transform::from_scale(Vec2::splat(3.0))).unwrap();
    /// assert_eq!((big.width(), big.height(), big.count(), offset), (12, 3, 36, (0, 0)));
    /// ```
    pub fn transformed(&self, transform: &Transform) -> Option<(Bitmask, (i32, i32))> {
        let inverse = transform.inverse()?;
        let (w, h) = (self.width as f32, self.height as f32);
        let corners =
            [Vec2::ZERO, Vec2::new(w, 0.0), Vec2::new(0.0, h), Vec2::new(w, h)].map(|c| transform.transform_point(c));
        let lo = corners.iter().fold(Vec2::INFINITY, |a, &c| a.min(c));
        let hi = corners.iter().fold(Vec2::NEG_INFINITY, |a, &c| a.max(c));
        // The destination pixels whose centres lie in the corners' box, as for a shape.
        let (x0, y0, x1, y1) = cell_range(lo, hi)?;
        let (ox, oy) = (i32::try_from(x0).ok()?, i32::try_from(y0).ok()?);
        let (ow, oh) = (x1 - x0, y1 - y0);
        if !within_limits(ow, oh) {
            return None;
        }
        let mut out = Bitmask::new(ow as u32, oh as u32);
        // Source position of a destination centre, stepped along a row in f64 (no drift).
        let m = inverse.affine();
        let (ax, ay, t) = (m.matrix2.x_axis.as_dvec2(), m.matrix2.y_axis.as_dvec2(), m.translation.as_dvec2());
        for y in 0..out.height {
            let cy = oy as f64 + y as f64 + 0.5;
            let row = out.row_mut(y);
            for x in 0..ow as u32 {
                let cx = ox as f64 + x as f64 + 0.5;
                let p = ax * cx + ay * cy + t;
                // `get` answers false past the far sides (`as` saturates); the near sides need
                // the test, as truncation takes -0.5 to 0.
                if p.x >= 0.0 && p.y >= 0.0 && self.get(p.x as u32, p.y as u32) {
                    row[x as usize / 64] |= 1 << (x % 64);
                }
            }
        }
        Some((out, (ox, oy)))
    }

    /// Whether two masks placed in a common space by their transforms overlap, judged in `self`'s
    /// pixel space: `other` is resampled there (as by [`transformed`](Self::transformed), through
    /// `self_transform⁻¹ · other_transform`) and tested word by word. Rotating `self` therefore
    /// costs nothing; only `other` is resampled. `None` when a transform is not finite or not
    /// invertible, or the resampled mask would be too large.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::{Transform, Vec2};
    /// let a = Bitmask::full(10, 2);
    /// let b = Bitmask::full(10, 2);
    /// let at = |x: f32, y: f32, angle: f32| Transform::from_parts(Vec2::new(x, y), angle, Vec2::ONE, Vec2::new(5.0, 1.0));
    /// // A cross: b turned a quarter about its centre, at a's centre.
    /// assert_eq!(a.overlaps_placed(&at(50.0, 50.0, 0.0), &b, &at(50.0, 50.0, 1.5708)), Some(true));
    /// assert_eq!(a.overlaps_placed(&at(50.0, 50.0, 0.0), &b, &at(50.0, 57.0, 1.5708)), Some(false));
    /// ```
    pub fn overlaps_placed(
        &self,
        self_transform: &Transform,
        other: &Bitmask,
        other_transform: &Transform,
    ) -> Option<bool> {
        let relative = self_transform.inverse()?.compose(other_transform);
        let (resampled, offset) = other.transformed(&relative)?;
        Some(self.overlaps(&resampled, offset))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_and_whole_translations_copy_exactly() {
        let m = Bitmask::from_fn(70, 9, |x, y| (x * 5 + y * 3) % 7 < 3);
        let (same, off) = m.transformed(&Transform::IDENTITY).unwrap();
        assert_eq!((same, off), (m.clone(), (0, 0)));
        let (moved, off) = m.transformed(&Transform::from_translation(Vec2::new(-13.0, 4.0))).unwrap();
        assert_eq!((moved, off), (m, (-13, 4)));
    }

    #[test]
    fn mirroring_reverses_rows() {
        let m = Bitmask::from_fn(5, 1, |x, _| x < 2);
        let (flipped, off) = m.transformed(&Transform::from_scale(Vec2::new(-1.0, 1.0))).unwrap();
        assert_eq!(off, (-5, 0));
        assert_eq!((0..5).map(|x| flipped.get(x, 0)).collect::<Vec<_>>(), [false, false, false, true, true]);
    }

    #[test]
    fn singular_and_huge_transforms_are_refused() {
        let m = Bitmask::full(3, 3);
        assert!(m.transformed(&Transform::from_scale(Vec2::new(0.0, 1.0))).is_none());
        assert!(m.transformed(&Transform::from_scale(Vec2::splat(1e9))).is_none());
        assert!(m.transformed(&Transform::from_translation(Vec2::new(f32::NAN, 0.0))).is_none());
        assert!(m.transformed(&Transform::from_translation(Vec2::new(1e12, 0.0))).is_none());
    }
}
