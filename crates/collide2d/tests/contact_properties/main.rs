//! Property tests for contacts on every ordered pair of kinds: a contact exactly when the shapes
//! intersect; the push-out vector separates (with a hair of slack) and is minimal (no direction
//! among 360 separates with 99% of the depth); manifold points lie on both shapes.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

#[path = "../common/mod.rs"]
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

mod boxes;
mod diagonals;

/// Exactly which side of the line through `p` and `q` the point `w` lies (positive: left). The
/// f32 inputs' differences and their products are exact in f64 at these sizes.
fn orientation(p: Vec2, q: Vec2, w: Vec2) -> f64 {
    let (e, f) = (q.as_dvec2() - p.as_dvec2(), w.as_dvec2() - p.as_dvec2());
    e.x * f.y - e.y * f.x
}

#[test]
fn a_tip_within_ulps_of_a_sloped_edge_is_in_contact_exactly_when_exact_arithmetic_says_it_touches() {
    // The f32 separation along the edge's rounded normal is off by about an ulp of the
    // coordinates, so near touching only the exact test may decide: at sizes 1e-3 to 1e3,
    // beside the origin and far from it.
    use collide2d::{contact, ConvexPolygon};
    let mut decided = [0usize; 2];
    for (size, offset) in [(1e-3f32, 0.0f32), (1.0, 0.0), (1.0, 700.0), (1e3, 0.0), (1e3, -3e4)] {
        let (p, q) = (Vec2::new(0.3, 0.1) * size + offset, Vec2::new(1.7, 0.9) * size + offset);
        let inner = Vec2::new(0.2, 1.5) * size + offset;
        let a = ConvexPolygon::new(&[p, q, inner]).unwrap();
        let outward = Vec2::new(q.y - p.y, p.x - q.x).normalize();
        let along = (q - p).normalize();
        for t in [0.31f32, 0.5, 0.77] {
            let on = p + (q - p) * t;
            for (kx, ky) in (-3i32..=3).flat_map(|kx| (-3i32..=3).map(move |ky| (kx, ky))) {
                let nudge = |x: f32, k: i32| f32::from_bits((x.to_bits() as i32 + k * x.signum() as i32) as u32);
                let tip = Vec2::new(nudge(on.x, kx), nudge(on.y, ky));
                let back = tip + outward * size;
                let b = ConvexPolygon::new(&[tip, back + along * 0.3 * size, back - along * 0.3 * size]).unwrap();
                let touching = orientation(p, q, tip) >= 0.0;
                decided[touching as usize] += 1;
                assert_eq!(contact(&a, &b).is_some(), touching, "size {size}, tip {tip:?}");
                assert_eq!(contact(&b, &a).is_some(), touching, "size {size}, tip {tip:?}");
            }
        }
    }
    assert!(decided[0] > 50 && decided[1] > 50, "{decided:?}");
}

#[test]
fn a_capsule_with_both_ends_on_a_discs_centre_pushes_along_x_by_both_radii() {
    // Two point cores on top of each other: every direction is as short, and +x is the one
    // documented. The capsule takes the general path, the disc pair its own.
    use collide2d::{contact, Capsule, Circle};
    let c = Vec2::new(3.0, -2.0);
    let dot = Capsule::new(c, c, 0.5).unwrap();
    let disc = Circle::new(c, 2.0).unwrap();
    for (got, (ra, rb)) in [
        (contact(&dot, &disc), (0.5, 2.0)),
        (contact(&disc, &dot), (2.0, 0.5)),
        (contact(&dot, &dot), (0.5, 0.5)),
        (contact(&disc, &disc), (2.0, 2.0)),
    ] {
        let got = got.expect("concentric");
        assert_eq!((got.normal, got.depth), (Vec2::X, ra + rb), "{got:?}");
        let p = got.points()[0];
        assert_eq!((p.point_a, p.point_b, p.depth), (c + Vec2::X * ra, c - Vec2::X * rb, ra + rb), "{got:?}");
    }
}

