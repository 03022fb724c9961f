//! The plugin in an `App` with `MinimalPlugins` and transform propagation, stepped by
//! `App::update()`: messages when entities meet and part (despawned, re-parented, scaled),
//! layers and sensors, the scene queries and the mover, against answers worked out by hand.

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ecs::system::RunSystemOnce;
use bevy_internal::MinimalPlugins;
use bevy_math::{Quat, Vec2, Vec3};
use bevy_transform::prelude::*;
use collide2d::world::MoveOptions;
use collide2d::Circle;
use collide2d_bevy::*;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, Collide2dPlugin::default()));
    app
}

/// Pairs of entities, each in order.
type Pairs = Vec<(Entity, Entity)>;

/// The pairs started and ended since the last call, both lists sorted.
fn drain(app: &mut App) -> (Pairs, Pairs) {
    let world = app.world_mut();
    let mut started: Vec<_> =
        world.resource_mut::<Messages<CollisionStarted>>().drain().map(|m| pair(m.a, m.b)).collect();
    let mut ended: Vec<_> = world.resource_mut::<Messages<CollisionEnded>>().drain().map(|m| pair(m.a, m.b)).collect();
    started.sort();
    ended.sort();
    (started, ended)
}

fn pair(a: Entity, b: Entity) -> (Entity, Entity) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

fn at(x: f32, y: f32) -> Transform {
    Transform::from_xyz(x, y, 0.0)
}

#[test]
fn entities_meet_and_part_with_the_contact_and_after_a_despawn() {
    let mut app = app();
    let floor = app.world_mut().spawn((Collider::rectangle(20.0, 2.0).unwrap(), at(0.0, -1.0))).id();
    let ball = app.world_mut().spawn((Collider::circle(0.5).unwrap(), at(0.0, 5.0))).id();
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
    app.world_mut().entity_mut(ball).insert(at(0.0, 0.4));
    app.update();
    let messages: Vec<CollisionStarted> =
        app.world_mut().resource_mut::<Messages<CollisionStarted>>().drain().collect();
    assert_eq!(messages.len(), 1);
    let contact = messages[0].contact.expect("solid colliders get a contact");
    assert!((contact.depth - 0.1).abs() < 1e-5, "{contact:?}");
    // The normal points from a to b: up from the floor, or down from the ball.
    let up = if messages[0].a == floor { Vec2::Y } else { Vec2::NEG_Y };
    assert!((contact.normal - up).length() < 1e-5, "{contact:?}");
    let touching = app.world_mut().run_system_once(move |c: Collisions| c.touching(ball)).unwrap();
    assert_eq!(touching, vec![floor]);
    // Still touching: no new message.
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
    app.world_mut().despawn(ball);
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![pair(floor, ball)]));
    // Taking the component away ends pairs the same way.
    let crate_ = app.world_mut().spawn((Collider::rectangle(1.0, 1.0).unwrap(), at(0.0, 0.4))).id();
    app.update();
    assert_eq!(drain(&mut app), (vec![pair(floor, crate_)], vec![]));
    app.world_mut().entity_mut(crate_).remove::<Collider>();
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![pair(floor, crate_)]));
}

#[test]
fn colliders_follow_their_parents_rotation_and_scale() {
    let mut app = app();
    let wall = app.world_mut().spawn((Collider::rectangle(1.0, 10.0).unwrap(), at(10.0, 0.0))).id();
    let arm = app.world_mut().spawn(at(0.0, 0.0)).id();
    // A unit box 4 along the arm: its far side at 4.5, the wall's near side at 9.5.
    let fist = app.world_mut().spawn((Collider::rectangle(1.0, 1.0).unwrap(), at(4.0, 0.0), ChildOf(arm))).id();
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
    // The arm doubles its scale: the fist goes to 8 and spans 7 to 9, short of the wall.
    app.world_mut().entity_mut(arm).insert(Transform::from_scale(Vec3::splat(2.0)));
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
    // Moved 1 right as well: it spans 8 to 10 and meets the wall.
    app.world_mut().entity_mut(arm).insert(Transform::from_xyz(1.0, 0.0, 0.0).with_scale(Vec3::splat(2.0)));
    app.update();
    assert_eq!(drain(&mut app), (vec![pair(wall, fist)], vec![]));
    // Turned a quarter about z, the fist points up, away from the wall.
    let turned =
        Transform::from_xyz(1.0, 0.0, 0.0).with_scale(Vec3::splat(2.0)).with_rotation(Quat::from_rotation_z(1.5707964));
    app.world_mut().entity_mut(arm).insert(turned);
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![pair(wall, fist)]));
    // Re-parented to the wall, 0.5 left of its centre, it overlaps it again.
    app.world_mut().entity_mut(fist).insert((ChildOf(wall), at(-0.5, 0.0)));
    app.update();
    assert_eq!(drain(&mut app), (vec![pair(wall, fist)], vec![]));
}

