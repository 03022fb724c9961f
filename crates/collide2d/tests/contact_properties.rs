//! Property tests for contacts on every ordered pair of kinds: a contact exactly when the shapes
//! intersect; the push-out vector separates (with a hair of slack) and is minimal (no direction
//! among 360 separates with 99% of the depth); manifold points lie on both shapes.

mod common;

use collide2d::{contact, intersects, Shape, Vec2};
use common::{contact_is_well_formed, for_every_pair, moved, oracle_intersects, push_out_with_slack, MINIMAL_FRACTION};
use proptest::prelude::*;

const CASES_PER_PAIR: u32 = 120;

/// Whether `p` lies within `tol` of the shape (the oracle's outer polygon, so the tolerance
/// also absorbs the bracket's small slack).
fn near(shape: &Shape, p: Vec2, tol: f32) -> bool {
    common::distance_to(shape, p) <= tol as f64 + 3e-3
}

#[test]
fn contact_exists_exactly_when_the_shapes_intersect() {
    for_every_pair("contact vs intersects", CASES_PER_PAIR, |a, b| {
        let c = contact(a, b);
        if oracle_intersects(a, b).is_some() {
            prop_assert_eq!(c.is_some(), intersects(a, b), "a = {:?}\nb = {:?}", a, b);
        }
        if let Some(c) = c {
            if let Err(why) = contact_is_well_formed(a, b, &c) {
                prop_assert!(false, "{}\na = {:?}\nb = {:?}", why, a, b);
            }
        }
        Ok(())
    });
}

#[test]
fn push_out_separates_and_is_minimal() {
    for_every_pair("push-out", CASES_PER_PAIR, |a, b| {
        let Some(c) = contact(a, b) else { return Ok(()) };
        let out = push_out_with_slack(&c);
        prop_assert!(!intersects(a, &moved(b, out)), "b moved by {:?} still hits\na = {:?}\nb = {:?}", out, a, b);
        prop_assert!(!intersects(&moved(a, -out), b), "a moved by {:?} still hits\na = {:?}\nb = {:?}", -out, a, b);
        if c.depth > 0.05 {
            for i in 0..360 {
                let dir = Vec2::from_angle((i as f32).to_radians());
                let try_b = moved(b, dir * c.depth * MINIMAL_FRACTION);
                prop_assert!(
                    intersects(a, &try_b),
                    "moving b by 99% of depth {} along {:?} already separates\na = {:?}\nb = {:?}",
                    c.depth,
                    dir,
                    a,
                    b
                );
            }
        }
        Ok(())
    });
}

#[test]
fn manifold_points_lie_on_both_shapes() {
    for_every_pair("manifold", CASES_PER_PAIR, |a, b| {
        let Some(c) = contact(a, b) else { return Ok(()) };
        for p in c.points() {
            let tol = 1e-3 * (1.0 + c.depth);
            prop_assert!(near(a, p.point_a, tol), "point_a {:?} not on a\na = {:?}\nb = {:?}", p.point_a, a, b);
            prop_assert!(near(b, p.point_b, tol), "point_b {:?} not on b\na = {:?}\nb = {:?}", p.point_b, a, b);
            prop_assert!(near(a, p.point_b, tol + p.depth) && near(b, p.point_a, tol + p.depth));
            prop_assert!(
                p.depth >= 0.0 && p.depth <= c.depth + 1e-3 * (1.0 + c.depth),
                "point depth {} > {}",
                p.depth,
                c.depth
            );
        }
        Ok(())
    });
}

#[test]
fn a_capsule_a_hair_from_a_sloped_edge_is_pushed_along_the_edges_normal() {
    // The capsule's segment ends 1e-5 beside the triangle's sloped edge, at coordinates near 10
    // where an f32 step is 1e-6: the closest points' difference would be degrees off, so the
    // normal comes from the edge itself.
    use collide2d::{contact, Capsule, ConvexPolygon};
    let triangle = ConvexPolygon::new(&[Vec2::new(10.0, 10.0), Vec2::new(13.0, 11.0), Vec2::new(10.0, 13.0)]).unwrap();
    let outward = Vec2::new(1.0, -3.0).normalize();
    for k in 0..8 {
        let on_edge = Vec2::new(10.0, 10.0) + Vec2::new(3.0, 1.0) * (0.2 + 0.08 * k as f32);
        let end = on_edge + outward * 1e-5;
        let pill = Capsule::new(end, end + Vec2::new(0.2, -1.0), 0.5).unwrap();
        for (c, sign) in [(contact(&triangle, &pill), 1.0), (contact(&pill, &triangle), -1.0)] {
            let c = c.expect("within the radius");
            assert!((c.normal - outward * sign).length() < 1e-4, "{c:?} from {end:?}");
            assert!((c.depth - 0.5).abs() < 1e-4, "{c:?}");
        }
    }
}

#[test]
fn turned_boxes_and_discs_far_out_get_the_depth_their_frames_give() {
    // 3·10⁵ out an f32 step is 1/32: world corners round by up to 1/64 each, a good part of an
    // overlap of 0.05, so the depth must be worked in a box's frame. The expected depth is
    // worked in f64 from the shapes as stored.
    use collide2d::{contact, Circle, Obb};
    for k in 0..16 {
        let angle = 0.3 + 0.37 * k as f32;
        let a = Obb::new(Vec2::new(3e5 + k as f32 * 0.3, -2e5), Vec2::new(1.0, 5.0), angle).unwrap();
        let (u, _) = a.axes();
        // The same box moved along its own x axis by a little less than its width.
        let b = Obb::new(a.center() + u * 1.95, a.half_extents(), angle).unwrap();
        let along = (b.center().as_dvec2() - a.center().as_dvec2()).dot(u.as_dvec2());
        let expected = 2.0 - along.abs();
        let c = contact(&a, &b).expect("overlapping");
        assert!((c.depth as f64 - expected).abs() < 2e-3, "{c:?}, expected {expected}");
        assert!((c.normal - u).length() < 1e-3, "{c:?}");
        // A disc of radius 0.5 whose centre lies 0.45 beyond the box's side.
        let disc = Circle::new(a.center() + u * 1.45, 0.5).unwrap();
        let beyond = (disc.center().as_dvec2() - a.center().as_dvec2()).dot(u.as_dvec2()) - 1.0;
        let c = contact(&a, &disc).expect("overlapping");
        assert!((c.depth as f64 - (0.5 - beyond)).abs() < 2e-3, "{c:?}, expected {}", 0.5 - beyond);
        let c = contact(&disc, &a).expect("overlapping");
        assert!((c.depth as f64 - (0.5 - beyond)).abs() < 2e-3, "{c:?}, expected {}", 0.5 - beyond);
    }
}

#[test]
fn a_contact_points_midpoint_lies_halfway_even_at_the_ends_of_the_range() {
    use collide2d::ContactPoint;
    let p = ContactPoint { point_a: Vec2::new(1.0, 2.0), point_b: Vec2::new(3.0, 6.0), depth: 1.0 };
    assert_eq!(p.midpoint(), Vec2::new(2.0, 4.0));
    let huge = ContactPoint { point_a: Vec2::splat(f32::MAX), point_b: Vec2::splat(f32::MAX), depth: 0.0 };
    assert_eq!(huge.midpoint(), Vec2::splat(f32::MAX));
}
