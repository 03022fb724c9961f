//! Unit tests of the world: stale handles, placement errors that change nothing, boxes moved in
//! place as any shape is placed, cycles in the tree, and the contact method.

use glam::Vec2;

use super::{World, WorldError};
use crate::math::Transform;
use crate::polygon::Polygon;
use crate::query::contact::ContactMethod;
use crate::shape::{Aabb, Circle, Shape};

fn square(x: f32, y: f32) -> Shape {
    Aabb::from_xywh(x, y, 1.0, 1.0).unwrap().into()
}

#[test]
fn stale_handles_are_detected_after_reuse() {
    let mut w: World<u32> = World::new();
    let a = w.insert(square(0.0, 0.0), Transform::IDENTITY, 1).unwrap();
    assert_eq!(w.remove(a), Some(1));
    w.step();
    let b = w.insert(square(0.0, 0.0), Transform::IDENTITY, 2).unwrap();
    assert_eq!(a.index(), b.index());
    assert_ne!(a, b);
    assert_eq!(w.data(a), None);
    assert_eq!(w.data(b), Some(&2));
    assert_eq!(w.set_transform(a, Transform::IDENTITY), Err(WorldError::StaleHandle(a)));
    assert_eq!(w.remove(a), None);
}

#[test]
fn bad_placement_names_the_collider_and_changes_nothing() {
    let mut w: World = World::new();
    let disc: Shape = Circle::new(Vec2::ZERO, 1.0).unwrap().into();
    let parent = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    let child = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    w.set_parent(child, Some(parent)).unwrap();
    let uneven = Transform::from_scale(Vec2::new(2.0, 1.0));
    match w.set_transform(parent, uneven) {
        Err(e @ WorldError::Placement { collider, .. }) => {
            assert_eq!(collider, Some(child));
            let said = e.to_string();
            assert!(said.starts_with(&format!("the world shape of collider {child:?} cannot be made: ")), "{said}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(w.world_transform(parent), Some(Transform::IDENTITY));
    match w.insert(disc, uneven, ()) {
        Err(e @ WorldError::Placement { collider: None, .. }) => {
            let said = e.to_string();
            assert!(
                said.starts_with("the new collider's shape cannot be placed: ") && !said.contains("None"),
                "{said}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn boxes_moved_without_rotation_are_placed_as_any_shape_is() {
    // `set_transform`'s in-place path for root boxes, against the general placement.
    let local = Aabb::from_center_half_extents(Vec2::new(1.0, -0.5), Vec2::new(1.0, 2.0)).unwrap();
    let mut w: World = World::new();
    let h = w.insert(local.into(), Transform::IDENTITY, ()).unwrap();
    let other = w.insert(square(-40.0, -40.0), Transform::IDENTITY, ()).unwrap();
    let moves = [
        Transform::from_translation(Vec2::new(3.0, 4.0)),
        Transform::from_translation_rotation_scale(Vec2::new(-40.0, -40.0), 0.0, Vec2::new(-2.0, 1.0)),
        Transform::from_translation_rotation_scale(Vec2::new(5.0, 1e6), 0.0, Vec2::new(2.0, -3.0)),
        Transform::from_scale(Vec2::splat(1e-20)),
    ];
    for t in moves {
        w.set_transform(h, t).unwrap();
        let placed = Shape::from(local).transformed(&t).unwrap();
        assert_eq!(w.world_shape(h), Some(&placed), "{t:?}");
        assert_eq!(w.world_transform(h), Some(t));
        let near = crate::intersects(&placed.aabb(), &w.aabb(other).unwrap());
        assert_eq!(w.aabb_pairs().len(), near as usize, "{t:?}");
    }
    // Non-finite or flattening transforms are refused, and nothing changes.
    let last = w.world_transform(h);
    let bad = [
        Transform::from_translation(Vec2::new(f32::INFINITY, 0.0)),
        Transform::from_translation(Vec2::new(0.0, f32::NAN)),
        Transform::from_scale(Vec2::new(0.0, 1.0)),
        Transform::from_scale(Vec2::new(f32::INFINITY, 1.0)),
        Transform::from_scale(Vec2::new(3e38, 1.0)),
    ];
    for t in bad {
        assert!(matches!(w.set_transform(h, t), Err(WorldError::Placement { .. })), "{t:?}");
        assert_eq!(w.world_transform(h), last);
    }
}

#[test]
fn cycles_are_rejected() {
    let mut w: World = World::new();
    let a = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    let b = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    w.set_parent(b, Some(a)).unwrap();
    assert_eq!(w.set_parent(a, Some(b)), Err(WorldError::ParentCycle { child: a, parent: b }));
    assert_eq!(w.set_parent(a, Some(a)), Err(WorldError::ParentCycle { child: a, parent: a }));
}

/// An L (arms 4 long, 1 wide, its corner at `(x, 0)`) and a small box in its inner corner.
fn l_and_box(x: f32) -> (Polygon, Polygon) {
    let v = |a: f32, b: f32| Vec2::new(x + a, b);
    let l = Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 1.0), v(1.0, 1.0), v(1.0, 4.0), v(0.0, 4.0)]).unwrap();
    (l, Polygon::new(&[v(0.5, 0.5), v(1.0, 0.5), v(1.0, 1.5), v(0.5, 1.5)]).unwrap())
}

#[test]
fn the_contact_method_chooses_the_step_s_contacts_and_measures_every_pair_again() {
    // An L and a small box in its inner corner: the deepest piece pair is 0.5 deep, the minimum
    // translation √½ (diagonally out of the corner).
    let (l, small) = l_and_box(0.0);
    let mut w: World = World::new();
    w.insert(l.into(), Transform::IDENTITY, ()).unwrap();
    w.insert(small.into(), Transform::IDENTITY, ()).unwrap();
    let depth = |w: &mut World| w.step().touching().map(|e| e.contact.unwrap().depth).collect::<Vec<_>>();
    assert_eq!(w.contact_method(), ContactMethod::Exact);
    let exact = depth(&mut w);
    assert!(exact.len() == 1 && (exact[0] - 0.5f32.sqrt()).abs() < 1e-4, "{exact:?}");
    // Nothing moved: the pair keeps its result unless the method change measures it again.
    w.set_contact_method(ContactMethod::DeepestPiecePair);
    assert_eq!(w.contact_method(), ContactMethod::DeepestPiecePair);
    assert_eq!(depth(&mut w), [0.5]);
    w.set_contact_method(ContactMethod::Exact);
    assert_eq!(depth(&mut w), exact);
}

#[test]
fn the_step_shares_its_contact_budget_among_the_concave_pairs_and_flags_what_it_cuts() {
    let (l, small) = l_and_box(0.0);
    let mut w: World = World::new();
    w.insert(l.into(), Transform::IDENTITY, ()).unwrap();
    w.insert(small.into(), Transform::IDENTITY, ()).unwrap();
    let contacts = |w: &mut World| w.step().touching().map(|e| e.contact.unwrap()).collect::<Vec<_>>();
    assert_eq!(w.contact_budget(), crate::ContactBudget::DEFAULT);
    let exact = contacts(&mut w);
    assert!(exact.len() == 1 && exact[0].is_exact(), "{exact:?}");
    // Nothing moved: setting the budget measures the pair again, now cut short.
    w.set_contact_budget(crate::ContactBudget::from_units(1));
    let cut = contacts(&mut w);
    assert!(cut.len() == 1 && !cut[0].is_exact() && cut[0].depth >= exact[0].depth, "{cut:?}");
    // Alone, 30,000 units fit it; a budget just under twice its need, shared with a second such
    // pair, cuts both.
    w.set_contact_budget(crate::ContactBudget::from_units(30_000));
    assert!(contacts(&mut w)[0].is_exact());
    let (far, twin) = l_and_box(20.0);
    w.insert(far.into(), Transform::IDENTITY, ()).unwrap();
    w.insert(twin.into(), Transform::IDENTITY, ()).unwrap();
    w.set_contact_budget(crate::ContactBudget::from_units(2 * units_needed() - 1));
    assert!(contacts(&mut w).iter().all(|c| !c.is_exact()));
}

/// The fewest units the L and box pair's exact contact fits in (found by bisection).
fn units_needed() -> u64 {
    let (l, small) = l_and_box(0.0);
    let fits =
        |units| crate::contact_with_budget(&l, &small, crate::ContactBudget::from_units(units)).unwrap().is_exact();
    let (mut lo, mut hi) = (1u64, 1 << 20);
    assert!(fits(hi));
    while lo < hi {
        let mid = (lo + hi) / 2;
        if fits(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

#[test]
fn debug_output_counts_colliders_and_names_the_detector() {
    let mut w: World = World::new();
    w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    w.insert(square(0.5, 0.0), Transform::IDENTITY, ()).unwrap();
    w.step();
    let text = format!("{w:?}");
    assert!(text.starts_with("World {"), "{text}");
    assert!(text.contains("colliders: 2"), "{text}");
    assert!(text.contains("detector: \"exact\""), "{text}");
}

#[test]
fn the_world_counts_names_and_hands_out_its_colliders() {
    let mut w: World<u32> = World::new();
    assert!(w.is_empty());
    assert_eq!(w.len(), 0);
    let a = w.insert(square(0.0, 0.0), Transform::IDENTITY, 1).unwrap();
    let b = w.insert(square(5.0, 0.0), Transform::from_translation(Vec2::new(1.0, 0.0)), 2).unwrap();
    let c = w.insert(square(9.0, 0.0), Transform::IDENTITY, 3).unwrap();
    assert!(!w.is_empty() && w.len() == 3);
    assert!(w.contains(a) && w.contains(b) && w.contains(c));
    // The local shape as given, the world one placed.
    assert_eq!(w.local_shape(b), Some(&square(5.0, 0.0)));
    assert_eq!(w.world_shape(b), Some(&square(6.0, 0.0)));
    *w.data_mut(b).unwrap() += 40;
    assert_eq!(w.data(b), Some(&42));
    assert_eq!(w.remove(b), Some(42));
    assert!(!w.contains(b) && w.len() == 2 && w.data_mut(b).is_none() && w.local_shape(b).is_none());
    assert_eq!(w.remove(a), Some(1));
    assert_eq!(w.remove(c), Some(3));
    assert!(w.is_empty());
    assert_eq!(w.len(), 0);
    // A reused slot's handle counts how often it was reused.
    w.step();
    let d = w.insert(square(0.0, 0.0), Transform::IDENTITY, 4).unwrap();
    assert_eq!(a.generation(), 0);
    assert!(d.generation() >= 1 && [a.index(), b.index(), c.index()].contains(&d.index()), "{d:?}");
}

#[test]
fn an_update_frees_removed_slots_once_no_touching_pair_can_name_them() {
    let mut w: World = World::new();
    let a = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    w.remove(a);
    w.update();
    let b = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    assert_eq!((b.index(), b.generation()), (a.index(), 1), "the slot was not reused after update");
    // With a touching pair remembered, a removed slot waits for the next step.
    let c = w.insert(square(0.5, 0.0), Transform::IDENTITY, ()).unwrap();
    assert_eq!(w.step().started().len(), 1);
    w.remove(c);
    w.update();
    let d = w.insert(square(9.0, 0.0), Transform::IDENTITY, ()).unwrap();
    assert_ne!(d.index(), c.index(), "reused while a touching pair still named it");
}

#[test]
fn the_parallel_threshold_is_kept_as_set() {
    let mut w: World = World::new();
    for pairs in [0, 7, usize::MAX] {
        w.set_parallel_threshold(pairs);
        assert_eq!(w.parallel_threshold(), pairs);
    }
}

#[test]
fn a_box_placed_by_a_shear_is_the_sheared_parallelogram_not_a_box() {
    // The axis-aligned fast path must not take a transform with one off-diagonal term.
    for (x_axis_y, y_axis_x) in [(0.5f32, 0.0f32), (0.0, 0.5)] {
        let shear = Transform::from_affine(glam::Affine2::from_mat2_translation(
            glam::Mat2::from_cols(Vec2::new(1.0, x_axis_y), Vec2::new(y_axis_x, 1.0)),
            Vec2::new(2.0, 1.0),
        ));
        let mut w: World = World::new();
        let h = w.insert(square(0.0, 0.0), shear, ()).unwrap();
        let expected = square(0.0, 0.0).transformed(&shear).unwrap();
        assert!(!matches!(expected, Shape::Aabb(_)));
        assert_eq!(w.world_shape(h), Some(&expected));
        w.set_transform(h, shear.compose(&Transform::from_translation(Vec2::new(3.0, 0.0)))).unwrap();
        assert!(!matches!(w.world_shape(h), Some(Shape::Aabb(_))), "{:?}", w.world_shape(h));
    }
}

#[test]
fn moving_a_box_with_a_child_moves_the_child_too() {
    // A box moved by a translation has a fast path, which only a box without children may take.
    let mut w: World = World::new();
    let parent = w.insert(square(0.0, 0.0), Transform::IDENTITY, ()).unwrap();
    let child = w.insert(square(2.0, 0.0), Transform::IDENTITY, ()).unwrap();
    w.set_parent(child, Some(parent)).unwrap();
    w.set_transform(parent, Transform::from_translation(Vec2::new(0.0, 5.0))).unwrap();
    assert_eq!(w.world_shape(parent), Some(&square(0.0, 5.0)));
    assert_eq!(w.world_shape(child), Some(&square(2.0, 5.0)));
    // Detached, the child keeps its local transform (now its world one), and the parent moves
    // alone.
    w.set_parent(child, None).unwrap();
    w.set_transform(parent, Transform::from_translation(Vec2::new(1.0, 0.0))).unwrap();
    assert_eq!(w.world_shape(parent), Some(&square(1.0, 0.0)));
    assert_eq!(w.world_shape(child), Some(&square(2.0, 0.0)));
}

#[test]
fn a_refused_batch_of_moves_changes_nothing() {
    let disc: Shape = Circle::new(Vec2::ZERO, 1.0).unwrap().into();
    let mut w: World = World::new();
    let a = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    let b = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    let gone = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    w.remove(gone);
    let moved = Transform::from_translation(Vec2::new(5.0, 0.0));
    let flat = Transform::from_scale(Vec2::new(0.0, 1.0));
    let refused = w.set_transforms(&[(a, moved), (b, flat)]);
    assert!(matches!(refused, Err(WorldError::Placement { collider: Some(c), .. }) if c == b), "{refused:?}");
    assert_eq!(w.set_transforms(&[(a, moved), (gone, moved)]), Err(WorldError::StaleHandle(gone)));
    assert_eq!(w.world_transform(a), Some(Transform::IDENTITY));
    assert_eq!(w.world_shape(a), Some(&disc));
    assert!(w.aabb_pairs().len() == 1, "a and b still overlap where they were");

    // Two scales of 1e-30 are each fine, but a child under both is flattened (1e-60 is 0 in
    // f32): the check must see the parent's new placement whichever comes first in the batch.
    let parent = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    let child = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    w.set_parent(child, Some(parent)).unwrap();
    let tiny = Transform::from_scale(Vec2::splat(1e-30));
    for batch in [[(parent, tiny), (child, tiny)], [(child, tiny), (parent, tiny)]] {
        let refused = w.set_transforms(&batch);
        assert!(matches!(refused, Err(WorldError::Placement { collider: Some(c), .. }) if c == child), "{refused:?}");
        assert_eq!(w.local_transform(parent), Some(Transform::IDENTITY));
        assert_eq!(w.local_transform(child), Some(Transform::IDENTITY));
    }

    // An accepted batch leaves the world as one move after another would, the last move of a
    // collider named twice winning.
    let (far, farther) = (Transform::from_translation(Vec2::new(9.0, 0.0)), Transform::from_scale(Vec2::splat(2.0)));
    w.set_transforms(&[(a, moved), (parent, tiny), (b, far), (a, farther), (child, moved)]).unwrap();
    assert_eq!(w.world_transform(a), Some(farther));
    assert_eq!(w.world_transform(b), Some(far));
    assert_eq!(w.world_transform(child), Some(tiny.compose(&moved)));
    assert_eq!(w.world_shape(child), Some(&disc.transformed(&tiny.compose(&moved)).unwrap()));
}
