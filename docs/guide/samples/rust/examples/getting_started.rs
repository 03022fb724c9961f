//! Getting started in Rust: a first query between two shapes, then a first world of colliders
//! that reports which pairs start and stop touching. The guide's page
//! (docs/guide/pages/getting-started/rust.md) shows this file's marked sections; the asserts
//! make CI fail when an answer drifts from what the page says.

// --8<-- [start:query]
use collide2d::prelude::*;
use collide2d::World;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Shapes are checked when they are made: a negative radius is an error, never a panic later.
    let player = Circle::new(Vec2::new(3.0, 1.4), 0.5)?;
    let floor = Aabb::from_xywh(0.0, 0.0, 10.0, 1.0)?;
    assert!(Circle::new(Vec2::ZERO, -1.0).is_err());

    // Do they touch? Touching counts: shapes are closed.
    assert!(player.intersects(&floor));

    // Which way and how far to push the player out, and where they touch.
    let c = contact(&floor, &player).expect("they overlap");
    assert_eq!(c.normal, Vec2::Y); // from the first shape (the floor) towards the second
    assert!((c.depth - 0.1).abs() < 1e-6);
    let resting = Circle::new(player.center() + c.push_out_b(), player.radius())?;
    println!("push the player up by {:.2}: it rests at y = {:.2}", c.depth, resting.center().y);
    // --8<-- [end:query]

    // --8<-- [start:world]
    // A world holds many colliders, each with a transform and your own data (here a name).
    let mut world = World::new();
    let start = Transform::from_translation(Vec2::new(3.0, 1.4));
    let ball = world.insert(Circle::new(Vec2::ZERO, 0.5)?.into(), start, "ball")?;
    world.insert(floor.into(), Transform::IDENTITY, "floor")?;
    world.insert(Obb::new(Vec2::new(8.0, 3.0), Vec2::new(0.5, 0.5), 0.3)?.into(), Transform::IDENTITY, "crate")?;

    // Each step reports the pairs that started touching, still touch, and stopped. The events
    // borrow the world until the next step: a clone lets the loop below read the names too.
    let events = world.step().clone();
    for e in events.started() {
        let (a, b) = (world.data(e.a).unwrap(), world.data(e.b).unwrap());
        let depth = e.contact.map_or(0.0, |c| c.depth);
        println!("{a} and {b} started touching, {depth:.2} deep");
    }
    assert_eq!(events.started().len(), 1);

    // Move the ball onto the crate: the ball leaves the floor and meets the crate.
    world.set_transform(ball, Transform::from_translation(Vec2::new(8.0, 3.8)))?;
    let events = world.step().clone();
    assert_eq!((events.started().len(), events.stopped().len()), (1, 1));
    let e = &events.started()[0];
    let names = [*world.data(e.a).unwrap(), *world.data(e.b).unwrap()];
    assert!(names.contains(&"crate"));
    println!("then {} and {} started touching", names[0], names[1]);
    Ok(())
}
// --8<-- [end:world]
