//! What the map loaders (`tiled`, `ldtk`) share: the tile maps they make, grouped by how their
//! tiles collide, the rule that says how a tile collides, files read beside a map, and the
//! error they give.

use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use glam::{DVec2, Vec2};

use super::{TileMap, TileSet, TileShape, TILE_ID_BITS};
use crate::filter::CollisionFilter;
use crate::math::Transform;
use crate::shape::{Shape, ShapeError};
use crate::world::{ColliderHandle, World, WorldError};

/// How a kind of tile collides: its shape in the cell, the side movers may come through (if it
/// is one-way) and its collision filter. A loader puts the tiles of one layer that share the
/// side and the filter into one [`LevelMap`].
///
/// ```
/// use collide2d::tiles::{TileRule, TileShape};
/// use collide2d::world::CollisionFilter;
/// use collide2d::Vec2;
/// let ledge = TileRule::new(TileShape::Solid).one_way(Vec2::new(0.0, -1.0)).filter(CollisionFilter::new(2, 1));
/// assert_eq!(ledge.one_way, Some(Vec2::new(0.0, -1.0)));
/// assert_eq!(TileRule::new(TileShape::Solid).filter, CollisionFilter::ALL);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TileRule {
    /// The tile's solid part in its cell, unflipped.
    pub shape: TileShape,
    /// The open side of a one-way tile: the outward direction movers may come from, in the
    /// map's coordinates (y down: `(0, -1)` is a platform landed on from above). `None` blocks
    /// from every side.
    pub one_way: Option<Vec2>,
    /// Which colliders the tile collides with ([`CollisionFilter::ALL`] unless set).
    pub filter: CollisionFilter,
}

impl TileRule {
    /// A tile of `shape` that blocks from every side and collides with everything.
    pub fn new(shape: TileShape) -> Self {
        Self { shape, one_way: None, filter: CollisionFilter::ALL }
    }

    /// This rule, one-way: movers pass unless they come from the side `open` points to.
    pub fn one_way(mut self, open: Vec2) -> Self {
        self.one_way = Some(open);
        self
    }

    /// This rule with the collision filter `filter`.
    pub fn filter(mut self, filter: CollisionFilter) -> Self {
        self.filter = filter;
        self
    }
}

/// The colliding tiles of one layer that share a one-way side and a collision filter, as one
/// [`TileMap`] on the layer's grid (cropped to the rows and columns they use), in the file's
/// coordinates (pixels, y down).
///
/// ```
/// use collide2d::tiles::{LevelMap, TileMap, TileSet};
/// use collide2d::world::{CollisionFilter, World};
/// use collide2d::Vec2;
/// let map = TileMap::from_ids(Vec2::ZERO, Vec2::splat(16.0), 2, 1, &[1, 1], TileSet::solid(1))?;
/// let ledge = LevelMap { layer: "Ledges".into(), map, one_way: Some(Vec2::new(0.0, -1.0)), filter: CollisionFilter::ALL };
/// let mut world: World = World::new();
/// let handle = ledge.insert_into(&mut world, ())?;
/// assert_eq!(world.one_way(handle), Some(Some(Vec2::new(0.0, -1.0))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LevelMap {
    /// The layer the tiles come from: its name, after its groups' names and `/` (Tiled), or its
    /// identifier (LDtk).
    pub layer: String,
    /// The tiles, ids as the file has them (flip flags included).
    pub map: TileMap,
    /// The open side of these one-way tiles (unit, y down), or `None`: see
    /// [`World::set_one_way`].
    pub one_way: Option<Vec2>,
    /// The collision filter these tiles share.
    pub filter: CollisionFilter,
}

impl LevelMap {
    /// Puts the map into `world` as a collider at its place, with its one-way side and filter.
    pub fn insert_into<T>(&self, world: &mut World<T>, data: T) -> Result<ColliderHandle, WorldError> {
        let handle = world.insert(Shape::TileMap(self.map.clone()), Transform::IDENTITY, data)?;
        world.set_one_way(handle, self.one_way)?;
        world.set_filter(handle, self.filter)?;
        Ok(handle)
    }
}

/// Why a map file could not be loaded. Every message names the file, and where the file holds
/// something refused, the layer and the tile or object.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// A file could not be read.
    #[error("{}: {reason}", path.display())]
    Read {
        /// The file, as the map names it (relative to the map's folder) or as given.
        path: PathBuf,
        /// What the reader said.
        reason: String,
    },
    /// A file is not well-formed for its format (bad XML or JSON, a missing or mistyped field,
    /// undecodable tile data).
    #[error("{file}: {reason}")]
    Parse {
        /// The file.
        file: String,
        /// What is wrong, as the parser said it.
        reason: String,
    },
    /// The file holds something the loader does not support or cannot make a shape of.
    #[error("{file}: {place}: {reason}")]
    Refused {
        /// The file.
        file: String,
        /// Where: the layer and the tile or object, e.g. `layer "Ground", cell (3, 4), gid 7`.
        place: String,
        /// What is wrong.
        reason: String,
    },
    /// A shape (a tile's, or an object's) could not be built.
    #[error("{file}: {place}: {source}")]
    Shape {
        /// The file.
        file: String,
        /// Where: the layer and the tile or object.
        place: String,
        /// What the shape's constructor said.
        #[source]
        source: ShapeError,
    },
}

