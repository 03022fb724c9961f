//! The platformer scenario suite (`tests/controller.rs`) run again with each level's boxes made
//! one tile map, on the coarsest grid their corners lie on (from 16 down to 0.01): stairs, floors,
//! walls, ceilings and a thousand tiles in a row become cells of one collider, with seams
//! everywhere between them. Every scenario must pass as it does on the boxes; the moving and
//! one-way platforms stay boxes of their own, riding over the map.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use collide2d::tiles::{TileMap, TileSet};

#[path = "common/platformer.rs"]
mod platformer;

/// The level with its boxes as one tile map (when their corners lie on a grid of at most four
/// million cells), the other shapes as they are.
fn level_form(level: Vec<Shape>) -> Vec<Shape> {
    let (boxes, mut rest): (Vec<Shape>, Vec<Shape>) = level.into_iter().partition(|s| matches!(s, Shape::Aabb(_)));
    let boxes: Vec<Aabb> = boxes.iter().map(Shape::aabb).collect();
    if boxes.is_empty() {
        return rest;
    }
    let lo = boxes.iter().fold(Vec2::INFINITY, |m, b| m.min(b.min()));
    let hi = boxes.iter().fold(Vec2::NEG_INFINITY, |m, b| m.max(b.max()));
    for cell in [16.0f32, 8.0, 4.0, 2.0, 1.0, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01] {
        let on_grid = |x: f32| ((x / cell).round() * cell - x).abs() < 1e-4;
        let aligned = boxes.iter().all(|b| [b.min(), b.max()].iter().all(|p| on_grid(p.x) && on_grid(p.y)));
        let (cols, rows) = (((hi.x - lo.x) / cell).round() as u32, ((hi.y - lo.y) / cell).round() as u32);
        if !aligned || cols as u64 * rows as u64 > 4_000_000 {
            continue;
        }
        let ids: Vec<u32> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (c, r)))
            .map(|(c, r)| {
                let centre = lo + (Vec2::new(c as f32, r as f32) + 0.5) * cell;
                boxes.iter().any(|b| b.min().cmple(centre).all() && centre.cmple(b.max()).all()) as u32
            })
            .collect();
        let map = TileMap::from_ids(lo, Vec2::splat(cell), cols, rows, &ids, TileSet::solid(1)).unwrap();
        rest.insert(0, map.into());
        return rest;
    }
    boxes.into_iter().map(Shape::from).chain(rest).collect()
}

include!("common/controller_suite.rs");

#[test]
fn the_scenarios_levels_become_tile_maps() {
    let stairs = level_form(stairs(0.3, 5));
    assert!(matches!(stairs.as_slice(), [Shape::TileMap(m)] if m.cell_size() == Vec2::splat(0.1)), "{stairs:?}");
    let (row, ..) = tiles(true);
    let row = level_form(row);
    assert!(matches!(row.as_slice(), [Shape::TileMap(m)] if (m.width(), m.height()) == (1000, 1)));
    // A slope stays a polygon beside the map.
    let (_, downhill) = &downhill()[0];
    assert!(matches!(level_form(downhill.clone()).as_slice(), [Shape::Polygon(_)]));
}
