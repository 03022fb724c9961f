//! Property tests: every ordered pair of shape kinds against the independent oracle in
//! `common`, plus symmetry and invariance under moving both shapes together.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use collide2d::{contains, intersects, Shape, Transform, Vec2};
use common::{oracle_contains, oracle_intersects, shape_of, KINDS};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const CASES_PER_PAIR: u32 = 300;

/// Runs `check` on random pairs of every ordered kind pair; `check` returns whether the oracle
/// decided the case. Fails if the oracle abstained too often for the test to mean anything.
fn for_every_pair(name: &str, check: impl Fn(&Shape, &Shape) -> Result<bool, TestCaseError>) {
    for ka in KINDS {
        for kb in KINDS {
            let mut runner = TestRunner::new(Config { cases: CASES_PER_PAIR, ..Config::with_source_file(file!()) });
            let decided = std::cell::Cell::new(0u32);
            let result = runner.run(&(shape_of(ka), shape_of(kb)), |(a, b)| {
                if check(&a, &b)? {
                    decided.set(decided.get() + 1);
                }
                Ok(())
            });
            if let Err(e) = result {
                panic!("{name}: {ka} vs {kb}: {e}");
            }
            let ratio = decided.get() as f64 / CASES_PER_PAIR as f64;
            assert!(ratio > 0.9, "{name}: {ka} vs {kb}: oracle decided only {:.0}% of cases", ratio * 100.0);
        }
    }
}

#[test]
fn intersects_agrees_with_the_clipping_oracle_for_every_pair() {
    for_every_pair("intersects", |a, b| {
        let Some(expected) = oracle_intersects(a, b) else { return Ok(false) };
        prop_assert_eq!(intersects(a, b), expected, "a = {:?}\nb = {:?}", a, b);
        Ok(true)
    });
}

#[test]
fn intersects_is_symmetric_for_every_pair() {
    for_every_pair("symmetry", |a, b| {
        prop_assert_eq!(intersects(a, b), intersects(b, a), "a = {:?}\nb = {:?}", a, b);
        Ok(true)
    });
}

#[test]
fn contains_agrees_with_the_point_in_polygon_oracle_for_every_pair() {
    let mut seen_true = 0;
    for_every_pair("contains", |a, b| {
        let Some(expected) = oracle_contains(a, b) else { return Ok(false) };
        prop_assert_eq!(contains(a, b), expected, "a = {:?}\nb = {:?}", a, b);
        Ok(true)
    });
    // Make sure containment is not vacuously false: nested pairs built on purpose.
    for (outer, inner) in nested_pairs() {
        assert_eq!(oracle_contains(&outer, &inner), Some(true), "{outer:?} ⊇ {inner:?}");
        assert!(contains(&outer, &inner), "{outer:?} ⊇ {inner:?}");
        seen_true += 1;
    }
    assert!(seen_true > 0);
}

/// Pairs where the second is well inside the first, for every container with an area.
fn nested_pairs() -> Vec<(Shape, Shape)> {
    use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment};
    let c = Vec2::new(3.0, -2.0);
    let containers: Vec<Shape> = vec![
        Aabb::from_center_half_extents(c, Vec2::new(5.0, 4.0)).unwrap().into(),
        Circle::new(c, 5.0).unwrap().into(),
        Obb::new(c, Vec2::new(5.0, 4.0), 0.7).unwrap().into(),
        Capsule::new(c - Vec2::X, c + Vec2::X, 4.5).unwrap().into(),
        ConvexPolygon::regular(7, c, 5.5, 0.2).unwrap().into(),
    ];
    let inner: Vec<Shape> = vec![
        c.into(),
        Segment::new(c - Vec2::ONE, c + Vec2::ONE).unwrap().into(),
        Aabb::from_center_half_extents(c, Vec2::ONE).unwrap().into(),
        Circle::new(c, 1.5).unwrap().into(),
        Obb::new(c, Vec2::new(1.5, 0.5), 1.0).unwrap().into(),
        Capsule::new(c, c + Vec2::Y, 1.0).unwrap().into(),
        ConvexPolygon::regular(5, c, 1.5, 0.0).unwrap().into(),
    ];
    containers.iter().flat_map(|o| inner.iter().map(move |i| (o.clone(), i.clone()))).collect()
}

