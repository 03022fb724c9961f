//! Oriented boxes by separating axes: the founding scenario of rotated rectangles in an HTML5
//! game. Both boxes are projected onto each box's two axes; ranges that do not overlap on some
//! axis prove the boxes apart, and when every range overlaps, the axis needing the smallest push
//! is the way out. The guide's page (docs/guide/pages/scenarios/oriented-boxes.md) shows this
//! file's marked sections and the picture it writes when given a folder: `oriented_boxes.png`.

use collide2d::prelude::*;
use collide2d_guide::{canvas, label, save};
use collide2d_render::Picture;

/// The colours of the first box's shadows and of the second's.
const A_COLOUR: [u8; 4] = [50, 100, 210, 255];
const B_COLOUR: [u8; 4] = [235, 140, 20, 255];

// --8<-- [start:project]
/// One candidate axis: both boxes' shadows on it, and how far they overlap there (negative: the
/// gap between them, which makes it a separating axis).
struct Projection {
    axis: Vec2,
    a: Interval,
    b: Interval,
    overlap: f32,
}

/// The four axes that can separate two rectangles (each one's two edge directions), with both
/// boxes projected on each. A box's shadow is the range its four corners project onto.
fn projections(a: &Obb, b: &Obb) -> Vec<Projection> {
    let (a1, a2) = a.axes();
    let (b1, b2) = b.axes();
    [a1, a2, b1, b2]
        .into_iter()
        .map(|axis| {
            let on = |o: &Obb| Interval::of_projection(&o.corners(), axis).expect("four corners");
            let (ra, rb) = (on(a), on(b));
            // How far b must move, one way or the other, to leave a's range.
            let overlap = (ra.max - rb.min).min(rb.max - ra.min);
            Projection { axis, a: ra, b: rb, overlap }
        })
        .collect()
}
// --8<-- [end:project]

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:pairs]
    // y up; angles in radians, counter-clockwise.
    let crate_ = Obb::new(Vec2::new(0.0, 0.0), Vec2::new(3.0, 1.5), 0.5)?;
    let near = Obb::new(Vec2::new(4.8, -2.4), Vec2::new(2.0, 1.0), -0.4)?;
    let ship = Obb::new(Vec2::new(14.0, 0.0), Vec2::new(3.0, 1.5), 0.5)?;
    let hit = Obb::new(Vec2::new(17.2, 2.6), Vec2::new(2.0, 1.0), -0.4)?;

    for (name, a, b) in [("apart", &crate_, &near), ("overlapping", &ship, &hit)] {
        println!("{name}:");
        for p in projections(a, b) {
            let (ax, ay) = (p.axis.x, p.axis.y);
            println!(
                "  axis ({ax:5.2}, {ay:5.2}): a [{:6.2}, {:6.2}]  b [{:6.2}, {:6.2}]  overlap {:5.2}",
                p.a.min, p.a.max, p.b.min, p.b.max, p.overlap
            );
        }
    }
    // --8<-- [end:pairs]

    // --8<-- [start:verdicts]
    // Apart: some axis shows a gap, which proves it; the boxes' bounding boxes still overlap,
    // so an axis-aligned test alone would have called it a hit.
    let apart = projections(&crate_, &near);
    let separating = apart.iter().find(|p| p.overlap < 0.0).expect("a separating axis");
    assert!(!crate_.intersects(&near) && crate_.aabb().intersects(&near.aabb()));

    // Overlapping: no axis separates them, and the axis of least overlap is the shortest way
    // out. It is the library's contact: same depth, normal along the same axis.
    let overlapping = projections(&ship, &hit);
    assert!(overlapping.iter().all(|p| p.overlap >= 0.0) && ship.intersects(&hit));
    let least = overlapping.iter().min_by(|p, q| p.overlap.total_cmp(&q.overlap)).expect("four axes");
    let c = contact(&ship, &hit).expect("they overlap");
    assert!((c.depth - least.overlap).abs() < 1e-4);
    assert!(c.normal.dot(least.axis).abs() > 0.9999);
    println!("separating axis: ({:.2}, {:.2}), gap {:.2}", separating.axis.x, separating.axis.y, -separating.overlap);
    println!(
        "least overlap: {:.2} along ({:.2}, {:.2}); contact depth {:.2}",
        least.overlap, c.normal.x, c.normal.y, c.depth
    );
    // --8<-- [end:verdicts]

    // --8<-- [start:picture]
    // The boxes, and on the deciding axis the two shadows, drawn beside the boxes as ranges
    // of the line through the origin along that axis: a gap on the left, an overlap on the right,
    // with the push-out arrow.
    let mut picture = canvas(&Aabb::from_xywh(-8.0, -9.0, 31.0, 17.0)?, 720, 400, true)?;
    picture.shape(&crate_.into(), false);
    picture.shape(&near.into(), false);
    picture.shape(&ship.into(), true);
    picture.shape(&hit.into(), true);
    for (p, a, b) in [(separating, &crate_, &near), (least, &ship, &hit)] {
        draw_shadows(&mut picture, p, [a, b]);
    }
    picture.contact(&c, true);
    for (o, name) in [(&crate_, "a"), (&near, "b"), (&ship, "a"), (&hit, "b")] {
        label(&mut picture, o.center() - Vec2::new(0.2, -0.3), name, 2);
    }
    label(&mut picture, Vec2::new(-7.0, 7.5), "apart", 2);
    label(&mut picture, Vec2::new(9.0, 7.5), "overlapping", 2);
    picture.legend_entry(500.0, 360.0, A_COLOUR, "a's shadow");
    picture.legend_entry(500.0, 378.0, B_COLOUR, "b's shadow");
    save(&picture, "oriented_boxes.png")?;
    // --8<-- [end:picture]
    Ok(())
}

/// Draws the line of `p.axis` just beyond both boxes (moved sideways along its normal) and on it
/// the two shadows, a's and b's, side by side so that both show where they overlap, each joined
/// to the corners that cast its ends by a line at right angles to the axis.
fn draw_shadows(picture: &mut Picture, p: &Projection, boxes: [&Obb; 2]) {
    let side = p.axis.perp();
    let beyond = boxes.iter().flat_map(|o| o.corners()).map(|c| c.dot(side)).fold(f32::MIN, f32::max) + 1.0;
    let at = |t: f32, lift: f32| p.axis * t + side * (beyond + lift);
    let whole = p.a.combine(&p.b);
    let mut line = |from: Vec2, to: Vec2, rgba: [u8; 4], width: f32| {
        if let Ok(segment) = Segment::new(from, to) {
            picture.outline(&Shape::Segment(segment), rgba, width);
        }
    };
    line(at(whole.min - 1.5, 0.0), at(whole.max + 1.5, 0.0), [120, 120, 120, 255], 1.0);
    for (o, range, lift, rgba) in [(boxes[0], p.a, 0.25, A_COLOUR), (boxes[1], p.b, 0.6, B_COLOUR)] {
        line(at(range.min, lift), at(range.max, lift), rgba, 5.0);
        for corner in o.corners() {
            let t = corner.dot(p.axis);
            if t == range.min || t == range.max {
                line(corner, at(t, lift), [rgba[0], rgba[1], rgba[2], 110], 1.0);
            }
        }
    }
}
