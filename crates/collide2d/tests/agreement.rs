//! One rule for a touch: shapes moved to touch (to within rounding) are judged alike by every
//! predicate. `intersects` says true exactly when `contact` gives a contact, `closest_points`
//! gives none and `distance` is 0, whichever way round the pair is asked.
// Inputs may use the platform's trigonometry: only the library's answers must be the same bits
// on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use collide2d::math::unit_vector;
use collide2d::{closest_points, contact, distance, intersects, Capsule, Obb, Shape, Vec2};
use common::polygons::random_polygon;
use common::{moved, shape_of, try_moved, KINDS};
use proptest::prelude::*;

/// Every predicate's verdict on `a` and `b`, both ways round.
fn agree(a: &Shape, b: &Shape) -> Result<(), TestCaseError> {
    for (x, y) in [(a, b), (b, a)] {
        let hit = intersects(x, y);
        let (c, cp, d) = (contact(x, y), closest_points(x, y), distance(x, y));
        prop_assert_eq!(c.is_some(), hit, "contact {:?}\na = {:?}\nb = {:?}", c, x, y);
        prop_assert_eq!(cp.is_none(), hit, "closest points {:?}\na = {:?}\nb = {:?}", cp, x, y);
        prop_assert_eq!(d == 0.0, hit, "distance {}\na = {:?}\nb = {:?}", d, x, y);
    }
    Ok(())
}

/// `b` moved to touch `a`: across the gap between their closest points, or out by the contact.
fn touching(a: &Shape, b: &Shape) -> Option<Shape> {
    if let Some(cp) = closest_points(a, b) {
        return try_moved(b, cp.point_a - cp.point_b).ok();
    }
    try_moved(b, contact(a, b)?.push_out_b()).ok()
}

/// Any shape kind, a box turned a quarter turn (whose axis carries the rounding of the turn:
/// -4.4e-8 across), or a concave polygon.
fn any_shape() -> BoxedStrategy<Shape> {
    let kinds: Vec<BoxedStrategy<Shape>> = KINDS.iter().map(|&k| shape_of(k)).collect();
    let turned = ((-20.0f32..20.0, -20.0f32..20.0), (0.05f32..3.0, 0.05f32..3.0), 0u8..4).prop_map(|(c, h, q)| {
        let axis = unit_vector(std::f32::consts::FRAC_PI_2 * f32::from(q));
        Shape::from(Obb::from_axis(Vec2::new(c.0, c.1), Vec2::new(h.0, h.1), axis).unwrap())
    });
    let concave = random_polygon().prop_map(Shape::Polygon);
    prop_oneof![8 => prop::strategy::Union::new(kinds), 2 => turned, 1 => concave].boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// Pairs moved to touch, near the origin or far from it.
    #[test]
    fn every_predicate_judges_a_touch_alike(a in any_shape(), b in any_shape(), far in prop_oneof![Just(0.0f32), -1e4f32..1e4]) {
        let (a, b) = (moved(&a, Vec2::splat(far)), moved(&b, Vec2::splat(far)));
        agree(&a, &b)?;
        if let Some(b) = touching(&a, &b) {
            agree(&a, &b)?;
        }
    }
}

#[test]
fn a_capsule_under_a_quarter_turned_box_is_judged_alike() {
    // From issue 73: the box's bottom face lies 2e-8 above the capsule's top (its turn carries
    // -4.37e-8 in its axis): `intersects` said apart, while `contact` and `closest_points` found
    // none and `distance` said 0.
    let a: Shape = Capsule::new(Vec2::new(0.5, 0.5), Vec2::new(1.5, 0.5), 0.5).unwrap().into();
    let b: Shape = Obb::from_axis(Vec2::new(0.0, 1.5), Vec2::new(0.5, 1.5), unit_vector(1.5707964)).unwrap().into();
    agree(&a, &b).unwrap();
}