#[test]
fn layers_decide_which_pairs_meet_and_sensors_meet_without_a_contact() {
    const PLAYER: u32 = 1;
    const ENEMY: u32 = 2;
    const PICKUP: u32 = 4;
    let mut app = app();
    let unit = || Collider::rectangle(1.0, 1.0).unwrap();
    let player = app.world_mut().spawn((unit(), at(0.0, 0.0), CollisionLayers::new(PLAYER, ENEMY | PICKUP))).id();
    let enemy = app.world_mut().spawn((unit(), at(0.5, 0.0), CollisionLayers::new(ENEMY, PLAYER))).id();
    let other = app.world_mut().spawn((unit(), at(-0.5, 0.0), CollisionLayers::new(ENEMY, PLAYER))).id();
    let coin = app
        .world_mut()
        .spawn((Collider::circle(0.2).unwrap(), at(0.0, 0.6), CollisionLayers::new(PICKUP, PLAYER), Sensor))
        .id();
    app.update();
    let messages: Vec<CollisionStarted> =
        app.world_mut().resource_mut::<Messages<CollisionStarted>>().drain().collect();
    let mut found: Vec<_> = messages.iter().map(|m| (pair(m.a, m.b), m.contact.is_none())).collect();
    found.sort();
    let mut expected = vec![(pair(player, enemy), false), (pair(player, other), false), (pair(player, coin), true)];
    expected.sort();
    assert_eq!(found, expected); // the enemies overlap, but neither collides with enemies
                                 // The enemy changes its layers: its pair with the player ends.
    app.world_mut().entity_mut(enemy).insert(CollisionLayers::new(ENEMY, ENEMY));
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![pair(player, enemy)]));
    // Without its layers it collides with everything again: the player, the other enemy, and
    // the coin, whose corner it reaches (the coin spans y 0.4 to 0.8 over the enemy's 0.5).
    app.world_mut().entity_mut(enemy).remove::<CollisionLayers>();
    app.update();
    let mut all = vec![pair(player, enemy), pair(enemy, other), pair(enemy, coin)];
    all.sort();
    assert_eq!(drain(&mut app), (all, vec![]));
    // The coin stops being a sensor: its pair goes on, now with a contact.
    app.world_mut().entity_mut(coin).remove::<Sensor>();
    app.update();
    let contact = app.world_mut().run_system_once(move |c: Collisions| c.contact(player, coin)).unwrap();
    assert!(contact.is_some_and(|c| (c.depth - 0.1).abs() < 1e-5), "{contact:?}");
}

