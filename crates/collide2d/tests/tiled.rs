//! The Tiled loaders on hand-written maps (tests/data/maps): what each layer, tile and object
//! becomes, cell by cell and shape by shape; that .tmx and .tmj give the same level; queries on
//! the loaded maps; the refusals; and that garbled files give errors, never panics.

use std::path::{Path, PathBuf};

use collide2d::tiles::tiled::{self, ObjectKind, Property, TiledLevel};
use collide2d::tiles::{files_in, no_files, LevelMap, LoadError, TileShape};
use collide2d::world::{CollisionFilter, QueryFilter, World};
use collide2d::{cast_ray, contact, Circle, Ray, Shape, Vec2};
use map_files::{garbled, maps_dir};
use proptest::prelude::*;

mod map_files;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn level_tmx() -> TiledLevel {
    tiled::load_tmx(maps_dir().join("level.tmx")).expect("level.tmx loads")
}

/// A tile's outline in the world, its corners sorted, for comparing without caring where the
/// outline starts.
fn outline(map: &LevelMap, col: u32, row: u32) -> Vec<Vec2> {
    let mut points = map.map.tile_outline(col, row).unwrap_or_default();
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points
}

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() < 1e-4
}

#[test]
fn tile_layers_become_maps_grouped_by_one_way_side_and_filter() {
    let level = level_tmx();
    let names: Vec<(&str, Option<Vec2>)> = level.maps.iter().map(|m| (&m.layer[..], m.one_way)).collect();
    let up = Some(v(0.0, -1.0));
    assert_eq!(names, [("Ground", up), ("Ground", None), ("Water", None), ("Details/Crates", None)]);

    // The one-way platforms: row 1, columns 6 and 7, the top 4 pixels of each cell.
    let platforms = &level.maps[0];
    assert_eq!((platforms.map.origin(), platforms.map.width(), platforms.map.height()), (v(96.0, 16.0), 2, 1));
    assert_eq!(platforms.map.ids().collect::<Vec<_>>(), [4, 4]);
    assert_eq!(outline(platforms, 1, 0), [v(112.0, 16.0), v(112.0, 20.0), v(128.0, 16.0), v(128.0, 20.0)]);
    assert_eq!(platforms.filter, CollisionFilter::ALL);

    // The rest of the layer, cropped to rows 2 to 5; the decoration (gid 6) has no shape and is
    // not solid, so it is left out.
    let ground = &level.maps[1];
    assert_eq!((ground.map.origin(), ground.map.width(), ground.map.height()), (v(0.0, 32.0), 10, 4));
    let h = collide2d::tiles::FLIP_HORIZONTAL;
    let vf = collide2d::tiles::FLIP_VERTICAL;
    #[rustfmt::skip]
    let expected = [
        0, 0, 5, 0, 0, 0,     0, 0, 0, 0,
        0, 0, 0, 0, 2, 2 | h, 0, 0, 3, 3 | vf,
        1, 1, 1, 1, 1, 1,     1, 1, 1, 1,
        1, 1, 1, 1, 1, 1,     1, 1, 1, 1,
    ];
    assert_eq!(ground.map.ids().collect::<Vec<_>>(), expected);
    // The tile set gives each tile's unflipped shape: the slope, the half block, the post (an
    // ellipse of 16 sides) and the ground (solid by its property).
    let tiles = ground.map.tiles();
    let TileShape::Convex(slope) = tiles.shape(2).expect("slope") else { panic!("the slope is convex") };
    let mut corners = slope.vertices().to_vec();
    corners.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    assert_eq!(corners, [v(0.0, 1.0), v(1.0, 0.0), v(1.0, 1.0)]);
    assert_eq!(tiles.shape(1), Some(&TileShape::Solid));
    let TileShape::Convex(post) = tiles.shape(5).expect("post") else { panic!("the post is convex") };
    assert_eq!(post.vertices().len(), 16);
    assert!(post
        .vertices()
        .iter()
        .all(|p| close(*p, v(0.5, 0.5)) || ((*p - v(0.5, 0.5)).length() - 0.25).abs() < 1e-5));
    assert_eq!(tiles.shape(6), None, "the decoration is not in the map");
    // Cells in the world, flips applied: the slope rises to the right, its mirror falls.
    assert_eq!(outline(ground, 4, 1), [v(64.0, 64.0), v(80.0, 48.0), v(80.0, 64.0)]);
    assert_eq!(outline(ground, 5, 1), [v(80.0, 48.0), v(80.0, 64.0), v(96.0, 64.0)]);
    assert_eq!(outline(ground, 8, 1), [v(128.0, 56.0), v(128.0, 64.0), v(144.0, 56.0), v(144.0, 64.0)]);
    assert_eq!(outline(ground, 9, 1), [v(144.0, 48.0), v(144.0, 56.0), v(160.0, 48.0), v(160.0, 56.0)]);
    assert_eq!(outline(ground, 0, 3), [v(0.0, 80.0), v(0.0, 96.0), v(16.0, 80.0), v(16.0, 96.0)]);
    assert_eq!(outline(ground, 1, 1), [], "the decoration's cell is open");

    // Water: solid and filtered by its layer's properties (base64 and zlib in the file).
    let water = &level.maps[2];
    assert_eq!(
        (water.map.origin(), water.map.width(), water.map.ids().collect::<Vec<_>>()),
        (v(32.0, 48.0), 2, vec![8, 8])
    );
    assert_eq!(water.filter, CollisionFilter::new(4, 1));
    assert_eq!(water.map.tiles().shape(8), Some(&TileShape::Solid));

    // A layer in a group: solid by the group's property, offsets added (32, 0) + (0, 8).
    let crates = &level.maps[3];
    assert_eq!((crates.map.origin(), crates.map.width(), crates.map.height()), (v(32.0, 8.0), 1, 1));
    assert_eq!(crates.map.ids().collect::<Vec<_>>(), [7]);
}

