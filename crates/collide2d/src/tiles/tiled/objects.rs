//! Objects' shapes: what each kind of Tiled object becomes, placed and turned as Tiled draws it.

use glam::Vec2;

use super::model::{ObjectDoc, ShapeDoc};
use super::ObjectKind;
use crate::math::sin_cos;
use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, ShapeError};
use crate::Polygon;

/// Sides of an ellipse object that is not a circle: close to the curve at the sizes objects have.
const OBJECT_ELLIPSE_SIDES: usize = 32;
/// Sides of an ellipse among a tile's collision shapes: a tile is small.
const TILE_ELLIPSE_SIDES: usize = 16;

/// Where an object's local points go: turned by its rotation about its position, then moved
/// there. Tiled turns clockwise on a y-down screen, which is from +x towards +y, as
/// [`Obb`]'s rotation turns.
struct Placement {
    origin: Vec2,
    radians: f32,
    sin: f32,
    cos: f32,
}

impl Placement {
    fn new(origin: Vec2, degrees: f32) -> Self {
        let radians = degrees.to_radians();
        let (sin, cos) = sin_cos(radians);
        Self { origin, radians, sin, cos }
    }

    fn turned(&self) -> bool {
        self.radians != 0.0
    }

    fn at(&self, local: Vec2) -> Vec2 {
        self.origin + Vec2::new(local.x * self.cos - local.y * self.sin, local.x * self.sin + local.y * self.cos)
    }

    /// A box from `corner` (local, its least x and y) of `size`: an Aabb, or an Obb when turned.
    fn rectangle(&self, corner: Vec2, size: Vec2) -> Result<Shape, ShapeError> {
        if self.turned() {
            Ok(Shape::Obb(Obb::new(self.at(corner + size / 2.0), size / 2.0, self.radians)?))
        } else {
            let at = self.at(corner);
            Ok(Shape::Aabb(Aabb::from_xywh(at.x, at.y, size.x, size.y)?))
        }
    }

    /// `sides` points around the ellipse filling the box from the origin to `size`.
    fn ellipse(&self, size: Vec2, sides: usize) -> Vec<Vec2> {
        let half = size / 2.0;
        (0..sides)
            .map(|k| {
                let (sin, cos) = sin_cos(std::f32::consts::TAU * k as f32 / sides as f32);
                self.at(half + half * Vec2::new(cos, sin))
            })
            .collect()
    }
}

/// An object's kind and shapes, `offset` (its layers') added to its position.
pub(super) fn object_shapes(object: &ObjectDoc, offset: Vec2) -> Result<(ObjectKind, Vec<Shape>), ShapeError> {
    let place = Placement::new(object.position + offset, object.rotation);
    let one = |kind, shape: Result<Shape, ShapeError>| Ok((kind, vec![shape?]));
    match &object.shape {
        ShapeDoc::Rectangle(size) => one(ObjectKind::Rectangle, place.rectangle(Vec2::ZERO, *size)),
        ShapeDoc::Text(size) => one(ObjectKind::Text, place.rectangle(Vec2::ZERO, *size)),
        ShapeDoc::Tile(size) => one(ObjectKind::Tile, place.rectangle(Vec2::new(0.0, -size.y), *size)),
        ShapeDoc::Ellipse(size) if size.x == size.y => {
            one(ObjectKind::Ellipse, Circle::new(place.at(*size / 2.0), size.x / 2.0).map(Shape::Circle))
        }
        ShapeDoc::Ellipse(size) => {
            let outline = place.ellipse(*size, OBJECT_ELLIPSE_SIDES);
            one(ObjectKind::Ellipse, ConvexPolygon::new(&outline).map(Shape::ConvexPolygon))
        }
        ShapeDoc::Polygon(points) => {
            let outline: Vec<Vec2> = points.iter().map(|p| place.at(*p)).collect();
            let shape = match ConvexPolygon::new(&outline) {
                Ok(convex) => Ok(Shape::ConvexPolygon(convex)),
                Err(ShapeError::NotConvex { .. }) => Polygon::new(&outline).map(Shape::Polygon),
                Err(e) => Err(e),
            };
            one(ObjectKind::Polygon, shape)
        }
        ShapeDoc::Polyline(points) => Ok((ObjectKind::Polyline, polyline(&place, points)?)),
        ShapeDoc::Point => one(ObjectKind::Point, Ok(Shape::Point(place.at(Vec2::ZERO)))),
        ShapeDoc::Capsule(size) => one(ObjectKind::Capsule, capsule(&place, *size)),
    }
}

/// A segment per edge of a polyline; edges of no length are left out.
fn polyline(place: &Placement, points: &[Vec2]) -> Result<Vec<Shape>, ShapeError> {
    let mut at: Vec<Vec2> = points.iter().map(|p| place.at(*p)).collect();
    at.dedup();
    if at.len() < 2 {
        return Err(ShapeError::TooFewVertices { shape: "polyline", found: at.len(), needed: 2 });
    }
    at.windows(2).map(|w| Segment::new(w[0], w[1]).map(Shape::Segment)).collect()
}

/// The capsule filling the box from the origin to `size`: its radius half the shorter side.
fn capsule(place: &Placement, size: Vec2) -> Result<Shape, ShapeError> {
    let radius = size.min_element() / 2.0;
    let (a, b) = if size.x >= size.y {
        (Vec2::new(radius, radius), Vec2::new(size.x - radius, radius))
    } else {
        (Vec2::new(radius, radius), Vec2::new(radius, size.y - radius))
    };
    Ok(Shape::Capsule(Capsule::new(place.at(a), place.at(b), radius)?))
}

/// The outline of one of a tile's collision shapes, in pixels from the tile's top-left corner,
/// or why it has none: only shapes with an area make a tile solid.
pub(super) fn tile_outline(object: &ObjectDoc) -> Result<Vec<Vec2>, &'static str> {
    let place = Placement::new(object.position, object.rotation);
    match &object.shape {
        ShapeDoc::Rectangle(size) => {
            Ok([Vec2::ZERO, Vec2::new(size.x, 0.0), *size, Vec2::new(0.0, size.y)].map(|p| place.at(p)).to_vec())
        }
        ShapeDoc::Ellipse(size) => Ok(place.ellipse(*size, TILE_ELLIPSE_SIDES)),
        ShapeDoc::Polygon(points) => Ok(points.iter().map(|p| place.at(*p)).collect()),
        ShapeDoc::Polyline(_) => Err("its collision shape is a polyline, which has no inside"),
        ShapeDoc::Point => Err("its collision shape is a point, which has no inside"),
        ShapeDoc::Capsule(_) => Err("its collision shape is a capsule: use a polygon or an ellipse"),
        ShapeDoc::Text(_) | ShapeDoc::Tile(_) => Err("its collision shape is a text or a tile object"),
    }
}
