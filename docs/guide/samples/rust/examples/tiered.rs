//! The tiered test for transformed rectangles: the founding scenario of SFML sprites tested by
//! their local rectangles and transforms, bounding boxes first, then corners inside, then
//! separating axes, each level settling what it can. Four pairs, one settled at each step, drawn
//! in the colour of the level that settled them. The guide's page
//! (docs/guide/pages/scenarios/tiered.md) shows this file's marked sections and the picture it
//! writes when given a folder: `tiered.png`.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use collide2d::prelude::*;
use collide2d::tiered::collide_verdict;
use collide2d_guide::{canvas, label, save};

// --8<-- [start:sprite]
/// A sprite as SFML has one: a local rectangle (its texture's size) placed by a transform.
struct Sprite {
    size: Vec2,
    transform: Transform,
}

impl Sprite {
    /// A `w × h` sprite with its centre at `(x, y)`, turned by `angle` radians about its centre.
    fn new(w: f32, h: f32, x: f32, y: f32, angle: f32) -> Self {
        let size = Vec2::new(w, h);
        Self { size, transform: Transform::from_parts(Vec2::new(x, y), angle, Vec2::ONE, size / 2.0) }
    }
}

// All the tiered test needs: where the rectangle is in local space, and how it is placed.
impl RectObject for Sprite {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        Aabb::new(Vec2::ZERO, self.size).expect("a sprite has a finite size")
    }
}
// --8<-- [end:sprite]

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:pairs]
    // Screen coordinates, y down; each pair sits in its own 200-wide panel.
    let pairs = [
        // Their bounding boxes are apart: level 0 is sure, nothing more is computed.
        ("far apart", Sprite::new(120.0, 40.0, 60.0, 60.0, 0.0), Sprite::new(120.0, 40.0, 100.0, 150.0, 0.4)),
        // A corner of the turned sprite lies inside the other: level 1 is sure they collide.
        ("corner in", Sprite::new(140.0, 50.0, 320.0, 70.0, 0.0), Sprite::new(100.0, 40.0, 320.0, 130.0, 0.5)),
        // A plus sign: they cross, yet no corner of either is inside the other.
        ("plus sign", Sprite::new(160.0, 30.0, 540.0, 100.0, 0.0), Sprite::new(160.0, 30.0, 540.0, 100.0, FRAC_PI_2)),
        // Two parallel bars 16 apart: their bounding boxes overlap, the bars do not.
        (
            "near miss",
            Sprite::new(140.0, 24.0, 746.0, 114.0, FRAC_PI_4),
            Sprite::new(140.0, 24.0, 774.0, 86.0, FRAC_PI_4),
        ),
    ];
    // --8<-- [end:pairs]

    // --8<-- [start:levels]
    // What each level alone answers (SFML's `collisionLevel` 0, 1 and 2), and which level the
    // full test stops at: it climbs only while the answer is not yet certain.
    let yes_no = |colliding: bool| if colliding { "hit" } else { "apart" };
    println!("{:<10} {:<7} {:<7} {:<7} settled by", "pair", "level 0", "level 1", "level 2");
    let mut verdicts = Vec::new();
    for (name, a, b) in &pairs {
        let each = [Level::Aabb, Level::Corners, Level::Sat].map(|level| collide(a, b, level));
        let verdict = collide_verdict(a, b, Level::Maximum);
        println!(
            "{name:<10} {:<7} {:<7} {:<7} level {}",
            yes_no(each[0]),
            yes_no(each[1]),
            yes_no(each[2]),
            verdict.decided_by as u8
        );
        verdicts.push((each, verdict));
    }
    let settled: Vec<(bool, Level)> = verdicts.iter().map(|(_, v)| (v.colliding, v.decided_by)).collect();
    assert_eq!(settled, [(false, Level::Aabb), (true, Level::Corners), (true, Level::Sat), (false, Level::Sat)]);
    // The lower levels' known mistakes: bounding boxes call the near miss a hit, and corners
    // alone miss the plus sign.
    assert_eq!(verdicts[3].0, [true, false, false]);
    assert_eq!(verdicts[2].0, [true, false, true]);
    // --8<-- [end:levels]

    // --8<-- [start:picture]
    // Each sprite is filled red or green by the full test's answer and outlined in the colour of
    // the level that settled its pair; the dashed boxes are the bounding boxes level 0 compares.
    let colours = [[50, 100, 210, 255], [235, 140, 20, 255], [140, 50, 170, 255]];
    let mut picture = canvas(&Aabb::from_xywh(-10.0, -20.0, 890.0, 270.0)?, 712, 236, false)?;
    for ((name, a, b), (_, verdict)) in pairs.iter().zip(&verdicts) {
        for sprite in [a, b] {
            let shape = sprite.local_bounds().transformed(&sprite.transform)?;
            picture.shape(&shape, verdict.colliding);
            picture.outline(&shape, colours[verdict.decided_by as usize], 3.0);
            picture.aabb(&sprite.global_bounds());
        }
        let left = a.global_bounds().union(&b.global_bounds()).center().x - 90.0;
        label(&mut picture, Vec2::new(left, 205.0), name, 2);
        label(
            &mut picture,
            Vec2::new(left, 232.0),
            &format!("level {}: {}", verdict.decided_by as u8, yes_no(verdict.colliding)),
            1,
        );
    }
    for (i, (rgba, what)) in colours.iter().zip(["level 0: boxes", "level 1: corners", "level 2: SAT"]).enumerate() {
        picture.legend_entry(12.0 + 170.0 * i as f32, 8.0, *rgba, what);
    }
    save(&picture, "tiered.png")?;
    // --8<-- [end:picture]
    Ok(())
}
