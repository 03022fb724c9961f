//! A platformer level without a window: a character falls onto the floor, runs right, climbs
//! two steps, picks up a coin (a sensor) and stops at a wall, all with the plugin's `Mover`,
//! while a system prints the collision messages. It checks where the character ends and exits
//! with an error if it is not there.
//!
//! `cargo run -p collide2d-bevy --example headless`

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_internal::MinimalPlugins;
use bevy_math::Vec2;
use bevy_transform::prelude::*;
use collide2d::world::MoveOptions;
use collide2d_bevy::*;

/// The character: its vertical speed, carried from frame to frame.
#[derive(Component, Default)]
struct Player {
    fall_speed: f32,
}

/// A coin to pick up.
#[derive(Component)]
struct Coin;

const DT: f32 = 1.0 / 60.0;
const RUN: f32 = 6.0;
const GRAVITY: f32 = 30.0;

fn level(mut commands: Commands) -> Result {
    let mut solid = |width: f32, height: f32, x: f32, y: f32| -> Result {
        commands.spawn((Collider::rectangle(width, height)?, Transform::from_xyz(x, y, 0.0)));
        Ok(())
    };
    solid(40.0, 1.0, 10.0, -0.5)?; // the floor, its top at 0
    solid(2.0, 0.3, 6.0, 0.15)?; // a step 0.3 high
    solid(4.0, 0.6, 9.0, 0.3)?; // a second step 0.6 high
    solid(1.0, 10.0, 16.5, 5.0)?; // the wall, its face at x = 16
    commands.spawn((Collider::circle(0.3)?, Sensor, Coin, Transform::from_xyz(9.0, 1.5, 0.0)));
    commands.spawn((Collider::capsule(0.4, 1.0)?, Player::default(), Transform::from_xyz(0.0, 3.0, 0.0)));
    Ok(())
}

fn run_and_fall(mut mover: Mover, mut players: Query<(Entity, &mut Player)>) -> Result {
    let options = MoveOptions { step_height: 0.7, snap_distance: 0.3, ..MoveOptions::default() };
    for (player, mut state) in &mut players {
        state.fall_speed += GRAVITY * DT;
        let motion = Vec2::new(RUN * DT, -state.fall_speed * DT);
        let moved = mover.move_and_slide(player, motion, &options)?;
        if moved.on_floor {
            state.fall_speed = 0.0;
        }
    }
    Ok(())
}

fn report(
    mut started: MessageReader<CollisionStarted>,
    mut ended: MessageReader<CollisionEnded>,
    coins: Query<(), With<Coin>>,
    mut commands: Commands,
) {
    for m in started.read() {
        let coin = [m.a, m.b].into_iter().find(|e| coins.contains(*e));
        match coin {
            Some(coin) => {
                println!("picked up the coin {coin}");
                commands.entity(coin).despawn();
            }
            None => println!("{} and {} touch", m.a, m.b),
        }
    }
    for m in ended.read() {
        println!("{} and {} part", m.a, m.b);
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, Collide2dPlugin::default()))
        .add_systems(Startup, level)
        .add_systems(Update, (run_and_fall, report));
    for _ in 0..240 {
        app.update();
    }
    let world = app.world_mut();
    let (transform, _) = world.query::<(&Transform, &Player)>().single(world).expect("one player");
    let at = transform.translation;
    let coins = world.query::<&Coin>().iter(world).count();
    println!("the player ends at ({:.2}, {:.2}), {coins} coin(s) left", at.x, at.y);
    // Stopped by the wall (its face at 16, the capsule 0.4 wide, a skin off), standing on the
    // floor (the capsule's bottom 0.9 below its centre), the coin taken on the way.
    let ok = (at.x - (16.0 - 0.4 - 0.01)).abs() < 0.02 && (at.y - 0.91).abs() < 0.02 && coins == 0;
    if !ok {
        eprintln!("the level did not play out as it should");
        std::process::exit(1);
    }
}
