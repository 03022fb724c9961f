//! Tiled maps (<https://www.mapeditor.org>) as colliders: `.tmx` through the `tiled` crate and
//! `.tmj` (Tiled's JSON) through serde, both with the feature `tiled`; with `tiled-json` alone,
//! `.tmj` only (no XML crates: a smaller WebAssembly module), a `.tsx` tileset then refused.
//!
//! **Tile layers** become [`LevelMap`]s: tile maps on the layer's grid, in the map's pixels
//! (y down, as Tiled draws), whose ids are the file's global ids with their flip flags.
//! Orthogonal maps only, finite or infinite (read through their chunks); a group's offset adds
//! to its layers'.
//!
//! Which tiles collide, and how:
//! - A tile with a shape in Tiled's collision editor collides by it: one rectangle, ellipse (a
//!   polygon of 16 sides) or convex polygon, inside the tile. A tile with more than one shape,
//!   or a concave one, is refused.
//! - A tile with none collides as the whole cell when the custom bool property `solid` is
//!   `true` on the tile, or else on its layer or a group around it (the nearest says).
//!   `solid = false` there makes a tile empty even with a shape: for a layer only drawn.
//! - `one_way` (a string: `up`, `down`, `left` or `right`, looked up the same way) makes a tile
//!   block only movers coming from that side: the open side's outward direction, y down, so
//!   `up` is `(0, -1)`, a platform landed on from above. It turns with the tile's flips.
//! - `collision_layers` and `collision_mask` (ints, bits) give its
//!   [`CollisionFilter`](crate::world::CollisionFilter); every bit when missing.
//!
//! The tiles of a layer that share `one_way`, `collision_layers` and `collision_mask` make one
//! map, cropped to the rows and columns they use: put each into a
//! [`World`](crate::World) with [`LevelMap::insert_into`].
//!
//! **Object layers** become [`LevelObject`]s with their name, class and properties: see
//! [`ObjectKind`] for the shape each kind of object gets.
//!
//! **Refused**, with an error naming the layer and the tile or object: isometric, staggered,
//! hexagonal and oblique maps, a global id no tileset has, a concave tile shape or several on
//! one tile, a colliding tile whose tileset's tile size differs from the map's cell, zstd
//! compression (the `tiled` crate reads it only with C code, left out here), and in .tmj maps,
//! object templates.
//!
//! ```
//! use collide2d::tiles::{no_files, tiled};
//! use collide2d::{cast_ray, Ray, Vec2};
//! let level = tiled::load_tmj_str(include_str!("../../tests/data/maps/level.tmj"), no_files)?;
//! // Layer "Ground" gives two maps: its one-way platforms, and the rest.
//! let ground = level.maps.iter().find(|m| m.layer == "Ground" && m.one_way.is_none()).expect("ground");
//! // A ray straight down onto the floor (row 4 of 16-pixel cells starts at y = 64).
//! let ray = Ray::new(Vec2::new(8.0, 0.0), Vec2::new(0.0, 1.0))?;
//! let hit = cast_ray(&ground.map, &ray, 1000.0).expect("it hits the floor");
//! assert_eq!(hit.point, Vec2::new(8.0, 64.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The files: `model.rs` (a map as both formats give it), `tmx.rs` and `tmj.rs` (each format
//! into that), `build.rs` (the tile maps), `objects.rs` (objects' shapes).

mod build;
mod data;
mod model;
mod objects;
mod tmj;
#[cfg(feature = "tiled")]
mod tmx;

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use super::level::{files_in, read_map, LevelMap, LoadError};
use crate::shape::Shape;

/// What a Tiled map holds that collides: its tile layers as tile maps and its objects as shapes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TiledLevel {
    /// The colliding tiles, layer after layer (in the file's order, groups flattened), each
    /// layer's split by one-way side and collision filter.
    pub maps: Vec<LevelMap>,
    /// The objects of every object layer, in the file's order.
    pub objects: Vec<LevelObject>,
}

/// An object of an object layer, as shapes in the map's pixels (y down), its layer's and
/// groups' offsets added.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelObject {
    /// The layer it is on: its name, after its groups' names and `/`.
    pub layer: String,
    /// Its id, unique in the map.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// Its class (called its type before Tiled 1.9).
    pub class: String,
    /// What kind of object it was in Tiled.
    pub kind: ObjectKind,
    /// Its shapes: one, except for a polyline (one segment per edge).
    pub shapes: Vec<Shape>,
    /// Its custom properties.
    pub properties: Properties,
}

