//! The demo's state after known input: pairs, methods, the drag, the wheel, the orbit.

use super::*;
use std::f32::consts::TAU;

#[test]
fn each_pair_answers_to_its_letter_in_either_case() {
    let pairs = [
        ('c', Pair::Circles),
        ('r', Pair::Boxes),
        ('o', Pair::Oriented),
        ('p', Pair::Polygons),
        ('t', Pair::Traced),
        ('b', Pair::Bitmask),
    ];
    for (letter, pair) in pairs {
        for c in [letter, letter.to_ascii_uppercase()] {
            assert_eq!(Pair::from_letter(c), Some(pair), "{c:?}");
            assert_eq!(Key::from_letter(c), Some(Key::Show(pair)), "{c:?}");
        }
    }
    for c in ['d', 'k', ' ', 'x', '1'] {
        assert_eq!(Pair::from_letter(c), None, "{c:?}");
    }
    assert_eq!(
        ['d', 'K', ' ', 'x'].map(Key::from_letter),
        [Some(Key::NextDetector), Some(Key::ToggleCharacter), Some(Key::ToggleAuto), None]
    );
}

#[test]
fn each_method_has_a_name_of_its_own() {
    let names = Method::ALL.map(Method::name);
    for (i, name) in names.iter().enumerate() {
        assert!(!name.is_empty() && !names[..i].contains(name), "{names:?}");
    }
    assert!(Method::Exact.name().contains("exact") && Method::BoundingCircles.name().contains("circles"));
}

#[test]
fn every_method_tells_a_far_pair_from_one_on_top_of_the_other() {
    // The tiered methods take each shape's local box through its transform: both placed at
    // the origin, they would always meet.
    let mut demo = Demo::new(320, 200);
    for method in Method::ALL {
        demo.method = method;
        demo.moving = Vec2::new(14.0, 2.0);
        assert!(!demo.verdict().colliding, "{method:?}: far apart");
        demo.moving = demo.fixed + Vec2::new(0.5, 0.3);
        assert!(demo.verdict().colliding, "{method:?}: on top");
    }
}

#[test]
fn a_drag_grabs_within_the_bounding_box_and_keeps_the_grab_offset() {
    let mut demo = Demo::new(640, 400);
    let (view, start) = (demo.view, demo.moving);
    // The moving circle's radius is 1.2: a point 1 across and 1 down from its centre is in
    // its bounding box (corner region) but not in the circle.
    let grab = start + Vec2::new(1.0, 1.0);
    assert!(!contains(&demo.moving_placed().world(), &grab));
    demo.pointer_down(view.to_pixel(grab));
    demo.pointer_move(view.to_pixel(grab + Vec2::new(-2.0, -1.5)));
    demo.pointer_up();
    let moved = demo.moving_position() - start;
    assert!((moved - Vec2::new(-2.0, -1.5)).length() < 1e-3, "moved by {moved}");
}

#[test]
fn the_wheel_turns_a_tenth_of_a_radian_a_unit_within_a_full_turn() {
    let mut demo = Demo::new(320, 200);
    demo.wheel(5.0);
    assert!((demo.turn - 0.5).abs() < 1e-6, "{}", demo.turn);
    demo.wheel(-8.0);
    assert!((demo.turn + 0.3).abs() < 1e-6, "{}", demo.turn);
    // 7 radians more is 6.7: a full turn and 0.4169 more.
    demo.wheel(70.0);
    assert!((demo.turn - (6.7 - TAU)).abs() < 1e-5, "{}", demo.turn);
    demo.wheel(f32::NAN);
    assert!((demo.turn - (6.7 - TAU)).abs() < 1e-5, "{}", demo.turn);
}

/// The moving shape's world bounds' size.
fn moving_size(demo: &Demo) -> Vec2 {
    let b = demo.moving_placed().world().aabb();
    b.max() - b.min()
}

