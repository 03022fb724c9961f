//! The tile map handle: a grid of Tiled-style tile ids over a set of tile shapes, one collider
//! with no seams between its tiles. Made from an id array and plain tile definitions, changed
//! cell by cell, read back, and destroyed.

use std::collections::BTreeMap;

use collide2d::tiles::{TileMap, TileSet, TileShape, MAX_CELLS, TILE_ID_BITS};
use collide2d::Vec2;

use crate::status::{arg, c2d_Status, guard, out, write, Error};
use crate::values::{c2d_Aabb, c2d_Vec2};

/// What a tile is made of: one of the `C2D_TILE_` kinds.
pub type c2d_TileKind = u32;

/// Nothing: the cell is open.
pub const C2D_TILE_EMPTY: c2d_TileKind = 0;
/// The whole cell.
pub const C2D_TILE_SOLID: c2d_TileKind = 1;
/// A convex part of the cell: `points`, in fractions of the cell.
pub const C2D_TILE_CONVEX: c2d_TileKind = 2;

/// The most vertices a convex tile shape has.
pub const C2D_TILE_MAX_POINTS: usize = 8;

/// Tiled's flag on a tile id: the tile is mirrored left to right.
pub const C2D_TILE_FLIP_HORIZONTAL: u32 = 0x8000_0000;
/// Tiled's flag on a tile id: the tile is mirrored top to bottom.
pub const C2D_TILE_FLIP_VERTICAL: u32 = 0x4000_0000;
/// Tiled's flag on a tile id: the tile's x and y are swapped (before the other two flips).
pub const C2D_TILE_FLIP_DIAGONAL: u32 = 0x2000_0000;

const _: () = assert!(
    C2D_TILE_FLIP_HORIZONTAL == collide2d::tiles::FLIP_HORIZONTAL
        && C2D_TILE_FLIP_VERTICAL == collide2d::tiles::FLIP_VERTICAL
        && C2D_TILE_FLIP_DIAGONAL == collide2d::tiles::FLIP_DIAGONAL
);

/// A tile's shape in its cell: `kind`, and for `C2D_TILE_CONVEX` the first `point_count` of
/// `points` (3 to `C2D_TILE_MAX_POINTS`, either winding), each in fractions of the cell: (0, 0)
/// is the cell's corner of least x and y, (1, 1) the opposite one (with y down, as Tiled draws,
/// the top left and the bottom right). A convex shape covering the whole cell is solid.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_TileShape {
    pub kind: c2d_TileKind,
    pub point_count: i32,
    pub points: [c2d_Vec2; C2D_TILE_MAX_POINTS],
}

/// What tile `id` (without flip flags) stands for.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_TileDef {
    pub id: u32,
    pub shape: c2d_TileShape,
}

/// A tile map (an opaque handle): made by `c2d_tile_map_create`, changed by
/// `c2d_tile_map_set`, freed by `c2d_tile_map_destroy`. As a shape (`c2d_shape_tile_map`) every
/// query takes it, and `c2d_world_insert` keeps a copy that shares its grid until either
/// changes.
pub struct c2d_TileMap {
    pub(crate) inner: TileMap,
}

/// The library's shape of definition `i`.
fn tile_shape(def: &c2d_TileDef, i: usize) -> Result<TileShape, Error> {
    let context = format!("tiles[{i}] (id {})", def.id);
    let s = &def.shape;
    match s.kind {
        C2D_TILE_EMPTY => Ok(TileShape::Empty),
        C2D_TILE_SOLID => Ok(TileShape::Solid),
        C2D_TILE_CONVEX => {
            let n = usize::try_from(s.point_count).ok().filter(|n| (3..=C2D_TILE_MAX_POINTS).contains(n)).ok_or_else(
                || {
                    Error::invalid_shape(format!(
                        "{context}: point_count {} is not from 3 to C2D_TILE_MAX_POINTS ({C2D_TILE_MAX_POINTS})",
                        s.point_count
                    ))
                },
            )?;
            let points: Vec<Vec2> = s.points[..n].iter().map(|&p| p.into()).collect();
            TileShape::convex(&points).map_err(|e| Error::invalid_shape(format!("{context}: {e}")))
        }
        kind => Err(Error::invalid_shape(format!("{context}: unknown tile kind {kind}"))),
    }
}

