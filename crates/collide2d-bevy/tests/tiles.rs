//! Level files as colliders: a Tiled map (its tileset in a file of its own) loaded through the
//! asset server from `assets/maps/`, turned y up under a level entity, against the mover and the
//! collision messages.

use std::time::Duration;

use bevy_app::prelude::*;
use bevy_asset::{AssetPlugin, AssetServer, Handle};
use bevy_ecs::prelude::*;
use bevy_ecs::system::RunSystemOnce;
use bevy_internal::MinimalPlugins;
use bevy_math::Vec2;
use bevy_transform::prelude::*;
use collide2d::world::MoveOptions;
use collide2d_bevy::*;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        AssetPlugin::default(),
        Collide2dPlugin::default(),
        TileLevelPlugin::default(),
    ));
    app
}

fn at(x: f32, y: f32) -> Transform {
    Transform::from_xyz(x, y, 0.0)
}

/// The level entity of `path` at `(10, 20)`, once its colliders are in the world; and its
/// layers' entities.
fn load(app: &mut App, path: &str) -> (Entity, Vec<Entity>) {
    let handle: Handle<TileLevel> = app.world().resource::<AssetServer>().load(path.to_string());
    let level = app.world_mut().spawn((TileLevelCollider::new(handle), at(10.0, 20.0))).id();
    for _ in 0..1000 {
        app.update();
        let layers: Vec<Entity> =
            app.world_mut().query_filtered::<Entity, With<TileLayerCollider>>().iter(app.world()).collect();
        if !layers.is_empty() {
            app.update(); // placed under the level and in the collision world
            return (level, layers);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("{path} did not load");
}

fn step(app: &mut App, player: Entity, motion: Vec2) -> Moved {
    let moved = app
        .world_mut()
        .run_system_once(move |mut m: Mover| m.move_and_slide(player, motion, &MoveOptions::default()))
        .unwrap()
        .unwrap();
    app.update();
    moved
}

#[test]
fn a_character_lands_on_a_loaded_map_walks_across_its_seams_to_the_wall_and_jumps_up_through_the_one_way_platform() {
    let mut app = app();
    let (level, layers) = load(&mut app, "maps/ground.tmx");
    // Layer "Ground": its solid tiles and its one-way platform, children of the level.
    assert_eq!(layers.len(), 2);
    for layer in &layers {
        assert_eq!(app.world().get::<ChildOf>(*layer).map(|c| c.parent()), Some(level));
        assert_eq!(app.world().get::<TileLayerCollider>(*layer).unwrap().layer, "Ground");
    }
    let one_way: Vec<Vec2> = layers.iter().filter_map(|l| app.world().get::<OneWay>(*l)).map(|o| o.0).collect();
    assert_eq!(one_way, vec![Vec2::Y], "Tiled's `up` is landed on from above, y up too");

    // The level's top-left corner is at (10, 20); the floor's top (y = 96 in the file) at -76.
    let player = app.world_mut().spawn((Collider::rectangle(10.0, 20.0).unwrap(), at(40.0, -30.0))).id();
    app.update();
    let mut landed = None;
    for _ in 0..20 {
        let fall = step(&mut app, player, Vec2::new(0.0, -8.0));
        if fall.on_floor {
            landed = fall.floor;
            break;
        }
    }
    let (floor, normal) = landed.expect("it lands");
    assert!(layers.contains(&floor) && (normal - Vec2::Y).length() < 1e-5, "{floor} {normal}");
    let y = app.world().get::<Transform>(player).unwrap().translation.y;
    assert!((y - (-76.0 + 10.0)).abs() < 0.02, "{y}");

    // Walking right over 16 cells' seams: every step goes its whole way, at the same height,
    // until the wall (column 19, from x = 10 + 304) stops it.
    let mut x = 40.0;
    while x + 5.0 + 4.0 < 314.0 - 0.02 {
        let walk = step(&mut app, player, Vec2::new(4.0, -1.0));
        assert!(walk.on_floor && walk.wall.is_none(), "snagged at x = {x}: {walk:?}");
        assert!((walk.moved.x - 4.0).abs() < 1e-3, "snagged at x = {x}: {walk:?}");
        let t = app.world().get::<Transform>(player).unwrap().translation;
        assert!((t.y - y).abs() < 1e-3, "{t}");
        x = t.x;
    }
    for _ in 0..3 {
        step(&mut app, player, Vec2::new(4.0, -1.0));
    }
    let wall = step(&mut app, player, Vec2::new(4.0, -1.0));
    assert_eq!(wall.wall, Some(Vec2::NEG_X), "{wall:?}");
    let t = app.world().get::<Transform>(player).unwrap().translation;
    assert!((t.x - (314.0 - 5.0)).abs() < 0.02, "{t}");

    // Under the one-way platform (columns 8 to 11: x from 138 to 202, its top at 20 - 48 = -28):
    // up through it from below, then down onto it.
    app.world_mut().entity_mut(player).insert(at(170.0, y));
    app.update();
    let jump = step(&mut app, player, Vec2::new(0.0, 50.0));
    assert!((jump.moved.y - 50.0).abs() < 1e-3, "the platform lets it through from below: {jump:?}");
    let fall = step(&mut app, player, Vec2::new(0.0, -20.0));
    assert!(fall.on_floor, "{fall:?}");
    let top = app.world().get::<Transform>(player).unwrap().translation.y - 10.0;
    assert!((top - (-28.0)).abs() < 0.02, "it stands on the platform's top: {top}");
}

#[test]
fn a_ball_dropped_on_a_loaded_map_starts_a_collision_with_its_layer() {
    let mut app = app();
    let (_, layers) = load(&mut app, "maps/ground.tmx");
    let ball = app.world_mut().spawn((Collider::circle(4.0).unwrap(), at(60.0, -40.0))).id();
    app.update();
    app.world_mut().resource_mut::<Messages<CollisionStarted>>().clear();
    let mut hit = None;
    for i in 1..40 {
        app.world_mut().entity_mut(ball).insert(at(60.0, -40.0 - 3.0 * i as f32));
        app.update();
        let started: Vec<CollisionStarted> =
            app.world_mut().resource_mut::<Messages<CollisionStarted>>().drain().collect();
        if let Some(m) = started.first() {
            hit = Some((i, *m));
            break;
        }
    }
    let (i, started) = hit.expect("the ball meets the floor");
    // Falling 3 a frame: its bottom (y - 4) passes the floor's top at -76 at y = -73, 1 deep.
    assert_eq!(i, 11);
    let (map, up) = if started.a == ball { (started.b, Vec2::NEG_Y) } else { (started.a, Vec2::Y) };
    assert!(layers.contains(&map));
    assert!(app.world().get::<OneWay>(map).is_none(), "the floor, not the platform");
    let contact = started.contact.expect("solid colliders get a contact");
    assert!((contact.normal - up).length() < 1e-5 && (contact.depth - 1.0).abs() < 1e-4, "{contact:?}");
}