#[test]
fn the_first_shapes_face_stays_the_reference_unless_the_others_is_clearly_better() {
    // A square and a larger square turned by φ, overlapping by 0.01 across the first one's
    // right face: the second's left face is better by φ (its corners reach 2φ further past the
    // first's face than the first's reach past its own). Within 1e-5 the first face is kept, so
    // that a resting contact does not flip between frames; beyond it the better face wins.
    use collide2d::{contact, ConvexPolygon};
    let square =
        ConvexPolygon::new(&[Vec2::new(-1.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0)])
            .unwrap();
    for (phi, kept) in [(5e-6f32, true), (-5e-6, true), (5e-5, false), (-5e-5, false)] {
        let turn = Vec2::from_angle(phi);
        let center = Vec2::new(2.99, 0.0);
        let corners =
            [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)].map(|(x, y)| center + turn.rotate(Vec2::new(x, y)));
        let big = ConvexPolygon::new(&corners).unwrap();
        let c = contact(&square, &big).expect("overlapping by 0.01");
        if kept {
            assert_eq!(c.normal, Vec2::X, "φ = {phi}: {c:?}");
        } else {
            assert!((c.normal - turn).length() < 1e-6, "φ = {phi}: {c:?}");
        }
        assert!((c.depth - 0.01 - phi.abs() * if kept { 2.0 } else { 1.0 }).abs() < 1e-6, "φ = {phi}: {c:?}");
    }
}

#[test]
fn a_wedge_on_a_flat_boxs_end_takes_its_own_face_as_the_reference() {
    // A sharp wedge's tip on the end of a flat box (a segment as an Aabb of no height). Pushed
    // 0.01 in, the box's end is 0.01 inside the wedge but only 0.01·sin β from its face (tan β =
    // 0.1), so the push-out crosses that face. Touching, both separations are 0 and the wedge's
    // face is still the reference: a zero-length end gives no extent to clip against.
    use collide2d::{contact, Aabb, ConvexPolygon};
    let flat = Aabb::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
    let across = Vec2::new(0.1, 1.0).normalize();
    for d in [0.01f32, 0.0] {
        let tip = Vec2::new(1.0 - d, 0.0);
        let wedge = ConvexPolygon::new(&[tip, tip + Vec2::new(2.0, -0.2), tip + Vec2::new(2.0, 0.2)]).unwrap();
        let c = contact(&flat, &wedge).expect("meeting");
        assert!((c.normal - across).length() < 1e-6, "{c:?}");
        assert!((c.depth - d * across.x).abs() < 1e-7, "{c:?}");
    }
}

#[test]
fn a_turned_boxs_corner_grazing_a_face_touches_at_that_corner() {
    // The corner is placed on the top face in f32, so it lands a rounding above or below it:
    // the separating-axis sums may call it touching while the clipped ends sit a hair above
    // the face. Whichever way it rounds, the one contact point is the corner itself: by the
    // boxes' own path, and by the general one for the same boxes as polygons.
    use collide2d::query::contact::contact_obb_obb;
    use collide2d::{contact, ConvexPolygon, Obb};
    let base = Obb::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 1.5), 0.0).unwrap();
    let base_polygon = ConvexPolygon::new(&base.corners()).unwrap();
    let mut touching = 0;
    for k in 0..400 {
        let angle = -1.52 + 0.0076 * k as f32;
        if angle.sin().abs().min(angle.cos().abs()) < 0.02 {
            continue; // a face lying on the face: two points
        }
        let half = Vec2::new(1.3, 0.7);
        let probe = Obb::new(Vec2::ZERO, half, angle).unwrap();
        let low = probe.corners().into_iter().min_by(|p, q| p.y.total_cmp(&q.y)).unwrap();
        let x = -2.5 + 0.0123 * k as f32;
        let b = Obb::new(Vec2::new(x - low.x, 1.5 - low.y), half, angle).unwrap();
        let corner = b.corners().into_iter().min_by(|p, q| p.y.total_cmp(&q.y)).unwrap();
        let b_polygon = ConvexPolygon::new(&b.corners()).unwrap();
        let answers = [
            (contact_obb_obb(&base, &b), "boxes"),
            (contact_obb_obb(&b, &base).map(|c| c.flipped()), "boxes, flipped"),
            (contact(&base_polygon, &b_polygon), "polygons"),
            (contact(&b_polygon, &base_polygon).map(|c| c.flipped()), "polygons, flipped"),
        ];
        for (c, how) in answers {
            let Some(c) = c else { continue };
            touching += 1;
            assert!(c.depth < 1e-5, "{how}: {c:?}");
            assert!((c.normal - Vec2::Y).length() < 1e-5, "{how}: {c:?}");
            let p = c.points();
            assert_eq!(p.len(), 1, "{how}: {c:?}");
            assert!((p[0].point_b - corner).length() < 1e-5, "{how}: {c:?} against the corner {corner:?}");
            assert!((p[0].point_a - Vec2::new(corner.x, 1.5)).length() < 1e-5, "{how}: {c:?}");
        }
    }
    assert!(touching > 200, "{touching}");
}

