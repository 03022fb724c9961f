//! The inputs that once froze a call for seconds to minutes, each now answered within the
//! default budget: not timed here (criterion's adversarial bench measures the times), but each
//! of these took from 5 s to minutes in a release build before the budget, so the suite would
//! hang on them. Each answer is checked for what it must be.
// Inputs may use the platform's trigonometry: only the library's answers must be the same bits
// on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use collide2d::{cast_shape, contact, intersects, MoveOptions, Polygon, Shape, Transform, Vec2, World};

/// A star of `n` vertices alternating between radii 100 and 50, moved by `at`.
fn star(n: usize, at: Vec2) -> Polygon {
    let points: Vec<Vec2> = (0..n)
        .map(|i| {
            at + Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * if i % 2 == 0 { 100.0 } else { 50.0 }
        })
        .collect();
    Polygon::new(&points).expect("a star is simple")
}

/// Whether moving `b` by `by` leaves it clear of `a`.
fn clear(a: &Polygon, b: &Polygon, by: Vec2) -> bool {
    !intersects(a, &b.transformed(&Transform::from_translation(by)).expect("a move"))
}

#[test]
fn two_3200_vertex_stars_overlapping_step_cast_and_move_within_the_budget() {
    // Before: a world step 11.3 s, a cast 8 s, move_and_slide 12.3 s.
    let (a, b) = (star(3200, Vec2::ZERO), star(3200, Vec2::new(1.5, 0.0)));
    let mut world: World = World::new();
    world.insert(a.clone().into(), Transform::IDENTITY, ()).unwrap();
    let moving = world.insert(b.clone().into(), Transform::IDENTITY, ()).unwrap();
    let events = world.step();
    let c = events.started()[0].contact.expect("they overlap");
    assert!(!c.is_exact() && c.depth <= 200.0 * (1.0 + 1e-5), "{c:?}");
    assert!(clear(&a, &b, c.push_out_b() * (1.0 + 1e-3)), "{c:?}");
    // Starting overlapped, a cast hits at once with that contact's normal.
    let hit = cast_shape(&a, Vec2::new(1.0, 0.0), &b, Vec2::ZERO, 1.0).expect("overlapping");
    assert!(hit.started_overlapping && hit.time == 0.0);
    // The mover pushes out of what it starts in (at most its contact's push) or stays.
    let moved = world.move_and_slide(moving, Vec2::new(0.0, -1.0), &MoveOptions::default()).unwrap();
    assert!(moved.moved.is_finite());
    // Apart, a cast that brings them together finds the first touch, exactly.
    let far = star(3200, Vec2::new(250.0, 0.0));
    let hit = cast_shape(&a, Vec2::new(100.0, 0.0), &far, Vec2::ZERO, 1.0).expect("they meet");
    assert!((hit.time - 0.5).abs() < 1e-3, "{hit:?}");
}

#[test]
fn a_2000_vertex_star_spawned_on_its_copy_in_a_world_and_alone() {
    // Before: `contact` 99 s, a world step more than 5 s.
    let p = star(2000, Vec2::ZERO);
    let c = contact(&p, &p).expect("they overlap");
    assert!(!c.is_exact() && clear(&p, &p, c.push_out_b() * (1.0 + 1e-3)), "{c:?}");
    let mut world: World = World::new();
    world.insert(Shape::Polygon(p.clone()), Transform::IDENTITY, ()).unwrap();
    world.insert(Shape::Polygon(p), Transform::IDENTITY, ()).unwrap();
    assert!(world.step().started()[0].contact.is_some_and(|c| !c.is_exact()));
}
