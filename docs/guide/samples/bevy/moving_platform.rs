//! Getting started with Bevy (docs/guide/pages/getting-started/bevy.md): the plugin, colliders
//! as components, the collision messages, and a character that the `Mover` carries on a moving
//! lift, picking up a coin (a sensor) on the way up. It runs without a window for 150 frames of
//! 1/60 s, checks the numbers the page quotes and exits with an error if one is off.
//!
//! `cargo run -p collide2d-bevy --example guide_moving_platform`

// The `bevy` crate is `bevy_internal` under another name (`pub use bevy_internal::*`); the
// sample names it so because the `bevy` crate asks for a newer rustc than the workspace's. In a
// game, `bevy = "0.20"` in Cargo.toml gives the same `bevy::prelude`.
use bevy_internal as bevy;

// --8<-- [start:use]
use bevy::prelude::*;
use collide2d::world::MoveOptions;
use collide2d_bevy::{Collide2dPlugin, Collider, CollisionStarted, Mover, Sensor};
// --8<-- [end:use]

use bevy::time::TimeUpdateStrategy;
use std::time::Duration;

// --8<-- [start:components]
/// A platform that waits at `bottom`, rises to `top` at `speed` units a second, waits there
/// and comes down again, for ever.
#[derive(Component)]
struct Lift {
    bottom: Vec2,
    top: Vec2,
    speed: f32,
    wait: f32,
}

impl Lift {
    /// Where the lift is `t` seconds after the start.
    fn at(&self, t: f32) -> Vec2 {
        let travel = self.bottom.distance(self.top) / self.speed;
        let t = t % (2.0 * (self.wait + travel));
        let up = (t - self.wait).clamp(0.0, travel);
        let down = (t - 2.0 * self.wait - travel).clamp(0.0, travel);
        self.bottom.lerp(self.top, (up - down) / travel)
    }
}

/// The character: its falling speed, and the floor it stood on after its last move.
#[derive(Component, Default)]
struct Player {
    fall_speed: f32,
    floor: Option<Entity>,
}

/// Something to pick up.
#[derive(Component)]
struct Coin;
// --8<-- [end:components]

const GRAVITY: f32 = 20.0;
const FRAMES: u32 = 151;

// --8<-- [start:level]
fn level(mut commands: Commands) -> Result {
    // A lift 3 wide and 0.5 thick (a collider is centred on its entity): it waits 0.5 s with
    // its top at y = 0, then rises 4 units at 2 units a second.
    let lift = Lift { bottom: Vec2::new(0.0, -0.25), top: Vec2::new(0.0, 3.75), speed: 2.0, wait: 0.5 };
    let start = lift.at(0.0).extend(0.0);
    commands.spawn((Collider::rectangle(3.0, 0.5)?, lift, Transform::from_translation(start)));
    // A capsule 1.8 tall and 0.8 wide, standing on the lift (its centre 0.9 above its feet).
    commands.spawn((Collider::capsule(0.4, 1.0)?, Player::default(), Transform::from_xyz(0.0, 0.91, 0.0)));
    // A coin above the lift: a sensor reports that it is touched, and blocks nothing.
    commands.spawn((Collider::circle(0.3)?, Sensor, Coin, Transform::from_xyz(0.0, 5.5, 0.0)));
    Ok(())
}
// --8<-- [end:level]

// --8<-- [start:messages]
fn pick_up_coins(
    mut started: MessageReader<CollisionStarted>,
    coins: Query<(), With<Coin>>,
    players: Query<(), With<Player>>,
    mut commands: Commands,
) {
    for m in started.read() {
        // A pair comes in either order.
        for (coin, player) in [(m.a, m.b), (m.b, m.a)] {
            if coins.contains(coin) && players.contains(player) {
                println!("{player} picked up the coin {coin}");
                commands.entity(coin).despawn();
            }
        }
    }
}
// --8<-- [end:messages]

// --8<-- [start:systems]
/// Puts each lift where its route says it is now.
fn move_lifts(time: Res<Time>, mut lifts: Query<(&Lift, &mut Transform)>) {
    for (lift, mut transform) in &mut lifts {
        transform.translation = lift.at(time.elapsed_secs()).extend(0.0);
    }
}

/// Gravity pulls the character down; the `Mover` first carries it by how far the floor it
/// stands on moved since its last move, then moves it and slides it along what it meets.
fn move_player(time: Res<Time>, mut mover: Mover, mut players: Query<(Entity, &mut Player)>) -> Result {
    let options = MoveOptions { snap_distance: 0.3, ..MoveOptions::default() };
    let dt = time.delta_secs();
    for (entity, mut player) in &mut players {
        player.fall_speed += GRAVITY * dt;
        let moved = mover.move_and_slide(entity, Vec2::new(0.0, -player.fall_speed * dt), &options)?;
        if moved.on_floor {
            player.fall_speed = 0.0;
        }
        player.floor = moved.floor.map(|(floor, _normal)| floor);
    }
    Ok(())
}
// --8<-- [end:systems]

fn main() {
    // --8<-- [start:app]
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, Collide2dPlugin::default()))
        .add_systems(Startup, level)
        // The lifts move first, then the characters, so that a character rides its lift where
        // the lift is this frame.
        .add_systems(Update, ((move_lifts, move_player).chain(), pick_up_coins));
    // --8<-- [end:app]

    // Every frame 1/60 s long, so that the run is the same on every machine. The first frame
    // starts the clock: 151 frames make 2.5 s.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)));
    let (mut frames_on_lift, mut lift_touches) = (0, 0);
    for _ in 0..FRAMES {
        app.update();
        let world = app.world_mut();
        let lift = world.query_filtered::<Entity, With<Lift>>().single(world).expect("one lift");
        let (player, state) = world.query::<(Entity, &Player)>().single(world).expect("one player");
        if state.floor == Some(lift) {
            frames_on_lift += 1;
        }
        // The messages this frame sent (read without taking them from `pick_up_coins`).
        let started = world.resource::<Messages<CollisionStarted>>().iter_current_update_messages();
        lift_touches += started.filter(|m| [m.a, m.b] == [lift, player] || [m.a, m.b] == [player, lift]).count();
    }

    let world = app.world_mut();
    let seconds = world.resource::<Time>().elapsed_secs();
    let (lift, _) = world.query::<(&Transform, &Lift)>().single(world).expect("one lift");
    let lift_top = lift.translation.y + 0.25;
    let (player, _) = world.query::<(&Transform, &Player)>().single(world).expect("one player");
    let at = player.translation;
    let coins = world.query::<&Coin>().iter(world).count();
    println!("after {seconds:.2} s the lift's top is at y = {lift_top:.2}");
    println!(
        "the character stands on it at ({:.2}, {:.2}), on the lift {frames_on_lift} frames of {FRAMES}",
        at.x, at.y
    );
    println!("{coins} coin(s) left; {lift_touches} collision message(s) between the character and the lift");

    // What the page says: 2.5 s; the lift has risen to 4; the character's centre is 0.9 above its
    // feet and a skin of 0.01 above the lift; it stood on the lift in every frame and never
    // touched it; the coin is gone.
    let ok = (seconds - 2.5).abs() < 1e-4
        && (lift_top - 4.0).abs() < 1e-4
        && at.x.abs() < 1e-4
        && (at.y - 4.91).abs() < 0.01
        && frames_on_lift == FRAMES
        && lift_touches == 0
        && coins == 0;
    if !ok {
        eprintln!("the character did not ride the lift as the guide says");
        std::process::exit(1);
    }
}