#[test]
fn a_capsule_lying_along_a_wedges_edge_within_its_radius_touches_at_two_points() {
    // The capsule's core runs parallel to the wedge's lower edge, apart but within the radius:
    // the manifold is the stretch where they face each other, two points, and no point is
    // deeper than the contact (the clip's depths are worked along the face, the contact's
    // from the closest points: they may differ in the last bit). The wedge has no edge facing
    // the other way, so only the edge facing the capsule can pair with it.
    use collide2d::{contact, Capsule, ConvexPolygon};
    let mut checked = 0;
    for k in 0..200 {
        let turn = Vec2::from_angle(-0.7 + 0.007 * k as f32);
        let origin = Vec2::new(13.7 - 0.31 * k as f32, 0.77 * k as f32);
        let at = |x: f32, y: f32| origin + turn.rotate(Vec2::new(x, y));
        let wedge = ConvexPolygon::new(&[at(0.0, 0.0), at(4.0, 0.0), at(2.0, 3.0)]).unwrap();
        let gap = 0.001 + 0.0002 * k as f32;
        let pill = Capsule::new(at(1.0, -0.2 - gap), at(3.0, -0.2 - gap), 0.25).unwrap();
        for (c, sign) in [(contact(&pill, &wedge), 1.0), (contact(&wedge, &pill), -1.0)] {
            let c = c.expect("within the radius");
            let up = turn.rotate(Vec2::Y) * sign;
            assert!((c.normal - up).length() < 1e-4, "{c:?}");
            assert!((c.depth - (0.05 - gap)).abs() < 1e-4, "{c:?}");
            assert_eq!(c.points().len(), 2, "{c:?}");
            for p in c.points() {
                assert!(p.depth <= c.depth, "{p:?} deeper than {c:?}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 400);
}

#[test]
fn a_manifold_holds_distinct_points_and_keeps_one_at_the_origin() {
    // Polygons take the general path, upright boxes their own. Two squares meeting corner to
    // corner: every face's clip comes down to that corner twice, and it is one point. Two boxes overlapping by 0.1
    // across a face, the clip's first end at the origin: it is kept like any other, beside
    // (1, 0).
    use collide2d::{contact, Aabb, ConvexPolygon};
    let square = |x0: f32, y0: f32, x1: f32, y1: f32| {
        ConvexPolygon::new(&[Vec2::new(x0, y0), Vec2::new(x1, y0), Vec2::new(x1, y1), Vec2::new(x0, y1)]).unwrap()
    };
    let (low, high) = (square(-1.0, -1.0, 1.0, 0.0), square(1.0, 0.0, 3.0, 2.0));
    let boxes = (
        Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 0.0)).unwrap(),
        Aabb::new(Vec2::new(1.0, 0.0), Vec2::new(3.0, 2.0)).unwrap(),
    );
    for c in [contact(&low, &high), contact(&high, &low), contact(&boxes.0, &boxes.1), contact(&boxes.1, &boxes.0)] {
        let c = c.expect("touching at (1, 0)");
        assert_eq!(c.depth, 0.0, "{c:?}");
        assert_eq!(c.points().len(), 1, "{c:?}");
        let p = c.points()[0];
        assert_eq!((p.point_a, p.point_b), (Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.0)), "{c:?}");
    }
    let (base, left) = (square(-1.0, -1.0, 1.0, 0.1), square(-3.0, 0.0, 0.0, 2.0));
    let c = contact(&base, &left).expect("overlapping by 0.1");
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.1), "{c:?}");
    let mut on_b: Vec<Vec2> = c.points().iter().map(|p| p.point_b).collect();
    on_b.sort_by(|p, q| p.x.total_cmp(&q.x));
    assert_eq!(on_b, [Vec2::new(-1.0, 0.0), Vec2::new(0.0, 0.0)], "{c:?}");
}

