//! Writing your own detector: a game rule plugged in where the exact test was.
//!
//! Here, a "forgiving" detector for a platformer: the player's hitbox is shrunk by a margin
//! before the exact test, so grazing a spike does not kill. Everything that takes a
//! `&dyn Detector` uses it unchanged.
//!
//! Run with `cargo run -p collide2d --example custom_detector`.

use collide2d::detector::{BoundingBoxes, Detector, Exact};
use collide2d::{intersects, Aabb, Circle, Obb, Shape, ShapeLike, ShapeRef, Vec2};

/// Shrinks boxes and discs by `margin` before testing exactly.
struct Forgiving {
    margin: f32,
}

impl Forgiving {
    fn shrink(&self, s: ShapeRef<'_>) -> Shape {
        let shrunk = match s {
            ShapeRef::Aabb(b) => {
                Aabb::from_center_half_extents(b.center(), b.half_extents() - self.margin).map(Shape::from)
            }
            ShapeRef::Circle(c) => Circle::new(c.center(), c.radius() - self.margin).map(Shape::from),
            ShapeRef::Obb(o) => Obb::new(o.center(), o.half_extents() - self.margin, o.rotation()).map(Shape::from),
            other => Ok(other.to_shape()),
        };
        // A shape too small to shrink keeps its size rather than vanishing.
        shrunk.unwrap_or_else(|_| s.to_shape())
    }
}

impl Detector for Forgiving {
    fn name(&self) -> &str {
        "forgiving"
    }

    fn detect(&self, a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool {
        intersects(&self.shrink(a), &self.shrink(b))
    }
}

fn report(detector: &dyn Detector, pairs: &[(&str, Shape, Shape)]) {
    for (name, a, b) in pairs {
        println!(
            "{:>16} | {name:<28} | {}",
            detector.name(),
            if detector.detect(a.shape_ref(), b.shape_ref()) { "hit" } else { "miss" }
        );
    }
}

fn main() -> Result<(), collide2d::ShapeError> {
    let player: Shape = Aabb::from_xywh(0.0, 0.0, 1.0, 2.0)?.into();
    let pairs = [
        ("grazing spike", player.clone(), Obb::new(Vec2::new(1.1, 1.0), Vec2::splat(0.2), 0.785)?.into()),
        ("spike through the body", player.clone(), Obb::new(Vec2::new(0.5, 1.0), Vec2::splat(0.2), 0.785)?.into()),
        ("coin far away", player, Circle::new(Vec2::new(5.0, 5.0), 0.3)?.into()),
    ];
    let detectors: [&dyn Detector; 3] = [&BoundingBoxes, &Exact, &Forgiving { margin: 0.1 }];
    for d in detectors {
        report(d, &pairs);
    }
    Ok(())
}
