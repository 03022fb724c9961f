//! Layers: which colliders may collide. A shooter's player, enemies, their shots and a wall,
//! each in a group and colliding with the groups its mask names: shots pass through whoever
//! fired them, enemies through each other. Then a line of sight that sees only walls and the
//! player, and a player made briefly invulnerable by a change of mask. The guide's page
//! (docs/guide/pages/game-loop/layers.md) shows this file's marked sections and the picture it
//! writes when given a folder: `layers.png`.

use collide2d::prelude::*;
use collide2d::world::{CollisionFilter, QueryFilter};
use collide2d::World;
use collide2d_guide::{canvas, label, save};

// --8<-- [start:groups]
// One bit per group.
const PLAYER: u32 = 1 << 0;
const ENEMY: u32 = 1 << 1;
const PLAYER_SHOT: u32 = 1 << 2;
const ENEMY_SHOT: u32 = 1 << 3;
const WALL: u32 = 1 << 4;

/// The filter of each kind of collider: the group it is in, and the groups it collides with.
/// Two colliders collide only when each is in a group the other's mask names.
fn filter(kind: &str) -> CollisionFilter {
    match kind {
        "player" => CollisionFilter::new(PLAYER, ENEMY | ENEMY_SHOT | WALL),
        "enemy" => CollisionFilter::new(ENEMY, PLAYER | PLAYER_SHOT | WALL),
        "player shot" => CollisionFilter::new(PLAYER_SHOT, ENEMY | WALL),
        "enemy shot" => CollisionFilter::new(ENEMY_SHOT, PLAYER | WALL),
        _ => CollisionFilter::new(WALL, CollisionFilter::ALL.mask),
    }
}
// --8<-- [end:groups]

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:scene]
    // y up, in metres. Every collider here overlaps at least one other.
    let colliders: [(&str, Shape); 7] = [
        ("player", Aabb::from_xywh(0.0, 0.0, 1.0, 2.0)?.into()),
        // The player's shot, just fired: still inside the player, already in an enemy.
        ("player shot", Circle::new(Vec2::new(1.0, 1.2), 0.25)?.into()),
        ("enemy", Aabb::from_xywh(0.9, 0.0, 1.0, 1.8)?.into()),
        // A second enemy walking through the first.
        ("enemy", Aabb::from_xywh(1.6, 0.0, 1.0, 1.8)?.into()),
        // An enemy's shot inside the enemy that fired it, and another reaching the player.
        ("enemy shot", Circle::new(Vec2::new(2.4, 0.9), 0.25)?.into()),
        ("enemy shot", Circle::new(Vec2::new(-0.1, 0.5), 0.25)?.into()),
        ("wall", Aabb::from_xywh(-1.0, -0.5, 5.0, 0.5)?.into()),
    ];
    let mut world = World::new();
    let mut handles = Vec::new();
    for (kind, shape) in &colliders {
        let h = world.insert(shape.clone(), Transform::IDENTITY, *kind)?;
        world.set_filter(h, filter(kind))?;
        handles.push(h);
    }
    let events = world.step().clone();
    let mut pairs: Vec<String> = events
        .started()
        .iter()
        .map(|e| format!("{} - {}", world.data(e.a).unwrap(), world.data(e.b).unwrap()))
        .collect();
    pairs.sort();
    println!("{}", pairs.join("\n"));
    assert_eq!(
        pairs,
        [
            "enemy - wall",
            "enemy - wall",
            "player - enemy",
            "player - enemy shot",
            "player - wall",
            "player shot - enemy"
        ]
    );
    // Left out: each shot and its shooter, the two enemies, and the shots and the wall, which
    // the shots do not reach.
    // --8<-- [end:scene]

    // --8<-- [start:sight]
    // An enemy looks left for the player: its line of sight sees walls and players only, so the
    // other enemy and the shots in between do not block it.
    let eyes = Ray::new(Vec2::new(2.0, 1.2), Vec2::NEG_X)?;
    let sees = QueryFilter { filter: CollisionFilter::new(ENEMY, PLAYER | WALL), ..QueryFilter::default() };
    let (seen, hit) = world.cast_ray_filtered(&eyes, 10.0, &sees).expect("it sees something");
    println!("the enemy sees the {} {:.1} m away", world.data(seen).unwrap(), hit.distance);
    assert_eq!((seen, hit.distance), (handles[0], 1.0));
    // Without the filter the ray starts inside the enemy itself, at distance 0.
    assert_eq!(world.cast_ray(&eyes, 10.0).map(|(h, d)| (h, d.distance)), Some((handles[3], 0.0)));
    // --8<-- [end:sight]

    // --8<-- [start:invulnerable]
    // Hit, the player blinks for a while: enemy shots pass through it. Changing a filter ends
    // the pairs it forbids at the next step, as `stopped` events.
    let player = handles[0];
    world.set_filter(player, CollisionFilter::new(PLAYER, ENEMY | WALL))?;
    let events = world.step().clone();
    assert_eq!(events.stopped(), [(player, handles[5])]);
    println!("blinking: the player and the {} stopped touching", world.data(handles[5]).unwrap());
    // --8<-- [end:invulnerable]

    // --8<-- [start:picture]
    // Each collider red when it collides with something its layers allow, green when nothing.
    let mut picture = canvas(&Aabb::from_xywh(-1.0, -0.5, 5.0, 2.7)?, 600, 330, true)?;
    world.set_filter(player, filter("player"))?;
    world.step();
    for (&h, (kind, shape)) in handles.iter().zip(&colliders) {
        picture.shape(shape, world.is_colliding(h) == Some(true));
        // Shots labelled under them, boxes inside their top-left corner.
        let at = match shape {
            Shape::Circle(c) => c.center() + Vec2::new(-0.4, -0.3),
            _ => Vec2::new(shape.aabb().min().x + 0.05, shape.aabb().max().y - 0.08),
        };
        label(&mut picture, at, kind, 1);
    }
    save(&picture, "layers.png")?;
    // --8<-- [end:picture]
    Ok(())
}
