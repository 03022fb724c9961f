//! The cheaper answers: the `tiered` levels and the bounding-volume `Detector`s against `Exact`.

use std::f32::consts::FRAC_PI_2;

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::tiered::{collide, collide_verdict, Level, RectObject};
use collide2d::{ShapeLike, Transform};

use super::*;

// ---------------------------------------------------------------- tiered

struct Sprite {
    local: Aabb,
    transform: Transform,
}

impl RectObject for Sprite {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        self.local
    }
}

fn sprite(local: Aabb, at: Vec2, rotation: f32) -> Sprite {
    Sprite { local, transform: Transform::from_translation_rotation_scale(at, rotation, Vec2::ONE) }
}

fn levels(a: &Sprite, b: &Sprite) -> [bool; 4] {
    [Level::Aabb, Level::Corners, Level::Sat, Level::Maximum].map(|l| collide(a, b, l))
}

#[test]
fn tiered_bounding_box_level_says_two_45_degree_squares_collide_when_only_their_boxes_overlap() {
    let unit = aabb(-1.0, -1.0, 1.0, 1.0);
    let (a, b) = (sprite(unit, v(0.0, 0.0), Q), sprite(unit, v(2.2, 2.2), Q));
    // World boxes [-√2, √2]² and [2.2 - √2, 2.2 + √2]² overlap; the diamonds are ≈1.11 apart.
    assert_eq!(levels(&a, &b), [true, false, false, false]);
    assert_eq!(levels(&b, &a), [true, false, false, false]);
    assert_eq!(collide_verdict(&a, &b, Level::Maximum).decided_by, Level::Sat);
}

#[test]
fn tiered_corner_level_says_a_plus_sign_is_apart_while_sat_and_maximum_see_it_collide() {
    let bar = aabb(-3.0, -1.0, 3.0, 1.0);
    let (a, b) = (sprite(bar, v(0.0, 0.0), 0.0), sprite(bar, v(0.0, 0.0), FRAC_PI_2));
    assert_eq!(levels(&a, &b), [true, false, true, true]);
    assert_eq!(levels(&b, &a), [true, false, true, true]);
    let verdict = collide_verdict(&a, &b, Level::Maximum);
    assert!(verdict.colliding);
    assert_eq!(verdict.decided_by, Level::Sat);
}

#[test]
fn tiered_corner_inside_or_on_an_edge_settles_a_collision_at_the_corner_level() {
    let sq = aabb(0.0, 0.0, 2.0, 2.0);
    let a = sprite(sq, v(0.0, 0.0), 0.0);
    for at in [v(1.0, 1.0), v(2.0, 0.0), v(2.0, 2.0)] {
        let b = sprite(sq, at, 0.0);
        assert_eq!(levels(&a, &b), [true; 4], "at {at:?}");
        let verdict = collide_verdict(&a, &b, Level::Maximum);
        assert!(verdict.colliding && verdict.decided_by == Level::Corners, "{verdict:?} at {at:?}");
    }
}

#[test]
fn tiered_boxes_apart_settle_every_level_at_the_bounding_box_level() {
    let sq = aabb(0.0, 0.0, 2.0, 2.0);
    let (a, b) = (sprite(sq, v(0.0, 0.0), 0.0), sprite(sq, v(2.002, 0.0), 0.0));
    assert_eq!(levels(&a, &b), [false; 4]);
    assert_eq!(collide_verdict(&a, &b, Level::Maximum).decided_by, Level::Aabb);
}

