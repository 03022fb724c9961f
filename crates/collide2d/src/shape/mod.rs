//! The shapes: small validated value types, and the [`Shape`] enum that holds any of them.
//!
//! Every constructor checks its input and returns [`ShapeError`] saying what is wrong, so a
//! shape that exists is valid and queries never re-check it.

mod aabb;
mod box_frame;
mod capsule;
mod circle;
mod convex_polygon;
mod error;
mod obb;
mod segment;

pub(crate) use convex_polygon::twice_signed_area;
pub(crate) use error::{points_fit, too_large};

pub use aabb::Aabb;
pub(crate) use box_frame::BoxFrame;
pub use capsule::Capsule;
pub use circle::Circle;
pub use convex_polygon::ConvexPolygon;
pub(crate) use error::finite_vec;
pub use error::{EdgeId, Ring, ShapeError};
pub use obb::Obb;
pub use segment::Segment;

use glam::Vec2;

use crate::math::Transform;
use crate::polygon::Polygon;
use crate::tiles::TileMap;

/// Any shape of the library, for heterogeneous collections and for queries on pairs whose
/// kinds are known only at run time.
///
/// A `Shape::Point` holds a plain `Vec2` and is not validated: queries given a point with a
/// non-finite coordinate answer `false`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape {
    /// A single point.
    Point(Vec2),
    /// A line segment.
    Segment(Segment),
    /// An axis-aligned box.
    Aabb(Aabb),
    /// A disc.
    Circle(Circle),
    /// An oriented rectangle.
    Obb(Obb),
    /// A capsule (stadium).
    Capsule(Capsule),
    /// A convex polygon.
    ConvexPolygon(ConvexPolygon),
    /// A simple polygon, possibly concave, possibly with holes.
    Polygon(Polygon),
    /// A grid of tiles as one collider (see [`crate::tiles`]).
    TileMap(TileMap),
}

impl Shape {
    /// The axis-aligned bounds (for a non-finite point, a box of NaNs).
    pub fn aabb(&self) -> Aabb {
        match self {
            Shape::Point(p) => Aabb::from_min_max_unchecked(*p, *p),
            Shape::Segment(s) => s.aabb(),
            Shape::Aabb(a) => *a,
            Shape::Circle(c) => c.aabb(),
            Shape::Obb(o) => o.aabb(),
            Shape::Capsule(c) => c.aabb(),
            Shape::ConvexPolygon(p) => p.aabb(),
            Shape::Polygon(p) => p.aabb(),
            Shape::TileMap(m) => m.aabb(),
        }
    }

    /// The name of the variant, e.g. `"Circle"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Shape::Point(_) => "Point",
            Shape::Segment(_) => "Segment",
            Shape::Aabb(_) => "Aabb",
            Shape::Circle(_) => "Circle",
            Shape::Obb(_) => "Obb",
            Shape::Capsule(_) => "Capsule",
            Shape::ConvexPolygon(_) => "ConvexPolygon",
            Shape::Polygon(_) => "Polygon",
            Shape::TileMap(_) => "TileMap",
        }
    }

    /// The shape moved into world space by `transform` (see each shape's `transformed` for what
    /// it becomes). Errors when the transform is not finite or not invertible, or when the
    /// result cannot be represented exactly (a disc or capsule under uneven scale).
    ///
    /// ```
    /// use collide2d::{Aabb, Shape, Transform, Vec2};
    /// let local = Shape::from(Aabb::from_xywh(-1.0, -1.0, 2.0, 2.0)?);
    /// let world = local.transformed(&Transform::from_rotation(0.3))?;
    /// assert_eq!(world.kind(), "Obb");
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        match self {
            Shape::Point(p) => {
                check_transform("Point", transform)?;
                let moved = transform.transform_point(*p);
                if !moved.is_finite() {
                    return Err(ShapeError::BadTransform { shape: "Point", reason: "gives a non-finite point" });
                }
                Ok(Shape::Point(moved))
            }
            Shape::Segment(s) => s.transformed(transform),
            Shape::Aabb(a) => a.transformed(transform),
            Shape::Circle(c) => c.transformed(transform),
            Shape::Obb(o) => o.transformed(transform),
            Shape::Capsule(c) => c.transformed(transform),
            Shape::ConvexPolygon(p) => p.transformed(transform),
            Shape::Polygon(p) => p.transformed(transform).map(Shape::Polygon),
            Shape::TileMap(m) => m.transformed(transform).map(Shape::TileMap),
        }
    }
}

macro_rules! shape_from {
    ($($ty:ty => $variant:ident),* $(,)?) => {
        $(impl From<$ty> for Shape {
            fn from(s: $ty) -> Shape {
                Shape::$variant(s)
            }
        })*
    };
}

shape_from!(Vec2 => Point, Segment => Segment, Aabb => Aabb, Circle => Circle, Obb => Obb,
    Capsule => Capsule, ConvexPolygon => ConvexPolygon, Polygon => Polygon, TileMap => TileMap);

