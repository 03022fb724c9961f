//! The plain forms that validated types take in serialized data (the `serde` feature).
//!
//! A shape that exists is valid and queries never re-check it, so data is never trusted: each
//! validated type deserializes into one of these raw structs first and is then built by its own
//! constructor, which refuses bad data with the same [`ShapeError`] message as in code. Derived
//! data (an oriented box's axis, a polygon's normals, edge tree and convex pieces) is never
//! written out; the constructor rebuilds it on load.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::polygon::Polygon;
use crate::query::contact::{Contact, ContactPoint};
use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, ShapeError};
use crate::tiles::{TileMap, TileSet, TileShape};

/// An [`Aabb`] as written: its two corners.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AabbRaw {
    min: Vec2,
    max: Vec2,
}

impl TryFrom<AabbRaw> for Aabb {
    type Error = ShapeError;
    fn try_from(raw: AabbRaw) -> Result<Self, ShapeError> {
        Aabb::new(raw.min, raw.max)
    }
}

/// A [`Circle`] as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CircleRaw {
    center: Vec2,
    radius: f32,
}

impl TryFrom<CircleRaw> for Circle {
    type Error = ShapeError;
    fn try_from(raw: CircleRaw) -> Result<Self, ShapeError> {
        Circle::new(raw.center, raw.radius)
    }
}

/// A [`Capsule`] as written: its spine's ends and radius.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CapsuleRaw {
    a: Vec2,
    b: Vec2,
    radius: f32,
}

impl TryFrom<CapsuleRaw> for Capsule {
    type Error = ShapeError;
    fn try_from(raw: CapsuleRaw) -> Result<Self, ShapeError> {
        Capsule::new(raw.a, raw.b, raw.radius)
    }
}

/// A [`Segment`] as written: its ends.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SegmentRaw {
    a: Vec2,
    b: Vec2,
}

impl TryFrom<SegmentRaw> for Segment {
    type Error = ShapeError;
    fn try_from(raw: SegmentRaw) -> Result<Self, ShapeError> {
        Segment::new(raw.a, raw.b)
    }
}

/// An [`Obb`] as written: its rotation, without its axis, which follows from it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ObbRaw {
    center: Vec2,
    half_extents: Vec2,
    rotation: f32,
}

impl From<Obb> for ObbRaw {
    fn from(o: Obb) -> Self {
        Self { center: o.center(), half_extents: o.half_extents(), rotation: o.rotation() }
    }
}

impl TryFrom<ObbRaw> for Obb {
    type Error = ShapeError;
    fn try_from(raw: ObbRaw) -> Result<Self, ShapeError> {
        Obb::new(raw.center, raw.half_extents, raw.rotation)
    }
}

/// A [`ConvexPolygon`] as written: its vertices only; the normals are rebuilt on load.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConvexPolygonRaw {
    vertices: Vec<Vec2>,
}

impl From<ConvexPolygon> for ConvexPolygonRaw {
    fn from(polygon: ConvexPolygon) -> Self {
        Self { vertices: polygon.vertices().to_vec() }
    }
}

impl TryFrom<ConvexPolygonRaw> for ConvexPolygon {
    type Error = ShapeError;
    fn try_from(raw: ConvexPolygonRaw) -> Result<Self, ShapeError> {
        ConvexPolygon::new(&raw.vertices)
    }
}

/// A [`Polygon`] as written: its outline and holes; the edge tree and convex pieces are rebuilt
/// on load, after the same simplicity checks as in code.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PolygonRaw {
    outline: Vec<Vec2>,
    /// Left out of data for a polygon without holes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    holes: Vec<Vec<Vec2>>,
}

impl From<Polygon> for PolygonRaw {
    fn from(polygon: Polygon) -> Self {
        Self { outline: polygon.outline().to_vec(), holes: polygon.holes().to_vec() }
    }
}

impl TryFrom<PolygonRaw> for Polygon {
    type Error = ShapeError;
    fn try_from(raw: PolygonRaw) -> Result<Self, ShapeError> {
        Polygon::with_holes(&raw.outline, &raw.holes)
    }
}

