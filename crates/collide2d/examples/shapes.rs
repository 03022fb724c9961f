//! A tour of the shapes: builds one of each, then prints for every pair whether they intersect,
//! whether one contains the other (and which way round), and why (which test decided), plus the
//! tiered rectangle test on the two cases that fool its lower levels.
//!
//! Run with `cargo run --release -p collide2d --example shapes`.

use std::f32::consts::FRAC_PI_4;

use collide2d::prelude::*;
use collide2d::tiered::collide_verdict;

/// A rectangle sprite for the tiered test: local size plus transform.
struct Sprite {
    size: Vec2,
    transform: Transform,
}

impl RectObject for Sprite {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        Aabb::new(Vec2::ZERO, self.size).expect("sizes here are positive")
    }
}

fn why(a: &Shape, b: &Shape) -> &'static str {
    match (a, b) {
        (Shape::Aabb(_), Shape::Aabb(_)) => "x and y ranges",
        (Shape::Circle(_), Shape::Circle(_)) => "centre distance vs radii",
        (Shape::Circle(_), Shape::Aabb(_) | Shape::Obb(_)) | (Shape::Aabb(_) | Shape::Obb(_), Shape::Circle(_)) => {
            "closest point of the box"
        }
        (Shape::Obb(_) | Shape::Aabb(_), Shape::Obb(_) | Shape::Aabb(_)) => "SAT on 4 box axes",
        (Shape::ConvexPolygon(_), Shape::ConvexPolygon(_)) => "SAT on edge normals",
        (Shape::Segment(_), Shape::Segment(_)) => "exact orientation signs",
        (Shape::Point(_), _) | (_, Shape::Point(_)) => "point inside test",
        _ if matches!(a, Shape::Circle(_) | Shape::Capsule(_)) || matches!(b, Shape::Circle(_) | Shape::Capsule(_)) => {
            "core distance vs radius"
        }
        _ => "general SAT",
    }
}

/// One shape of each kind, placed so that some pairs touch, some overlap and some hold others.
pub fn tour_shapes() -> Result<Vec<(&'static str, Shape)>, ShapeError> {
    Ok(vec![
        ("point", Vec2::new(2.0, 2.0).into()),
        ("segment", Segment::new(Vec2::new(-3.0, 0.0), Vec2::new(-1.0, 4.0))?.into()),
        ("floor box", Aabb::from_xywh(-5.0, -1.0, 10.0, 1.0)?.into()),
        ("ball", Circle::new(Vec2::new(2.0, 1.5), 1.5)?.into()),
        ("tilted crate", Obb::new(Vec2::new(-1.5, 2.0), Vec2::new(1.0, 0.5), 0.6)?.into()),
        ("pill", Capsule::new(Vec2::new(4.0, 4.0), Vec2::new(6.0, 6.0), 0.5)?.into()),
        ("hexagon", ConvexPolygon::regular(6, Vec2::new(3.5, 3.0), 1.2, 0.0)?.into()),
        // Inside the hexagon, which holds it whole; the ball holds the point.
        ("coin", Circle::new(Vec2::new(3.6, 2.9), 0.4)?.into()),
    ])
}

/// A row of the table: the two names, whether they intersect, which holds the other, and why.
pub type Row = (&'static str, &'static str, bool, &'static str, &'static str);

/// Every pair once. Containment is shown both ways (`a ⊇ b` when the first holds all of the
/// second, `b ⊇ a` the other way round), since each pair is listed in one order only.
pub fn rows(shapes: &[(&'static str, Shape)]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, (na, a)) in shapes.iter().enumerate() {
        for (nb, b) in &shapes[i + 1..] {
            let inside = match (contains(a, b), contains(b, a)) {
                (true, true) => "both",
                (true, false) => "a ⊇ b",
                (false, true) => "b ⊇ a",
                (false, false) => "",
            };
            rows.push((*na, *nb, intersects(a, b), inside, why(a, b)));
        }
    }
    rows
}

fn main() -> Result<(), ShapeError> {
    println!("{:<14} {:<14} {:<10} {:<9} why", "a", "b", "intersect", "contains");
    for (na, nb, hit, inside, why) in rows(&tour_shapes()?) {
        println!("{na:<14} {nb:<14} {:<10} {inside:<9} {why}", if hit { "yes" } else { "no" });
    }

    println!("\nTiered rectangle test (seed 000): what each level says");
    let unit = Vec2::new(2.0, 2.0);
    let diamond = |at: Vec2| Transform::from_parts(at, FRAC_PI_4, Vec2::ONE, unit * 0.5);
    let plus_a = Sprite {
        size: Vec2::new(6.0, 1.0),
        transform: Transform::from_parts(Vec2::ZERO, 0.0, Vec2::ONE, Vec2::new(3.0, 0.5)),
    };
    let plus_b = Sprite {
        size: Vec2::new(6.0, 1.0),
        transform: Transform::from_parts(Vec2::ZERO, 2.0 * FRAC_PI_4, Vec2::ONE, Vec2::new(3.0, 0.5)),
    };
    let cases = [
        (
            "two 45° squares, boxes overlap, shapes apart",
            Sprite { size: unit, transform: diamond(Vec2::ZERO) },
            Sprite { size: unit, transform: diamond(Vec2::splat(1.6)) },
        ),
        ("thin rectangles crossed like a plus sign", plus_a, plus_b),
    ];
    for (name, a, b) in &cases {
        println!("  {name}:");
        for level in [Level::Aabb, Level::Corners, Level::Sat] {
            let v = collide_verdict(a, b, level);
            println!(
                "    up to {level:?}: {} (decided by {:?})",
                if v.colliding { "colliding" } else { "apart" },
                v.decided_by
            );
        }
    }
    Ok(())
}