/// What kind of object a [`LevelObject`] was in Tiled, and so which shapes it has. Rotation
/// (degrees about the object's `(x, y)`, clockwise on screen) is applied to each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ObjectKind {
    /// A rectangle: an [`Aabb`](crate::Aabb), or an [`Obb`](crate::Obb) when rotated.
    Rectangle,
    /// An ellipse: a [`Circle`](crate::Circle) when round, else a
    /// [`ConvexPolygon`](crate::ConvexPolygon) of 32 sides.
    Ellipse,
    /// A polygon: a [`ConvexPolygon`](crate::ConvexPolygon) when convex, else a
    /// [`Polygon`](crate::Polygon).
    Polygon,
    /// A polyline: a [`Segment`](crate::Segment) per edge (edges of no length left out).
    Polyline,
    /// A point: [`Shape::Point`].
    Point,
    /// A capsule: a [`Capsule`](crate::Capsule) filling its box.
    Capsule,
    /// A text box: its box, as for a rectangle.
    Text,
    /// A tile placed as an object: its box, as for a rectangle (its position is its
    /// bottom-left corner in Tiled).
    Tile,
}

impl ObjectKind {
    /// Its name in lower case, as bindings hand it on: `"rectangle"`, `"ellipse"`, `"polygon"`,
    /// `"polyline"`, `"point"`, `"capsule"`, `"text"` or `"tile"`.
    ///
    /// ```
    /// use collide2d::tiles::tiled::ObjectKind;
    /// assert_eq!(ObjectKind::Polyline.name(), "polyline");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Self::Rectangle => "rectangle",
            Self::Ellipse => "ellipse",
            Self::Polygon => "polygon",
            Self::Polyline => "polyline",
            Self::Point => "point",
            Self::Capsule => "capsule",
            Self::Text => "text",
            Self::Tile => "tile",
        }
    }
}

/// A custom property's value, of the type Tiled gives it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Property {
    /// `bool`.
    Bool(bool),
    /// `int`.
    Int(i64),
    /// `float`.
    Float(f64),
    /// `string`.
    String(String),
    /// `color`, as Tiled writes it: `#aarrggbb` (empty when unset).
    Color(String),
    /// `file`: a path relative to the map or tileset.
    File(String),
    /// `object`: the id of an object of the map (0 when unset).
    Object(u32),
    /// `list`: values of any of these types.
    List(Vec<Property>),
    /// A custom class: its name and its members.
    Class {
        /// The class's name.
        class: String,
        /// Its members' values.
        members: Properties,
    },
}

/// Custom properties by name.
pub type Properties = BTreeMap<String, Property>;

/// The name errors give a map loaded from a string.
#[cfg(feature = "tiled")]
const TMX_TEXT: &str = "(.tmx text)";
const TMJ_TEXT: &str = "(.tmj text)";

/// Loads a `.tmx` map, its external tilesets (`.tsx`) and templates (`.tx`) read from its
/// folder.
#[cfg(feature = "tiled")]
pub fn load_tmx(path: impl AsRef<Path>) -> Result<TiledLevel, LoadError> {
    let (name, text, dir) = read_map(path.as_ref())?;
    build::level(&name, &tmx::read(&name, &text, files_in(dir))?)
}

/// Loads a `.tmx` map from its text; `read` gives the files it refers to (external `.tsx`
/// tilesets, `.tx` templates) by their paths relative to the map: [`files_in`] a folder, or
/// [`no_files`](super::no_files).
#[cfg(feature = "tiled")]
pub fn load_tmx_str(xml: &str, read: impl FnMut(&Path) -> io::Result<Vec<u8>>) -> Result<TiledLevel, LoadError> {
    build::level(TMX_TEXT, &tmx::read(TMX_TEXT, xml, read)?)
}

/// Loads a `.tmj` map (Tiled's JSON), its external tilesets (`.tsj`, or `.tsx`) read from its
/// folder.
pub fn load_tmj(path: impl AsRef<Path>) -> Result<TiledLevel, LoadError> {
    let (name, text, dir) = read_map(path.as_ref())?;
    build::level(&name, &tmj::read(&name, &text, files_in(dir))?)
}

/// Loads a `.tmj` map from its text; `read` gives the tilesets it refers to (`.tsj` or `.tsx`)
/// by their paths relative to the map: [`files_in`] a folder, or [`no_files`](super::no_files).
///
/// ```
/// use collide2d::tiles::{no_files, tiled};
/// let level = tiled::load_tmj_str(include_str!("../../tests/data/maps/level.tmj"), no_files)?;
/// let spawn = level.objects.iter().find(|o| o.name == "spawn").expect("a spawn point");
/// assert_eq!(spawn.kind, tiled::ObjectKind::Point);
/// # Ok::<(), collide2d::tiles::LoadError>(())
/// ```
pub fn load_tmj_str(json: &str, read: impl FnMut(&Path) -> io::Result<Vec<u8>>) -> Result<TiledLevel, LoadError> {
    build::level(TMJ_TEXT, &tmj::read(TMJ_TEXT, json, read)?)
}