/// A reader for the files a map refers to (external tilesets, templates, levels), by their path
/// relative to the map: from the folder `dir`.
///
/// ```no_run
/// use collide2d::tiles::files_in;
/// let mut read = files_in("assets/maps");
/// let tileset = read("tiles.tsx".as_ref())?; // assets/maps/tiles.tsx
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn files_in(dir: impl Into<PathBuf>) -> impl FnMut(&Path) -> io::Result<Vec<u8>> {
    let dir = dir.into();
    move |path| std::fs::read(dir.join(path))
}

/// A reader that has no files: for a map that refers to none (every tileset in the map).
pub fn no_files(path: &Path) -> io::Result<Vec<u8>> {
    Err(io::Error::new(io::ErrorKind::NotFound, format!("no file {} was given to the loader", path.display())))
}

/// One colliding tile a loader found: its cell in the layer's grid (which may be negative on
/// an infinite map), its id (flags included) and how it collides, its one-way side already
/// turned by its flips.
pub(crate) struct Placed {
    pub(crate) col: i64,
    pub(crate) row: i64,
    pub(crate) id: u32,
    /// Shared by the tiles of one kind, of which a layer has many.
    pub(crate) rule: Rc<TileRule>,
}

/// The tiles of one layer as tile maps, one per one-way side and filter, in the order their
/// first tiles come row after row. `origin` is where cell `(0, 0)` starts. Errors name the
/// layer's place in `place` (the file is added by the caller).
pub(crate) fn group_tiles(
    layer: &str,
    origin: Vec2,
    cell: Vec2,
    mut tiles: Vec<Placed>,
) -> Result<Vec<LevelMap>, (String, ShapeError)> {
    tiles.sort_by_key(|t| (t.row, t.col));
    // A one-way side is compared by its bits (`+ 0.0` makes a `-0` a `0`): the same side in the
    // file gives the same vector.
    type Key = (Option<(u32, u32)>, u32, u32);
    let bits = |d: Vec2| ((d.x + 0.0).to_bits(), (d.y + 0.0).to_bits());
    let key = |r: &TileRule| (r.one_way.map(bits), r.filter.layer, r.filter.mask);
    let mut groups: Vec<(Key, Vec<Placed>)> = Vec::new();
    for tile in tiles {
        let k = key(&tile.rule);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, members)) => members.push(tile),
            None => groups.push((k, vec![tile])),
        }
    }
    groups.into_iter().map(|(_, members)| one_map(layer, origin, cell, &members)).collect()
}

/// One group's tiles as a map cropped to the rows and columns they use.
fn one_map(layer: &str, origin: Vec2, cell: Vec2, tiles: &[Placed]) -> Result<LevelMap, (String, ShapeError)> {
    let place = || format!("layer \"{layer}\"");
    let first = &tiles[0];
    let (mut lo, mut hi) = ((first.col, first.row), (first.col, first.row));
    for t in tiles {
        lo = (lo.0.min(t.col), lo.1.min(t.row));
        hi = (hi.0.max(t.col), hi.1.max(t.row));
    }
    let (width, height) = (hi.0 - lo.0 + 1, hi.1 - lo.1 + 1);
    let cells = width.checked_mul(height).filter(|n| *n as u64 <= super::MAX_CELLS);
    let (Some(cells), Ok(w), Ok(h)) = (cells, u32::try_from(width), u32::try_from(height)) else {
        let reason = format!("its tiles span {width} × {height} cells, more than a tile map holds");
        return Err((place(), ShapeError::BadTile { context: "tile map".into(), reason }));
    };
    // A layer's tiles are as many as its cells in the file at most, except on an infinite map,
    // whose chunks may lie far apart: a grid much larger than its tiles is refused, not made.
    if cells > 1 << 24 && cells as usize / tiles.len() > 64 {
        let reason = format!("its {} tiles span {width} × {height} cells: split the map", tiles.len());
        return Err((place(), ShapeError::BadTile { context: "tile map".into(), reason }));
    }
    let mut set = TileSet::new();
    let mut ids = vec![0; cells as usize];
    for t in tiles {
        if set.shape(t.id).is_none() {
            set.insert(t.id & TILE_ID_BITS, t.rule.shape.clone());
        }
        ids[((t.row - lo.1) * width + (t.col - lo.0)) as usize] = t.id;
    }
    let start = origin.as_dvec2() + cell.as_dvec2() * DVec2::new(lo.0 as f64, lo.1 as f64);
    let map = TileMap::from_ids(start.as_vec2(), cell, w, h, &ids, set).map_err(|e| (place(), e))?;
    let rule = &first.rule;
    Ok(LevelMap { layer: layer.to_string(), map, one_way: rule.one_way, filter: rule.filter })
}

/// A map file's name (for errors), its text, and its folder (for the files it refers to).
pub(crate) fn read_map(path: &Path) -> Result<(String, String, PathBuf), LoadError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| LoadError::Read { path: path.to_path_buf(), reason: e.to_string() })?;
    let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok((name, text, dir))
}
