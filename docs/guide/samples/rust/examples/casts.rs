//! Casts for bullets: a bullet too fast to be tested where it lands, cast as a ray from where it
//! was; a bullet that pierces, with every hit along its ray; and a grenade, cast as the circle it
//! is, which clips a crate that the ray through its centre misses. The guide's page
//! (docs/guide/pages/game-loop/casts.md) shows this file's marked sections and the picture it
//! writes when given a folder: `casts.png`.

use collide2d::prelude::*;
use collide2d::world::QueryFilter;
use collide2d::World;
use collide2d_guide::{canvas, label, save};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:scene]
    // y up, in metres: the player on the left, two crates, and a thin wall.
    let mut world = World::new();
    let player = world.insert(Aabb::from_xywh(0.0, 0.0, 1.0, 2.0)?.into(), Transform::IDENTITY, "player")?;
    let near = world.insert(Aabb::from_xywh(4.0, 0.0, 1.0, 1.5)?.into(), Transform::IDENTITY, "near crate")?;
    let far = world.insert(Aabb::from_xywh(6.0, 0.5, 1.0, 1.0)?.into(), Transform::IDENTITY, "far crate")?;
    let wall = world.insert(Aabb::from_xywh(12.0, 0.0, 0.2, 4.0)?.into(), Transform::IDENTITY, "wall")?;
    // Brings the broad phase up to date for queries; `step` does it too.
    world.update();
    // The gun's muzzle is inside the player's box: every cast from it ignores the player.
    let muzzle = Vec2::new(0.9, 1.2);
    let not_me = [player];
    let shots = QueryFilter { ignore: &not_me, ..QueryFilter::default() };
    // --8<-- [end:scene]

    // --8<-- [start:ray]
    // The bullet flies 30 m a frame. Where it was and where it is now are both clear of
    // everything: a test at its positions would let it through the crates and the wall.
    let speed = 30.0;
    let next = muzzle + Vec2::X * speed;
    assert!(world.colliders_at_point(muzzle + Vec2::X * 0.2).is_empty());
    assert!(world.colliders_at_point(next).is_empty());
    // Cast from where it was, as far as it flies in the frame: the first thing on the way.
    let path = Ray::new(muzzle, Vec2::X)?;
    let (hit, at) = world.cast_ray_filtered(&path, speed, &shots).expect("the bullet hits something");
    println!(
        "the bullet hits the {} at {} ({:.1} m), normal {}",
        world.data(hit).unwrap(),
        at.point,
        at.distance,
        at.normal
    );
    assert_eq!((hit, at.point, at.normal), (near, Vec2::new(4.0, 1.2), Vec2::NEG_X));
    // Without the filter, the ray starts inside the player and hits it at once.
    assert_eq!(world.cast_ray(&path, speed).map(|(h, at)| (h, at.distance)), Some((player, 0.0)));
    // --8<-- [end:ray]

    // --8<-- [start:pierce]
    // A piercing shot: every collider along its ray, nearest first.
    let pierced = world.cast_ray_all(&path, speed, &shots);
    let order: Vec<(&str, f32)> = pierced.iter().map(|(h, at)| (*world.data(*h).unwrap(), at.distance)).collect();
    println!("the piercing shot goes through {order:?}");
    assert_eq!(order, [("near crate", 3.1), ("far crate", 5.1), ("wall", 11.1)]);
    assert_eq!(pierced.iter().map(|(h, _)| *h).collect::<Vec<_>>(), [near, far, wall]);
    // --8<-- [end:pierce]

    // --8<-- [start:shape]
    // A grenade, a ball of radius 0.4 m, thrown level at 20 m a frame a little above the near
    // crate's top (y = 1.5). The ray through its centre passes over the crate; the ball does not.
    let grenade = Circle::new(Vec2::new(1.5, 1.8), 0.4)?;
    let throw = Vec2::new(20.0, 0.0);
    let centre_ray = Ray::new(grenade.center(), Vec2::X)?;
    let (over, _) = world.cast_ray_filtered(&centre_ray, 20.0, &shots).expect("the wall, at last");
    assert_eq!(over, wall);
    // `cast_shape` moves the whole shape by `throw` over times 0 to 1 (one frame).
    let (clipped, at) = world.cast_shape(&grenade, throw, 1.0, &shots).expect("it clips the crate");
    let stop = grenade.center() + throw * at.time;
    println!(
        "the grenade clips the {} at time {:.3}, its centre at ({:.3}, {:.1}), normal ({:.2}, {:.2})",
        world.data(clipped).unwrap(),
        at.time,
        stop.x,
        stop.y,
        at.normal.x,
        at.normal.y
    );
    // It meets the crate's top-left corner (4, 1.5) 0.3 below its centre: 0.4² = 0.3² + dx².
    let dx = (0.4f32 * 0.4 - 0.3 * 0.3).sqrt();
    assert_eq!(clipped, near);
    assert!((stop.x - (4.0 - dx)).abs() < 1e-4);
    // The normal is the crate's surface normal there, from the corner towards the ball's centre:
    // bounce the grenade off it by reflecting its motion.
    assert!((at.normal - Vec2::new(-dx, 0.3) / 0.4).length() < 1e-4);
    let bounce = throw - 2.0 * throw.dot(at.normal) * at.normal;
    assert!(bounce.y > 0.0 && bounce.x.abs() < throw.x); // it glances off, upwards
    assert!((bounce.length() - throw.length()).abs() < 1e-3);
    // --8<-- [end:shape]

    // --8<-- [start:picture]
    // The colliders, red where a cast hit them; the bullet's path to its first hit and on
    // through them (dots at each hit); the grenade where it starts and where it meets the crate.
    let mut picture = canvas(&Aabb::from_xywh(-0.2, -0.2, 12.6, 4.4)?, 720, 270, true)?;
    for (h, shape) in world.iter().map(|(h, _)| (h, world.world_shape(h))) {
        let hit = h != player;
        picture.shape(shape.ok_or("there")?, hit);
    }
    let line = Segment::new(muzzle, pierced[2].1.point)?;
    picture.outline(&line.into(), [20, 20, 20, 255], 1.0);
    for (_, at) in &pierced {
        picture.shape(&Shape::Point(at.point), true);
    }
    picture.shape(&grenade.into(), false);
    picture.shape(&Circle::new(stop, 0.4)?.into(), true);
    picture.arrow(at.point, at.point + at.normal * 0.8, [20, 20, 20, 255]);
    label(&mut picture, Vec2::new(0.05, 0.4), "player", 1);
    label(&mut picture, Vec2::new(1.2, 2.6), "grenade", 1);
    save(&picture, "casts.png")?;
    // --8<-- [end:picture]
    Ok(())
}