#[test]
fn disc_contacts_scale_exactly_with_a_power_of_two_beyond_the_reach_of_f32_squares() {
    // At 2^±66 a reach's square overflows or underflows f32, so the discs' paths work on the
    // shapes brought back to a reach near 1 by a power of two, and scale the answer back. Both
    // scalings are exact, so every number of the contact, points included, is the one at
    // scale 1 times the factor.
    use collide2d::{contact, Aabb, Circle, Contact, Obb, Shape};
    let v = Vec2::new;
    let pairs = |s: f32| -> [(Shape, Shape); 4] {
        [
            (
                Circle::new(v(1.0, 2.0) * s, 0.75 * s).unwrap().into(),
                Circle::new(v(1.5, 2.75) * s, 0.5 * s).unwrap().into(),
            ),
            (
                Circle::new(v(3.0, 1.0) * s, 1.5 * s).unwrap().into(),
                Aabb::new(v(-1.0, -1.0) * s, v(2.0, 1.5) * s).unwrap().into(),
            ),
            (
                Circle::new(v(0.5, 0.25) * s, 1.25 * s).unwrap().into(),
                Obb::new(v(0.25, 0.0) * s, v(2.0, 1.0) * s, 0.6).unwrap().into(),
            ),
            (
                Circle::new(v(2.5, 1.0) * s, 1.25 * s).unwrap().into(),
                Obb::new(v(0.25, 0.0) * s, v(2.0, 1.0) * s, 0.6).unwrap().into(),
            ),
        ]
    };
    let scaled = |c: &Contact, s: f32| {
        let p: Vec<_> = c.points().iter().map(|p| (p.point_a * s, p.point_b * s, p.depth * s)).collect();
        (c.normal, c.depth * s, p)
    };
    for s in [2f32.powi(66), 2f32.powi(-66)] {
        for ((a, b), (a1, b1)) in pairs(s).into_iter().zip(pairs(1.0)) {
            for (got, unit) in [(contact(&a, &b), contact(&a1, &b1)), (contact(&b, &a), contact(&b1, &a1))] {
                let (got, unit) = (got.expect("overlapping"), unit.expect("overlapping"));
                let got: (Vec2, f32, Vec<_>) =
                    (got.normal, got.depth, got.points().iter().map(|p| (p.point_a, p.point_b, p.depth)).collect());
                assert_eq!(got, scaled(&unit, s), "scale {s}: {a:?} and {b:?}");
            }
        }
    }
}

#[test]
fn a_disc_centred_in_a_box_or_a_hair_outside_it_gets_the_points_on_both_surfaces() {
    // Centred inside, the disc leaves through the nearest face: its own point is the far side
    // of the disc, the box's point is on that face. Centred 1e-20 outside a face through the
    // origin (the gap's square underflows f32), the normal still points across that face.
    use collide2d::{contact, Aabb, Circle, Obb};
    let v = Vec2::new;
    let disc = Circle::new(v(0.5, 0.25), 1.25).unwrap();
    let upright = Aabb::new(v(-2.0, -1.0), v(2.0, 1.0)).unwrap();
    let turned = Obb::new(v(0.0, 0.0), v(2.0, 1.0), std::f32::consts::FRAC_PI_2).unwrap();
    let c = contact(&disc, &upright).unwrap();
    assert_eq!((c.normal, c.depth), (v(0.0, -1.0), 2.0), "{c:?}");
    let p = c.points()[0];
    assert_eq!((p.point_a, p.point_b, p.depth), (v(0.5, -1.0), v(0.5, 1.0), 2.0), "{c:?}");
    // The same box turned a quarter: its nearest face is now x = 1, 0.5 away.
    let c = contact(&disc, &turned).unwrap();
    assert!((c.normal - v(-1.0, 0.0)).length() < 1e-6 && (c.depth - 1.75).abs() < 1e-6, "{c:?}");
    let p = c.points()[0];
    assert!((p.point_a - v(-0.75, 0.25)).length() < 1e-6 && (p.point_b - v(1.0, 0.25)).length() < 1e-6, "{c:?}");
    let corner = Aabb::new(v(-2.0, -1.5), v(0.0, 0.0)).unwrap();
    for (center, normal) in [(v(1e-20, -0.5), v(-1.0, 0.0)), (v(-1.0, 1e-20), v(0.0, -1.0))] {
        let hair = Circle::new(center, 0.5).unwrap();
        let c = contact(&hair, &corner).unwrap();
        assert_eq!(c.normal, normal, "{c:?}");
        assert!((c.depth - 0.5).abs() < 1e-6, "{c:?}");
    }
}

