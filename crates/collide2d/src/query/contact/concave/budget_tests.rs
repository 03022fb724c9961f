//! The work budget: answers that fit it are the unbounded ones to the bit; answers cut short
//! are flagged, separate the shapes, and lie between the minimum and the hulls' push.

use proptest::prelude::*;

use super::*;
use crate::query::contact::deepest::tests::star;
use crate::query::intersects::intersects_ref;
use crate::query::ShapeLike;
use crate::shape::Circle;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Whether moving `b` by the contact's push, and a hair further (a thousandth of the shapes'
/// size), leaves it clear of `p`.
fn separates(p: &Polygon, b: &Shape, c: &Contact) -> bool {
    let size = p.aabb().half_extents().length() + b.aabb().half_extents().length();
    let by = c.push_out_b() + c.normal * (1e-3 * size);
    let moved = b.transformed(&Transform::from_translation(by)).expect("a move");
    !intersects_ref(p.shape_ref(), moved.shape_ref())
}

/// The push that moves `b`'s hull out of `p`'s: what a cut-short answer is at worst.
fn hull_depth(p: &Polygon, b: &Shape) -> f32 {
    let hull = |s: &Shape| match s {
        Shape::Polygon(q) => Shape::ConvexPolygon(q.hull().expect("a hull").clone()),
        other => other.clone(),
    };
    crate::contact(&hull(&Shape::Polygon(p.clone())), &hull(b)).map_or(0.0, |c| c.depth)
}

#[test]
fn a_large_star_on_top_of_its_copy_gets_a_flagged_push_that_separates() {
    // 2,000 corners: unbounded, the search takes seconds; the default budget a few milliseconds.
    let p = star(Vec2::ZERO, 1000, 100.0, 50.0, 0.0);
    let b = Shape::Polygon(p.clone());
    let c = contact_concave(&p, b.shape_ref(), ContactBudget::DEFAULT).expect("they overlap");
    assert!(!c.is_exact(), "{c:?}");
    assert!(separates(&p, &b, &c), "{c:?}");
    // No further than the hulls' push, and no shorter than the deepest pair of pieces (the
    // middle 1,000-gon against itself: twice its inner radius, less its corners' sag).
    assert!(c.depth <= hull_depth(&p, &b) * (1.0 + 1e-5), "{c:?}");
    assert!(c.depth >= 99.9, "{c:?}");
}

#[test]
fn a_budget_of_one_unit_still_separates_a_disc_deep_in_a_comb_and_a_nudged_copy() {
    // A comb of 40 teeth (1 wide, 1 apart, 10 tall) on a base 2 thick, a disc in its base.
    let mut outline = vec![v(0.0, -2.0), v(79.0, -2.0)];
    for i in (0..40).rev() {
        let x = 2.0 * i as f32;
        outline.extend([v(x + 1.0, 0.0), v(x + 1.0, 10.0), v(x, 10.0)]);
        if i > 0 {
            outline.push(v(x, 0.0));
        }
    }
    let comb = Polygon::new(&outline).unwrap();
    let nudged = comb.transformed(&Transform::from_translation(v(0.25, 0.5))).unwrap();
    for b in [Shape::Circle(Circle::new(v(40.0, -1.0), 0.5).unwrap()), Shape::Polygon(nudged)] {
        let exact = contact_concave(&comb, b.shape_ref(), ContactBudget::UNBOUNDED).expect("they overlap");
        assert!(exact.is_exact());
        let starved = contact_concave(&comb, b.shape_ref(), ContactBudget::from_units(1)).expect("they overlap");
        assert!(!starved.is_exact(), "{starved:?}");
        assert!(separates(&comb, &b, &starved), "{starved:?}");
        assert!(starved.depth >= exact.depth, "{starved:?} shorter than {exact:?}");
    }
}

#[test]
fn extreme_sizes_carry_the_flag_back_from_the_rescaled_query() {
    // Scaled past 2^60, the query runs on the shapes scaled down, within the same budget.
    let p = star(Vec2::ZERO, 12, 2.0, 1.0, 0.0).transformed(&Transform::from_scale(Vec2::splat(1e30))).unwrap();
    let b = Shape::Circle(Circle::new(v(0.5e30, 0.0), 0.5e30).unwrap());
    let exact = contact_concave(&p, b.shape_ref(), ContactBudget::UNBOUNDED).unwrap();
    let starved = contact_concave(&p, b.shape_ref(), ContactBudget::from_units(1)).unwrap();
    assert!(exact.is_exact() && !starved.is_exact(), "{exact:?} {starved:?}");
    assert!(starved.depth >= exact.depth * (1.0 - 1e-6), "{exact:?} {starved:?}");
}

#[test]
fn answers_that_fit_the_default_budget_are_the_unbounded_ones_to_the_bit() {
    let u = Polygon::new(
        &[(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)].map(|(x, y)| v(x as f32, y as f32)),
    )
    .unwrap();
    let others = [
        Shape::Aabb(Aabb::new(v(0.8, 1.5), v(1.8, 2.5)).unwrap()),
        Shape::Circle(Circle::new(v(1.5, 1.2), 0.4).unwrap()),
        Shape::Polygon(star(v(1.0, 1.0), 30, 2.0, 1.0, 0.3)),
    ];
    for b in &others {
        let bounded = contact_concave(&u, b.shape_ref(), ContactBudget::DEFAULT);
        let unbounded = contact_concave(&u, b.shape_ref(), ContactBudget::UNBOUNDED);
        assert!(bounded.is_some_and(|c| c.is_exact()), "{bounded:?}");
        assert_eq!(bounded, unbounded);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..Default::default() })]

    /// On random stars and budgets: `Some` exactly when they intersect; flagged exact only when
    /// the same bits as unbounded; otherwise separating, no shorter than the minimum and no
    /// longer than the hulls' push or the boxes'.
    #[test]
    fn a_bounded_answer_is_the_exact_one_or_a_flagged_push_that_separates(
        (n, m) in (3usize..12, 3usize..12),
        (ra, rb) in (1.0f32..4.0, 1.0f32..4.0),
        (ta, tb) in (0.0f32..6.3, 0.0f32..6.3),
        offset in (-5.0f32..5.0, -5.0f32..5.0),
        units in 1u64..40_000,
    ) {
        let a = star(Vec2::ZERO, n, 2.0 * ra, ra, ta);
        let b = Shape::Polygon(star(offset.into(), m, 2.0 * rb, rb, tb));
        let bounded = contact_concave(&a, b.shape_ref(), ContactBudget::from_units(units));
        let exact = contact_concave(&a, b.shape_ref(), ContactBudget::UNBOUNDED);
        prop_assert_eq!(bounded.is_some(), intersects_ref(a.shape_ref(), b.shape_ref()));
        let (Some(bounded), Some(exact)) = (bounded, exact) else { return Ok(()) };
        prop_assert!(exact.is_exact());
        if bounded.is_exact() {
            prop_assert_eq!(bounded, exact);
        } else {
            prop_assert!(separates(&a, &b, &bounded), "{:?}", bounded);
            prop_assert!(bounded.depth >= exact.depth - 1e-4 * (1.0 + exact.depth), "{:?} {:?}", bounded, exact);
            let worst = hull_depth(&a, &b).max(clearing_bound(&a.aabb(), &b.aabb()));
            prop_assert!(bounded.depth <= worst * (1.0 + 1e-5), "{:?} beyond {}", bounded, worst);
        }
    }
}
