//! A swappable detection method: the founding scenario of boxes and circles drawn red when they
//! collide, where the test that decides "collide" can be swapped for another without touching
//! the rest of the game. The same scene judged by the three ready detectors, by hand and in a
//! `World`, and drawn once per detector. The guide's page
//! (docs/guide/pages/scenarios/swappable.md) shows this file's marked sections and the picture
//! it writes when given a folder: `swappable.png`.

use std::f32::consts::FRAC_PI_4;

use collide2d::prelude::*;
use collide2d::{Contact, ContactMethod, World};
use collide2d_guide::{canvas, label, save};

// --8<-- [start:judge]
/// The pairs (by their indices in `scene`) that `detector` says collide, every pair tested.
/// Anything that takes a `&dyn Detector` takes any of them, or one of your own.
fn colliding_pairs(detector: &dyn Detector, scene: &[(&str, Shape)]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..scene.len() {
        for j in i + 1..scene.len() {
            if detector.detect(scene[i].1.shape_ref(), scene[j].1.shape_ref()) {
                pairs.push((i, j));
            }
        }
    }
    pairs
}
// --8<-- [end:judge]

// --8<-- [start:world]
/// A pair of shapes, by their indices in the scene, and their contact when the world gives one.
type Touching = ((usize, usize), Option<Contact>);

/// The pairs a world with `detector` reports touching after one step, the world's data being
/// each shape's index in `scene`.
fn world_pairs<D: Detector + 'static>(
    detector: D,
    method: ContactMethod,
    scene: &[(&str, Shape)],
) -> Result<Vec<Touching>, Box<dyn std::error::Error>> {
    let mut world = World::new();
    world.set_detector(detector);
    world.set_contact_method(method);
    for (i, (_, shape)) in scene.iter().enumerate() {
        world.insert(shape.clone(), Transform::IDENTITY, i)?;
    }
    let events = world.step().clone();
    let mut pairs = Vec::new();
    for e in events.touching() {
        let (a, b) = (*world.data(e.a).ok_or("stale")?, *world.data(e.b).ok_or("stale")?);
        pairs.push(((a.min(b), a.max(b)), e.contact));
    }
    pairs.sort_by_key(|(pair, _)| *pair);
    Ok(pairs)
}
// --8<-- [end:world]

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:scene]
    // Screen coordinates, y down, in pixels: boxes and circles, three pairs near each other.
    let scene: Vec<(&str, Shape)> = vec![
        // A crate turned 45 degrees, and a ball off its corner: their boxes overlap, they do not.
        ("diamond", Obb::new(Vec2::new(60.0, 60.0), Vec2::new(30.0, 30.0), FRAC_PI_4)?.into()),
        ("ball", Circle::new(Vec2::new(106.0, 106.0), 12.0)?.into()),
        // A long plank and a pebble above its middle: the plank's bounding circle is huge.
        ("plank", Aabb::from_xywh(120.0, 160.0, 100.0, 12.0)?.into()),
        ("pebble", Circle::new(Vec2::new(170.0, 135.0), 10.0)?.into()),
        // A box and a bumper that really overlap, at the box's corner.
        ("crate", Aabb::from_xywh(140.0, 30.0, 60.0, 50.0)?.into()),
        ("bumper", Circle::new(Vec2::new(212.0, 92.0), 20.0)?.into()),
    ];
    // --8<-- [end:scene]

    // --8<-- [start:swap]
    // The detector is one value: swap it, and the same loop gives that detector's answers.
    let detectors: [&dyn Detector; 3] = [&BoundingBoxes, &BoundingCircles, &Exact];
    let mut answers = Vec::new();
    for detector in detectors {
        let pairs = colliding_pairs(detector, &scene);
        let names: Vec<String> = pairs.iter().map(|&(i, j)| format!("{}-{}", scene[i].0, scene[j].0)).collect();
        println!("{:<16} {}", detector.name(), names.join(", "));
        answers.push(pairs);
    }
    // Each is looser than the exact test in its own way, and never stricter.
    // Boxes: the ball off the diamond's corner. Circles: the pebble over the plank. Exact: the
    // crate and the bumper only.
    assert_eq!(answers[0], [(0, 1), (4, 5)]);
    assert_eq!(answers[1], [(2, 3), (4, 5)]);
    assert_eq!(answers[2], [(4, 5)]);
    // --8<-- [end:swap]

    // --8<-- [start:in-a-world]
    // A world judges with its detector only the pairs its broad phase finds, whose bounding
    // boxes overlap: with boxes or the exact test it agrees with the loop, and with circles it
    // reports the pairs on which circles and boxes agree.
    let in_world = [
        world_pairs(BoundingBoxes, ContactMethod::Exact, &scene)?,
        world_pairs(BoundingCircles, ContactMethod::Exact, &scene)?,
        world_pairs(Exact, ContactMethod::Exact, &scene)?,
    ];
    let boxes_overlap = |&(i, j): &(usize, usize)| scene[i].1.aabb().intersects(&scene[j].1.aabb());
    for (pairs, by_hand) in in_world.iter().zip(&answers) {
        let found: Vec<(usize, usize)> = pairs.iter().map(|(pair, _)| *pair).collect();
        let expected: Vec<(usize, usize)> = by_hand.iter().copied().filter(boxes_overlap).collect();
        assert_eq!(found, expected);
    }
    // A pair a loose detector accepts, whose shapes do not touch, has no contact: nothing to push.
    assert_eq!(in_world[0][0], ((0, 1), None));
    let bump = in_world[2][0].1.expect("the crate and the bumper overlap");
    println!("in a world, exact: crate-bumper, {:.2} deep", bump.depth);
    // the radius less the corner's distance
    assert!((bump.depth - (20.0 - 12f32.hypot(12.0))).abs() < 1e-4);
    // The narrow phase's contact method changes how contacts are measured, never which pairs
    // touch; boxes and circles get the same contacts from both methods.
    assert_eq!(world_pairs(Exact, ContactMethod::DeepestPiecePair, &scene)?, in_world[2]);
    // --8<-- [end:in-a-world]

    // --8<-- [start:picture]
    // The scene three times, once per detector: red for the shapes it says collide. The dashed
    // boxes and the thin circles are what the first two compare.
    let panel = 250.0;
    let mut picture = canvas(&Aabb::from_xywh(0.0, -14.0, 3.0 * panel - 10.0, 204.0)?, 750, 216, false)?;
    for (k, (detector, pairs)) in detectors.iter().zip(&answers).enumerate() {
        let shift = Transform::from_translation(Vec2::new(k as f32 * panel, 0.0));
        for (i, (_, shape)) in scene.iter().enumerate() {
            let shape = shape.transformed(&shift)?;
            picture.shape(&shape, pairs.iter().any(|&(a, b)| a == i || b == i));
            match k {
                0 => picture.aabb(&shape.aabb()),
                1 => {
                    let (centre, radius) = shape.bounding_circle();
                    picture.outline(&Circle::new(centre, radius)?.into(), [120, 120, 200, 255], 1.0);
                }
                _ => {}
            }
        }
        label(&mut picture, Vec2::new(k as f32 * panel + 4.0, -12.0), detector.name(), 1);
    }
    save(&picture, "swappable.png")?;
    // --8<-- [end:picture]
    Ok(())
}
