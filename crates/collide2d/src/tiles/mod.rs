//! Tile maps: a grid of tile ids as one collider, whose solid is the union of its tiles, with
//! no seams between them.
//!
//! A [`TileMap`] is a grid of `width × height` cells of one size from an origin; each cell
//! holds a tile id, and a [`TileSet`] says what each id is made of ([`TileShape`]: empty, the
//! whole cell, or a convex part of it). Ids are Tiled's: 0 is no tile, and the top bits flip
//! and turn a tile ([`FLIP_HORIZONTAL`], [`FLIP_VERTICAL`], [`FLIP_DIAGONAL`]). Cell `(col, row)`
//! spans `origin + (col, row) * cell_size` to `origin + (col + 1, row + 1) * cell_size`; outside
//! the grid is open.
//!
//! The map is a [`Shape`](crate::Shape) like any other, so every query takes it. Queries see
//! only the cells near the other shape, in a frame of their own near those cells, so that what
//! they cost and how precise they are follow the cells, not the map. Each cell stores a 2-byte
//! index into the map's list of the distinct tiles it uses, so that a map costs about 2 bytes
//! a tile.
//!
//! Maps made in an editor load with the crate's features: `tiled` for Tiled's `.tmx` and
//! `.tmj` (module `tiled`) and `ldtk` for LDtk projects (module `ldtk`). Both give a layer's
//! colliding tiles as `LevelMap`s, one per one-way side and collision filter.
//!
//! The files: `set.rs` (ids, shapes and flips), `cells.rs` (which cells a query visits, and
//! each one's piece in a query's frame); with the loaders' features, `level.rs` (what the
//! loaders share: a layer's tiles grouped into maps, the error), `tiled.rs` and `tiled/` (Tiled
//! maps), `ldtk.rs` (LDtk projects).

mod cells;
#[cfg(feature = "ldtk")]
pub mod ldtk;
#[cfg(any(feature = "tiled-json", feature = "ldtk"))]
mod level;
mod set;
#[cfg(feature = "tiled-json")]
pub mod tiled;

use std::sync::Arc;

use glam::Vec2;
use rustc_hash::FxHashMap;

pub(crate) use cells::{CellRange, Frame, Piece, Side, SQUARE_NORMALS};
#[cfg(any(feature = "tiled-json", feature = "ldtk"))]
pub use level::{files_in, no_files, LevelMap, LoadError, TileRule};
pub use set::{TileSet, TileShape, FLIP_DIAGONAL, FLIP_HORIZONTAL, FLIP_VERTICAL, ROTATE_HEXAGONAL, TILE_ID_BITS};

use crate::math::Transform;
use crate::shape::{check_transform, finite_vec, too_large, Aabb, ShapeError};

const NAME: &str = "TileMap";

/// Cells are counted in blocks of this many a side, so that searches skip empty ground fast.
pub(crate) const CHUNK: u32 = 16;

/// The most cells a map may have (`width × height`), about 2.1e9: cell indices fit `u32`.
pub const MAX_CELLS: u64 = i32::MAX as u64;

/// A grid of tiles as one collider. See the [module documentation](self).
///
/// Cheap to clone (the grid is shared); [`set`](Self::set) copies it first if it is shared.
///
/// ```
/// use collide2d::tiles::{TileMap, TileSet};
/// use collide2d::{contact, intersects, Circle, Vec2};
/// // A floor of 4 cells, 16 pixels each, two rows down from the origin (y down).
/// let ids = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1];
/// let map = TileMap::from_ids(Vec2::ZERO, Vec2::splat(16.0), 4, 3, &ids, TileSet::solid(1))?;
/// let ball = Circle::new(Vec2::new(24.0, 30.0), 4.0)?; // 2 pixels into the floor, over a seam
/// let c = contact(&map, &ball).expect("it overlaps");
/// assert_eq!((c.normal, c.depth), (Vec2::new(0.0, -1.0), 2.0)); // straight up, never a seam's side
/// assert!(!intersects(&map, &Circle::new(Vec2::new(24.0, 20.0), 4.0)?));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::TileMapRaw", into = "crate::serial::TileMapRaw")
)]
pub struct TileMap {
    /// Outside the shared grid, so that moving a map copies nothing.
    origin: Vec2,
    data: Arc<MapData>,
}

#[derive(Clone, Debug)]
struct MapData {
    cell: Vec2,
    width: u32,
    height: u32,
    tiles: TileSet,
    /// The distinct ids (flags included) the map uses, each with its shape; index 0 is id 0.
    kinds: Vec<Kind>,
    /// Where each id is in `kinds` (only looked up, never walked).
    lookup: FxHashMap<u32, u16>,
    /// Row after row, each cell's index in `kinds`.
    cells: Vec<u16>,
    /// Per block of `CHUNK × CHUNK` cells, row after row, how many are not empty.
    filled: Vec<u16>,
}

