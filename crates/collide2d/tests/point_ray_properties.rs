//! Property tests for point queries and ray casts on every kind of shape.

mod common;

use collide2d::{cast_ray, closest_point, intersects, signed_distance, Ray, Shape, Vec2};
use common::{any_pos, distance_to, oracle_signed_distance, shape_of, surely_inside, KINDS};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn for_every_kind<T: std::fmt::Debug>(
    name: &str,
    extra: impl Strategy<Value = T> + Clone,
    check: impl Fn(&Shape, T) -> Result<(), TestCaseError>,
) {
    for kind in KINDS {
        let mut runner = TestRunner::new(Config { cases: 500, failure_persistence: None, ..Config::default() });
        if let Err(e) = runner.run(&(shape_of(kind), extra.clone()), |(s, x)| check(&s, x)) {
            panic!("{name}: {kind}: {e}");
        }
    }
}

#[test]
fn signed_distance_matches_the_brute_force_for_every_kind() {
    for_every_kind("signed distance", any_pos(), |s, p| {
        let expected = oracle_signed_distance(s, p);
        let got = signed_distance(s, p) as f64;
        prop_assert!(
            (got - expected).abs() <= 1e-4 * (1.0 + expected.abs()),
            "got {} expected {}\n{:?} p = {:?}",
            got,
            expected,
            s,
            p
        );
        Ok(())
    });
}

#[test]
fn closest_point_is_on_the_shape_at_the_outside_distance() {
    for_every_kind("closest point", any_pos(), |s, p| {
        let q = closest_point(s, p);
        prop_assert!(distance_to(s, q) <= 3e-3, "{:?} is off the shape {:?}", q, s);
        let outside = (signed_distance(s, p)).max(0.0);
        prop_assert!(
            ((q - p).length() - outside).abs() <= 1e-4 * (1.0 + outside),
            "|q - p| {} vs {}",
            (q - p).length(),
            outside
        );
        prop_assert_eq!(q == p, intersects(s, &p));
        Ok(())
    });
}

fn ray_strategy() -> impl Strategy<Value = (Vec2, f32)> + Clone {
    (any_pos(), 0.0f32..std::f32::consts::TAU)
}

#[test]
fn ray_hits_are_on_the_surface_first_and_face_the_ray() {
    for_every_kind("ray", ray_strategy(), |s, (origin, angle)| {
        let ray = Ray::new(origin, Vec2::from_angle(angle)).unwrap();
        let max = 60.0;
        let hit = cast_ray(s, &ray, max);
        let end = hit.map_or(max, |h| h.distance);
        // No point of the ray before the hit is surely inside the shape.
        let inner = common::bracket(s).0;
        let surely_inside = |_: &Shape, p: Vec2| common::point_in_polygon(p.as_dvec2(), &inner);
        for i in 0..600 {
            let t = end * i as f32 / 600.0;
            if t < end - 1e-3 {
                prop_assert!(
                    !surely_inside(s, ray.at(t)),
                    "ray passes inside at t = {} before hit {:?}\n{:?} {:?}",
                    t,
                    hit,
                    s,
                    ray
                );
            }
        }
        if let Some(h) = hit {
            prop_assert!((h.normal.length() - 1.0).abs() < 1e-4, "normal {:?}", h.normal);
            prop_assert!(h.distance >= 0.0 && (h.point - ray.at(h.distance)).length() < 1e-3);
            prop_assert!(distance_to(s, h.point) <= 3e-3, "hit {:?} off the shape {:?}", h, s);
            if h.distance > 0.0 {
                // Outward: a step along the normal leaves, and the ray arrives against it.
                prop_assert!(h.normal.dot(ray.direction()) <= 1e-4, "normal {:?} faces along the ray", h.normal);
                prop_assert!(!surely_inside(s, h.point + h.normal * 1e-2));
                prop_assert!(h.distance <= max);
            } else {
                prop_assert!(intersects(s, &origin), "hit at 0 but origin outside");
            }
        } else {
            prop_assert!(!intersects(s, &origin), "origin inside but no hit");
        }
        Ok(())
    });
}

#[test]
fn a_ray_aimed_at_the_shape_hits_it() {
    // Aim at a point surely inside the shape: the ray must hit before reaching it.
    for_every_kind("aimed ray", any_pos(), |s, origin| {
        let target = s.aabb().center();
        if !surely_inside(s, target) || origin == target {
            return Ok(());
        }
        let ray = Ray::new(origin, target - origin).unwrap();
        let hit = cast_ray(s, &ray, 1e3);
        prop_assert!(
            hit.is_some_and(|h| h.distance <= (target - origin).length() + 1e-3),
            "missed {:?} from {:?}",
            s,
            origin
        );
        Ok(())
    });
}