#[test]
fn answers_do_not_change_when_both_shapes_move_and_turn_together() {
    let moves = [
        Transform::from_translation_rotation_scale(Vec2::new(13.5, -7.25), 0.9, Vec2::ONE),
        Transform::from_translation_rotation_scale(Vec2::new(-3.0, 40.0), std::f32::consts::FRAC_PI_2, Vec2::ONE),
        Transform::from_translation_rotation_scale(Vec2::ZERO, 2.5, Vec2::splat(3.0)),
    ];
    for_every_pair("invariance", |a, b| {
        // Only cases the oracle decides clearly: near touching, rounding may tip either way.
        if oracle_intersects(a, b).is_none() || oracle_contains(a, b).is_none() {
            return Ok(false);
        }
        for m in &moves {
            let (Ok(ma), Ok(mb)) = (a.transformed(m), b.transformed(m)) else { continue };
            if oracle_intersects(&ma, &mb).is_none() || oracle_contains(&ma, &mb).is_none() {
                continue;
            }
            prop_assert_eq!(intersects(&ma, &mb), intersects(a, b), "moved by {:?}\na = {:?}\nb = {:?}", m, a, b);
            prop_assert_eq!(contains(&ma, &mb), contains(a, b), "moved by {:?}\na = {:?}\nb = {:?}", m, a, b);
        }
        Ok(true)
    });
}

#[test]
fn a_capsule_with_both_ends_at_one_point_answers_as_the_disc_does() {
    use collide2d::{cast_ray, closest_points, contact, distance, Capsule, Circle, Ray};
    for kind in KINDS {
        let mut runner = TestRunner::new(Config { cases: 300, ..Config::with_source_file(file!()) });
        let pill = (-5.0f32..5.0, -5.0f32..5.0, 0.1f32..3.0, 0.0f32..6.3);
        let result = runner.run(&(shape_of(kind), pill), |(other, (x, y, r, angle))| {
            let c = Vec2::new(x, y);
            let (pill, disc) = (Shape::from(Capsule::new(c, c, r).unwrap()), Shape::from(Circle::new(c, r).unwrap()));
            let close = |a: f32, b: f32| (a - b).abs() <= 1e-5 * (1.0 + a.abs());
            let (p, d) = (&pill, &disc);
            prop_assert_eq!(intersects(p, &other), intersects(d, &other));
            prop_assert_eq!(contains(p, &other), contains(d, &other));
            prop_assert_eq!(contains(&other, p), contains(&other, d));
            prop_assert!(close(distance(p, &other), distance(d, &other)));
            match (contact(p, &other), contact(d, &other)) {
                (Some(kp), Some(kd)) => {
                    prop_assert!(close(kp.depth, kd.depth), "{:?} {:?}", kp, kd);
                    prop_assert!((kp.normal - kd.normal).length() < 1e-4, "{:?} {:?}\n{:?}", kp, kd, other);
                }
                (kp, kd) => prop_assert_eq!(kp.is_some(), kd.is_some()),
            }
            let (cp, cd) = (closest_points(p, &other), closest_points(d, &other));
            prop_assert_eq!(cp.is_some(), cd.is_some());
            let ray = Ray::new(c - Vec2::from_angle(angle) * 10.0, Vec2::from_angle(angle)).unwrap();
            let (hp, hd) = (cast_ray(p, &ray, 100.0), cast_ray(d, &ray, 100.0));
            prop_assert_eq!(hp.map(|h| h.normal), hd.map(|h| h.normal));
            Ok(())
        });
        if let Err(e) = result {
            panic!("{kind}: {e}");
        }
    }
}
