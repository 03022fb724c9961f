//! The plugin in a window: sprites traced into colliders drift about, turn red while they touch
//! and are pushed apart; a platformer character runs and jumps through them (arrow keys and
//! space, or on its own with `--demo`). The colliders' outlines are drawn by the `debug`
//! feature's `Collide2dDebugPlugin` (G turns them off and on).
//!
//! `cargo run --example window` (from `crates/collide2d-bevy/bevy-full`). With `--frames N
//! --screenshot FILE` it plays on its own at a fixed 60 frames a second, saves the window after
//! N frames, checks the picture (red where sprites touch, the yellow character) and exits with
//! an error if it does not hold them.

use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Screenshot, ScreenshotCaptured};
use collide2d::world::MoveOptions;
use collide2d_bevy::*;

/// A sprite drifting at a velocity, bounced off the edges and off what it meets.
#[derive(Component)]
struct Drift(Vec2);

/// The character and its vertical speed.
#[derive(Component, Default)]
struct Player {
    fall_speed: f32,
}

/// How the app was started: playing on its own, for how many frames, the screenshot to save.
#[derive(Resource, Default)]
struct Script {
    demo: bool,
    frames: Option<u32>,
    screenshot: Option<String>,
    frame: u32,
    /// What the screenshot held: `Some(true)` when it passed the check.
    verdict: Option<bool>,
}

/// The time step: the frame's, or a fixed 1/60 s when playing on its own (repeatable runs).
fn step(time: &Time, script: &Script) -> f32 {
    if script.demo {
        1.0 / 60.0
    } else {
        time.delta_secs().min(1.0 / 30.0)
    }
}

const HALF_WIDTH: f32 = 400.0;
const HALF_HEIGHT: f32 = 300.0;
const GRAVITY: f32 = 1500.0;
const RUN: f32 = 220.0;
const JUMP: f32 = 620.0;