/// The tile set of `count` definitions, each id given once, without flip flags, and id 0 only
/// as empty.
///
/// # Safety
/// A non-NULL `tiles` must hold `count` definitions.
unsafe fn tile_set(tiles: *const c2d_TileDef, count: i32) -> Result<TileSet, Error> {
    let n = usize::try_from(count).map_err(|_| Error::invalid_argument(format!("tile_count {count} is negative")))?;
    if n == 0 {
        return Ok(TileSet::new());
    }
    if tiles.is_null() {
        return Err(Error::null("tiles"));
    }
    // SAFETY: the caller's contract: `tiles` holds `count` definitions.
    let defs = unsafe { std::slice::from_raw_parts(tiles, n) };
    let (mut set, mut seen) = (TileSet::new(), BTreeMap::new());
    for (i, def) in defs.iter().enumerate() {
        let shape = tile_shape(def, i)?;
        if def.id & !TILE_ID_BITS != 0 {
            return Err(Error::invalid_shape(format!(
                "tiles[{i}]: id {:#x} has flip flags: give the tile's shape under its id {}",
                def.id,
                def.id & TILE_ID_BITS
            )));
        }
        if def.id == 0 && shape != TileShape::Empty {
            return Err(Error::invalid_shape(format!("tiles[{i}]: id 0 is no tile, always empty")));
        }
        if let Some(first) = seen.insert(def.id, i) {
            return Err(Error::invalid_shape(format!("tiles[{i}]: id {} is given twice (tiles[{first}])", def.id)));
        }
        set.insert(def.id, shape);
    }
    Ok(set)
}

/// A cell from C, or `C2D_ERROR_INVALID_ARGUMENT` naming it when it is outside `map`'s grid.
fn cell(map: &TileMap, col: i32, row: i32) -> Result<(u32, u32), Error> {
    match (u32::try_from(col), u32::try_from(row)) {
        (Ok(c), Ok(r)) if c < map.width() && r < map.height() => Ok((c, r)),
        _ => Err(Error::invalid_argument(format!(
            "cell ({col}, {row}) is outside the grid of {} × {} cells",
            map.width(),
            map.height()
        ))),
    }
}

/// Makes the tile map of `width × height` cells of `cell_size`, cell (0, 0) at `origin` (cell
/// (col, row) spans `origin + (col, row) × cell_size` to the next), holding `ids` row after
/// row, row 0 first as Tiled lists them (`width × height` of them; NULL: every cell 0, open).
/// Ids are Tiled's: 0 is no tile, and the `C2D_TILE_FLIP_` bits turn a tile. The `tile_count`
/// definitions of `tiles` (NULL when 0) give every other id the map holds, or will be set to, a
/// shape, each id once and without flags. A size that is not positive or finite, an id the
/// definitions do not give and a shape that is not convex or leaves its cell are
/// `C2D_ERROR_INVALID_SHAPE`, the message naming the cell or definition. Everything is copied.
/// On success `*out_map` is a handle the caller frees with `c2d_tile_map_destroy`.
///
/// # Safety
/// A non-NULL `ids` must hold `width × height` ids, a non-NULL `tiles` `tile_count`
/// definitions; `out_map` must be valid for a write.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // C's plain arguments
pub unsafe extern "C" fn c2d_tile_map_create(
    origin: c2d_Vec2,
    cell_size: c2d_Vec2,
    width: i32,
    height: i32,
    ids: *const u32,
    tiles: *const c2d_TileDef,
    tile_count: i32,
    out_map: *mut *mut c2d_TileMap,
) -> c2d_Status {
    guard(|| {
        let out_map = out(out_map, "out_map")?;
        let size = |v: i32, what: &str| {
            u32::try_from(v).map_err(|_| Error::invalid_argument(format!("{what} {v} is negative")))
        };
        let (w, h) = (size(width, "width")?, size(height, "height")?);
        // SAFETY: the caller's contract.
        let set = unsafe { tile_set(tiles, tile_count)? };
        let cells = u64::from(w) * u64::from(h);
        let inner = if ids.is_null() || cells == 0 || cells > MAX_CELLS {
            // The library refuses a count of cells it cannot hold before reading any id.
            TileMap::new(origin.into(), cell_size.into(), w, h, set)?
        } else {
            // SAFETY: the caller's contract: `ids` holds `width × height` ids.
            let ids = unsafe { std::slice::from_raw_parts(ids, cells as usize) };
            TileMap::from_ids(origin.into(), cell_size.into(), w, h, ids, set)?
        };
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_map, Box::into_raw(Box::new(c2d_TileMap { inner }))) };
        Ok(())
    })
}

/// Frees a tile map (NULL is allowed and does nothing). Worlds keep their own copies.
///
/// # Safety
/// `map` must be NULL or a live handle from `c2d_tile_map_create`, not used after.
#[no_mangle]
pub unsafe extern "C" fn c2d_tile_map_destroy(map: *mut c2d_TileMap) {
    if !map.is_null() {
        // SAFETY: the caller's contract: made by Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(map) });
    }
}

/// Sets cell `(col, row)` to tile `id` (flags included), in time independent of the map's
/// size (the first change after the grid was shared with a world copies it once). A cell
/// outside the grid or an id the map's tiles do not give is `C2D_ERROR_INVALID_ARGUMENT`, and
/// the map is unchanged. A world's copy is changed by `c2d_world_set_tile` instead.
///
/// # Safety
/// `map` must be a live handle that no other call uses meanwhile.
#[no_mangle]
pub unsafe extern "C" fn c2d_tile_map_set(map: *mut c2d_TileMap, col: i32, row: i32, id: u32) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let m = &mut unsafe { map.as_mut() }.ok_or_else(|| Error::null("map"))?.inner;
        let (col, row) = cell(m, col, row)?;
        m.set(col, row, id).map_err(|e| Error::invalid_argument(e.to_string()))
    })
}

