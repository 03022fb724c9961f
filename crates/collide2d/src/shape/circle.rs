use glam::Vec2;

use super::error::{finite_vec, fits, positive};
use super::{Aabb, Shape, ShapeError};
use crate::math::Transform;

/// A disc: all points within `radius` of `center` (the rim included).
///
/// ```
/// use collide2d::{Circle, Vec2, intersects};
/// let a = Circle::new(Vec2::ZERO, 1.0)?;
/// let b = Circle::new(Vec2::new(2.0, 0.0), 1.0)?;
/// assert!(intersects(&a, &b)); // touching at (1, 0) counts
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::CircleRaw")
)]
pub struct Circle {
    center: Vec2,
    radius: f32,
}

const NAME: &str = "Circle";

impl Circle {
    /// The disc of positive `radius` around `center`. Its bounds must have a finite size, as
    /// every shape's must (a radius of at most about 1.7e38, and the disc within the `f32`
    /// range).
    #[inline]
    pub fn new(center: Vec2, radius: f32) -> Result<Self, ShapeError> {
        // One test for the common case (NaN fails it); the error is worked out apart.
        if radius > 0.0 && ((center + radius) - (center - radius)).is_finite() {
            return Ok(Self { center, radius });
        }
        Err(Self::refusal(center, radius))
    }

    /// Why [`Circle::new`] refuses its arguments: the first check that fails.
    #[cold]
    fn refusal(center: Vec2, radius: f32) -> ShapeError {
        let checks = finite_vec(NAME, "center", center)
            .and_then(|_| positive(NAME, "radius", radius))
            .and_then(|_| fits(NAME, "radius", radius, center - radius, center + radius));
        checks.err().unwrap_or_else(|| super::error::too_large(NAME, "radius", radius))
    }

    /// The middle point.
    #[inline]
    pub fn center(&self) -> Vec2 {
        self.center
    }

    /// The radius (positive).
    #[inline]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        let r = Vec2::splat(self.radius);
        Aabb::from_min_max_unchecked(self.center - r, self.center + r)
    }

    /// The disc placed by `transform`. Only a similarity (rotation, uniform scale, mirroring,
    /// translation) keeps a disc a disc; any other transform is an error, since the true result
    /// would be an ellipse — convert the disc to a polygon first if an approximation will do.
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        let (center, radius) = transform_round(NAME, transform, self.center, self.radius)?;
        Circle::new(center, radius).map(Shape::Circle).map_err(|_| super::overflowed(NAME))
    }
}

/// Moves a round shape's point and radius through a similarity transform.
pub(crate) fn transform_round(
    shape: &'static str,
    transform: &Transform,
    point: Vec2,
    radius: f32,
) -> Result<(Vec2, f32), ShapeError> {
    super::check_transform(shape, transform)?;
    if !transform.is_similarity() {
        return Err(ShapeError::BadTransform {
            shape,
            reason: "scales unevenly or skews, which would make an ellipse (convert to a polygon first)",
        });
    }
    let radius = (radius as f64 * transform.uniform_scale() as f64) as f32;
    let point = transform.transform_point(point);
    // An infinite radius or point is left to the caller's constructor, which refuses it and
    // reports it as overflowed; a radius rounded to zero needs its own error.
    if radius == 0.0 {
        return Err(super::flattened(shape));
    }
    Ok((point, radius))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_zero_negative_and_nan_radius() {
        for r in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            assert!(Circle::new(Vec2::ZERO, r).is_err(), "radius {r}");
        }
        let e = Circle::new(Vec2::new(0.0, f32::NAN), 1.0).unwrap_err();
        assert!(e.to_string().contains("center.y"), "{e}");
    }

    #[test]
    fn similarity_moves_and_scales_but_uneven_scale_is_refused() {
        let c = Circle::new(Vec2::new(1.0, 0.0), 2.0).unwrap();
        let t =
            Transform::from_translation_rotation_scale(Vec2::new(10.0, 0.0), std::f32::consts::PI, Vec2::splat(3.0));
        let Shape::Circle(w) = c.transformed(&t).unwrap() else { panic!() };
        assert!((w.center() - Vec2::new(7.0, 0.0)).length() < 1e-5);
        assert!((w.radius() - 6.0).abs() < 1e-5);
        let e = c.transformed(&Transform::from_scale(Vec2::new(2.0, 1.0))).unwrap_err();
        assert!(e.to_string().contains("ellipse"), "{e}");
    }

    #[test]
    fn a_transform_that_overflows_either_the_radius_or_the_centre_is_refused() {
        let overflowed = crate::shape::overflowed(NAME);
        // The radius alone overflows: the centre stays at the origin.
        let big = Circle::new(Vec2::ZERO, 1e30).unwrap();
        assert_eq!(big.transformed(&Transform::from_scale(Vec2::splat(1e10))).unwrap_err(), overflowed);
        // The centre alone overflows: the radius stays 1.
        let far = Circle::new(Vec2::new(3e38, 0.0), 1.0).unwrap();
        assert_eq!(far.transformed(&Transform::from_translation(Vec2::new(3e38, 0.0))).unwrap_err(), overflowed);
    }
}
