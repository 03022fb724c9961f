//! Moving platforms under the plugin's `Mover`: a system moves a platform through its
//! `Transform` in `Update`, a later one moves the character with the `Mover`, and the character
//! rides the platform up, down and sideways without sinking into it or dropping off it (no
//! collision message between them, at the end of any frame), a belt never pushes it into a
//! wall, and a forgotten floor carries nothing. The library's moving-platform scenarios
//! (crates/collide2d/tests/common/controller_suite.rs), ported; 60 frames a second, gravity 20.

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ecs::system::RunSystemOnce;
use bevy_internal::MinimalPlugins;
use bevy_math::Vec2;
use bevy_transform::prelude::*;
use collide2d::world::MoveOptions;
use collide2d_bevy::*;

const DT: f32 = 1.0 / 60.0;
const GRAVITY: f32 = 20.0;
const SKIN: f32 = 0.01;

/// Where the platform goes at each frame (its top's centre), by the frame's number from 1. The
/// routes below are still for the first two frames (the character lands in the first);
/// `a_platform_moving_from_the_first_frame_carries_the_character_from_the_second` has one that
/// is not.
#[derive(Resource)]
struct Route(fn(u32) -> Vec2);

/// The scene's entities, the frame's number, and what the character's last move did.
#[derive(Resource)]
struct Scene {
    platform: Entity,
    player: Entity,
    frame: u32,
    fall: f32,
    last: Moved,
}

/// A platform 6 wide and 0.5 thick, its top's centre at `top`.
fn platform_at(top: Vec2) -> Transform {
    Transform::from_xyz(top.x, top.y - 0.25, 0.0)
}

fn move_platform(route: Res<Route>, mut scene: ResMut<Scene>, mut transforms: Query<&mut Transform>) {
    scene.frame += 1;
    *transforms.get_mut(scene.platform).expect("the platform") = platform_at((route.0)(scene.frame));
}

fn move_player(mut mover: Mover, mut scene: ResMut<Scene>) {
    if scene.last.on_floor {
        scene.fall = 0.0;
    }
    scene.fall -= GRAVITY * DT;
    let options =
        MoveOptions { step_height: 0.4, snap_distance: 0.5, max_slope: 50f32.to_radians(), ..MoveOptions::default() };
    let player = scene.player;
    scene.last = mover.move_and_slide(player, Vec2::new(0.0, scene.fall * DT), &options).expect("the move");
}

/// An app with a platform following `route`, a character (a capsule 1.8 tall and 0.8 wide or
/// a box of that size) standing 0.01 above it, and the two systems, the platform's first.
fn app(boxy: bool, route: fn(u32) -> Vec2) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, Collide2dPlugin::default()))
        .add_systems(Update, (move_platform, move_player).chain());
    let start = route(0);
    let world = app.world_mut();
    let platform = world.spawn((Collider::rectangle(6.0, 0.5).unwrap(), platform_at(start))).id();
    let body = if boxy { Collider::rectangle(0.8, 1.8) } else { Collider::capsule(0.4, 1.0) };
    let player = world.spawn((body.unwrap(), Transform::from_xyz(start.x, start.y + 0.91, 0.0))).id();
    world.insert_resource(Route(route));
    world.insert_resource(Scene { platform, player, frame: 0, fall: 0.0, last: Moved::default() });
    app
}

/// The character's bottom and centre x, by its `Transform`.
fn feet(app: &App) -> Vec2 {
    let scene = app.world().resource::<Scene>();
    let at = app.world().get::<Transform>(scene.player).unwrap().translation;
    Vec2::new(at.x, at.y - 0.9)
}

/// Whether a collision between the character and `other` started since the last call.
fn started_with(app: &mut App, other: Entity) -> bool {
    let player = app.world().resource::<Scene>().player;
    let mut messages = app.world_mut().resource_mut::<Messages<CollisionStarted>>();
    let met = messages.drain().any(|m| [m.a, m.b] == [player, other] || [m.a, m.b] == [other, player]);
    met
}

/// Still for two frames; then up and down at 2 units/s, turning every second, for 10 s; then
/// sideways at 5 units/s.
fn lift(frame: u32) -> Vec2 {
    let moved = frame.saturating_sub(2);
    let height = (0..moved.min(600)).map(|k| if (k / 60) % 2 == 0 { 2.0 * DT } else { -2.0 * DT }).sum();
    Vec2::new(moved.saturating_sub(600) as f32 * 5.0 * DT, height)
}