/// The id in cell `(col, row)`, flags included; a cell outside the grid is
/// `C2D_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// `map` must be a live handle; `out_id` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_tile_map_get(map: *const c2d_TileMap, col: i32, row: i32, out_id: *mut u32) -> c2d_Status {
    guard(|| {
        let out_id = out(out_id, "out_id")?;
        // SAFETY: the caller's contract.
        let m = &unsafe { arg(map, "map")? }.inner;
        let (col, row) = cell(m, col, row)?;
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_id, m.id(col, row).unwrap_or_default()) };
        Ok(())
    })
}

/// The map's cells across and down, the size of a cell, and its bounds (the whole grid, open
/// cells included); each out pointer may be NULL to skip it.
///
/// # Safety
/// `map` must be a live handle; each out pointer NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_tile_map_info(
    map: *const c2d_TileMap,
    out_width: *mut i32,
    out_height: *mut i32,
    out_cell_size: *mut c2d_Vec2,
    out_bounds: *mut c2d_Aabb,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let m = &unsafe { arg(map, "map")? }.inner;
        let bounds = m.aabb();
        // SAFETY: each written only when not NULL; the caller's contract.
        unsafe {
            if !out_width.is_null() {
                write(out_width, i32::try_from(m.width()).unwrap_or(i32::MAX));
            }
            if !out_height.is_null() {
                write(out_height, i32::try_from(m.height()).unwrap_or(i32::MAX));
            }
            if !out_cell_size.is_null() {
                write(out_cell_size, m.cell_size().into());
            }
            if !out_bounds.is_null() {
                write(out_bounds, c2d_Aabb { min: bounds.min().into(), max: bounds.max().into() });
            }
        }
        Ok(())
    })
}

/// The cell holding `point` (a point on a line between cells belongs to the cell after it):
/// `*out_inside` false, and the cell (-1, -1), outside the grid.
///
/// # Safety
/// `map` must be a live handle; the out pointers valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_tile_map_cell_at(
    map: *const c2d_TileMap,
    point: c2d_Vec2,
    out_col: *mut i32,
    out_row: *mut i32,
    out_inside: *mut bool,
) -> c2d_Status {
    guard(|| {
        let (out_col, out_row, out_inside) =
            (out(out_col, "out_col")?, out(out_row, "out_row")?, out(out_inside, "out_inside")?);
        // SAFETY: the caller's contract.
        let m = &unsafe { arg(map, "map")? }.inner;
        let found = m.cell_at(point.into());
        // Cells fit i32: a map has fewer than 2³¹ of them.
        let (col, row) = found.map_or((-1, -1), |(c, r)| (c as i32, r as i32));
        // SAFETY: checked not NULL; the caller's contract.
        unsafe {
            write(out_col, col);
            write(out_row, row);
            write(out_inside, found.is_some());
        }
        Ok(())
    })
}

/// The solid part of cell `(col, row)` in world coordinates, counter-clockwise with y up,
/// written to `out_points` (room for `C2D_TILE_MAX_POINTS`), with their number (0 for an open
/// cell): for drawing. A cell outside the grid is `C2D_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// `map` must be a live handle; `out_points` must have room for `C2D_TILE_MAX_POINTS` vectors,
/// `out_count` be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_tile_map_tile_outline(
    map: *const c2d_TileMap,
    col: i32,
    row: i32,
    out_points: *mut c2d_Vec2,
    out_count: *mut i32,
) -> c2d_Status {
    guard(|| {
        let (out_points, out_count) = (out(out_points, "out_points")?, out(out_count, "out_count")?);
        // SAFETY: the caller's contract.
        let m = &unsafe { arg(map, "map")? }.inner;
        let (col, row) = cell(m, col, row)?;
        let outline = m.tile_outline(col, row).unwrap_or_default();
        // A map made here has tiles of at most C2D_TILE_MAX_POINTS vertices, and a flip keeps
        // their number: never more than the room given.
        if outline.len() > C2D_TILE_MAX_POINTS {
            return Err(Error::new(
                crate::status::C2D_ERROR_TOO_LARGE,
                format!("cell ({col}, {row})'s outline has {} vertices", outline.len()),
            ));
        }
        // SAFETY: checked not NULL; the caller's contract: room for C2D_TILE_MAX_POINTS.
        unsafe {
            for (i, p) in outline.iter().enumerate() {
                write(out_points.add(i), (*p).into());
            }
            write(out_count, outline.len() as i32);
        }
        Ok(())
    })
}
