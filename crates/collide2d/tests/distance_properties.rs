//! Property tests for distances and closest points on every ordered pair of kinds, against a
//! brute-force f64 vertex-to-edge minimum over the shapes' cores.

mod common;

use collide2d::{closest_points, distance, intersects};
use common::{distance_agrees, distance_to, for_every_pair, oracle_distance};
use proptest::prelude::*;

#[test]
fn distance_matches_the_brute_force_minimum_for_every_pair() {
    for_every_pair("distance", 200, |a, b| {
        let expected = oracle_distance(a, b);
        let got = distance(a, b);
        prop_assert!(distance_agrees(got, expected), "got {} expected {}\na = {:?}\nb = {:?}", got, expected, a, b);
        prop_assert_eq!(distance(b, a), distance(a, b));
        Ok(())
    });
}

#[test]
fn closest_points_lie_on_their_shapes_and_exist_only_when_apart() {
    for_every_pair("closest points", 200, |a, b| {
        match closest_points(a, b) {
            None => prop_assert!(intersects(a, b), "no closest points but apart\na = {:?}\nb = {:?}", a, b),
            Some(c) => {
                prop_assert!(!intersects(a, b), "closest points while intersecting");
                prop_assert!((c.point_b - c.point_a).length() - c.distance <= 1e-4 * (1.0 + c.distance));
                let tol = 3e-3;
                prop_assert!(
                    distance_to(a, c.point_a) <= tol,
                    "point_a {:?} off a\na = {:?}\nb = {:?}",
                    c.point_a,
                    a,
                    b
                );
                prop_assert!(
                    distance_to(b, c.point_b) <= tol,
                    "point_b {:?} off b\na = {:?}\nb = {:?}",
                    c.point_b,
                    a,
                    b
                );
            }
        }
        Ok(())
    });
}