#[test]
fn scene_queries_name_entities_nearest_first_and_honour_the_filter() {
    let mut app = app();
    let near = app.world_mut().spawn((Collider::rectangle(1.0, 2.0).unwrap(), at(3.5, 0.0))).id();
    let far = app
        .world_mut()
        .spawn((Collider::rectangle(1.0, 2.0).unwrap(), at(8.5, 0.0), CollisionLayers::new(2, u32::MAX)))
        .id();
    let ghost = app.world_mut().spawn((Collider::rectangle(1.0, 2.0).unwrap(), at(1.5, 0.0), Sensor)).id();
    app.update();
    let answers = app
        .world_mut()
        .run_system_once(move |c: Collisions| {
            let all = SceneFilter::default();
            let first = c.cast_ray(Vec2::ZERO, Vec2::X, 100.0, &all).map(|(e, hit)| (e, hit.distance));
            let every: Vec<_> = c
                .cast_ray_all(Vec2::ZERO, Vec2::X, 100.0, &SceneFilter { sensors: true, ..all.clone() })
                .iter()
                .map(|(e, _)| *e)
                .collect();
            let past_near = c.cast_ray(Vec2::ZERO, Vec2::X, 100.0, &SceneFilter::ignoring(near)).map(|(e, _)| e);
            let layer_one = SceneFilter { layers: CollisionLayers::new(1, 1), ignore: vec![near], sensors: false };
            let none = c.cast_ray(Vec2::ZERO, Vec2::X, 100.0, &layer_one);
            let ball = Circle::new(Vec2::ZERO, 0.5).unwrap();
            let cast = c.cast_shape(&ball, Vec2::new(10.0, 0.0), 1.0, &all).map(|(e, hit)| (e, hit.time));
            let at_point = c.entities_at_point(Vec2::new(8.5, 0.5));
            let mut overlapping =
                c.entities_overlapping(&collide2d::Segment::new(Vec2::ZERO, Vec2::new(3.5, 0.0)).unwrap());
            overlapping.sort();
            (first, every, past_near, none, cast, at_point, overlapping)
        })
        .unwrap();
    let (first, every, past_near, none, cast, at_point, overlapping) = answers;
    assert_eq!(first, Some((near, 3.0)));
    assert_eq!(every, vec![ghost, near, far]);
    assert_eq!(past_near, Some(far));
    assert_eq!(none, None); // far is on layer 2 only
    let (hit, time) = cast.expect("the disc hits the near box");
    assert!(hit == near && (time - 0.25).abs() < 1e-5, "{cast:?}");
    assert_eq!(at_point, vec![far]);
    let mut expected = vec![ghost, near];
    expected.sort();
    assert_eq!(overlapping, expected);
}

#[test]
fn the_mover_lands_a_character_walks_it_into_a_crate_and_writes_its_transform() {
    let mut app = app();
    let floor = app.world_mut().spawn((Collider::rectangle(20.0, 2.0).unwrap(), at(0.0, -1.0))).id();
    let crate_ = app.world_mut().spawn((Collider::rectangle(1.0, 1.0).unwrap(), at(3.0, 0.5))).id();
    let player = app.world_mut().spawn((Collider::rectangle(0.8, 1.8).unwrap(), at(0.0, 3.0))).id();
    app.update();
    let fall = app
        .world_mut()
        .run_system_once(move |mut m: Mover| m.move_and_slide(player, Vec2::new(0.0, -5.0), &MoveOptions::default()))
        .unwrap()
        .unwrap();
    assert!(fall.on_floor && fall.floor.map(|(e, _)| e) == Some(floor), "{fall:?}");
    let y = app.world().get::<Transform>(player).unwrap().translation.y;
    assert!((y - 0.91).abs() < 1e-3, "{y}");
    let walk = app
        .world_mut()
        .run_system_once(move |mut m: Mover| m.move_and_slide(player, Vec2::new(5.0, 0.0), &MoveOptions::default()))
        .unwrap()
        .unwrap();
    assert!(walk.wall.is_some() && walk.touched.iter().any(|(e, _)| *e == crate_), "{walk:?}");
    let x = app.world().get::<Transform>(player).unwrap().translation.x;
    assert!((x - 2.09).abs() < 1e-3, "{x}");
    // The world agrees at once: a ray from the left meets the player at its new left side.
    app.update();
    let hit = app
        .world_mut()
        .run_system_once(|c: Collisions| c.cast_ray(Vec2::new(-5.0, 1.0), Vec2::X, 100.0, &SceneFilter::default()))
        .unwrap();
    assert!(hit.is_some_and(|(e, h)| e == player && (h.distance - 6.69).abs() < 1e-3), "{hit:?}");
    // An entity without a collider is refused, not moved.
    let bare = app.world_mut().spawn(at(0.0, 0.0)).id();
    let refused = app
        .world_mut()
        .run_system_once(move |mut m: Mover| m.move_and_slide(bare, Vec2::X, &MoveOptions::default()))
        .unwrap();
    assert!(matches!(refused, Err(MoveError::NoCollider(e)) if e == bare));
}