/// One distinct id of a map and what it is.
#[derive(Clone, Debug)]
pub(crate) struct Kind {
    id: u32,
    pub(crate) piece: Piece,
}

impl PartialEq for TileMap {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.data, &other.data);
        self.origin == other.origin
            && (Arc::ptr_eq(a, b)
                || (a.cell == b.cell
                    && (a.width, a.height) == (b.width, b.height)
                    && a.cells.iter().zip(&b.cells).all(|(x, y)| a.kinds[*x as usize].id == b.kinds[*y as usize].id)
                    && a.tiles == b.tiles))
    }
}

impl TileMap {
    /// An empty map of `width × height` cells of `cell_size`, its cell `(0, 0)` at `origin`,
    /// whose ids `tiles` gives shapes to. Refuses a size or origin that is not finite, a cell
    /// size that is not positive, no cells or more than [`MAX_CELLS`], and a map whose far
    /// corner is beyond `f32`.
    pub fn new(origin: Vec2, cell_size: Vec2, width: u32, height: u32, tiles: TileSet) -> Result<Self, ShapeError> {
        finite_vec(NAME, "origin", origin)?;
        finite_vec(NAME, "cell size", cell_size)?;
        for (field, value) in [("cell width", cell_size.x), ("cell height", cell_size.y)] {
            if value <= 0.0 {
                return Err(ShapeError::BadSize { shape: NAME, field, requirement: "positive", value });
            }
        }
        let cells = width as u64 * height as u64;
        if cells == 0 || cells > MAX_CELLS {
            let requirement = "at least 1 cell and at most 2^31 - 1 in all";
            return Err(ShapeError::BadCount { shape: NAME, field: "cells", requirement, value: cells as usize });
        }
        let far = origin.as_dvec2() + cell_size.as_dvec2() * glam::DVec2::new(width as f64, height as f64);
        if !far.as_vec2().is_finite() || !(far.as_vec2() - origin).is_finite() {
            return Err(too_large(NAME, "far corner", far.max_element() as f32));
        }
        let empty = Kind { id: 0, piece: Piece::Empty };
        let mut lookup = FxHashMap::default();
        lookup.insert(0, 0);
        let chunks = width.div_ceil(CHUNK) as usize * height.div_ceil(CHUNK) as usize;
        let data = MapData {
            cell: cell_size,
            width,
            height,
            tiles,
            kinds: vec![empty],
            lookup,
            cells: vec![0; cells as usize],
            filled: vec![0; chunks],
        };
        Ok(Self { origin, data: Arc::new(data) })
    }

    /// A map of `width × height` cells filled from `ids`, row after row (row 0 first, as
    /// Tiled's CSV lists them). Refuses what [`new`](Self::new) refuses, a list of the wrong
    /// length, and ids `tiles` does not know or cannot turn (naming the first such cell).
    pub fn from_ids(
        origin: Vec2,
        cell_size: Vec2,
        width: u32,
        height: u32,
        ids: &[u32],
        tiles: TileSet,
    ) -> Result<Self, ShapeError> {
        let mut map = Self::new(origin, cell_size, width, height, tiles)?;
        if ids.len() as u64 != width as u64 * height as u64 {
            let requirement = "width × height";
            return Err(ShapeError::BadCount { shape: NAME, field: "ids", requirement, value: ids.len() });
        }
        let data = Arc::make_mut(&mut map.data);
        // Runs of one id are the rule in a level: the kind is looked up once per run.
        let mut last: Option<(u32, u16)> = None;
        for (i, &id) in ids.iter().enumerate() {
            let (col, row) = (i as u32 % width, i as u32 / width);
            let kind = match last {
                Some((same, kind)) if same == id => kind,
                _ => data.kind_of(id, col, row)?,
            };
            last = Some((id, kind));
            data.put_kind(col, row, kind);
        }
        Ok(map)
    }