fn main() {
    let mut script = Script::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--demo" => script.demo = true,
            "--frames" => script.frames = args.next().and_then(|n| n.parse().ok()),
            "--screenshot" => script.screenshot = args.next(),
            other => {
                eprintln!("unknown argument {other}; use --demo, --frames N, --screenshot FILE");
                std::process::exit(2);
            }
        }
    }
    script.demo |= script.frames.is_some();
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets");
    App::new()
        .add_plugins(DefaultPlugins.set(AssetPlugin { file_path: assets.into(), ..default() }).set(WindowPlugin {
            primary_window: Some(Window {
                title: "collide2d in Bevy".into(),
                resolution: ((2.0 * HALF_WIDTH) as u32, (2.0 * HALF_HEIGHT) as u32).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins((Collide2dPlugin::default(), Collide2dDebugPlugin::default()))
        .insert_resource(script)
        .insert_resource(ClearColor(Color::srgb(0.12, 0.13, 0.16)))
        .add_systems(Startup, setup)
        .add_systems(Update, (drift, push_apart, tint, run_player, toggle_outlines, finish))
        .run();
}

fn setup(mut commands: Commands, assets: Res<AssetServer>) -> Result {
    commands.spawn(Camera2d);
    // The ground and two ledges: coloured boxes with box colliders.
    for (size, at) in [
        (Vec2::new(800.0, 40.0), Vec2::new(0.0, -280.0)),
        (Vec2::new(200.0, 20.0), Vec2::new(-200.0, -150.0)),
        (Vec2::new(200.0, 20.0), Vec2::new(180.0, -60.0)),
    ] {
        commands.spawn((
            Sprite::from_color(Color::srgb(0.35, 0.38, 0.45), size),
            Collider::rectangle(size.x, size.y)?,
            Transform::from_translation(at.extend(0.0)),
        ));
    }
    // Sprites traced into colliders once their images load, drifting.
    let pictures = ["slimeGreen.png", "boxCrate.png", "meteorGrey_big3.png"];
    for i in 0..9 {
        let image: Handle<Image> = assets.load(pictures[i % 3]);
        let angle = i as f32 * 2.4;
        let at = Vec2::new(-300.0 + 75.0 * i as f32, 40.0 + 60.0 * (i % 3) as f32);
        commands.spawn((
            Sprite::from_image(image.clone()),
            SpriteCollider::new(image),
            Drift(Vec2::from_angle(angle) * 60.0),
            Transform::from_translation(at.extend(1.0)),
        ));
    }
    // A crate sunk a little into the floor: it always touches it, so it is always red.
    let crate_image: Handle<Image> = assets.load("boxCrate.png");
    commands.spawn((
        Sprite::from_image(crate_image.clone()),
        SpriteCollider::new(crate_image),
        Transform::from_xyz(-340.0, -230.0, 1.0),
    ));
    commands.spawn((
        Sprite::from_color(Color::srgb(0.95, 0.75, 0.2), Vec2::new(24.0, 40.0)),
        Collider::rectangle(24.0, 40.0)?,
        Player::default(),
        Transform::from_xyz(-200.0, -200.0, 2.0),
    ));
    Ok(())
}

/// Moves the drifting sprites, bouncing them off the window's edges.
fn drift(time: Res<Time>, script: Res<Script>, mut sprites: Query<(&mut Transform, &mut Drift)>) {
    let dt = step(&time, &script);
    for (mut transform, mut drift) in &mut sprites {
        transform.translation += (drift.0 * dt).extend(0.0);
        transform.rotation *= Quat::from_rotation_z(0.3 * dt);
        let p = transform.translation;
        if p.x.abs() > HALF_WIDTH - 30.0 {
            drift.0.x = -drift.0.x.abs() * p.x.signum();
        }
        if p.y.abs() > HALF_HEIGHT - 30.0 {
            drift.0.y = -drift.0.y.abs() * p.y.signum();
        }
    }
}

/// Pushes each pair of touching drifting sprites apart along their contact, half each, and
/// turns their velocities away from each other.
fn push_apart(collisions: Collisions, mut sprites: Query<(Entity, &mut Transform, &mut Drift)>) {
    let drifting: Vec<Entity> = sprites.iter().map(|(e, _, _)| e).collect();
    for &a in &drifting {
        for b in collisions.touching(a) {
            if a >= b || !drifting.contains(&b) {
                continue;
            }
            let Some(contact) = collisions.contact(a, b) else { continue };
            let push = contact.normal * (contact.depth / 2.0);
            for (entity, sign) in [(a, -1.0), (b, 1.0)] {
                if let Ok((_, mut transform, mut drift)) = sprites.get_mut(entity) {
                    transform.translation += (push * sign).extend(0.0);
                    let away = contact.normal * sign;
                    let velocity = drift.0;
                    if velocity.dot(away) < 0.0 {
                        drift.0 = velocity - 2.0 * velocity.dot(away) * away;
                    }
                }
            }
        }
    }
}

/// Traced sprites are red while they touch anything, white otherwise.
fn tint(collisions: Collisions, mut sprites: Query<(Entity, &mut Sprite), With<SpriteCollider>>) {
    for (entity, mut sprite) in &mut sprites {
        let touching = !collisions.touching(entity).is_empty();
        sprite.color = if touching { Color::srgb(1.0, 0.25, 0.25) } else { Color::WHITE };
    }
}

/// Runs and jumps the character through the level with `Mover`.
fn run_player(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    script: Res<Script>,
    mut mover: Mover,
    mut players: Query<(Entity, &mut Player)>,
) -> Result {
    let dt = step(&time, &script);
    let options = MoveOptions { skin: 0.5, step_height: 12.0, snap_distance: 6.0, ..default() };
    for (entity, mut player) in &mut players {
        let Some(at) = mover.position(entity) else { continue }; // it joins the world after the first frame
        let (run, jump) = if script.demo {
            // Back and forth across the level, jumping every second or so.
            let right = (at.x < 300.0) ^ (script.frame / 240 % 2 == 1);
            (if right { 1.0 } else { -1.0 }, script.frame % 70 == 0)
        } else {
            let axis = keys.pressed(KeyCode::ArrowRight) as i32 - keys.pressed(KeyCode::ArrowLeft) as i32;
            (axis as f32, keys.just_pressed(KeyCode::Space))
        };
        player.fall_speed += GRAVITY * dt;
        let moved = mover.move_and_slide(entity, Vec2::new(run * RUN * dt, -player.fall_speed * dt), &options);
        let moved = moved?;
        if moved.on_floor {
            player.fall_speed = if jump { -JUMP } else { 0.0 };
        } else if moved.ceiling.is_some() {
            player.fall_speed = player.fall_speed.max(0.0);
        }
    }
    Ok(())
}

/// G turns the collider outlines off and on.
fn toggle_outlines(keys: Res<ButtonInput<KeyCode>>, mut store: ResMut<GizmoConfigStore>) {
    if keys.just_pressed(KeyCode::KeyG) {
        let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
        config.enabled = !config.enabled;
    }
}

/// Counts frames; after the last one asks for a screenshot, and exits once it is saved and
/// checked.
fn finish(mut commands: Commands, mut script: ResMut<Script>, mut exit: MessageWriter<AppExit>) {
    script.frame += 1;
    let Some(frames) = script.frames else { return };
    if script.frame == frames {
        let mut shot = commands.spawn(Screenshot::primary_window());
        shot.observe(check);
        if let Some(path) = script.screenshot.clone() {
            shot.observe(save_to_disk(path));
        }
    }
    // A few frames for the screenshot to be read back, checked and written.
    if script.frame >= frames + 10 {
        let passed = script.verdict == Some(true);
        if !passed {
            eprintln!("the screenshot did not show touching sprites in red and the character");
        }
        exit.write(if passed { AppExit::Success } else { AppExit::error() });
    }
}

/// Counts the screenshot's red pixels (sprites tinted while they touch: the crate on the floor
/// at least) and yellow ones (the character): the window shows the game only if both are there.
fn check(captured: On<ScreenshotCaptured>, mut script: ResMut<Script>) {
    let image = &captured.image;
    let (mut red, mut yellow) = (0, 0);
    for y in 0..image.height() {
        for x in 0..image.width() {
            let Ok(colour) = image.get_color_at(x, y) else { continue };
            let c = colour.to_srgba();
            red += usize::from(c.red > 0.45 && c.green < 0.2 && c.blue < 0.2);
            yellow += usize::from(c.red > 0.85 && c.green > 0.6 && c.blue < 0.35);
        }
    }
    println!("screenshot: {red} red pixels, {yellow} yellow");
    script.verdict = Some(red >= 1000 && yellow >= 300);
}