#[test]
fn a_lift_carries_the_character_up_down_and_sideways_without_sinking_or_dropping_it() {
    for boxy in [false, true] {
        let mut app = app(boxy, lift);
        let platform = app.world().resource::<Scene>().platform;
        for frame in 1..=722 {
            app.update();
            let (at, last) = (lift(frame), app.world().resource::<Scene>().last.clone());
            let gap = feet(&app).y - at.y;
            assert!(last.on_floor, "boxy {boxy}, frame {frame}: off the lift, {gap} above it");
            assert!(gap > -SKIN && gap < 3.0 * SKIN, "boxy {boxy}, frame {frame}: {gap} above the lift");
            assert_eq!(last.floor.map(|(e, _)| e), Some(platform), "boxy {boxy}, frame {frame}");
            // The world the plugin stepped at the end of the frame has the character on the lift,
            // not in it.
            assert!(!started_with(&mut app, platform), "boxy {boxy}, frame {frame}: in the lift");
            if frame > 602 {
                assert!((feet(&app).x - at.x).abs() < 1e-3, "boxy {boxy}, frame {frame}: left behind");
                assert!((last.platform_motion - Vec2::new(5.0 * DT, 0.0)).length() < 1e-4, "{last:?}");
            }
        }
    }
}

#[test]
fn a_character_falling_onto_a_rising_lift_lands_on_it_where_it_is_this_frame() {
    // Rising at 3 units/s from the first frame, the character starting 2 units above it.
    let mut app = app(true, |frame| Vec2::new(0.0, frame as f32 * 3.0 * DT));
    let (player, platform) = {
        let scene = app.world().resource::<Scene>();
        (scene.player, scene.platform)
    };
    app.world_mut().get_mut::<Transform>(player).unwrap().translation.y += 2.0;
    let mut landed = None;
    for frame in 1..=90 {
        app.update();
        let gap = feet(&app).y - frame as f32 * 3.0 * DT;
        assert!(!started_with(&mut app, platform), "frame {frame}: {gap} into the lift");
        if app.world().resource::<Scene>().last.on_floor {
            landed.get_or_insert(frame);
            assert!(gap > -SKIN && gap < 3.0 * SKIN, "frame {frame}: {gap} above the lift");
        }
    }
    assert!(landed.is_some_and(|frame| frame < 60), "{landed:?}");
}

/// Still for two frames, then 0.1 a frame to the right.
fn belt(frame: u32) -> Vec2 {
    Vec2::new(frame.saturating_sub(2) as f32 * 0.1, 0.0)
}

#[test]
fn a_belt_carries_the_character_but_never_into_a_wall() {
    let mut app = app(false, belt);
    let wall =
        app.world_mut().spawn((Collider::rectangle(1.0, 15.0).unwrap(), Transform::from_xyz(3.5, 2.5, 0.0))).id();
    for frame in 1..=122 {
        app.update();
        assert!(!started_with(&mut app, wall), "frame {frame}: in the wall");
        let last = &app.world().resource::<Scene>().last;
        if (3..21).contains(&frame) {
            assert!(last.on_floor && (last.platform_motion - Vec2::new(0.1, 0.0)).length() < 1e-4, "{last:?}");
        }
    }
    // Stopped a skin short of the wall's face at x = 3, the capsule 0.4 wide each side.
    let x = feet(&app).x;
    assert!(x + 0.4 <= 3.0 && x + 0.4 > 2.9, "{x}");
}

#[test]
fn a_forgotten_floor_carries_nothing_until_the_character_lands_on_it_again() {
    let mut app = app(true, belt);
    for _ in 0..3 {
        app.update();
    }
    assert!((app.world().resource::<Scene>().last.platform_motion.x - 0.1).abs() < 1e-4);
    let player = app.world().resource::<Scene>().player;
    app.world_mut().run_system_once(move |mut m: Mover| m.forget_floor(player)).unwrap();
    app.update();
    let last = app.world().resource::<Scene>().last.clone();
    assert_eq!((last.platform_motion, last.moved.x), (Vec2::ZERO, 0.0), "{last:?}");
    // Remembered again: the next frame carries it.
    app.update();
    assert!((app.world().resource::<Scene>().last.platform_motion.x - 0.1).abs() < 1e-4);
}

/// 0.1 a frame to the right from the first frame on.
fn belt_from_the_start(frame: u32) -> Vec2 {
    Vec2::new(frame as f32 * 0.1, 0.0)
}

#[test]
fn a_platform_moving_from_the_first_frame_carries_the_character_from_the_second() {
    // The colliders spawned before the first frame keep their handles through it (the plugin's
    // startup pass and its frame pass both see them added), so the floor the character landed
    // on in the first frame carries it in the second. Put in the world again at the first
    // frame's end, the platform had a new handle and the character was carried by nothing.
    let mut app = app(true, belt_from_the_start);
    let platform = app.world().resource::<Scene>().platform;
    for frame in 1..=20 {
        app.update();
        let last = &app.world().resource::<Scene>().last;
        assert!(last.on_floor, "frame {frame}: {last:?}");
        if frame >= 2 {
            assert!((last.platform_motion - Vec2::new(0.1, 0.0)).length() < 1e-4, "frame {frame}: {last:?}");
        }
        assert!(!started_with(&mut app, platform), "frame {frame}: sunk into the platform");
    }
    // Carried 19 frames of 0.1 (the first only landed it).
    assert!((feet(&app).x - 1.9).abs() < 1e-3, "{}", feet(&app).x);
}