/// A [`TileShape`] as written: a convex part by its vertices (in fractions of the cell), checked
/// on load as in code.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum TileShapeRaw {
    Empty,
    Solid,
    Convex(Vec<Vec2>),
}

impl From<TileShape> for TileShapeRaw {
    fn from(shape: TileShape) -> Self {
        match shape {
            TileShape::Empty => Self::Empty,
            TileShape::Solid => Self::Solid,
            TileShape::Convex(p) => Self::Convex(p.vertices().to_vec()),
        }
    }
}

impl TryFrom<TileShapeRaw> for TileShape {
    type Error = ShapeError;
    fn try_from(raw: TileShapeRaw) -> Result<Self, ShapeError> {
        match raw {
            TileShapeRaw::Empty => Ok(TileShape::Empty),
            TileShapeRaw::Solid => Ok(TileShape::Solid),
            TileShapeRaw::Convex(points) => TileShape::convex(&points),
        }
    }
}

/// A [`TileMap`] as written: its grid, the shapes of the ids it may hold, and its ids row after
/// row; rebuilt on load by the same constructor as in code.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TileMapRaw {
    origin: Vec2,
    cell_size: Vec2,
    width: u32,
    height: u32,
    tiles: Vec<(u32, TileShape)>,
    ids: Vec<u32>,
}

impl From<TileMap> for TileMapRaw {
    fn from(map: TileMap) -> Self {
        Self {
            origin: map.origin(),
            cell_size: map.cell_size(),
            width: map.width(),
            height: map.height(),
            tiles: map.tiles().iter().map(|(id, shape)| (id, shape.clone())).collect(),
            ids: map.ids().collect(),
        }
    }
}

impl TryFrom<TileMapRaw> for TileMap {
    type Error = ShapeError;
    fn try_from(raw: TileMapRaw) -> Result<Self, ShapeError> {
        let tiles = raw.tiles.into_iter().fold(TileSet::new(), |set, (id, shape)| set.with(id, shape));
        TileMap::from_ids(raw.origin, raw.cell_size, raw.width, raw.height, &raw.ids, tiles)
    }
}

/// A [`Contact`] as written: its points as a list, without the inline storage's spare slot.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ContactRaw {
    normal: Vec2,
    depth: f32,
    points: Vec<ContactPoint>,
    /// Absent (as written before the flag existed) means exact.
    #[serde(default = "exact_by_default", skip_serializing_if = "is_true")]
    exact: bool,
}

fn exact_by_default() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

impl From<Contact> for ContactRaw {
    fn from(contact: Contact) -> Self {
        Self {
            normal: contact.normal,
            depth: contact.depth,
            points: contact.points().to_vec(),
            exact: contact.is_exact(),
        }
    }
}

/// A contact as read back only when it is one the queries could give: a unit normal, a finite
/// depth of at least 0, and one or two points with finite coordinates and depths.
impl TryFrom<ContactRaw> for Contact {
    type Error = String;
    fn try_from(raw: ContactRaw) -> Result<Self, String> {
        if !raw.normal.is_finite() || (raw.normal.length() - 1.0).abs() > 1e-3 {
            return Err(format!("a contact's normal must be a unit vector, got {}", raw.normal));
        }
        if !(raw.depth.is_finite() && raw.depth >= 0.0) {
            return Err(format!("a contact's depth must be finite and at least 0, got {}", raw.depth));
        }
        if !(1..=2).contains(&raw.points.len()) {
            return Err(format!("a contact has one or two points, got {}", raw.points.len()));
        }
        let finite = |p: &ContactPoint| p.point_a.is_finite() && p.point_b.is_finite() && p.depth.is_finite();
        if !raw.points.iter().all(finite) {
            return Err("a contact's points must be finite".to_string());
        }
        let contact = Contact::new(raw.normal, raw.depth, &raw.points);
        Ok(if raw.exact { contact } else { contact.bounded() })
    }
}
