//! The demo renderer without any window: known states, checked pixel by pixel.

use collide2d::Vec2;
use collide2d_render::demo::{Demo, Key, Method, Pair};

fn is_red([r, g, b, _]: [u8; 4]) -> bool {
    r as i32 > g as i32 + 60 && r as i32 > b as i32 + 60
}

fn is_green([r, g, b, _]: [u8; 4]) -> bool {
    g as i32 > r as i32 + 40 && g as i32 > b as i32 + 20
}

/// The colour at a world point of the demo's picture.
fn colour_at(demo: &Demo, p: Vec2) -> [u8; 4] {
    let px = demo.view().to_pixel(p);
    demo.render().pixel(px.x as u32, px.y as u32)
}

/// Presses D until the method is `m`: at most once for each of the six methods.
fn set_method(demo: &mut Demo, m: Method) {
    for _ in 0..6 {
        if demo.method() == m {
            return;
        }
        demo.key(Key::NextDetector);
    }
    assert_eq!(demo.method(), m, "D never reached it");
}

#[test]
fn every_pair_is_green_apart_and_red_on_top_of_each_other() {
    let mut demo = Demo::new(640, 400);
    for key in [
        Key::Show(Pair::Circles),
        Key::Show(Pair::Boxes),
        Key::Show(Pair::Oriented),
        Key::Show(Pair::Traced),
        Key::Show(Pair::Bitmask),
    ] {
        demo.key(key);
        demo.place_moving(Vec2::new(14.0, 2.0));
        assert!(!demo.verdict().colliding, "{key:?} apart");
        // A point inside every fixed shape, off the line the push-out arrow is drawn along.
        let inside = demo.fixed_position() + Vec2::new(-1.0, 0.5);
        assert!(is_green(colour_at(&demo, inside)), "{key:?}: fixed shape green when apart");
        demo.place_moving(demo.fixed_position() + Vec2::new(0.5, 0.3));
        assert!(demo.verdict().colliding, "{key:?} overlapping");
        let c = colour_at(&demo, inside);
        assert!(is_red(c), "{key:?}: fixed shape red when colliding: {c:?}");
    }
}

#[test]
fn concave_pair_tells_the_notch_from_the_body() {
    let mut demo = Demo::new(640, 400);
    demo.key(Key::Show(Pair::Polygons));
    assert_eq!(demo.pair(), Pair::Polygons);
    // The fixed "C" opens to +x; its notch spans x in (-1, 2), y in (-1, 1) about its centre.
    // The moving C is 0.6× as big, turned so it fits: place it in the notch, unturned, far right.
    demo.place_moving(demo.fixed_position() + Vec2::new(3.5, 0.0));
    assert!(!demo.verdict().colliding);
    // Its left bar (x from -1.2 to -0.6 scaled) overlaps the fixed C's back when moved left.
    demo.place_moving(demo.fixed_position() + Vec2::new(-0.5, 0.0));
    assert!(demo.verdict().colliding);
    let c = demo.verdict().contact.expect("an exact contact");
    assert!(c.depth > 0.0 && (c.normal.length() - 1.0).abs() < 1e-4);
}

#[test]
fn dragging_moves_the_shape_and_the_detector_key_cycles_methods() {
    let mut demo = Demo::new(640, 400);
    let grab = demo.view().to_pixel(demo.moving_position());
    let target = demo.view().to_pixel(demo.fixed_position());
    demo.pointer_down(grab);
    demo.pointer_move(target);
    demo.pointer_up();
    assert!((demo.moving_position() - demo.fixed_position()).length() < 0.05);
    assert!(demo.verdict().colliding);
    // Clicking empty space drags nothing.
    demo.pointer_down(Vec2::new(5.0, 390.0));
    demo.pointer_move(Vec2::new(600.0, 390.0));
    assert!((demo.moving_position() - demo.fixed_position()).length() < 0.05);
    let mut seen = vec![demo.method()];
    for _ in 0..6 {
        demo.key(Key::NextDetector);
        seen.push(demo.method());
    }
    assert_eq!(seen.first(), seen.last());
    assert!(seen.contains(&Method::BoundingCircles) && seen.contains(&Method::TieredCorners));
}

#[test]
fn bounding_boxes_call_a_near_miss_colliding_where_exact_does_not() {
    let mut demo = Demo::new(640, 400);
    demo.key(Key::Show(Pair::Circles));
    // Diagonal neighbours: boxes overlap, discs (radii 1.8 and 1.2) do not.
    demo.place_moving(demo.fixed_position() + Vec2::splat(2.3));
    assert!(!demo.verdict().colliding);
    set_method(&mut demo, Method::BoundingBoxes);
    assert!(demo.verdict().colliding);
    assert!(demo.verdict().contact.is_none());
}

#[test]
fn automatic_movement_moves_only_when_switched_on() {
    let mut demo = Demo::new(320, 200);
    let start = demo.moving_position();
    demo.tick(1.0);
    assert_eq!(demo.moving_position(), start);
    demo.key(Key::ToggleAuto);
    demo.tick(1.0);
    assert_ne!(demo.moving_position(), start);
    demo.tick(f32::NAN); // ignored, never panics
    assert!(demo.moving_position().is_finite());
}

#[test]
fn bitmask_pair_is_pixel_perfect_where_bounding_boxes_are_not() {
    let mut demo = Demo::new(640, 400);
    demo.key(Key::Show(Pair::Bitmask));
    assert_eq!(demo.pair(), Pair::Bitmask);
    // Walking the moving sprite away along a diagonal, there is a stretch where the bounding
    // boxes still overlap but no pixels do (the sprite's box corners are empty).
    let mut found = false;
    for k in 0..80 {
        demo.place_moving(demo.fixed_position() + Vec2::new(1.0, -1.0) * (k as f32 * 0.1));
        set_method(&mut demo, Method::Exact);
        let pixels = demo.verdict().colliding;
        set_method(&mut demo, Method::BoundingBoxes);
        let boxes = demo.verdict().colliding;
        assert!(boxes || !pixels, "pixels touching means boxes overlap (step {k})");
        found |= boxes && !pixels;
    }
    assert!(found, "some placement should separate the pixels but not the boxes");
    set_method(&mut demo, Method::Exact);
    demo.place_moving(demo.fixed_position() + Vec2::new(1.0, 0.5));
    assert!(demo.verdict().colliding);
}