#[test]
fn flips_turn_a_one_way_side_and_solid_false_empties_a_layer() {
    let json = std::fs::read_to_string(maps_dir().join("level.tmj")).expect("reads");
    let sides = |platform: u32| {
        let turned = json.replacen("0,0,0,0,0,0,4,4,0,0,", &format!("0,0,0,0,0,0,4,{platform},0,0,"), 1);
        let level = tiled::load_tmj_str(&turned, no_files).expect("loads");
        level.maps.iter().filter(|m| m.layer == "Ground").filter_map(|m| m.one_way).collect::<Vec<_>>()
    };
    let (h, vf, d) =
        (collide2d::tiles::FLIP_HORIZONTAL, collide2d::tiles::FLIP_VERTICAL, collide2d::tiles::FLIP_DIAGONAL);
    // Upside down it is open below; turned a quarter (diagonal, then horizontal) it is open to
    // the right, as its drawn top then faces.
    assert_eq!(sides(4 | vf), [v(0.0, -1.0), v(0.0, 1.0)]);
    assert_eq!(sides(4 | h), [v(0.0, -1.0)], "a mirror left to right keeps the top open");
    assert_eq!(sides(4 | d | h), [v(0.0, -1.0), v(1.0, 0.0)]);
    // A tile's collision rectangle turned a quarter about its corner (8, 0): the left half of
    // the tile, its corners put back on the cell's sides after the turn's rounding.
    let half =
        r#""objects": [ { "id": 1, "x": 0, "y": 8, "width": 16, "height": 8, "rotation": 0, "visible": true } ]"#;
    let turned =
        r#""objects": [ { "id": 1, "x": 8, "y": 0, "width": 16, "height": 8, "rotation": 90, "visible": true } ]"#;
    assert!(json.contains(half));
    let level = tiled::load_tmj_str(&json.replacen(half, turned, 1), no_files).expect("loads");
    assert_eq!(outline(&level.maps[1], 8, 1), [v(128.0, 48.0), v(128.0, 64.0), v(136.0, 48.0), v(136.0, 64.0)]);
    // `solid = false` on the layer empties the tiles that do not say otherwise themselves:
    // only the ground (solid by its own property) is left.
    let quiet = json.replacen(r#""name": "Ground", "type": "tilelayer","#, r#""name": "Ground", "type": "tilelayer", "properties": [ { "name": "solid", "type": "bool", "value": false } ],"#, 1);
    let level = tiled::load_tmj_str(&quiet, no_files).expect("loads");
    let ground: Vec<&LevelMap> = level.maps.iter().filter(|m| m.layer == "Ground").collect();
    assert_eq!(ground.len(), 1);
    assert!(
        ground[0].map.ids().all(|id| id == 0 || id == 1)
            && (ground[0].map.origin(), ground[0].map.height()) == (v(0.0, 64.0), 2)
    );
}

#[test]
fn objects_of_every_kind_become_their_shapes() {
    let level = level_tmx();
    let by_name = |name: &str| level.objects.iter().find(|o| o.name == name).unwrap_or_else(|| panic!("{name}"));
    let shape = |name: &str| {
        let o = by_name(name);
        assert_eq!(o.shapes.len(), 1, "{name}");
        o.shapes[0].clone()
    };

    let crate_box = by_name("box");
    assert_eq!((crate_box.layer.as_str(), crate_box.id, crate_box.class.as_str()), ("Objects", 1, "crate"));
    assert_eq!(crate_box.kind, ObjectKind::Rectangle);
    let Shape::Aabb(b) = &crate_box.shapes[0] else { panic!("an Aabb") };
    assert_eq!((b.min(), b.max()), (v(16.0, 16.0), v(48.0, 32.0)));
    let p = &crate_box.properties;
    assert_eq!(p.get("health"), Some(&Property::Int(3)));
    assert_eq!(p.get("label"), Some(&Property::String("wooden".into())));
    assert_eq!(p.get("heavy"), Some(&Property::Bool(true)));
    assert_eq!(p.get("weight"), Some(&Property::Float(2.5)));

    // Turned a quarter clockwise on screen about its top-left corner (100, 20): it hangs down
    // and to the left of it.
    let Shape::Obb(turned) = shape("turned") else { panic!("an Obb") };
    assert!(close(turned.center(), v(95.0, 30.0)) && turned.half_extents() == v(10.0, 5.0));
    let (lo, hi) = (turned.aabb().min(), turned.aabb().max());
    assert!(close(lo, v(90.0, 20.0)) && close(hi, v(100.0, 40.0)), "{lo} {hi}");

    let Shape::Circle(coin) = shape("coin") else { panic!("a circle") };
    assert_eq!((coin.center(), coin.radius()), (v(64.0, 14.0), 4.0));
    let Shape::ConvexPolygon(oval) = shape("oval") else { panic!("a polygon") };
    assert_eq!(oval.vertices().len(), 32);
    assert!(close(oval.aabb().min(), v(70.0, 10.0)) && close(oval.aabb().max(), v(86.0, 18.0)));

    let Shape::ConvexPolygon(tri) = shape("tri") else { panic!("convex") };
    assert_eq!(tri.area(), 128.0);
    let Shape::Polygon(ell) = shape("ell") else { panic!("concave: a Polygon") };
    assert_eq!(ell.area(), 300.0);
    assert_eq!(by_name("ell").kind, ObjectKind::Polygon);

    let rail = by_name("rail");
    let segments: Vec<(Vec2, Vec2)> = rail
        .shapes
        .iter()
        .map(|s| match s {
            Shape::Segment(s) => (s.a(), s.b()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(segments, [(v(10.0, 80.0), v(40.0, 80.0)), (v(40.0, 80.0), v(40.0, 90.0))]);

    assert_eq!(shape("spawn"), Shape::Point(v(24.0, 56.0)));
    let Shape::Capsule(pill) = shape("pill") else { panic!("a capsule") };
    assert_eq!((pill.a(), pill.b(), pill.radius()), (v(44.0, 64.0), v(56.0, 64.0), 4.0));
    let Shape::Aabb(sign) = shape("sign") else { panic!("a box") };
    assert_eq!((by_name("sign").kind, sign.max()), (ObjectKind::Text, v(40.0, 12.0)));
    // A tile object's position is its bottom-left corner.
    let Shape::Aabb(tile) = shape("tileobj") else { panic!("a box") };
    assert_eq!((by_name("tileobj").kind, tile.min(), tile.max()), (ObjectKind::Tile, v(64.0, 32.0), v(80.0, 48.0)));
    // In a group offset by (32, 0).
    let flag = by_name("flag");
    assert_eq!(
        (flag.layer.as_str(), flag.class.as_str(), flag.shapes[0].clone()),
        ("Details/Markers", "marker", Shape::Point(v(32.0, 0.0)))
    );
}

#[test]
fn tmj_gives_the_level_tmx_gives() {
    let tmj = tiled::load_tmj(maps_dir().join("level.tmj")).expect("level.tmj loads");
    assert_eq!(tmj, level_tmx());
    let infinite_tmx = tiled::load_tmx(maps_dir().join("infinite.tmx")).expect("infinite.tmx loads");
    assert_eq!(tiled::load_tmj(maps_dir().join("infinite.tmj")).expect("infinite.tmj loads"), infinite_tmx);
    let external_tmx = tiled::load_tmx(maps_dir().join("external.tmx")).expect("external.tmx loads");
    let external_tmj = tiled::load_tmj(maps_dir().join("external.tmj")).expect("external.tmj loads");
    assert_eq!(external_tmj.maps, external_tmx.maps);
}

#[test]
fn an_infinite_map_reads_its_chunks_left_of_the_origin_too() {
    let level = tiled::load_tmx(maps_dir().join("infinite.tmx")).expect("loads");
    let [ground] = &level.maps[..] else { panic!("one map: {:?}", level.maps) };
    // Tiles at cells (-1, 2), (0, 2), (1, 2) and (16, 16): the grid from (-1, 2) on.
    assert_eq!((ground.map.origin(), ground.map.width(), ground.map.height()), (v(-16.0, 32.0), 18, 15));
    let placed: Vec<(u32, u32)> =
        (0..15).flat_map(|r| (0..18).map(move |c| (c, r))).filter(|(c, r)| ground.map.id(*c, *r) != Some(0)).collect();
    assert_eq!(placed, [(0, 0), (1, 0), (2, 0), (17, 14)]);
}

#[test]
fn external_tilesets_and_templates_are_read_beside_the_map() {
    let level = tiled::load_tmx(maps_dir().join("external.tmx")).expect("loads");
    let [props] = &level.maps[..] else { panic!("one map") };
    // A collection of images whose tiles are 0 (a diamond) and 5 (solid): gids 1 and 6.
    assert_eq!(props.map.ids().collect::<Vec<_>>(), [1, 6, 0, 0, 0, 0, 0, 1]);
    assert_eq!(outline(props, 0, 0), [v(0.0, 8.0), v(8.0, 0.0), v(8.0, 16.0), v(16.0, 8.0)]);
    assert_eq!(props.map.tiles().shape(6), Some(&TileShape::Solid));
    // The object takes its name, class and size from its template.
    let [crate_box] = &level.objects[..] else { panic!("one object") };
    assert_eq!((crate_box.name.as_str(), crate_box.class.as_str()), ("crate", "box"));
    let Shape::Aabb(b) = &crate_box.shapes[0] else { panic!("a box") };
    assert_eq!((b.min(), b.max()), (v(8.0, 4.0), v(24.0, 20.0)));

    // A .tmj may name a .tsx tileset; a reader closure serves the files.
    let json =
        std::fs::read_to_string(maps_dir().join("external.tmj")).expect("reads").replace("props.tsj", "props.tsx");
    let mine = tiled::load_tmj_str(&json, files_in(maps_dir())).expect("loads");
    assert_eq!(mine.maps, level.maps);
    let mut asked = Vec::new();
    let xml = std::fs::read_to_string(maps_dir().join("external.tmx")).expect("reads");
    tiled::load_tmx_str(&xml, |p: &Path| {
        asked.push(p.to_path_buf());
        std::fs::read(maps_dir().join(p))
    })
    .expect("loads");
    assert_eq!(asked, [PathBuf::from("props.tsx"), PathBuf::from("crate.tx")]);
}

#[test]
fn queries_on_a_loaded_map_meet_its_floor_slope_and_platforms() {
    let level = level_tmx();
    let ground = &level.maps[1];
    // A ball sunk 3 pixels into the floor (top at y = 64), over a seam between two cells.
    let ball = Circle::new(v(32.0, 57.0), 10.0).expect("ball");
    let c = contact(&ground.map, &ball).expect("it overlaps the floor");
    assert_eq!((c.normal, c.depth), (v(0.0, -1.0), 3.0));
    // A ray straight down onto the slope (cell (4, 3): from (64, 64) up to (80, 48)).
    let ray = Ray::new(v(68.0, 0.0), v(0.0, 1.0)).expect("ray");
    let hit = cast_ray(&ground.map, &ray, 1000.0).expect("hits the slope");
    assert!(close(hit.point, v(68.0, 60.0)), "{:?}", hit.point);
    assert!(close(hit.normal, v(-1.0, -1.0).normalize()), "{:?}", hit.normal);
    // The post (an ellipse tile at cell (2, 2)) is hit on its top.
    let ray = Ray::new(v(40.0, 0.0), v(0.0, 1.0)).expect("ray");
    assert!(close(cast_ray(&ground.map, &ray, 1000.0).expect("hits the post").point, v(40.0, 36.0)));

    // In a world, the platforms are one-way: landed on from above, passed from below.
    let mut world: World = World::new();
    for map in &level.maps {
        map.insert_into(&mut world, ()).expect("inserts");
    }
    let any = QueryFilter::default();
    let above = Circle::new(v(104.0, 0.0), 4.0).expect("ball");
    let (_, hit) = world.cast_shape(&above, v(0.0, 40.0), 1.0, &any).expect("lands on the platform");
    assert!((hit.time - 0.3).abs() < 1e-5 && close(hit.normal, v(0.0, -1.0)), "{hit:?}");
    let below = Circle::new(v(104.0, 40.0), 4.0).expect("ball");
    assert!(world.cast_shape(&below, v(0.0, -40.0), 1.0, &any).is_none(), "passes up through it");
}

fn refusal(file: &str) -> String {
    let path = maps_dir().join("broken").join(file);
    let result = if file.ends_with(".tmx") { tiled::load_tmx(&path) } else { tiled::load_tmj(&path) };
    result.expect_err(file).to_string()
}

#[test]
fn refusals_name_the_file_layer_and_tile() {
    let cases = [
        ("isometric.tmx", &["isometric.tmx", "isometric maps are not supported"][..]),
        ("zstd.tmx", &["layer \"Back/Far\"", "zstd"]),
        ("concave_tile.tmx", &["layer \"Ground\", cell (1, 0), gid 2", "tile 1 of tileset \"notched\"", "concave"]),
        ("bad_one_way.tmx", &["layer \"Ledges\"", "one_way is \"sideways\""]),
        ("two_shapes.tmj", &["layer \"Stairs\", cell (1, 0)", "tile 0 of tileset \"steps\"", "2 collision shapes"]),
        ("unknown_gid.tmj", &["layer \"Ground\", cell (2, 0), gid 9", "has no tile 8"]),
        ("big_tile.tmj", &["layer \"Rocks\"", "32×32 differs from the map's cells, 16×16"]),
    ];
    for (file, words) in cases {
        let message = refusal(file);
        for word in words {
            assert!(message.contains(word), "{file}: {message:?} lacks {word:?}");
        }
    }
}

#[test]
fn refusals_of_what_the_files_above_do_not_show() {
    let xml = std::fs::read_to_string(maps_dir().join("external.tmx")).expect("reads");
    // A collection of images has only the ids it lists: gid 3 is tile 2, which it lacks.
    let gap = xml.replace("0,0,0,1\n", "0,0,0,3\n");
    let e = tiled::load_tmx_str(&gap, files_in(maps_dir())).expect_err("tile 2 is not in the collection");
    assert!(e.to_string().contains("layer \"Props\", cell (3, 1), gid 3"), "{e}");
    // An id below every tileset's first.
    let below = xml.replace(r#"firstgid="1""#, r#"firstgid="2""#);
    let e = tiled::load_tmx_str(&below, files_in(maps_dir())).expect_err("gid 1 is no tile's");
    assert!(e.to_string().contains("cell (0, 0), gid 1: unknown gid 1: no tileset has it"), "{e}");
    // An external tileset that cannot be read.
    let e = tiled::load_tmx_str(&xml, no_files).expect_err("no files");
    assert!(matches!(&e, LoadError::Read { path, .. } if path == Path::new("props.tsx")), "{e:?}");
    // A shape the object's constructor refuses: a polygon on one line.
    let json = std::fs::read_to_string(maps_dir().join("level.tmj")).expect("reads");
    let flat =
        json.replace(r#"{ "x": 16, "y": 0 }, { "x": 0, "y": 16 }"#, r#"{ "x": 16, "y": 0 }, { "x": 32, "y": 0 }"#);
    let e = tiled::load_tmj_str(&flat, no_files).expect_err("a flat polygon");
    assert!(matches!(&e, LoadError::Shape { place, .. } if place == "layer \"Objects\", object 5 \"tri\""), "{e:?}");
    // Tile data of the wrong length, an unknown layer type, a template, and not JSON at all.
    let short = json.replace("1,1,1,1,1,1,1,1,1,1] }", "1,1,1,1,1,1,1,1,1] }");
    assert!(tiled::load_tmj_str(&short, no_files)
        .expect_err("short")
        .to_string()
        .contains("59 tile ids for 10 × 6 cells"));
    let odd = json.replace(r#""type": "group""#, r#""type": "mystery""#);
    assert!(tiled::load_tmj_str(&odd, no_files)
        .expect_err("odd")
        .to_string()
        .contains("layer \"Details\": unknown layer type"));
    let templated = json.replace(r#""name": "spawn","#, r#""name": "spawn", "template": "spawn.tj","#);
    let e = tiled::load_tmj_str(&templated, no_files).expect_err("template").to_string();
    assert!(e.contains("object 8 \"spawn\"") && e.contains("templates are not supported"), "{e}");
    assert!(matches!(tiled::load_tmj_str("{ nope", no_files), Err(LoadError::Parse { .. })));
    assert!(matches!(tiled::load_tmj(maps_dir().join("absent.tmj")), Err(LoadError::Read { .. })));
}

/// Every map here, as text, with the loader it goes to.
fn inputs() -> Vec<(&'static str, String)> {
    ["level.tmx", "level.tmj", "infinite.tmx", "infinite.tmj", "external.tmx", "external.tmj"]
        .into_iter()
        .map(|f| (f, std::fs::read_to_string(maps_dir().join(f)).expect("reads")))
        .collect()
}

fn load_any(name: &str, text: &str) -> Result<TiledLevel, LoadError> {
    if name.ends_with(".tmx") {
        tiled::load_tmx_str(text, files_in(maps_dir()))
    } else {
        tiled::load_tmj_str(text, files_in(maps_dir()))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Truncated and garbled maps load or are refused; nothing panics.
    #[test]
    fn garbled_maps_give_errors_not_panics(
        which in 0usize..6,
        cut in 0.0f64..=1.0,
        edits in prop::collection::vec((0.0f64..1.0, any::<u8>()), 0..6),
    ) {
        let files = inputs();
        let (name, text) = &files[which];
        let text = garbled(text.as_bytes().to_vec(), cut, &edits, b"0123456789-.,\"<>/{}[]: e");
        let _ = load_any(name, &text);
    }
}
