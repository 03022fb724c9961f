//! `tile_map` shapes: one layer of a Tiled map or an LDtk project as one tile map.

use std::path::Path;

use collide2d::tiles::ldtk::{self, IntGridRules};
use collide2d::tiles::{tiled, LevelMap, TileMap, TileSet};

use crate::output::printable;

/// The colliding tiles of `layer` (the first layer with any when `None`) of the level file at
/// `path` (relative to `base`), as one map; or a one-line reason.
pub fn layer_map(path: &str, layer: Option<&str>, base: &Path) -> Result<TileMap, String> {
    let file = base.join(path);
    let extension = file.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    let maps: Vec<LevelMap> = match extension.as_str() {
        "tmx" => tiled::load_tmx(&file).map(|l| l.maps),
        "tmj" => tiled::load_tmj(&file).map(|l| l.maps),
        // A layer of each level: levels need not share a grid.
        "ldtk" => ldtk::load_ldtk(&file, &IntGridRules::new()).map(|p| {
            let named = |l: ldtk::LdtkLevel| {
                let level = l.identifier;
                l.maps.into_iter().map(move |m| LevelMap { layer: format!("{level}/{}", m.layer), ..m })
            };
            p.levels.into_iter().flat_map(named).collect()
        }),
        _ => return Err(format!("{}: a tile map is read from a .tmx, .tmj or .ldtk file", printable(path))),
    }
    .map_err(|e| e.to_string())?;
    let Some(name) = layer.or_else(|| maps.first().map(|m| m.layer.as_str())) else {
        return Err(format!("{}: no tile collides in any layer", printable(path)));
    };
    let chosen: Vec<&TileMap> = maps.iter().filter(|m| m.layer == name).map(|m| &m.map).collect();
    if chosen.is_empty() {
        let mut names: Vec<&str> = maps.iter().map(|m| m.layer.as_str()).collect();
        names.dedup();
        return Err(format!(
            "{}: no layer \"{}\" with colliding tiles (those with some: {})",
            printable(path),
            printable(name),
            printable(&names.join(", "))
        ));
    }
    merge(&chosen).map_err(|e| format!("{}: layer \"{}\": {e}", printable(path), printable(name)))
}

/// Maps of one layer (split by the loader by one-way side and filter) as one map over all their cells. They must share a cell size and a grid.
fn merge(maps: &[&TileMap]) -> Result<TileMap, String> {
    if let [one] = maps {
        return Ok((*one).clone());
    }
    let cell = maps[0].cell_size();
    let lo = maps.iter().fold(maps[0].origin(), |lo, m| lo.min(m.origin()));
    let mut placed = Vec::with_capacity(maps.len());
    let (mut width, mut height) = (0u64, 0u64);
    for m in maps {
        let at = (m.origin() - lo) / cell;
        let snapped = at.round();
        if m.cell_size() != cell || (at - snapped).abs().max_element() > 1e-3 {
            return Err("its parts are not on one grid of one cell size".into());
        }
        let (col, row) = (snapped.x as u64, snapped.y as u64);
        width = width.max(col + m.width() as u64);
        height = height.max(row + m.height() as u64);
        placed.push((col, row, *m));
    }
    let cells = width.checked_mul(height).filter(|n| *n <= collide2d::tiles::MAX_CELLS);
    let (Some(cells), Ok(w), Ok(h)) = (cells, u32::try_from(width), u32::try_from(height)) else {
        return Err(format!("its parts span {width} × {height} cells, more than a tile map holds"));
    };
    let mut ids = vec![0u32; cells as usize];
    let mut tiles = TileSet::new();
    for (col, row, m) in placed {
        for (id, shape) in m.tiles().iter() {
            tiles.insert(id, shape.clone());
        }
        for (i, id) in m.ids().enumerate().filter(|(_, id)| *id != 0) {
            let (c, r) = (col + (i as u64 % m.width() as u64), row + (i as u64 / m.width() as u64));
            ids[(r * width + c) as usize] = id;
        }
    }
    TileMap::from_ids(lo, cell, w, h, &ids, tiles).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use collide2d::Vec2;

    use super::*;

    #[test]
    fn maps_on_one_grid_merge_and_others_are_refused() {
        let solid = TileSet::solid(2);
        let a = TileMap::from_ids(Vec2::new(16.0, 0.0), Vec2::splat(16.0), 2, 1, &[1, 1], solid.clone()).unwrap();
        let b = TileMap::from_ids(Vec2::new(0.0, 32.0), Vec2::splat(16.0), 1, 1, &[2], solid.clone()).unwrap();
        let both = merge(&[&a, &b]).unwrap();
        assert_eq!((both.origin(), both.width(), both.height()), (Vec2::ZERO, 3, 3));
        assert_eq!(both.ids().collect::<Vec<_>>(), vec![0, 1, 1, 0, 0, 0, 2, 0, 0]);
        let off = TileMap::from_ids(Vec2::new(3.0, 0.0), Vec2::splat(16.0), 1, 1, &[1], solid).unwrap();
        assert!(merge(&[&a, &off]).unwrap_err().contains("not on one grid"));
    }
}
