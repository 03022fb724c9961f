//! `World::try_step`: the same events as `step` within its limit and a refusal past it, on full
//! searches and incremental updates, with huge boxes and boxes moved out of their cells, on one
//! thread or shared; after a refusal the world goes on as if that step had not been asked for.

use collide2d::world::{ColliderHandle, ContactEvent, StepEvents, World, WorldError};
use collide2d::{Aabb, Circle, Shape, ShapeLike, Transform, Vec2};
use proptest::prelude::*;

type Events = (Vec<ContactEvent>, Vec<ContactEvent>, Vec<(ColliderHandle, ColliderHandle)>);

fn events(e: &StepEvents) -> Events {
    (e.started().to_vec(), e.ongoing().to_vec(), e.stopped().to_vec())
}

/// The events in the order of their pairs: the order of a step's events follows its pair
/// list, which a full search and an incremental update build in different orders.
fn sorted(mut e: Events) -> Events {
    e.0.sort_by_key(|p| (p.a, p.b));
    e.1.sort_by_key(|p| (p.a, p.b));
    e.2.sort();
    e
}

/// The pairs of colliders whose world boxes overlap, by testing every pair (every filter is
/// the default here).
fn box_pairs(w: &World) -> usize {
    let boxes: Vec<Aabb> = w.iter().map(|(h, _)| w.aabb(h).unwrap()).collect();
    (0..boxes.len()).map(|i| boxes[i + 1..].iter().filter(|b| b.intersects(&boxes[i])).count()).sum()
}

fn rect(w: f32, h: f32) -> Shape {
    Aabb::from_center_half_extents(Vec2::ZERO, Vec2::new(w, h)).unwrap().into()
}

/// A box: centre, half extents (now and then huge beside the others, so that the grid keeps
/// it apart).
fn a_box() -> impl Strategy<Value = (f32, f32, f32, f32)> {
    (-60.0f32..60.0, -60.0f32..60.0, prop_oneof![4 => 0.5f32..8.0, 1 => 100.0f32..400.0], 0.5f32..8.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Three worlds take the same inserts and moves: one steps, one asks `try_step` with the
    /// exact number of pairs (never refused), one asks first with one pair too few (refused),
    /// then with the exact number. Every answer given is the plain step's (in the same order
    /// for the world never refused; the refused one searches every pair again after a refusal,
    /// so its order may differ).
    #[test]
    fn try_step_answers_as_step_within_its_limit_and_refuses_past_it(
        boxes in prop::collection::vec(a_box(), 1..50),
        rounds in prop::collection::vec(prop::collection::vec((any::<prop::sample::Index>(), -40.0f32..40.0, -40.0f32..40.0), 0..6), 1..4),
        shared in any::<bool>(),
    ) {
        let mut worlds: [World; 3] = [World::new(), World::new(), World::new()];
        let mut handles = Vec::new();
        for w in &mut worlds {
            if shared {
                w.set_parallel_threshold(0);
            }
            handles = boxes
                .iter()
                .map(|&(x, y, hw, hh)| w.insert(rect(hw, hh), Transform::from_translation(Vec2::new(x, y)), ()).unwrap())
                .collect();
        }
        for (round, moves) in rounds.iter().enumerate() {
            if round > 0 {
                for &(k, dx, dy) in moves {
                    let h = *k.get(&handles);
                    for w in &mut worlds {
                        let t = w.local_transform(h).unwrap();
                        w.set_transform(h, Transform::from_translation(t.translation() + Vec2::new(dx, dy))).unwrap();
                    }
                }
            }
            let pairs = box_pairs(&worlds[0]);
            let [plain, exact, refused] = &mut worlds;
            let expected = events(plain.step());
            prop_assert_eq!(events(exact.try_step(pairs).unwrap()), expected.clone());
            if pairs > 0 {
                prop_assert_eq!(refused.try_step(pairs - 1).err(), Some(WorldError::TooManyPairs { limit: pairs - 1 }));
            }
            prop_assert_eq!(sorted(events(refused.try_step(pairs).unwrap())), sorted(expected));
        }
    }
}

/// A refused step is as if it had not been asked for: the next step reports what changed since
/// the last one that succeeded.
#[test]
fn after_a_refused_step_events_are_against_the_last_step_that_succeeded() {
    let mut w = World::new();
    let circle = || -> Shape { Circle::new(Vec2::ZERO, 1.0).unwrap().into() };
    let a = w.insert(circle(), Transform::IDENTITY, ()).unwrap();
    let b = w.insert(circle(), Transform::from_translation(Vec2::new(1.5, 0.0)), ()).unwrap();
    assert_eq!(w.try_step(1).unwrap().started().len(), 1);
    // Two more on top of them: six pairs.
    let c = w.insert(circle(), Transform::IDENTITY, ()).unwrap();
    let d = w.insert(circle(), Transform::IDENTITY, ()).unwrap();
    assert_eq!(w.try_step(5).err(), Some(WorldError::TooManyPairs { limit: 5 }));
    w.set_transform(b, Transform::from_translation(Vec2::new(10.0, 0.0))).unwrap();
    let e = events(w.try_step(6).unwrap());
    // a–b stopped (it touched at the last step that succeeded), the pairs of a, c and d started.
    assert_eq!(e.2, vec![(a, b)]);
    let started: Vec<_> = e.0.iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(started, vec![(a, c), (a, d), (c, d)]);
    assert!(e.1.is_empty());
}

/// Everyone on one spot, 100,000 colliders: five billion pairs, which would need tens of
/// gigabytes. The refusal comes after about `limit` pairs of work, at once.
#[test]
fn a_crowd_too_large_is_refused_without_searching_it_all() {
    let mut w = World::new();
    for _ in 0..100_000 {
        w.insert(Circle::new(Vec2::ZERO, 1.0).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    }
    assert_eq!(w.try_step(10_000).err(), Some(WorldError::TooManyPairs { limit: 10_000 }));
    // Spread out on a line, 3 apart: no pair at all.
    let handles: Vec<_> = w.iter().map(|(h, _)| h).collect();
    for (k, &h) in handles.iter().enumerate() {
        w.set_transform(h, Transform::from_translation(Vec2::new(3.0 * k as f32, 0.0))).unwrap();
    }
    let e = w.try_step(0).unwrap();
    assert!(e.started().is_empty() && e.stopped().is_empty());
}
