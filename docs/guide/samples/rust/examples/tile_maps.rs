//! Tile maps: a level as a grid of tile ids, one collider for the whole grid. Built from rows of
//! text, walked over by the character controller (up a slope made of two tiles), changed at run
//! time, and loaded from the same level saved by Tiled (`maps/cave.tmj`) and by LDtk
//! (`maps/cave.ldtk`). The guide's page (docs/guide/pages/game-loop/tile-maps.md) shows this
//! file's marked sections and the picture it writes when given a folder: `tile_maps.png`.

use collide2d::prelude::*;
use collide2d::tiles::ldtk::{self, IntGridRules};
use collide2d::tiles::{tiled, LevelMap, TileMap, TileRule, TileSet, TileShape};
use collide2d::world::{CharacterController, MoveOptions};
use collide2d::World;
use collide2d_guide::{canvas, label, save};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:grid]
    // Pixels, y down, 16-pixel cells: '#' rock, and a slope up to the right made of two tiles,
    // 'l' its lower half and 'u' its upper half.
    let rows = ["............", "............", "............", "............", ".....lu#####", "############"];
    let ids: Vec<u32> = rows
        .concat()
        .chars()
        .map(|c| match c {
            '#' => 1,
            'l' => 2,
            'u' => 3,
            _ => 0, // no tile
        })
        .collect();
    // What each id is made of, in fractions of its cell: (0, 0) its top-left corner, (1, 1) its
    // bottom-right one.
    let v = Vec2::new;
    let tiles = TileSet::new()
        .with(1, TileShape::Solid)
        .with(2, TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.5), v(1.0, 1.0)])?)
        .with(3, TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)])?);
    let map = TileMap::from_ids(Vec2::ZERO, Vec2::splat(16.0), 12, 6, &ids, tiles)?;
    assert_eq!((map.cell_at(v(100.0, 70.0)), map.id(6, 4)), (Some((6, 4)), Some(3)));
    // --8<-- [end:grid]

    // --8<-- [start:seams]
    // A crate sunk 2 pixels into the floor, across the seam between two tiles at x = 32: the
    // map is one solid, so it is pushed straight up, never sideways by a tile's edge.
    let crate_ = Aabb::from_xywh(24.0, 54.0, 16.0, 28.0)?;
    let c = contact(&map, &crate_).expect("it is in the floor");
    println!("a crate 2 px into the floor, over a seam: normal {}, depth {}", c.normal, c.depth);
    assert_eq!((c.normal, c.depth), (v(0.0, -1.0), 2.0));
    // --8<-- [end:seams]

    // --8<-- [start:walk]
    // The map is a collider like any other: the character walks on it, up the slope.
    let mut world = World::new();
    let ground = world.insert(map.clone().into(), Transform::IDENTITY, "ground")?;
    let feet = Transform::from_translation(v(16.0, 79.0));
    let player = world.insert(Aabb::from_xywh(-6.0, -28.0, 12.0, 28.0)?.into(), feet, "player")?;
    // y down: up is -y. Sizes in pixels: a skin of a quarter pixel, and snapping down 4 pixels.
    let options = MoveOptions { up: Vec2::NEG_Y, skin: 0.25, snap_distance: 4.0, ..MoveOptions::default() };
    let mut controller = CharacterController::new(options);
    let mut trail = Vec::new();
    for _ in 0..80 {
        let moved = controller.move_and_slide(&mut world, player, v(2.0, 2.0))?; // right, and gravity
        assert!(moved.on_floor && moved.floor == Some(ground));
        trail.push(world.world_transform(player).ok_or("there")?.translation());
    }
    let end = trail[79];
    println!("after 80 frames the player's feet are at ({:.2}, {:.2}), on the ledge", end.x, end.y);
    // A skin above the ledge's top (y = 64). It walks 2 pixels a frame along the slope as on the
    // level, so it went less far to the right than the 160 pixels it would have on flat ground.
    assert!((end - v(172.2, 63.75)).length() < 0.01);
    // --8<-- [end:walk]

    // --8<-- [start:dig]
    // A bomb digs out a tile: `set_tile` changes one cell of the map in the world.
    let down = Ray::new(v(40.0, 0.0), Vec2::Y)?;
    assert_eq!(world.cast_ray(&down, 200.0).map(|(_, hit)| hit.point), Some(v(40.0, 80.0)));
    world.set_tile(ground, 2, 5, 0)?;
    // Through the hole, out of the map.
    assert_eq!(world.cast_ray(&down, 200.0), None);
    // --8<-- [end:dig]

    // --8<-- [start:load]
    // The same level drawn in Tiled: a layer's tiles that collide the same way make one map.
    // The tileset says which tiles collide (`solid`, or a collision shape drawn on the tile) and
    // which are one-way (`one_way` = "up").
    let maps = concat!(env!("CARGO_MANIFEST_DIR"), "/maps");
    let tiled_level = tiled::load_tmj(format!("{maps}/cave.tmj"))?;
    // And in LDtk: its IntGrid values are solid cells unless the rules say otherwise.
    let rules = IntGridRules::new()
        .identifier("slope_low", TileRule::new(TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.5), v(1.0, 1.0)])?))
        .identifier(
            "slope_high",
            TileRule::new(TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)])?),
        )
        .identifier("platform", TileRule::new(TileShape::Solid).one_way(Vec2::NEG_Y));
    let ldtk_project = ldtk::load_ldtk(format!("{maps}/cave.ldtk"), &rules)?;
    let ldtk_level = &ldtk_project.levels[0];
    // Each file gives two maps: the rock and slope, and the one-way platform.
    let solid = |maps: &[LevelMap]| maps.iter().find(|m| m.one_way.is_none()).map(|m| m.map.clone());
    let (from_tiled, from_ldtk) = (solid(&tiled_level.maps).ok_or("rock")?, solid(&ldtk_level.maps).ok_or("rock")?);
    for maps in [&tiled_level.maps, &ldtk_level.maps] {
        assert_eq!(maps.len(), 2);
        assert!(maps.iter().any(|m| m.one_way == Some(Vec2::NEG_Y)));
    }
    // Put them in a world, as the game does; each keeps its one-way side.
    let mut level = World::new();
    for m in &tiled_level.maps {
        m.insert_into(&mut level, m.layer.clone())?;
    }
    // The solid maps from the grid, from Tiled and from LDtk answer alike: a ray down each column.
    for col in 0..12 {
        let ray = Ray::new(v(col as f32 * 16.0 + 8.0, 0.0), Vec2::Y)?;
        let hits = [&map, &from_tiled, &from_ldtk].map(|m| cast_ray(m, &ray, 200.0));
        assert!(hits.iter().all(|h| h.map(|h| h.point) == hits[0].map(|h| h.point)));
    }
    println!("Tiled and LDtk: {} and {} maps, the same ground", tiled_level.maps.len(), ldtk_level.maps.len());
    // --8<-- [end:load]

    // --8<-- [start:picture]
    // The level loaded from Tiled (the platform in blue) and the player every 10 frames of its
    // walk, outlined; the ray's cell was dug out in the world only.
    let mut picture = canvas(&Aabb::from_xywh(0.0, 0.0, 192.0, 96.0)?, 640, 330, false)?;
    for m in &tiled_level.maps {
        let shape = Shape::TileMap(m.map.clone());
        match m.one_way {
            None => picture.shape(&shape, false),
            Some(_) => picture.outline(&shape, [50, 100, 210, 255], 3.0),
        }
    }
    for (frame, feet) in trail.iter().enumerate().filter(|(f, _)| (f + 1) % 10 == 0) {
        picture.outline(&Aabb::from_xywh(feet.x - 6.0, feet.y - 28.0, 12.0, 28.0)?.into(), [220, 40, 40, 255], 2.0);
        label(&mut picture, v(feet.x - 5.0, feet.y - 26.0), &(frame + 1).to_string(), 1);
    }
    label(&mut picture, v(132.0, 10.0), "one-way", 1);
    save(&picture, "tile_maps.png")?;
    // --8<-- [end:picture]
    Ok(())
}
