//! Swappable detection: one place where a game trades precision for speed.
//!
//! A [`Detector`] decides whether a pair of shapes collides. The ready ones range from the
//! cheapest and coarsest ([`BoundingCircles`], [`BoundingBoxes`]) to the exact test ([`Exact`]);
//! code that holds a `&dyn Detector` (or is generic over `D: Detector`) can be switched from one
//! to another without changing anything else.
//!
//! ```
//! use collide2d::{detector::{BoundingBoxes, Detector, Exact}, Circle, Obb, ShapeLike, Vec2};
//! let diamond = Obb::new(Vec2::ZERO, Vec2::ONE, std::f32::consts::FRAC_PI_4)?;
//! let ball = Circle::new(Vec2::new(1.3, 1.3), 0.3)?;
//! let detectors: [&dyn Detector; 2] = [&BoundingBoxes, &Exact];
//! let verdicts: Vec<bool> = detectors.iter().map(|d| d.detect(diamond.shape_ref(), ball.shape_ref())).collect();
//! assert_eq!(verdicts, [true, false]); // the boxes overlap, the shapes do not
//! # Ok::<(), collide2d::ShapeError>(())
//! ```

use crate::query::intersects::intersects;
use crate::query::{ShapeLike, ShapeRef};

/// Decides whether two shapes collide.
///
/// Implement it to plug in your own rule (a cheaper approximation, a game-specific exception);
/// see `examples/custom_detector.rs`.
pub trait Detector: Send + Sync {
    /// A short name for reports, e.g. `"exact"`.
    fn name(&self) -> &str;
    /// Whether the pair is judged to collide. The shapes come as views (any shape's
    /// [`ShapeLike::shape_ref`]), so that judging a pair never copies a polygon;
    /// [`ShapeRef::to_shape`] makes an owned one when a rule needs it.
    fn detect(&self, a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool;
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
    fn detect(&self, a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool {
        a.aabb().intersects(&b.aabb())
    }
}

impl Detector for BoundingCircles {
    fn name(&self) -> &str {
        "bounding circles"
    }
    fn detect(&self, a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool {
        let ((ca, ra), (cb, rb)) = (a.bounding_circle(), b.bounding_circle());
        crate::query::core::within(crate::math::distance_squared64(ca, cb), ra, rb)
    }
}

impl Detector for Exact {
    fn name(&self) -> &str {
        "exact"
    }
    fn detect(&self, a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool {
        intersects(&a, &b)
    }
}

/// A boxed detector is a detector: one chosen at run time (from a settings menu, say) goes
/// wherever a detector is taken, [`World::set_detector`](crate::World::set_detector) included.
///
/// ```
/// use collide2d::{detector::{BoundingCircles, Detector, Exact}, World};
/// let from_settings = "bounding circles";
/// let chosen: Box<dyn Detector> = if from_settings == "exact" { Box::new(Exact) } else { Box::new(BoundingCircles) };
/// assert_eq!(chosen.name(), "bounding circles");
/// let mut world: World<()> = World::new();
/// world.set_detector(chosen);
/// ```
impl<D: Detector + ?Sized> Detector for Box<D> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn detect(&self, a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool {
        (**self).detect(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Circle, Obb, Shape};
    use glam::Vec2;

    /// Three pairs that the three detectors tell apart, from the loosest to the tightest: boxes
    /// overlapping only, circles overlapping too, and shapes that really touch.
    #[test]
    fn each_detector_judges_by_its_own_rule() {
        let diamond: Shape = Obb::new(Vec2::ZERO, Vec2::ONE, std::f32::consts::FRAC_PI_4).unwrap().into();
        let ball = |x: f32, y: f32| -> Shape { Circle::new(Vec2::new(x, y), 0.3).unwrap().into() };
        // The diamond's box reaches x = y = √2; its bounding circle has radius √2 as well.
        let boxes_only = ball(1.6, 1.6); // box corner region: circles 2.26 apart > √2 + 0.3
        let circles_too = ball(1.1, 1.1); // 1.56 apart < 1.71, yet 0.26 clear of the diamond's edge
        let touching = ball(0.8, 0.0); // its centre lies inside the diamond
        let detectors: [&dyn Detector; 3] = [&BoundingBoxes, &BoundingCircles, &Exact];
        let verdicts = |b: &Shape| detectors.map(|d| d.detect(diamond.shape_ref(), b.shape_ref()));
        assert_eq!(verdicts(&boxes_only), [true, false, false]);
        assert_eq!(verdicts(&circles_too), [true, true, false]);
        assert_eq!(verdicts(&touching), [true, true, true]);
        let far = ball(5.0, 0.0);
        assert_eq!(verdicts(&far), [false, false, false]);
        assert_eq!(detectors.map(|d| d.name()), ["bounding boxes", "bounding circles", "exact"]);
        // Boxed, each judges and names itself as it does unboxed.
        let boxed: [Box<dyn Detector>; 3] = [Box::new(BoundingBoxes), Box::new(BoundingCircles), Box::new(Exact)];
        for (unboxed, boxed) in detectors.iter().zip(&boxed) {
            assert_eq!(boxed.name(), unboxed.name());
            for b in [&boxes_only, &circles_too, &touching, &far] {
                assert_eq!(
                    boxed.detect(diamond.shape_ref(), b.shape_ref()),
                    unboxed.detect(diamond.shape_ref(), b.shape_ref())
                );
            }
        }
    }

    /// Circles exactly touching count as colliding, as the shapes' own touching rule says.
    #[test]
    fn bounding_circles_touching_collide() {
        let a: Shape = Circle::new(Vec2::ZERO, 1.0).unwrap().into();
        let b: Shape = Circle::new(Vec2::new(3.0, 0.0), 2.0).unwrap().into();
        let c: Shape = Circle::new(Vec2::new(3.0, 0.0), 1.99).unwrap().into();
        assert!(BoundingCircles.detect(a.shape_ref(), b.shape_ref()));
        assert!(!BoundingCircles.detect(a.shape_ref(), c.shape_ref()));
    }
}