/// A transform is usable on a shape when it is finite and does not flatten space.
pub(crate) fn check_transform(shape: &'static str, transform: &Transform) -> Result<(), ShapeError> {
    if !transform.is_finite() {
        return Err(ShapeError::BadTransform { shape, reason: "is not finite" });
    }
    if transform.determinant64() == 0.0 {
        return Err(flattened(shape));
    }
    Ok(())
}

/// The error for a transform whose result has collapsed (to zero size, or onto a line).
pub(crate) fn flattened(shape: &'static str) -> ShapeError {
    ShapeError::BadTransform { shape, reason: "flattens the shape to zero size" }
}

/// The error for a transform whose result does not fit in `f32`.
pub(crate) fn overflowed(shape: &'static str) -> ShapeError {
    ShapeError::BadTransform {
        shape,
        reason: "makes the shape too large for f32 (a coordinate or size beyond about 3.4e38)",
    }
}

/// The error for a transformed shape its constructor refused: too large for `f32` when
/// `finite` (whether every moved number is finite and the bounds have a finite size) is false,
/// else collapsed.
pub(crate) fn flattened_or_overflowed(shape: &'static str, finite: bool) -> ShapeError {
    if finite {
        flattened(shape)
    } else {
        overflowed(shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn bounding_circles_are_the_exact_ones_for_symmetric_shapes() {
        // Off the origin and lopsided, so that a sign or factor slip moves the centre or radius.
        let capsule = Capsule::new(v(1.0, 2.0), v(7.0, 10.0), 0.5).unwrap();
        assert_eq!(Shape::from(capsule).bounding_circle(), (v(4.0, 6.0), 5.5));
        let segment = Segment::new(v(-3.0, 1.0), v(3.0, 9.0)).unwrap();
        assert_eq!(Shape::from(segment).bounding_circle(), (v(0.0, 5.0), 5.0));
        let aabb = Aabb::new(v(2.0, 3.0), v(8.0, 11.0)).unwrap();
        assert_eq!(Shape::from(aabb).bounding_circle(), (v(5.0, 7.0), 5.0));
        let obb = Obb::new(v(-2.0, 4.0), v(3.0, 4.0), 0.7).unwrap();
        assert_eq!(Shape::from(obb).bounding_circle(), (v(-2.0, 4.0), 5.0));
        let circle = Circle::new(v(1.5, -2.5), 3.0).unwrap();
        assert_eq!(Shape::from(circle).bounding_circle(), (v(1.5, -2.5), 3.0));
        assert_eq!(Shape::Point(v(4.0, -1.0)).bounding_circle(), (v(4.0, -1.0), 0.0));
    }

    #[test]
    fn a_polygons_bounding_circle_is_centred_on_its_box_and_reaches_its_farthest_vertex() {
        // The box's centre is (3, 4), not the vertices' mean; its corners are 5 from it.
        let points = [v(0.0, 0.0), v(6.0, 0.0), v(6.0, 8.0), v(3.0, 3.0), v(0.0, 8.0)];
        let concave = Polygon::new(&points).unwrap();
        assert_eq!(Shape::from(concave).bounding_circle(), (v(3.0, 4.0), 5.0));
        let triangle = ConvexPolygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(0.0, 8.0)]).unwrap();
        assert_eq!(Shape::from(triangle).bounding_circle(), (v(3.0, 4.0), 5.0));
    }

    #[test]
    fn kinds_are_named_after_their_variants() {
        let circle = Circle::new(Vec2::ZERO, 1.0).unwrap();
        assert_eq!(Shape::from(circle).kind(), "Circle");
        assert_eq!(Shape::Point(Vec2::ZERO).kind(), "Point");
    }

    #[test]
    fn a_point_moves_with_its_transform_and_refuses_a_bad_one() {
        let moved = Shape::Point(v(1.0, 2.0)).transformed(&Transform::from_translation(v(3.0, -1.0)));
        assert_eq!(moved, Ok(Shape::Point(v(4.0, 1.0))));
        let flat = Transform::from_scale(v(1.0, 0.0));
        assert_eq!(Shape::Point(v(1.0, 2.0)).transformed(&flat), Err(flattened("Point")));
        let nan = Transform::from_translation(v(f32::NAN, 0.0));
        assert_eq!(
            Shape::Point(v(1.0, 2.0)).transformed(&nan),
            Err(ShapeError::BadTransform { shape: "Point", reason: "is not finite" })
        );
        let huge = Transform::from_scale(Vec2::splat(1e30));
        assert_eq!(
            Shape::Point(v(1e10, 0.0)).transformed(&huge),
            Err(ShapeError::BadTransform { shape: "Point", reason: "gives a non-finite point" })
        );
    }

    #[test]
    fn refused_transforms_say_whether_the_shape_flattened_or_overflowed() {
        let text = |e: ShapeError| e.to_string();
        assert_eq!(text(flattened_or_overflowed("Obb", true)), "Obb: transform flattens the shape to zero size");
        assert!(text(flattened_or_overflowed("Obb", false)).starts_with("Obb: transform makes the shape too large"));
        assert_eq!(text(overflowed("Circle")), text(flattened_or_overflowed("Circle", false)));
    }
}
