//! The world and its events: a ball thrown onto a floor, frame after frame, that picks up a coin
//! on the way and rolls off the floor's end. Each step reports the pairs that started touching,
//! still touch and stopped; the game pushes the ball out of the floor by the contact, and takes
//! the coin (a sensor) when the ball reaches it. The guide's page
//! (docs/guide/pages/game-loop/world.md) shows this file's marked sections and the picture it
//! writes when given a folder: `world_events.png`.

use collide2d::prelude::*;
use collide2d::World;
use collide2d_guide::{canvas, label, save};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:setup]
    // y up, in metres. The world's data is whatever the game wants to find from a handle: a name.
    let mut world = World::new();
    let floor = world.insert(Aabb::from_xywh(-1.0, -1.0, 8.0, 1.0)?.into(), Transform::IDENTITY, "floor")?;
    let coin = world.insert(Circle::new(Vec2::new(4.5, 0.5), 0.3)?.into(), Transform::IDENTITY, "coin")?;
    // A sensor reports its pairs like any collider, but never gets a contact: nothing pushes it.
    world.set_sensor(coin, true)?;
    let mut at = Vec2::new(0.0, 3.0);
    let ball = world.insert(Circle::new(Vec2::ZERO, 0.5)?.into(), Transform::from_translation(at), "ball")?;
    // --8<-- [end:setup]

    // --8<-- [start:loop]
    let step = Vec2::new(0.5, -0.6); // how far the ball moves each frame: right, and falling
    let mut trail = Vec::new();
    let mut log = Vec::new();
    let mut landing_depth = 0.0;
    for frame in 1..=18 {
        at += step;
        world.set_transform(ball, Transform::from_translation(at))?;
        let events = world.step().clone();
        for e in events.started() {
            let (a, b) = (world.data(e.a).unwrap(), world.data(e.b).unwrap());
            match e.contact {
                Some(c) => {
                    println!("frame {frame:>2}: {a} and {b} started touching, {:.2} deep", c.depth);
                    landing_depth = c.depth;
                }
                None => println!("frame {frame:>2}: {a} and {b} started touching (a sensor: no contact)"),
            }
            log.push((frame, "started", *a, *b));
        }
        for &(a, b) in events.stopped() {
            // A handle in `stopped` may name a collider removed since: the game kept its name.
            let name = |h| if h == coin { "coin" } else { world.data(h).copied().unwrap_or("?") };
            println!("frame {frame:>2}: {} and {} stopped touching", name(a), name(b));
            log.push((frame, "stopped", name(a), name(b)));
        }
        // The game's answers: the ball takes the coin, and the floor pushes the ball out.
        for e in events.touching() {
            if (e.a, e.b) == (coin, ball) && world.contains(coin) {
                world.remove(coin);
            }
            if let (true, Some(c)) = ((e.a, e.b) == (floor, ball), e.contact) {
                at += c.push_out_b(); // the normal points from a (the floor) to b (the ball)
                world.set_transform(ball, Transform::from_translation(at))?;
            }
        }
        let landed = world.is_colliding(ball) == Some(true) && world.was_colliding(ball) == Some(false);
        trail.push((at, world.is_colliding(ball) == Some(true), landed));
    }
    // --8<-- [end:loop]

    // --8<-- [start:checks]
    // Falling 0.6 a frame from 3.0, the ball's centre reaches 0.0 at frame 5: half a metre deep.
    // Rolling, it sinks 0.1 into the floor each frame and is pushed up again, until frame 14,
    // when its centre is over the floor's end (x = 7): the shortest way out is then sideways,
    // and the push moves it off the floor, which it stops touching at frame 15.
    assert_eq!((log[0], landing_depth), ((5, "started", "floor", "ball"), 0.5));
    assert_eq!(log[1..3], [(8, "started", "coin", "ball"), (9, "stopped", "coin", "ball")]);
    assert_eq!(log[3..], [(15, "stopped", "floor", "ball")]);
    assert!(!world.contains(coin));
    assert_eq!(trail.iter().filter(|(_, _, landed)| *landed).count(), 1);
    // --8<-- [end:checks]

    // --8<-- [start:picture]
    // Every frame's ball, red when it touched something at that frame's step; the floor, and the
    // coin where it was.
    let mut picture = canvas(&Aabb::from_xywh(-1.0, -1.5, 11.0, 5.0)?, 660, 300, true)?;
    picture.shape(&Aabb::from_xywh(-1.0, -1.0, 8.0, 1.0)?.into(), true);
    picture.outline(&Circle::new(Vec2::new(4.5, 0.5), 0.3)?.into(), [200, 160, 20, 255], 3.0);
    for (frame, (centre, touching, _)) in trail.iter().enumerate() {
        picture.shape(&Circle::new(*centre, 0.5)?.into(), *touching);
        if [1, 5, 8, 14].contains(&(frame + 1)) {
            label(&mut picture, *centre + Vec2::new(-0.1, 0.9), &format!("{}", frame + 1), 1);
        }
    }
    label(&mut picture, Vec2::new(4.6, 1.4), "coin", 1);
    label(&mut picture, Vec2::new(0.0, -0.3), "floor", 2);
    save(&picture, "world_events.png")?;
    // --8<-- [end:picture]
    Ok(())
}