#[test]
fn a_concave_contacts_point_lies_on_the_other_shape_inside_the_polygon_a_push_away() {
    // The U's notch and arms against a bar, a disc, a capsule and a turned square: the point's
    // `point_b` is on the other shape, `point_a` is it moved by the push, and its depth is
    // more than 0 and no more than the contact's.
    use collide2d::{contact, Capsule, Circle, ConvexPolygon, Obb, Polygon};
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    let u: Shape = Polygon::new(&outline.map(|(x, y)| Vec2::new(x, y))).unwrap().into();
    let others: [Shape; 4] = [
        Obb::new(Vec2::new(1.5, 2.6), Vec2::new(1.2, 0.3), 0.2).unwrap().into(),
        Circle::new(Vec2::new(2.3, 1.8), 0.5).unwrap().into(),
        Capsule::new(Vec2::new(0.5, 3.4), Vec2::new(2.6, 2.2), 0.3).unwrap().into(),
        ConvexPolygon::new(&[Vec2::new(2.5, -0.5), Vec2::new(3.4, 0.4), Vec2::new(2.5, 1.3), Vec2::new(1.6, 0.4)])
            .unwrap()
            .into(),
    ];
    for other in &others {
        let c = contact(&u, other).expect("overlapping");
        assert!(c.depth > 0.05, "{c:?}");
        let p = c.points()[0];
        assert!(common::distance_to(other, p.point_b) < 1e-4, "{other:?}: {c:?}");
        assert!((p.point_a - p.point_b - c.normal * c.depth).length() < 1e-5, "{other:?}: {c:?}");
        assert!(p.depth > 0.0 && p.depth <= c.depth, "{other:?}: {c:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// What `ContactPoint` promises of a concave polygon's contact (holes included) against every
    /// kind: a point of the other shape, and that point moved by the push along the normal.
    #[test]
    fn a_concave_contacts_points_are_a_point_of_the_other_shape_and_it_pushed(
        p in common::polygons::random_polygon(),
        other in common::polygons::other_shape(),
    ) {
        let a = Shape::from(p);
        for (x, y, polygon_first) in [(&a, &other, true), (&other, &a, false)] {
            let Some(c) = contact(x, y) else { continue };
            let tol = 1e-3 * (1.0 + c.depth);
            for q in c.points() {
                // Both polygons: the second's point (the first is the polygon searched against).
                let (shape, point) = if polygon_first || matches!(x, Shape::Polygon(_)) { (y, q.point_b) } else { (x, q.point_a) };
                let held = match shape {
                    Shape::Polygon(_) => {
                        use geo::{Distance, Euclidean};
                        let at = geo::Point::new(point.x as f64, point.y as f64);
                        Euclidean.distance(&at, &common::polygons::to_geo(shape)) <= tol as f64 + 3e-3
                    }
                    _ => near(shape, point, tol),
                };
                prop_assert!(held, "{:?} not in its shape: {:?}\na = {:?}\nb = {:?}", point, c, x, y);
                let apart = q.point_a - q.point_b - c.normal * c.depth;
                prop_assert!(apart.length() <= tol, "the pair is {:?} apart: {:?}\na = {:?}\nb = {:?}", q.point_a - q.point_b, c, x, y);
                prop_assert!(q.depth >= 0.0 && q.depth <= c.depth + tol, "{:?}", c);
            }
        }
    }
}
