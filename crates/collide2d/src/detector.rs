//! Swappable detection: one place where a game trades precision for speed.
//!
//! A [`Detector`] decides whether a pair of shapes collides. The ready ones range from the
//! cheapest and coarsest ([`BoundingCircles`], [`BoundingBoxes`]) to the exact test ([`Exact`]);
//! code that holds a `&dyn Detector` (or is generic over `D: Detector`) can be switched from one
//! to another without changing anything else.
//!
//! ```
//! use collide2d::{detector::{BoundingBoxes, Detector, Exact}, Circle, Obb, Shape, Vec2};
//! let diamond: Shape = Obb::new(Vec2::ZERO, Vec2::ONE, std::f32::consts::FRAC_PI_4)?.into();
//! let ball: Shape = Circle::new(Vec2::new(1.3, 1.3), 0.3)?.into();
//! let detectors: [&dyn Detector; 2] = [&BoundingBoxes, &Exact];
//! let verdicts: Vec<bool> = detectors.iter().map(|d| d.detect(&diamond, &ball)).collect();
//! assert_eq!(verdicts, [true, false]); // the boxes overlap, the shapes do not
//! # Ok::<(), collide2d::ShapeError>(())
//! ```

use crate::query::intersects::intersects;
use crate::query::ShapeLike;
use crate::shape::Shape;

/// Decides whether two shapes collide.
///
/// Implement it to plug in your own rule (a cheaper approximation, a game-specific exception);
/// see `examples/custom_detector.rs`.
pub trait Detector: Send + Sync {
    /// A short name for reports, e.g. `"exact"`.
    fn name(&self) -> &str;
    /// Whether the pair is judged to collide.
    fn detect(&self, a: &Shape, b: &Shape) -> bool;
}

/// Collide when the axis-aligned bounding boxes overlap: fastest, loose for rotated or round shapes.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoundingBoxes;

/// Collide when the bounding circles overlap: cheap and rotation-independent, loose for long shapes.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoundingCircles;

/// Collide when the shapes really share a point ([`intersects`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Detector for BoundingBoxes {
    fn name(&self) -> &str {
        "bounding boxes"
    }
    fn detect(&self, a: &Shape, b: &Shape) -> bool {
        a.aabb().intersects(&b.aabb())
    }
}

impl Detector for BoundingCircles {
    fn name(&self) -> &str {
        "bounding circles"
    }
    fn detect(&self, a: &Shape, b: &Shape) -> bool {
        let ((ca, ra), (cb, rb)) = (a.bounding_circle(), b.bounding_circle());
        crate::query::core::within(crate::math::distance_squared64(ca, cb), ra, rb)
    }
}

impl Detector for Exact {
    fn name(&self) -> &str {
        "exact"
    }
    fn detect(&self, a: &Shape, b: &Shape) -> bool {
        intersects(a, b)
    }
}
