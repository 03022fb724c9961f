//! Boxes and their intersection rectangle: the first founding scenario. Which of four
//! sprite-like rectangles overlap, and the rectangle each overlapping pair shares, drawn by
//! collide2d-render. The guide's page (docs/guide/pages/scenarios/boxes.md) shows this file's
//! marked sections and the picture it writes when given a folder: `boxes.png`.

use collide2d::prelude::*;
use collide2d_render::{Picture, Style, View};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:boxes]
    // Screen coordinates: x to the right, y down, a box at (x, y) with a width and height.
    let hero = Aabb::from_xywh(40.0, 60.0, 120.0, 90.0)?;
    let enemy = Aabb::from_xywh(110.0, 110.0, 100.0, 80.0)?;
    let coin = Aabb::from_xywh(270.0, 40.0, 50.0, 50.0)?;
    // The wall's left edge is the enemy's right edge (x = 210): they touch and nothing more.
    let wall = Aabb::from_xywh(210.0, 150.0, 110.0, 60.0)?;

    // The rectangle two boxes share, or None when they are apart.
    let overlap = hero.intersection(&enemy).expect("the hero and the enemy overlap");
    assert_eq!(overlap, Aabb::from_xywh(110.0, 110.0, 50.0, 40.0)?);
    assert_eq!(overlap.area(), 2000.0);
    assert_eq!(hero.intersection(&coin), None);

    // Boxes are closed, so touching counts: the enemy and the wall share an edge, a rectangle of
    // zero width, and `intersects` says yes.
    let edge = enemy.intersection(&wall).expect("they touch");
    assert_eq!((edge.width(), edge.height()), (0.0, 40.0));
    assert!(enemy.intersects(&wall));
    // --8<-- [end:boxes]

    // --8<-- [start:all-pairs]
    // Every pair, the way a small game might check them each frame.
    let boxes = [("hero", hero), ("enemy", enemy), ("coin", coin), ("wall", wall)];
    let mut shared = Vec::new();
    for (i, (name_a, a)) in boxes.iter().enumerate() {
        for (name_b, b) in &boxes[i + 1..] {
            if let Some(r) = a.intersection(b) {
                println!("{name_a} and {name_b} share {} x {} at ({}, {})", r.width(), r.height(), r.left(), r.top());
                shared.push(r);
            }
        }
    }
    assert_eq!(shared.len(), 2);
    // --8<-- [end:all-pairs]

    // --8<-- [start:picture]
    // The picture: boxes that touch another are red, the others green, and each shared
    // rectangle outlined in black (the wall's is a line, as it has no width).
    let view = View::fit(&Aabb::from_xywh(30.0, 20.0, 300.0, 200.0)?, 480, 330, 12.0, false);
    let mut picture = Picture::new(view, Style::default()).ok_or("picture size")?;
    for (i, (_, b)) in boxes.iter().enumerate() {
        let touches = boxes.iter().enumerate().any(|(j, (_, o))| i != j && intersects(b, o));
        picture.shape(&Shape::from(*b), touches);
    }
    for r in &shared {
        picture.outline(&Shape::from(*r), [20, 20, 20, 255], 3.0);
    }
    for (name, b) in &boxes {
        let at = view.to_pixel(b.min() + Vec2::new(4.0, 4.0));
        picture.text(at.x, at.y, name, 2);
    }
    collide2d_guide::save(&picture, "boxes.png")?;
    // --8<-- [end:picture]
    Ok(())
}
