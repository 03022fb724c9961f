//! Tile maps from JavaScript: a grid of ids and a table of tile shapes, stored like polygons and
//! named by a key, changed a cell at a time.

use collide2d::tiles::{TileMap, TileSet, TileShape};
use collide2d::{Shape, Vec2};
use wasm_bindgen::prelude::*;

use crate::shapes::{error, pairs, store, with_stored_mut};

/// Stores a tile map of `width × height` cells of `cell_w × cell_h`, cell (0, 0) at
/// (`origin_x`, `origin_y`), holding `ids` row after row (Tiled's global ids: 0 is no tile, the
/// top bits flip it), and returns its key. The tiles: `tile_ids[k]` is solid when
/// `tile_lengths[k]` is 0, else a convex polygon of that many points (fractions of the cell,
/// x, y pairs taken in turn from `tile_points`). Errors say which cell, tile or point is wrong.
#[wasm_bindgen(js_name = storeTileMap)]
#[allow(clippy::too_many_arguments)] // the numbers of a map, as JavaScript passes them
pub fn store_tile_map(
    origin_x: f32,
    origin_y: f32,
    cell_w: f32,
    cell_h: f32,
    width: u32,
    height: u32,
    ids: &[u32],
    tile_ids: &[u32],
    tile_lengths: &[u32],
    tile_points: &[f32],
) -> Result<f64, JsError> {
    if tile_ids.len() != tile_lengths.len() {
        return Err(JsError::new(&format!("{} tile ids, {} tile lengths", tile_ids.len(), tile_lengths.len())));
    }
    let points = pairs(tile_points, "the tile points")?;
    let mut tiles = TileSet::new();
    let mut at = 0usize;
    for (&id, &count) in tile_ids.iter().zip(tile_lengths) {
        let shape = match count as usize {
            0 => TileShape::Solid,
            n => {
                let end = at.checked_add(n).filter(|end| *end <= points.len()).ok_or_else(|| {
                    JsError::new(&format!("tile {id} runs past the {} tile points given", points.len()))
                })?;
                let shape = TileShape::convex(&points[at..end]).map_err(|e| error(format!("tile {id}: {e}")))?;
                at = end;
                shape
            }
        };
        tiles.insert(id, shape);
    }
    if at != points.len() {
        return Err(JsError::new(&format!("{} tile points given, the tile lengths add up to {at}", points.len())));
    }
    let origin = Vec2::new(origin_x, origin_y);
    let map = TileMap::from_ids(origin, Vec2::new(cell_w, cell_h), width, height, ids, tiles).map_err(error)?;
    Ok(store(Shape::TileMap(map)))
}

/// Sets cell (`col`, `row`) of the tile map under `key` to tile `id`.
#[wasm_bindgen(js_name = setTile)]
pub fn set_tile(key: f64, col: u32, row: u32, id: u32) -> Result<(), JsError> {
    with_stored_mut(key, |shape| match shape {
        Shape::TileMap(map) => map.set(col, row, id).map_err(error),
        _ => Err(JsError::new("not a tile map")),
    })?
}

/// The id in cell (`col`, `row`) of the tile map under `key` (flags included), or -1 outside
/// its grid.
#[wasm_bindgen(js_name = tileId)]
pub fn tile_id(key: f64, col: u32, row: u32) -> Result<f64, JsError> {
    with_stored_mut(key, |shape| match shape {
        Shape::TileMap(map) => Ok(map.id(col, row).map_or(-1.0, f64::from)),
        _ => Err(JsError::new("not a tile map")),
    })?
}
