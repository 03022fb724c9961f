//! The desktop demo's level for the character mode: a Tiled map (by default `assets/level.tmx`,
//! built into the program) loaded with collide2d's `tiled` loader, a cell to a world unit. The
//! window is in `main.rs`; this part is a library so that the window test builds the same level.

use std::path::Path;

use collide2d::tiles::{no_files, tiled, LevelMap, TileMap};
use collide2d::{Aabb, Shape};
use collide2d_render::demo::character::Character;

/// The level shipped with the demo: three screens of 16 × 10 cells of 16 pixels.
pub const LEVEL: &str = include_str!("../assets/level.tmx");

/// The character mode on the map at `path` (`.tmx` or `.tmj`, its external files beside it), or
/// on [`LEVEL`] without one. Each of its maps is a collider, one-way where its tiles are (the
/// demo is y down, as Tiled is), scaled so that a cell is a world unit; the capsule starts at
/// [`Character::START`], so the map should leave room there (a floor along row 9, a wall in
/// column 0 at most).
pub fn character(path: Option<&Path>) -> Result<Character, String> {
    let level = match path {
        None => tiled::load_tmx_str(LEVEL, no_files),
        Some(p) if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tmj")) => tiled::load_tmj(p),
        Some(p) => tiled::load_tmx(p),
    }
    .map_err(|e| e.to_string())?;
    let first = level.maps.first().ok_or("the map has no colliding tiles")?;
    let pixels_per_unit = first.map.cell_size().x;
    let mut shapes = Vec::with_capacity(level.maps.len());
    let mut bounds: Option<Aabb> = None;
    for m in &level.maps {
        let map = in_units(m, pixels_per_unit).map_err(|e| format!("layer \"{}\": {e}", m.layer))?;
        bounds = Some(bounds.map_or(map.aabb(), |b| b.union(&map.aabb())));
        let name = if m.one_way.is_some() { "one-way tiles" } else { "tiles" };
        shapes.push((name, Shape::TileMap(map), m.one_way));
    }
    Character::with_level(shapes, bounds.expect("one map at least"))
}

/// A loaded map with its cells `pixels_per_unit` pixels to a unit.
fn in_units(m: &LevelMap, pixels_per_unit: f32) -> Result<TileMap, collide2d::ShapeError> {
    let map = &m.map;
    let ids: Vec<u32> = map.ids().collect();
    let (origin, cell) = (map.origin() / pixels_per_unit, map.cell_size() / pixels_per_unit);
    TileMap::from_ids(origin, cell, map.width(), map.height(), &ids, map.tiles().clone())
}

#[cfg(test)]
mod tests {
    use collide2d::Vec2;
    use collide2d_render::demo::character::{Arrow, STEP};

    use super::*;

    #[test]
    fn the_shipped_level_loads_and_the_capsule_runs_over_the_hill_and_up_through_a_platform() {
        let mut c = character(None).unwrap();
        let b = c.bounds();
        assert_eq!((b.min().x, b.max()), (0.0, Vec2::new(48.0, 10.0)));
        assert_eq!(c.level().filter(|(_, name, _)| *name == "one-way tiles").count(), 1);
        assert!(c.on_floor(), "it starts on the floor");
        // Running right: up the hill's 26.6° slope (columns 4 and 5) onto its top at y = 8.
        c.hold(Arrow::Right, true);
        (0..90).for_each(|_| c.tick(STEP));
        let p = c.position();
        assert!(c.on_floor() && p.x > 7.0 && (p.y - (8.0 - 0.61)).abs() < 0.05, "{p}");
        // Down the hill to the first one-way platform (row 8, columns 13 to 15, its top at y = 8,
        // a unit above the floor): it runs through it, then jumps up through it and lands on it.
        for _ in 0..300 {
            if c.position().x >= 14.0 {
                break;
            }
            c.tick(STEP);
        }
        assert!(c.on_floor() && (c.position().y - (9.0 - 0.61)).abs() < 0.05, "{}", c.position());
        c.hold(Arrow::Right, false);
        c.hold(Arrow::Up, true);
        (0..6).for_each(|_| c.tick(STEP));
        c.hold(Arrow::Up, false);
        (0..60).for_each(|_| c.tick(STEP));
        let p = c.position();
        assert!(c.on_floor() && (p.y - (8.0 - 0.61)).abs() < 0.05, "on the platform: {p}");
    }
}
