//! The LDtk loader on hand-written projects (tests/data/maps): IntGrid layers cell by cell under
//! the default and given rules, entities and fields, levels placed in their worlds, several
//! worlds, levels saved apart, queries on the loaded maps, refusals, and garbled files.

use std::path::{Path, PathBuf};

use collide2d::tiles::ldtk::{self, IntGridRules, LdtkProject};
use collide2d::tiles::{files_in, no_files, LoadError, TileRule, TileShape};
use collide2d::world::{CollisionFilter, QueryFilter, World};
use collide2d::{cast_ray, Circle, Ray, Vec2};
use map_files::{garbled, maps_dir};
use proptest::prelude::*;

mod map_files;
use serde_json::json;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn load(rules: &IntGridRules) -> LdtkProject {
    ldtk::load_ldtk(maps_dir().join("level.ldtk"), rules).expect("level.ldtk loads")
}

#[test]
fn int_grid_values_are_solid_cells_unless_rules_say_otherwise() {
    let project = load(&IntGridRules::new());
    let [first, second] = &project.levels[..] else { panic!("two levels") };
    assert_eq!((first.world.as_str(), first.identifier.as_str()), ("", "Level_0"));
    assert_eq!((first.origin, first.size), (v(0.0, 0.0), v(160.0, 96.0)));
    assert_eq!(first.fields.get("music"), Some(&json!("caves")));
    // Every value solid: one map, cropped to rows 2 to 5.
    let [walls] = &first.maps[..] else { panic!("one map: {:?}", first.maps) };
    assert_eq!((walls.layer.as_str(), walls.one_way, walls.filter), ("Collisions", None, CollisionFilter::ALL));
    assert_eq!((walls.map.origin(), walls.map.width(), walls.map.height()), (v(0.0, 32.0), 10, 4));
    #[rustfmt::skip]
    let ids = [
        0, 0, 0, 0, 0, 0, 2, 2, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ];
    assert_eq!(walls.map.ids().collect::<Vec<_>>(), ids);
    assert_eq!(walls.map.tiles().shape(2), Some(&TileShape::Solid));

    // The second level is placed in the world, its layer offset by (4, 8); value 3 has no
    // identifier and falls to the others' rule.
    assert_eq!((second.identifier.as_str(), second.origin), ("Level_1", v(160.0, 32.0)));
    let [cells] = &second.maps[..] else { panic!("one map") };
    assert_eq!((cells.map.origin(), cells.map.ids().collect::<Vec<_>>()), (v(164.0, 56.0), vec![1, 1, 0, 3]));

    // Rules by identifier, by value, and for the others.
    let slope = TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.0), v(1.0, 1.0)]).expect("slope");
    let up = v(0.0, -1.0);
    let rules = IntGridRules::new()
        .identifier("platform", TileRule::new(TileShape::Solid).one_way(up))
        .value(3, TileRule::new(slope.clone()).filter(CollisionFilter::new(2, 3)))
        .others(TileRule::new(TileShape::Empty));
    let project = load(&rules);
    // Value 1 ("wall") falls to the others' rule, empty: only the platforms are left.
    let [platforms] = &project.levels[0].maps[..] else { panic!("one map") };
    assert_eq!((platforms.one_way, platforms.map.origin(), platforms.map.width()), (Some(up), v(96.0, 32.0), 2));
    let [slopes] = &project.levels[1].maps[..] else { panic!("one map") };
    assert_eq!((slopes.filter, slopes.map.origin()), (CollisionFilter::new(2, 3), v(212.0, 56.0)));
    assert_eq!(slopes.map.tiles().shape(3), Some(&slope));
}

#[test]
fn entities_become_boxes_from_their_pivot_with_their_fields() {
    let project = load(&IntGridRules::new());
    let [player] = &project.levels[0].entities[..] else { panic!("one entity") };
    assert_eq!(
        (player.layer.as_str(), player.identifier.as_str(), player.tags.clone()),
        ("Entities", "Player", vec!["hero".to_string()])
    );
    // Pivot (0.5, 1) at (24, 64): a 16 × 24 box standing on y = 64.
    assert_eq!((player.aabb.min(), player.aabb.max()), (v(16.0, 40.0), v(32.0, 64.0)));
    assert_eq!(player.fields.get("lives"), Some(&json!(3)));
    assert_eq!(player.fields.get("checkpoint"), Some(&json!({"cx": 7, "cy": 1})));
    // In the second level: centred on (8, 8) of a level at (160, 32).
    let [coin] = &project.levels[1].entities[..] else { panic!("one entity") };
    assert_eq!((coin.aabb.min(), coin.aabb.max()), (v(164.0, 36.0), v(172.0, 44.0)));
}

#[test]
fn queries_on_loaded_cells_and_one_way_platforms() {
    let rules = IntGridRules::new().identifier("platform", TileRule::new(TileShape::Solid).one_way(v(0.0, -1.0)));
    let project = load(&rules);
    let level = &project.levels[0];
    let walls = level.maps.iter().find(|m| m.one_way.is_none()).expect("walls");
    // A ray down column 9 meets the wall block of row 3 (y = 48).
    let ray = Ray::new(v(152.0, 0.0), v(0.0, 1.0)).expect("ray");
    let hit = cast_ray(&walls.map, &ray, 1000.0).expect("hits");
    assert_eq!((hit.point, hit.normal), (v(152.0, 48.0), v(0.0, -1.0)));
    let mut world: World = World::new();
    for map in &level.maps {
        map.insert_into(&mut world, ()).expect("inserts");
    }
    let any = QueryFilter::default();
    let above = Circle::new(v(104.0, 0.0), 4.0).expect("ball");
    let (_, hit) = world.cast_shape(&above, v(0.0, 64.0), 1.0, &any).expect("lands on the platform at y = 32");
    assert!((hit.time - 28.0 / 64.0).abs() < 1e-5, "{hit:?}");
    let below = Circle::new(v(104.0, 56.0), 4.0).expect("ball");
    assert!(world.cast_shape(&below, v(0.0, -50.0), 1.0, &any).is_none(), "passes up through it");
}