#[test]
fn a_transform_that_cannot_place_a_collider_leaves_it_where_it_was() {
    let mut app = app();
    let disc = app.world_mut().spawn((Collider::circle(1.0).unwrap(), at(0.0, 0.0))).id();
    let probe = app.world_mut().spawn((Collider::circle(0.1).unwrap(), at(0.0, 1.05))).id();
    app.update();
    assert_eq!(drain(&mut app), (vec![pair(disc, probe)], vec![]));
    // A disc stretched unevenly would be an ellipse: refused, the disc stays as it was.
    app.world_mut().entity_mut(disc).insert(Transform::from_scale(Vec3::new(2.0, 1.0, 1.0)));
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
    // A zero scale flattens it to nothing: refused too.
    app.world_mut().entity_mut(disc).insert(Transform::from_scale(Vec3::ZERO));
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
}

#[test]
fn colliders_spawned_at_startup_are_there_for_the_first_update() {
    #[derive(Resource, Default)]
    struct Found(Vec<Entity>);
    let mut app = app();
    app.init_resource::<Found>()
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn((Collider::rectangle(2.0, 2.0).unwrap(), at(5.0, 0.0)));
        })
        .add_systems(Update, |collisions: Collisions, mut found: ResMut<Found>| {
            found.0 = collisions.entities_at_point(Vec2::new(5.5, 0.5));
        });
    app.update();
    assert_eq!(app.world().resource::<Found>().0.len(), 1);
}

#[test]
fn the_mover_tells_where_a_collider_is_after_its_moves() {
    let mut app = app();
    let player = app.world_mut().spawn((Collider::rectangle(1.0, 1.0).unwrap(), at(2.0, 3.0))).id();
    app.update();
    let (before, after) = app
        .world_mut()
        .run_system_once(move |mut m: Mover| {
            let before = m.position(player);
            m.move_and_slide(player, Vec2::new(1.5, 0.0), &MoveOptions::default()).unwrap();
            (before, m.position(player))
        })
        .unwrap();
    assert_eq!(before, Some(Vec2::new(2.0, 3.0)));
    assert_eq!(after, Some(Vec2::new(3.5, 3.0)));
}

#[test]
fn a_capsule_stands_on_the_y_axis_its_length_between_its_end_centres() {
    let capsule = Collider::capsule(0.5, 2.0).unwrap();
    let b = capsule.0.aabb();
    assert_eq!((b.min(), b.max()), (Vec2::new(-0.5, -1.5), Vec2::new(0.5, 1.5)));
}

#[test]
fn a_changed_collider_takes_its_new_shape_and_touching_names_either_side() {
    let mut app = app();
    let post = app.world_mut().spawn((Collider::rectangle(1.0, 1.0).unwrap(), at(0.0, 0.0))).id();
    let ball = app.world_mut().spawn((Collider::circle(0.5).unwrap(), at(2.0, 0.0))).id();
    app.update();
    assert_eq!(drain(&mut app), (vec![], vec![]));
    // The post grows to 4 wide: it reaches 2, under the ball.
    app.world_mut().entity_mut(post).insert(Collider::rectangle(4.0, 1.0).unwrap());
    app.update();
    assert_eq!(drain(&mut app), (vec![pair(post, ball)], vec![]));
    let (of_post, of_ball) =
        app.world_mut().run_system_once(move |c: Collisions| (c.touching(post), c.touching(ball))).unwrap();
    assert_eq!((of_post, of_ball), (vec![ball], vec![post]));
    // Every shape cast hit, soonest first: a disc from the left meets the post, then the ball.
    let hits = app
        .world_mut()
        .run_system_once(|c: Collisions| {
            let disc = Circle::new(Vec2::new(-10.0, 0.0), 0.25).unwrap();
            c.cast_shape_all(&disc, Vec2::new(20.0, 0.0), 1.0, &SceneFilter::default())
                .into_iter()
                .map(|(e, _)| e)
                .collect::<Vec<_>>()
        })
        .unwrap();
    assert_eq!(hits, vec![post, ball]);
}
