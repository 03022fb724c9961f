//! A Tiled map as both formats give it, for the one builder of levels: .tmx through the `tiled`
//! crate and .tmj through serde come here, so that the two never differ in what they make.

use std::collections::BTreeMap;

use glam::Vec2;

use super::Properties;

/// A map: its grid, tilesets and layers.
pub(super) struct MapDoc {
    /// `orthogonal`, or another Tiled orientation (refused).
    pub(super) orientation: String,
    /// The size of a cell in pixels.
    pub(super) cell: Vec2,
    pub(super) tilesets: Vec<TilesetDoc>,
    pub(super) layers: Vec<LayerDoc>,
}

/// A tileset and the global ids it takes, from `first_gid` on.
pub(super) struct TilesetDoc {
    pub(super) name: String,
    pub(super) first_gid: u32,
    /// How many tiles an image atlas holds (ids `0..count`).
    pub(super) count: u32,
    /// A collection of images: only the ids it lists exist.
    pub(super) collection: bool,
    pub(super) tile_size: Vec2,
    /// The tiles that have properties or collision shapes, by local id.
    pub(super) tiles: BTreeMap<u32, TileDoc>,
}

/// What a tileset says of one tile.
#[derive(Default)]
pub(super) struct TileDoc {
    pub(super) properties: Properties,
    /// The shapes of its collision editor, in pixels from the tile's top-left corner.
    pub(super) collision: Vec<ObjectDoc>,
}

/// A layer, of whatever kind.
pub(super) struct LayerDoc {
    pub(super) name: String,
    /// Its offset in pixels (a group's adds to its layers').
    pub(super) offset: Vec2,
    pub(super) properties: Properties,
    pub(super) content: LayerContent,
}

/// What a layer holds.
pub(super) enum LayerContent {
    /// Every placed tile: column, row (negative on an infinite map) and global id, flags
    /// included.
    Tiles(Vec<(i64, i64, u32)>),
    Objects(Vec<ObjectDoc>),
    Group(Vec<LayerDoc>),
    /// An image layer: nothing to collide with.
    Image,
}

/// An object of an object layer or of a tile's collision shapes.
pub(super) struct ObjectDoc {
    pub(super) id: u32,
    pub(super) name: String,
    pub(super) class: String,
    /// Its `(x, y)`: the top-left corner of a rectangle, ellipse or capsule, the bottom-left
    /// one of a tile object, the origin of a polygon's points.
    pub(super) position: Vec2,
    /// Degrees, clockwise on a y-down screen, about `position`.
    pub(super) rotation: f32,
    pub(super) shape: ShapeDoc,
    pub(super) properties: Properties,
}

/// An object's shape as Tiled describes it, relative to its position.
pub(super) enum ShapeDoc {
    Rectangle(Vec2),
    Ellipse(Vec2),
    Capsule(Vec2),
    Polygon(Vec<Vec2>),
    Polyline(Vec<Vec2>),
    Point,
    Text(Vec2),
    /// A tile placed as an object: a rectangle whose position is its bottom-left corner.
    Tile(Vec2),
}