    /// Sets cell `(col, row)` to tile `id`, in time independent of the map's size (once the
    /// grid is not shared with a clone). Refuses a cell outside the grid and an id the tile
    /// set does not know; the map is then unchanged.
    ///
    /// ```
    /// use collide2d::tiles::{TileMap, TileSet};
    /// use collide2d::{intersects, Vec2};
    /// let mut map = TileMap::new(Vec2::ZERO, Vec2::ONE, 10, 10, TileSet::solid(1))?;
    /// assert!(!intersects(&map, &Vec2::new(3.5, 4.5)));
    /// map.set(3, 4, 1)?;
    /// assert!(intersects(&map, &Vec2::new(3.5, 4.5)));
    /// assert!(map.set(3, 4, 9).is_err()); // not in the set
    /// assert!(map.set(10, 0, 1).is_err()); // not in the grid
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn set(&mut self, col: u32, row: u32, id: u32) -> Result<(), ShapeError> {
        if col >= self.data.width || row >= self.data.height {
            let (w, h) = (self.data.width, self.data.height);
            return Err(ShapeError::BadTile {
                context: format!("{NAME} cell ({col}, {row})"),
                reason: format!("outside the grid of {w} × {h} cells"),
            });
        }
        // Checked before the grid is copied or changed.
        let _known = self.data.kind_for(id, col, row)?;
        Arc::make_mut(&mut self.data).put(col, row, id)
    }

    /// The id in cell `(col, row)`, flags included, or `None` outside the grid.
    pub fn id(&self, col: u32, row: u32) -> Option<u32> {
        let d = &self.data;
        (col < d.width && row < d.height).then(|| d.kinds[d.cells[d.index(col, row)] as usize].id)
    }

    /// Every cell's id, flags included, row after row (as [`from_ids`](Self::from_ids) takes
    /// them).
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.data.cells.iter().map(|k| self.data.kinds[*k as usize].id)
    }

    /// The solid part of cell `(col, row)` in world coordinates, counter-clockwise (with y up):
    /// `None` for an open cell or one outside the grid. For drawing, and for tools that want
    /// the tiles one by one.
    pub fn tile_outline(&self, col: u32, row: u32) -> Option<Vec<Vec2>> {
        if col >= self.data.width || row >= self.data.height {
            return None;
        }
        let frame = self.frame_at(col, row);
        let mut local = Vec::new();
        frame.piece_vertices(&self.data.kinds[self.kind_index(col, row)].piece, col, row, &mut local);
        (!local.is_empty()).then(|| local.iter().map(|p| frame.world(*p)).collect())
    }

    /// The cell holding `point` (a point on a line between cells belongs to the cell after
    /// it), or `None` outside the grid or for a non-finite point.
    pub fn cell_at(&self, point: Vec2) -> Option<(u32, u32)> {
        let d = &self.data;
        let f = (point.as_dvec2() - self.origin.as_dvec2()) / d.cell.as_dvec2();
        let inside = f.x >= 0.0 && f.y >= 0.0 && f.x < d.width as f64 && f.y < d.height as f64;
        inside.then(|| (f.x.floor() as u32, f.y.floor() as u32))
    }

    /// Where cell `(0, 0)` starts.
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The size of a cell.
    pub fn cell_size(&self) -> Vec2 {
        self.data.cell
    }

    /// Cells across.
    pub fn width(&self) -> u32 {
        self.data.width
    }

    /// Cells down.
    pub fn height(&self) -> u32 {
        self.data.height
    }

    /// What the ids stand for.
    pub fn tiles(&self) -> &TileSet {
        &self.data.tiles
    }

    /// The grid's bounds (all of it, open cells included).
    pub fn aabb(&self) -> Aabb {
        let d = &self.data;
        let far = self.origin.as_dvec2() + d.cell.as_dvec2() * glam::DVec2::new(d.width as f64, d.height as f64);
        Aabb::from_min_max_unchecked(self.origin, far.as_vec2())
    }

    /// The map moved by `transform`, which must be a translation: a tile map's cells stay
    /// upright and keep their size. The moved map shares the grid (nothing is copied).
    pub fn transformed(&self, transform: &Transform) -> Result<TileMap, ShapeError> {
        check_transform(NAME, transform)?;
        if transform.linear() != glam::Mat2::IDENTITY {
            return Err(ShapeError::BadTransform {
                shape: NAME,
                reason: "is not a translation (a tile map only moves)",
            });
        }
        let origin = transform.transform_point(self.origin);
        let far = self.aabb().max() - self.origin + origin;
        if !origin.is_finite() || !far.is_finite() {
            return Err(crate::shape::overflowed(NAME));
        }
        Ok(TileMap { origin, data: Arc::clone(&self.data) })
    }

    /// A point of the solid: the centre of the first piece, row after row (the grid's centre
    /// for a map with none).
    pub(crate) fn interior_point(&self) -> Vec2 {
        let d = &self.data;
        let Some(i) = d.cells.iter().position(|k| *k != 0) else { return self.aabb().center() };
        let (col, row) = ((i % d.width as usize) as u32, (i / d.width as usize) as u32);
        let frame = self.frame_at(col, row);
        let centre = match &d.kinds[d.cells[i] as usize].piece {
            Piece::Convex { points, .. } => points.iter().copied().sum::<Vec2>() / points.len() as f32,
            _ => Vec2::splat(0.5),
        };
        frame.world(frame.at(col, row, centre))
    }

    /// The bytes the map holds on the heap: 2 a cell, and a little for its blocks of cells and
    /// its distinct tiles. Shared by its clones.
    pub fn heap_bytes(&self) -> usize {
        let d = &self.data;
        let kinds: usize = d
            .kinds
            .iter()
            .map(|k| {
                std::mem::size_of::<Kind>()
                    + if let Piece::Convex { points, .. } = &k.piece { points.len() * 16 } else { 0 }
            })
            .sum();
        let set: usize = d
            .tiles
            .iter()
            .map(|(_, s)| 16 + if let TileShape::Convex(p) = s { p.vertices().len() * 16 } else { 0 })
            .sum();
        d.cells.len() * 2 + d.filled.len() * 2 + kinds + d.lookup.len() * 8 + set + std::mem::size_of::<MapData>()
    }

    /// The distinct tiles the map uses, indexed by what [`kind_index`](Self::kind_index) gives.
    pub(crate) fn kinds(&self) -> &[Kind] {
        &self.data.kinds
    }

    /// The index in [`kinds`](Self::kinds) of cell `(col, row)`, which must be in the grid.
    #[inline]
    pub(crate) fn kind_index(&self, col: u32, row: u32) -> usize {
        self.data.cells[self.data.index(col, row)] as usize
    }

    /// How many cells of the block `(bx, by)` (of `CHUNK × CHUNK` cells) are not empty.
    #[inline]
    pub(crate) fn filled_in_chunk(&self, bx: u32, by: u32) -> u16 {
        self.data.filled[(by * self.data.width.div_ceil(CHUNK) + bx) as usize]
    }
}