#[test]
fn worlds_and_levels_saved_apart_load() {
    let project = ldtk::load_ldtk(maps_dir().join("multiworld.ldtk"), &IntGridRules::new()).expect("loads");
    let found: Vec<(&str, &str, Vec2, Vec2)> =
        project.levels.iter().map(|l| (&l.world[..], &l.identifier[..], l.origin, l.maps[0].map.origin())).collect();
    assert_eq!(
        found,
        [("North", "North_0", v(0.0, -20.0), v(0.0, -20.0)), ("South", "South_0", v(100.0, 200.0), v(110.0, 200.0))]
    );

    // A level saved apart, read beside the project or through a reader; in a linear layout a
    // level has no place in the world (-1 in the file) and stays at the origin.
    let from_disk = ldtk::load_ldtk(maps_dir().join("external.ldtk"), &IntGridRules::new()).expect("loads");
    let text = std::fs::read_to_string(maps_dir().join("external.ldtk")).expect("reads");
    let mut asked = Vec::new();
    let through_reader = ldtk::load_ldtk_str(&text, &IntGridRules::new(), |p: &Path| {
        asked.push(p.to_path_buf());
        Ok(include_bytes!("data/maps/external/Cave.ldtkl").to_vec())
    })
    .expect("loads");
    assert_eq!(asked, [PathBuf::from("external/Cave.ldtkl")]);
    assert_eq!(from_disk, through_reader);
    let [cave] = &from_disk.levels[..] else { panic!("one level") };
    assert_eq!(
        (cave.identifier.as_str(), cave.origin, cave.fields.get("dark")),
        ("Cave", v(0.0, 0.0), Some(&json!(true)))
    );
    let [walls] = &cave.maps[..] else { panic!("one map") };
    assert_eq!((walls.map.cell_size(), walls.map.ids().collect::<Vec<_>>()), (v(8.0, 8.0), vec![1, 0, 1, 1, 1, 1]));
    let e = ldtk::load_ldtk_str(&text, &IntGridRules::new(), no_files).expect_err("no files");
    assert!(e.to_string().contains("level \"Cave\", saved apart"), "{e}");
}

#[test]
fn refusals_name_the_level_and_layer() {
    let broken =
        |f: &str| ldtk::load_ldtk(maps_dir().join("broken").join(f), &IntGridRules::new()).expect_err(f).to_string();
    let e = broken("missing_level.ldtk");
    assert!(e.contains("nowhere/Lost.ldtkl") && e.contains("level \"Lost\""), "{e}");
    let e = broken("short_grid.ldtk");
    assert!(e.contains("level \"Short\", layer \"Solids\"") && e.contains("1 IntGrid values for 2 × 1 cells"), "{e}");

    let text = std::fs::read_to_string(maps_dir().join("level.ldtk")).expect("reads");
    let negative = text.replace("0,0,0,0,0,0,2,2,0,0,", "0,0,0,0,0,0,2,-2,0,0,");
    let e = ldtk::load_ldtk_str(&negative, &IntGridRules::new(), no_files).expect_err("negative").to_string();
    assert!(e.contains("level \"Level_0\", layer \"Collisions\", cell (7, 2)") && e.contains("-2"), "{e}");
    let no_grid = text.replace(
        r#""__cWid": 10, "__cHei": 6, "__gridSize": 16, "__opacity": 1,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": null, "__tilesetRelPath": null,
          "iid": "6c1f0a20-0000-4000-8000-000000000013""#,
        r#""__cWid": 10, "__cHei": 6, "__gridSize": 0, "__opacity": 1,
          "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": null, "__tilesetRelPath": null,
          "iid": "6c1f0a20-0000-4000-8000-000000000013""#,
    );
    let e = ldtk::load_ldtk_str(&no_grid, &IntGridRules::new(), no_files).expect_err("cells of no size");
    assert!(
        matches!(&e, LoadError::Shape { place, .. } if place == "level \"Level_0\", layer \"Collisions\""),
        "{e:?}"
    );
    let flat = text.replace(r#""width": 16, "height": 24"#, r#""width": -16, "height": 24"#);
    let e = ldtk::load_ldtk_str(&flat, &IntGridRules::new(), no_files).expect_err("negative width").to_string();
    assert!(e.contains("entity \"Player\""), "{e}");
    assert!(matches!(ldtk::load_ldtk_str("[1, 2", &IntGridRules::new(), no_files), Err(LoadError::Parse { .. })));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Truncated and garbled projects load or are refused; nothing panics.
    #[test]
    fn garbled_projects_give_errors_not_panics(
        which in 0usize..3,
        cut in 0.0f64..=1.0,
        edits in prop::collection::vec((0.0f64..1.0, any::<u8>()), 0..6),
    ) {
        let name = ["level.ldtk", "multiworld.ldtk", "external.ldtk"][which];
        let bytes = std::fs::read(maps_dir().join(name)).expect("reads");
        let text = garbled(bytes, cut, &edits, b"0123456789-.,\"{}[]: en");
        let _ = ldtk::load_ldtk_str(&text, &IntGridRules::new(), files_in(maps_dir()));
    }
}