#[test]
fn the_wheel_turns_every_pair_but_the_axis_aligned_boxes() {
    let mut demo = Demo::new(320, 200);
    demo.pair = Pair::Boxes;
    let unturned = moving_size(&demo);
    demo.wheel(5.0);
    assert!((moving_size(&demo) - unturned).length() < 1e-5, "boxes stay axis-aligned");
    // An oriented box 3.2 × 1.2 turned by 0.5 rad spans 3.2 cos 0.5 + 1.2 sin 0.5 across.
    demo.pair = Pair::Oriented;
    let (c, s) = (0.5f32.cos(), 0.5f32.sin());
    let turned = Vec2::new(3.2 * c + 1.2 * s, 3.2 * s + 1.2 * c);
    assert!((moving_size(&demo) - turned).length() < 1e-4, "{}", moving_size(&demo));
}

#[test]
fn automatic_movement_circles_the_fixed_shape_breathing_and_turning() {
    // After t seconds: at 0.9 t radians around the fixed shape, 3 + 1.5 sin 0.7 t away,
    // turned by 0.5 t. Two ticks add up.
    let mut demo = Demo::new(320, 200);
    demo.key(Key::ToggleAuto);
    demo.tick(3.0);
    demo.tick(3.5);
    let t = 6.5f32;
    let reach = 3.0 + 1.5 * (0.7 * t).sin();
    let at = demo.fixed + Vec2::new((0.9 * t).cos(), (0.9 * t).sin()) * reach;
    assert!((demo.moving_position() - at).length() < 1e-4, "at {}, not {at}", demo.moving_position());
    assert!(((demo.moving_position() - demo.fixed).length() - reach).abs() < 1e-4);
    assert!((demo.turn - 0.5 * t).abs() < 1e-5, "{}", demo.turn);
}

#[test]
fn the_concave_shapes_are_a_c_open_to_the_right() {
    // A 4 × 4 square less a notch 3 wide and 2 tall, cut from its right side; the moving
    // one 0.6 times the size.
    for (moving, k) in [(false, 1.0), (true, 0.6)] {
        let c = concave(moving).expect("valid");
        assert!((c.area() - 10.0 * k * k).abs() < 1e-4, "area {}", c.area());
        let b = c.aabb();
        assert_eq!((b.min(), b.max()), (Vec2::splat(-2.0 * k), Vec2::splat(2.0 * k)));
        let shape = Shape::Polygon(c);
        for (p, inside) in [((-1.5, 0.0), true), ((0.5, 0.0), false), ((1.5, -1.5), true), ((1.5, 1.5), true)] {
            assert_eq!(contains(&shape, &(Vec2::new(p.0, p.1) * k)), inside, "{p:?} × {k}");
        }
    }
}

#[test]
fn the_bitmask_pair_meets_where_pixel_centres_meet_not_where_outlines_do() {
    // The exact outline holds the mask's pixels; the masks, though, are compared at pixel
    // centres. Slid in level from the right a tenth of a sprite pixel at a time, the outlines
    // first overlap by a tenth of a pixel at most, where no pixel centre of one lies in the
    // other's pixels yet; a pixel further in, the masks meet too.
    let mut demo = Demo::new(320, 200);
    demo.pair = Pair::Bitmask;
    assert!(demo.pixels.is_some(), "the sprite loads");
    let px = 5.0 / 128.0;
    let outlines_meet =
        |demo: &Demo| Exact.detect(demo.placed(false).world().shape_ref(), demo.placed(true).world().shape_ref());
    // The first of `steps` offsets, `step` apart from `from` inwards, where they meet.
    let first_meeting = |demo: &mut Demo, from: f32, step: f32, steps: usize| {
        (0..steps)
            .map(|i| from - i as f32 * step)
            .find(|&dx| {
                demo.moving = demo.fixed + Vec2::new(dx, 0.0);
                outlines_meet(demo)
            })
            .expect("the outlines meet")
    };
    let dx = first_meeting(&mut demo, 130.0 * px, px, 131);
    let dx = first_meeting(&mut demo, dx + px, px / 10.0, 11);
    assert!(!demo.verdict().colliding, "outlines just meeting at {dx}");
    demo.moving = demo.fixed + Vec2::new(dx - px, 0.0);
    assert!(demo.verdict().colliding, "a pixel further in");
}
