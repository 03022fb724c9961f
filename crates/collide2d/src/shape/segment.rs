use glam::Vec2;

use super::error::{finite_vec, fits};
use super::{Aabb, Shape, ShapeError};
use crate::math::Transform;

/// A line segment from `a` to `b` (both ends included), of non-zero length.
///
/// ```
/// use collide2d::{Segment, Vec2};
/// let s = Segment::new(Vec2::ZERO, Vec2::new(3.0, 4.0))?;
/// assert_eq!(s.length(), 5.0);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::SegmentRaw")
)]
pub struct Segment {
    a: Vec2,
    b: Vec2,
}

const NAME: &str = "Segment";

impl Segment {
    /// The segment between two distinct finite points (less than about 3.4e38 apart on each
    /// axis, so that its bounds have a finite size, as every shape's must).
    #[inline]
    pub fn new(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        // One test for the common case (NaN fails it); the error is worked out apart.
        if a != b && (a.max(b) - a.min(b)).is_finite() && a.is_finite() && b.is_finite() {
            return Ok(Self { a, b });
        }
        Err(Self::refusal(a, b))
    }

    /// Why [`Segment::new`] refuses its arguments: the first check that fails.
    #[cold]
    fn refusal(a: Vec2, b: Vec2) -> ShapeError {
        match Self::checked(a, b) {
            Err(e) => e,
            Ok(_) => super::error::too_large(NAME, "length (b - a)", (b - a).length()),
        }
    }

    /// [`Segment::new`]'s checks one by one.
    fn checked(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        finite_vec(NAME, "a", a)?;
        finite_vec(NAME, "b", b)?;
        if a == b {
            return Err(ShapeError::TooFewVertices { shape: NAME, found: 1, needed: 2 });
        }
        let (lo, hi) = (a.min(b), a.max(b));
        fits(NAME, "length (b - a)", (hi - lo).length(), lo, hi)?;
        Ok(Self { a, b })
    }

    /// A segment from ends known to be finite and distinct (internal: polygon edges).
    #[inline]
    pub(crate) fn from_valid(a: Vec2, b: Vec2) -> Self {
        debug_assert!(a != b && a.is_finite() && b.is_finite());
        Self { a, b }
    }

    /// The start point.
    #[inline]
    pub fn a(&self) -> Vec2 {
        self.a
    }

    /// The end point.
    #[inline]
    pub fn b(&self) -> Vec2 {
        self.b
    }

    /// `b - a`.
    #[inline]
    pub fn direction(&self) -> Vec2 {
        self.b - self.a
    }

    /// The distance from `a` to `b`.
    pub fn length(&self) -> f32 {
        self.direction().length()
    }

    /// The point `a + t (b - a)`: `t = 0` is `a`, `t = 1` is `b`.
    #[inline]
    pub fn point_at(&self, t: f32) -> Vec2 {
        self.a + self.direction() * t
    }

    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        Aabb::from_min_max_unchecked(self.a.min(self.b), self.a.max(self.b))
    }

    /// The segment with both ends moved by `transform`.
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        super::check_transform(NAME, transform)?;
        let (a, b) = (transform.transform_point(self.a), transform.transform_point(self.b));
        Segment::new(a, b).map(Shape::Segment).map_err(|_| super::flattened_or_overflowed(NAME, (b - a).is_finite()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_zero_length_and_non_finite_ends() {
        assert!(Segment::new(Vec2::ONE, Vec2::ONE).is_err());
        assert!(Segment::new(Vec2::ONE, Vec2::new(f32::NEG_INFINITY, 0.0)).is_err());
    }

    #[test]
    fn point_at_walks_from_a_to_b() {
        let s = Segment::new(Vec2::new(1.0, 1.0), Vec2::new(3.0, 5.0)).unwrap();
        assert_eq!(s.point_at(0.5), Vec2::new(2.0, 3.0));
        assert_eq!(s.aabb().max(), Vec2::new(3.0, 5.0));
    }

    #[test]
    fn a_transform_that_flattens_or_overflows_a_segment_says_which() {
        let s = Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
        let e = s.transformed(&Transform::from_scale(Vec2::new(2e38, 1.0))).unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
        // Both ends land on the origin (their y rounds to zero).
        let s = Segment::new(Vec2::new(0.0, -1e-20), Vec2::new(0.0, 1e-20)).unwrap();
        let e = s.transformed(&Transform::from_scale(Vec2::new(1.0, 1e-30))).unwrap_err();
        assert!(e.to_string().contains("zero size"), "{e}");
    }
}
