use glam::Vec2;

use super::error::{finite_vec, fits, positive};
use super::{Aabb, Shape, ShapeError};
use crate::math::Transform;

/// A capsule (stadium): all points within `radius` of the segment from `a` to `b`.
///
/// `a` may equal `b`, in which case the capsule is a disc.
///
/// ```
/// use collide2d::{Capsule, Vec2};
/// let pill = Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5)?;
/// assert_eq!(pill.aabb().max(), Vec2::new(1.5, 0.5));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::CapsuleRaw")
)]
pub struct Capsule {
    a: Vec2,
    b: Vec2,
    radius: f32,
}

const NAME: &str = "Capsule";

impl Capsule {
    /// The capsule around the segment `a`–`b` with a positive `radius`. Its bounds must have
    /// a finite size, as every shape's must.
    #[inline]
    pub fn new(a: Vec2, b: Vec2, radius: f32) -> Result<Self, ShapeError> {
        // One test for the common case (NaN fails it); the error is worked out apart.
        let (lo, hi) = (a.min(b), a.max(b));
        if radius > 0.0 && ((hi + radius) - (lo - radius)).is_finite() && a.is_finite() && b.is_finite() {
            return Ok(Self { a, b, radius });
        }
        Err(Self::refusal(a, b, radius))
    }

    /// Why [`Capsule::new`] refuses its arguments: the first check that fails.
    #[cold]
    fn refusal(a: Vec2, b: Vec2, radius: f32) -> ShapeError {
        match Self::checked(a, b, radius) {
            Err(e) => e,
            Ok(_) => super::error::too_large(NAME, "radius", radius),
        }
    }

    /// [`Capsule::new`]'s checks one by one.
    fn checked(a: Vec2, b: Vec2, radius: f32) -> Result<Self, ShapeError> {
        finite_vec(NAME, "a", a)?;
        finite_vec(NAME, "b", b)?;
        positive(NAME, "radius", radius)?;
        let (lo, hi) = (a.min(b), a.max(b));
        fits(NAME, "length (b - a)", (hi - lo).length(), lo, hi)?;
        fits(NAME, "radius", radius, lo - radius, hi + radius)?;
        Ok(Self { a, b, radius })
    }

    /// One end of the inner segment.
    #[inline]
    pub fn a(&self) -> Vec2 {
        self.a
    }

    /// The other end of the inner segment.
    #[inline]
    pub fn b(&self) -> Vec2 {
        self.b
    }

    /// The radius (positive).
    #[inline]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        let r = Vec2::splat(self.radius);
        Aabb::from_min_max_unchecked(self.a.min(self.b) - r, self.a.max(self.b) + r)
    }

    /// The capsule placed by a similarity transform; other transforms are an error, as for
    /// [`Circle::transformed`](super::Circle::transformed).
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        let (a, radius) = super::circle::transform_round(NAME, transform, self.a, self.radius)?;
        let b = transform.transform_point(self.b);
        Capsule::new(a, b, radius).map(Shape::Capsule).map_err(|_| super::overflowed(NAME))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_radius_and_non_finite_ends_but_allows_a_disc() {
        assert!(Capsule::new(Vec2::ZERO, Vec2::X, 0.0).is_err());
        let e = Capsule::new(Vec2::ZERO, Vec2::new(f32::NAN, 0.0), 1.0).unwrap_err();
        assert!(e.to_string().contains("b.x"), "{e}");
        assert!(Capsule::new(Vec2::ONE, Vec2::ONE, 1.0).is_ok());
    }
}