#[test]
fn tiered_a_corner_of_either_one_inside_the_other_settles_at_the_corner_level() {
    // A big square and a small 45° diamond poking into its right side by one tip: only the
    // diamond's corner is inside, none of the square's. Both orders must find it.
    let big = sprite(aabb(0.0, 0.0, 4.0, 4.0), v(0.0, 0.0), 0.0);
    let diamond = sprite(aabb(-1.0, -1.0, 1.0, 1.0), v(4.0 + std::f32::consts::SQRT_2 - 0.5, 2.0), Q);
    for (a, b) in [(&big, &diamond), (&diamond, &big)] {
        assert_eq!(levels(a, b), [true; 4]);
        let verdict = collide_verdict(a, b, Level::Corners);
        assert!(verdict.colliding && verdict.decided_by == Level::Corners, "{verdict:?}");
    }
}

#[test]
fn tiered_a_rectangle_flattened_by_its_transform_collides_as_the_segment_it_becomes() {
    // Scale y by 0: the 4 × 1 rectangle becomes the segment from (0, 0) to (4, 0). A box around
    // (3.5, 0) touches it far from the first corner, and one past its end does not.
    let flat = Sprite {
        local: aabb(0.0, 0.0, 4.0, 1.0),
        transform: Transform::from_translation_rotation_scale(v(0.0, 0.0), 0.0, v(1.0, 0.0)),
    };
    let near_end = sprite(aabb(-0.25, -0.25, 0.25, 0.25), v(3.5, 0.2), 0.0);
    let past_end = sprite(aabb(-0.25, -0.25, 0.25, 0.25), v(4.5, 0.2), 0.0);
    assert!(collide(&flat, &near_end, Level::Maximum) && collide(&near_end, &flat, Level::Maximum));
    assert!(!collide(&flat, &past_end, Level::Maximum) && !collide(&past_end, &flat, Level::Maximum));
    // Flattened to a point (both scales 0): it collides only with what holds that point.
    let dot = Sprite {
        local: aabb(1.0, 1.0, 4.0, 2.0),
        transform: Transform::from_translation_rotation_scale(v(3.5, 0.1), 0.0, v(0.0, 0.0)),
    };
    assert!(collide(&dot, &near_end, Level::Maximum));
    assert!(!collide(&dot, &past_end, Level::Maximum));
}

// ---------------------------------------------------------------- detectors

fn verdicts(a: &Shape, b: &Shape) -> [bool; 3] {
    let detectors: [&dyn Detector; 3] = [&BoundingBoxes, &BoundingCircles, &Exact];
    detectors.map(|d| d.detect(a.shape_ref(), b.shape_ref()))
}

#[test]
fn detectors_bounding_boxes_alone_see_a_ball_off_a_diamond_tip_as_colliding() {
    let diamond: Shape = obb(0.0, 0.0, 1.0, 1.0, Q).into();
    // Ball 0.84 from the diamond's edge; bounding circles √2 + 0.3 < 1.3√2 apart; boxes overlap.
    let ball: Shape = circle(1.3, 1.3, 0.3).into();
    assert_eq!(verdicts(&diamond, &ball), [true, false, false]);
    assert_eq!(verdicts(&ball, &diamond), [true, false, false]);
}

#[test]
fn detectors_bounding_circles_alone_see_a_short_segment_above_a_long_one_as_colliding() {
    let long: Shape = seg(-10.0, 0.0, 10.0, 0.0).into(); // circle of radius 10 around the origin
    let short: Shape = seg(0.0, 5.0, 1.0, 5.0).into();
    assert_eq!(verdicts(&long, &short), [false, true, false]);
    assert_eq!(verdicts(&short, &long), [false, true, false]);
}

#[test]
fn detectors_all_agree_on_a_circle_resting_on_a_box() {
    let b: Shape = aabb(0.0, 0.0, 2.0, 2.0).into();
    let c: Shape = circle(3.0, 1.0, 1.0).into();
    assert_eq!(verdicts(&b, &c), [true, true, true]);
    let far: Shape = circle(3.002, 1.0, 1.0).into();
    // Bounding circle of the box: radius √2 around (1,1), so 2.002 < √2 + 1 still overlaps.
    assert_eq!(verdicts(&b, &far), [false, true, false]);
}