impl MapData {
    #[inline]
    fn index(&self, col: u32, row: u32) -> usize {
        row as usize * self.width as usize + col as usize
    }

    /// Where `id` is among the kinds, `Err` naming the cell when the tile set cannot give it
    /// a shape; `Ok(None)` when it is new and valid (with the piece it would be).
    fn kind_for(&self, id: u32, col: u32, row: u32) -> Result<Result<u16, Piece>, ShapeError> {
        if let Some(&k) = self.lookup.get(&id) {
            return Ok(Ok(k));
        }
        let bad = |reason: String| ShapeError::BadTile { context: format!("{NAME} cell ({col}, {row})"), reason };
        if id & ROTATE_HEXAGONAL != 0 {
            return Err(bad(format!("tile id {id:#x} is turned for a hexagonal map, which is not supported")));
        }
        let Some(shape) = self.tiles.shape(id) else {
            return Err(bad(format!("unknown tile id {} (flags {:#x})", id & TILE_ID_BITS, id & !TILE_ID_BITS)));
        };
        Ok(Err(Piece::of(&shape.oriented(id), self.cell)))
    }

    /// Puts `id` in cell `(col, row)` (in the grid), adding it to the kinds if it is new.
    fn put(&mut self, col: u32, row: u32, id: u32) -> Result<(), ShapeError> {
        let kind = self.kind_of(id, col, row)?;
        self.put_kind(col, row, kind);
        Ok(())
    }

    /// Where `id` is among the kinds, added if it is new; `Err` naming the cell when the tile
    /// set cannot give it a shape or the map has too many kinds.
    fn kind_of(&mut self, id: u32, col: u32, row: u32) -> Result<u16, ShapeError> {
        Ok(match self.kind_for(id, col, row)? {
            Ok(k) => k,
            Err(piece) => {
                let Ok(k) = u16::try_from(self.kinds.len()) else {
                    return Err(ShapeError::BadTile {
                        context: format!("{NAME} cell ({col}, {row})"),
                        reason: "more than 65,536 distinct tile ids and flips in one map".to_string(),
                    });
                };
                self.kinds.push(Kind { id, piece });
                self.lookup.insert(id, k);
                k
            }
        })
    }

    /// Puts kind `kind` in cell `(col, row)` (in the grid), keeping the blocks' counts.
    fn put_kind(&mut self, col: u32, row: u32, kind: u16) {
        let i = self.index(col, row);
        let was_empty = matches!(self.kinds[self.cells[i] as usize].piece, Piece::Empty);
        let is_empty = matches!(self.kinds[kind as usize].piece, Piece::Empty);
        self.cells[i] = kind;
        let chunk = ((row / CHUNK) * self.width.div_ceil(CHUNK) + col / CHUNK) as usize;
        match (was_empty, is_empty) {
            (true, false) => self.filled[chunk] += 1,
            (false, true) => self.filled[chunk] -= 1,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
