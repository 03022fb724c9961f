//! The platformer character controller: a character walks off the ground onto a lift, rides it up
//! against a wall, and walks off onto the ledge at the top. The lift carries it; it never sinks
//! into the lift nor leaves its floor. The guide's page
//! (docs/guide/pages/game-loop/controller.md) shows this file's marked sections and the picture
//! it writes when given a folder: `controller.png`.

use collide2d::prelude::*;
use collide2d::world::{CharacterController, MoveOptions};
use collide2d::World;
use collide2d_guide::{canvas, label, save};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:level]
    // y up, in metres. The ground's top and the lift's are at y = 0; the ledge's is at y = 2, and
    // its side is a wall beside the lift.
    let mut world = World::new();
    let ground = world.insert(Aabb::from_xywh(-4.0, -1.0, 4.0, 1.0)?.into(), Transform::IDENTITY, "ground")?;
    let ledge = world.insert(Aabb::from_xywh(2.1, 0.5, 3.0, 1.5)?.into(), Transform::IDENTITY, "ledge")?;
    // The lift's shape is in its own frame; its transform moves it.
    let lift_at = |height: f32| Transform::from_translation(Vec2::new(0.05, height));
    let lift = world.insert(Aabb::from_xywh(0.0, -0.3, 2.0, 0.3)?.into(), lift_at(0.0), "lift")?;
    // The character: a box 0.8 wide and 1.8 tall whose transform is where its feet are.
    let feet = Transform::from_translation(Vec2::new(-2.0, 0.01));
    let player = world.insert(Aabb::from_xywh(-0.4, 0.0, 0.8, 1.8)?.into(), feet, "player")?;
    // --8<-- [end:level]

    // --8<-- [start:loop]
    // The controller keeps, from one frame to the next, the floor the character stood on.
    let mut controller = CharacterController::new(MoveOptions::default());
    let (walk, gravity) = (Vec2::new(0.1, 0.0), Vec2::new(0.0, -0.2)); // per frame
    let mut lift_height = 0.0;
    let mut frames = Vec::new();
    for frame in 1..=70 {
        // Platforms first: the lift rises 0.1 a frame from frame 31 to frame 50.
        if (31..=50).contains(&frame) {
            lift_height += 0.1;
            world.set_transform(lift, lift_at(lift_height))?;
        }
        // Then the character: the controller carries it with its floor, then moves it.
        let moved = controller.move_and_slide(&mut world, player, walk + gravity)?;
        let feet = world.world_transform(player).ok_or("the player is there")?.translation();
        frames.push((frame, feet, lift_height, moved));
    }
    // --8<-- [end:loop]

    // --8<-- [start:checks]
    // It stands on something at every frame: never a frame in the air.
    assert!(frames.iter().all(|(_, _, _, moved)| moved.on_floor));
    let floor_at = |frame: usize| frames[frame - 1].3.floor;
    assert_eq!([floor_at(1), floor_at(30), floor_at(70)], [Some(ground), Some(lift), Some(ledge)]);
    // Riding up, the lift carries it 0.1 a frame, and its feet stay a skin (0.01) above the
    // lift's top: it neither sinks into the lift nor drops behind it.
    for (_, feet, lift_top, moved) in &frames[30..50] {
        assert!((moved.platform_motion - Vec2::new(0.0, 0.1)).length() < 1e-5);
        assert!((feet.y - lift_top - 0.01).abs() < 1e-4);
    }
    // From frame 37 it walks into the ledge's side, a skin away, until the lift is at the top.
    for (_, feet, _, moved) in &frames[36..49] {
        assert!(moved.on_wall && (feet.x - (2.1 - 0.4 - 0.01)).abs() < 1e-4);
    }
    for frame in [30, 40, 70] {
        let (_, feet, _, moved) = &frames[frame - 1];
        let on = world.data(moved.floor.ok_or("on a floor")?).ok_or("there")?;
        println!("frame {frame}: on the {on}, feet at ({:.2}, {:.2})", feet.x, feet.y);
    }
    assert!((frames[29].1 - Vec2::new(1.0, 0.01)).length() < 1e-3);
    assert!((frames[69].1 - Vec2::new(3.79, 2.01)).length() < 1e-3);
    // --8<-- [end:checks]

    // --8<-- [start:picture]
    // The level as it ends (the lift at the top, its start outlined), and the character at a few
    // frames, outlined in blue; the arrow is the lift's ride.
    let mut picture = canvas(&Aabb::from_xywh(-3.0, -1.0, 8.2, 5.0)?, 640, 400, true)?;
    for h in [ground, ledge, lift] {
        picture.shape(world.world_shape(h).ok_or("there")?, false);
    }
    let start = Aabb::from_xywh(0.05, -0.3, 2.0, 0.3)?;
    picture.outline(&start.into(), [120, 120, 120, 255], 1.0);
    picture.arrow(Vec2::new(1.05, -0.15), Vec2::new(1.05, 1.6), [120, 120, 120, 255]);
    for (frame, feet, _, _) in frames.iter().filter(|(f, _, _, _)| [1, 20, 30, 40, 50, 70].contains(f)) {
        let body = Aabb::from_xywh(feet.x - 0.4, feet.y, 0.8, 1.8)?;
        picture.outline(&body.into(), [50, 100, 210, 255], 2.0);
        label(&mut picture, Vec2::new(feet.x - 0.32, feet.y + 1.75), &frame.to_string(), 1);
    }
    label(&mut picture, Vec2::new(-2.8, -0.2), "ground", 1);
    label(&mut picture, Vec2::new(0.15, 1.92), "lift", 1);
    label(&mut picture, Vec2::new(3.5, 1.2), "ledge", 1);
    save(&picture, "controller.png")?;
    // --8<-- [end:picture]
    Ok(())
}
