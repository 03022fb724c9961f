//! Properties of concave polygons against independent oracles (`geo`, and moves in 360
//! directions for minimality), random placements, and the push-out's edge cases found by them.

use super::*;

fn run(name: &str, cases: u32, check: impl Fn(&Polygon, &Shape) -> Result<(), TestCaseError>) {
    let mut runner = TestRunner::new(Config { cases, ..Config::with_source_file(file!()) });
    if let Err(e) = runner.run(&(random_polygon(), other_shape()), |(p, s)| check(&p, &s)) {
        panic!("{name}: {e}");
    }
}

/// Moving `s` by 99 % of `depth` in any of 360 directions leaves it overlapping `p` (checked
/// when the depth is large enough for 1 % of it to stand above rounding).
fn no_shorter_move_separates(p: &Polygon, s: &Shape, depth: f32) -> Result<(), TestCaseError> {
    if depth > 0.05 {
        for i in 0..360 {
            let d = Vec2::from_angle((i as f32).to_radians());
            let shorter = s.transformed(&Transform::from_translation(d * depth * 0.99)).unwrap();
            prop_assert!(
                intersects(p, &shorter),
                "99% of depth {} along {:?} separates\np = {:?}\ns = {:?}",
                depth,
                d,
                p,
                s
            );
        }
    }
    Ok(())
}

#[test]
fn intersects_and_contains_agree_with_geo() {
    run("geo", 1500, |p, s| {
        let (gp, gs) = (to_geo(&Shape::from(p.clone())), to_geo(s));
        let m = gp.relate(&gs);
        prop_assert_eq!(intersects(p, s), m.is_intersects(), "intersects\np = {:?}\ns = {:?}", p, s);
        prop_assert_eq!(contains(p, s), m.is_covers(), "p covers s\np = {:?}\ns = {:?}", p, s);
        if !matches!(s, Shape::Point(_) | Shape::Segment(_)) {
            prop_assert_eq!(contains(s, p), gs.relate(&gp).is_covers(), "s covers p\np = {:?}\ns = {:?}", p, s);
        }
        prop_assert_eq!(intersects(s, p), intersects(p, s));
        Ok(())
    });
}

#[test]
fn concave_push_out_separates_and_no_shorter_move_in_360_directions_does() {
    run("minimality", 250, |p, s| {
        let Some(c) = contact(p, s) else {
            prop_assert!(!intersects(p, s));
            return Ok(());
        };
        prop_assert!((c.normal.length() - 1.0).abs() < 1e-4 && c.depth >= 0.0);
        prop_assert!(
            pushed_apart_or_touching(&p.clone().into(), s, &c, common::concave_slack(s, &c)),
            "push-out {:?} does not separate\np = {:?}\ns = {:?}",
            c,
            p,
            s
        );
        no_shorter_move_separates(p, s, c.depth)?;
        let back = contact(s, p).unwrap();
        prop_assert!((back.depth - c.depth).abs() <= 1e-3 * (1.0 + c.depth));
        Ok(())
    });
}

/// The push-out is the exact minimum that the convolution of the outlines finds (no convex pieces,
/// no sampling of directions), within `judge`'s bounds: for every other shape that is a polygon
/// (a box, a pentagon, a concave polygon with or without a hole), and for points. Segments are
/// left to the property above.
#[test]
fn concave_push_out_is_the_exact_minimum_the_convolution_finds() {
    run("exact minimum", 250, |p, s| {
        let exact = common::convolution::exact_push_out_of(p, s);
        prop_assume!(exact.is_some(), "a segment, or a degenerate chain");
        let exact = exact.unwrap();
        let c = contact(p, s);
        let judged = common::convolution::judge(&p.clone().into(), s, c.as_ref(), exact);
        prop_assert!(!judged.too_shallow && !judged.too_deep, "ours {c:?}, exact {exact}\np = {p:?}\ns = {s:?}");
        Ok(())
    });
}

#[test]
fn push_out_at_a_pinch_between_pieces_still_separates_with_slack() {
    // Found by the property test: the shortest exit of the box runs exactly through the corner
    // where two pieces' Minkowski differences meet, so a push one hair longer re-enters.
    let outline = [
        v(1.4702272, -4.7307706),
        v(-1.6484903, -3.9172974),
        v(-2.13732, -3.2444808),
        v(-2.8575473, -2.8286576),
        v(-3.6846383, -2.7417269),
        v(-4.475581, -2.9987197),
        v(-5.0936155, -3.5552),
        v(-5.431876, -4.314947),
        v(-5.431876, -5.146594),
        v(-5.093615, -5.9063416),
        v(-4.475581, -6.4628215),
        v(-3.6846378, -6.7198143),
        v(-1.8548319, -9.718922),
        v(0.32214332, -8.94857),
        v(-1.6484901, -5.544244),
    ];
    let p = Polygon::new(&outline).unwrap();
    let s = Aabb::new(v(-2.9696145, -8.898257), v(4.0561566, -6.3923836)).unwrap();
    let c = contact(&p, &s).unwrap();
    let out = c.push_out_b() + c.normal * 3e-4 * (1.0 + c.depth);
    let moved = Shape::from(s).transformed(&Transform::from_translation(out)).unwrap();
    assert!(!intersects(&p, &moved), "{c:?}");
}

#[test]
fn distances_to_concave_polygons_agree_with_geo() {
    use geo::{Distance, Euclidean};
    run("distance", 800, |p, s| {
        let expected = Euclidean.distance(&to_geo(&Shape::from(p.clone())), &to_geo(s));
        let got = collide2d::distance(p, s) as f64;
        prop_assert!(
            (got - expected).abs() <= 1e-4 * (1.0 + expected),
            "got {} geo {}\np = {:?}\ns = {:?}",
            got,
            expected,
            p,
            s
        );
        if let Some(c) = collide2d::closest_points(p, s) {
            prop_assert!(((c.point_b - c.point_a).length() - c.distance).abs() < 1e-4);
            prop_assert!(collide2d::signed_distance(p, c.point_a).abs() < 1e-4, "point_a off p");
        }
        Ok(())
    });
}

#[test]
fn rays_and_point_queries_on_concave_polygons_match_their_definitions() {
    run("ray", 800, |p, s| {
        // Use the other shape's centre as a ray origin and as a query point.
        let o = s.aabb().center();
        let sd = collide2d::signed_distance(p, o);
        prop_assert_eq!(sd <= 0.0, p.contains_point(o), "sign of {} at {:?}", sd, o);
        let q = collide2d::closest_point(p, o);
        prop_assert!(((q - o).length() - sd.max(0.0)).abs() < 1e-4);
        for k in 0..16 {
            let ray = collide2d::Ray::new(o, Vec2::from_angle(k as f32 * 0.4 + 0.1)).unwrap();
            match collide2d::cast_ray(p, &ray, 100.0) {
                Some(h) if h.distance > 0.0 => {
                    prop_assert!(collide2d::signed_distance(p, h.point).abs() < 1e-3, "hit {:?} off the boundary", h);
                    // Nothing of the polygon before the hit.
                    for i in 1..50 {
                        let before = ray.at(h.distance * i as f32 / 50.0 - 1e-3);
                        prop_assert!(collide2d::signed_distance(p, before) > -1e-3, "ray passes inside before {:?}", h);
                    }
                }
                Some(_) => prop_assert!(p.contains_point(o)),
                None => {
                    for i in 0..200 {
                        prop_assert!(!p.contains_point(ray.at(i as f32 * 0.5)), "missed but passes through");
                    }
                }
            }
        }
        Ok(())
    });
}

#[test]
fn rounded_push_out_separates_and_no_shorter_move_in_360_directions_does() {
    // Discs and capsules: their differences with the pieces are rounded, so the nearest exit may
    // lie on a vertex arc or where an arc meets another piece's rounded face.
    let round = prop_oneof![
        (-3.0f32..3.0, -3.0f32..3.0, 0.2f32..5.0).prop_map(|(x, y, r)| Shape::from(Circle::new(v(x, y), r).unwrap())),
        (-3.0f32..3.0, -3.0f32..3.0, -3.0f32..3.0, -3.0f32..3.0, 0.2f32..3.0).prop_map(|(x, y, dx, dy, r)| {
            Shape::from(collide2d::Capsule::new(v(x, y), v(x + dx, y + dy), r).unwrap())
        }),
    ];
    let moved = |s: &Shape, by: Vec2| s.transformed(&Transform::from_translation(by)).unwrap();
    let mut runner = TestRunner::new(Config { cases: 300, ..Config::with_source_file(file!()) });
    let result = runner.run(&(random_polygon(), round), |(p, s)| {
        // Around the outline's vertex farthest from the centroid (a convex corner), where exits
        // over the corner's arc compete with exits through faces.
        let far = p
            .outline()
            .iter()
            .copied()
            .max_by(|a, b| a.distance_squared(p.centroid()).total_cmp(&b.distance_squared(p.centroid())));
        let s = moved(&s, far.unwrap());
        let Some(c) = contact(&p, &s) else {
            prop_assert!(!intersects(&p, &s));
            return Ok(());
        };
        prop_assert!(
            pushed_apart_or_touching(&p.clone().into(), &s, &c, common::concave_slack(&s, &c)),
            "push-out {:?} does not separate\np = {:?}\ns = {:?}",
            c,
            p,
            s
        );
        no_shorter_move_separates(&p, &s, c.depth)?;
        Ok(())
    });
    if let Err(e) = result {
        panic!("rounded minimality: {e}");
    }
}

#[test]
fn pinched_stars_against_large_round_shapes_keep_every_spike() {
    // Stars whose valleys lie a few units in the last place from their centre, far out, against
    // discs and capsules thousands across: moved into the round shape's frame, a spike's piece
    // rounds onto a segment or a point, yet, rounded by the radius, it still covers a way out.
    // Dropping it once gave a push-out that left the top spikes inside.
    let star = (-300.0f32..300.0, -300.0f32..300.0, 3usize..13, 5.0f32..50.0, 1e-7f32..1e-5, 0.0f32..6.3);
    let round = (100.0f32..5000.0, 0.0f32..6.3, -0.9f32..0.9, 0u8..2, -1.0f32..1.0);
    let mut runner = TestRunner::new(Config { cases: 200, ..Config::with_source_file(file!()) });
    let result = runner.run(&(star, round), |((x, y, spikes, tip, valley, turn), (r, angle, offset, kind, tilt))| {
        let c = v(x, y);
        let ring: Vec<Vec2> = (0..2 * spikes)
            .map(|i| {
                let radius = if i % 2 == 0 { valley * tip } else { tip };
                c + Vec2::from_angle(turn + std::f32::consts::PI * i as f32 / spikes as f32) * radius
            })
            .collect();
        let Ok(p) = Polygon::new(&ring) else { return Ok(()) };
        // The round shape's edge runs through the star, `offset` tips from its centre.
        let toward = Vec2::from_angle(angle);
        let centre = c + toward * (r + offset * tip);
        let s = if kind == 0 {
            Shape::from(Circle::new(centre, r).unwrap())
        } else {
            let along = toward.perp().rotate(Vec2::from_angle(tilt)) * r;
            Shape::from(collide2d::Capsule::new(centre - along, centre + along, r).unwrap())
        };
        let Some(k) = contact(&p, &s) else {
            prop_assert!(!intersects(&p, &s));
            return Ok(());
        };
        prop_assert!(
            pushed_apart_or_touching(&p.clone().into(), &s, &k, common::concave_slack(&s, &k)),
            "push-out {:?} does not separate\np = {:?}\ns = {:?}",
            k,
            p,
            s
        );
        let pair = collide2d::contact_deepest_piece_pair(&p, &s).unwrap();
        prop_assert!(pair.depth <= k.depth * (1.0 + 1e-4) + 1e-3, "deepest pair {:?} deeper than {:?}", pair, k);
        no_shorter_move_separates(&p, &s, k.depth)?;
        Ok(())
    });
    if let Err(e) = result {
        panic!("pinched stars: {e}");
    }
}

/// A random invertible affine transform: a turn, a small shift and a scale, uniform or not,
/// mirrored one time in four and skewed one time in three.
fn random_transform() -> impl Strategy<Value = Transform> {
    (-3.0f32..3.0, -3.0f32..3.0, 0.0f32..6.3, 0.3f32..3.0, 0.3f32..3.0, 0u8..12, -0.8f32..0.8).prop_map(
        |(x, y, angle, sx, sy, kind, skew)| {
            let scale = if kind % 2 == 0 { v(sx, sx) } else { v(sx, sy) };
            let scale = if kind % 4 == 1 { scale * v(-1.0, 1.0) } else { scale };
            let t = Transform::from_translation_rotation_scale(v(x, y), angle, scale);
            if kind % 3 == 0 {
                t.compose(&Transform::from_affine(glam::Affine2::from_cols_array(&[1.0, 0.0, skew, 1.0, 0.0, 0.0])))
            } else {
                t
            }
        },
    )
}

#[test]
fn a_placed_polygon_answers_like_one_built_from_its_moved_vertices() {
    let mut runner = TestRunner::new(Config { cases: 600, ..Config::with_source_file(file!()) });
    let result = runner.run(&(random_polygon(), random_transform(), other_shape()), |(p, t, s)| {
        let placed = p.transformed(&t).unwrap();
        let map = |ring: &[Vec2]| ring.iter().map(|q| t.transform_point(*q)).collect::<Vec<_>>();
        let holes: Vec<Vec<Vec2>> = p.holes().iter().map(|h| map(h)).collect();
        let rebuilt = Polygon::with_holes(&map(p.outline()), &holes).unwrap();
        let size = rebuilt.aabb().half_extents().length();
        prop_assert!((placed.area() - rebuilt.area()).abs() <= 1e-4 * rebuilt.area());
        prop_assert!(placed.centroid().distance(rebuilt.centroid()) <= 1e-4 * size);
        prop_assert_eq!(placed.aabb(), Aabb::from_points(placed.outline()).unwrap());
        prop_assert!(placed.aabb().min().distance(rebuilt.aabb().min()) <= 1e-5 * size);
        // The edges still follow the rings, outline first, each ring in its own order.
        let rings = std::iter::once(placed.outline()).chain(placed.holes().iter().map(|h| &h[..]));
        let ring_edges: Vec<(Vec2, Vec2)> =
            rings.flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()]))).collect();
        prop_assert_eq!(placed.edges(), &ring_edges[..]);
        let o = placed.outline();
        let twice_area: f64 = (0..o.len()).map(|i| o[i].as_dvec2().perp_dot(o[(i + 1) % o.len()].as_dvec2())).sum();
        prop_assert!(twice_area > 0.0, "outline not counter-clockwise");
        // The pieces still tile it.
        let parts: f32 = placed.convex_parts().iter().map(|c| c.area()).sum();
        prop_assert!((parts - placed.area()).abs() <= 1e-3 * placed.area(), "pieces {} of {}", parts, placed.area());
        for c in placed.convex_parts() {
            prop_assert!(placed.contains_point(c.centroid()));
        }
        // Points: the same answer as the rebuilt polygon, away from the boundary.
        let (lo, hi) = (rebuilt.aabb().min(), rebuilt.aabb().max());
        for i in 0..64 {
            let q = lo + (hi - lo) * v((i % 8) as f32 / 7.3 + 0.01, (i / 8) as f32 / 7.3 + 0.01);
            if collide2d::signed_distance(&rebuilt, q).abs() > 1e-4 * size {
                prop_assert_eq!(placed.contains_point(q), rebuilt.contains_point(q), "at {:?}", q);
            }
        }
        // Shapes: geo's answers on the placed outline (the tree and the pieces are used).
        let (gp, gs) = (to_geo(&Shape::from(placed.clone())), to_geo(&s));
        let m = gp.relate(&gs);
        prop_assert_eq!(intersects(&placed, &s), m.is_intersects(), "intersects\np = {:?}\ns = {:?}", placed, s);
        prop_assert_eq!(contains(&placed, &s), m.is_covers(), "covers\np = {:?}\ns = {:?}", placed, s);
        if let Some(c) = contact(&placed, &s) {
            prop_assert!(
                pushed_apart_or_touching(&placed.clone().into(), &s, &c, common::concave_slack(&s, &c)),
                "push-out {:?} does not separate",
                c
            );
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("placement: {e}");
    }
}

#[test]
fn placing_by_a_vanishing_or_overflowing_scale_is_an_error_or_a_clean_rebuild() {
    let u = u_shape();
    for scale in [0.0, f32::NAN, f32::MAX] {
        let e = u.transformed(&Transform::from_scale(Vec2::splat(scale))).unwrap_err();
        assert!(e.to_string().contains("Polygon"), "{e}");
    }
    // So far out that neighbouring vertices land on the same f32 (they are 8 apart at 1e8):
    // built again from the moved rings, which merges them and finds nothing left to enclose.
    let far = u.transformed(&Transform::from_translation(v(1e8, 0.0))).unwrap_err();
    assert!(far.to_string().contains("Polygon"), "{far}");
    // At 1e6 the f32 grid (1/16) still holds the U's corners: placed, not rebuilt, and exact.
    let near = u.transformed(&Transform::from_translation(v(1e6, 0.0))).unwrap();
    assert_eq!((near.area(), near.outline().len(), near.aabb().min()), (7.0, 8, v(1e6, 0.0)));
    let small = u.transformed(&Transform::from_scale(Vec2::splat(1e-15))).unwrap();
    assert!((small.area() / 7e-30 - 1.0).abs() < 1e-3, "{}", small.area());
}

#[test]
fn a_corner_at_minus_zero_gets_the_same_push_out_as_one_at_zero() {
    // Found by fuzzing (a star's spike through a sliver whose top edge ran from y = 0.0 to
    // y = -0.0): the two top corners are one height, but ordered by `total_cmp` the one at -0.0
    // was lower, so the merge by angle started at the wrong end of the bottom edge of the
    // sliver's negation, built a region that was not convex, and the push-out came out 11.8
    // where 204.8 is needed, leaving the shapes overlapping. Here: a U over boxes, a star over
    // a sliver, each box and sliver with its top corners at 0.0 and 0.0, then 0.0 and -0.0.
    let with_top = |corners: &[Vec2], right_top_y: f32| {
        let mut c = corners.to_vec();
        c[2].y = right_top_y;
        collide2d::ConvexPolygon::new(&c).unwrap()
    };
    let star: Vec<Vec2> = (0..26)
        .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / 26.0) * if i % 2 == 0 { 300.0 } else { 2.0 })
        .collect();
    let cases = [
        (Polygon::new(&star).unwrap(), vec![v(5.0, -116.0), v(350.0, -20.0), v(350.0, 0.0), v(5.0, 0.0)]),
        (u_shape(), vec![v(0.4, -0.5), v(2.6, -0.5), v(2.6, 0.0), v(0.4, 0.0)]),
    ];
    let mut checked = 0;
    for (poly, corners) in &cases {
        let (plain, signed) = (with_top(corners, 0.0), with_top(corners, -0.0));
        assert_eq!(signed.vertices()[2].y.to_bits(), (-0.0f32).to_bits());
        for step in 0..40 {
            // Move the polygon, not the box, so that the box keeps its signed zero.
            let t = Transform::from_translation(v(step as f32 * 0.37 - 7.0, (step % 7) as f32 * 0.09 - 0.3) * 0.5)
                .compose(&Transform::from_rotation(step as f32 * 0.11));
            let poly = poly.transformed(&t).unwrap();
            let (Some(a), Some(b)) = (contact(&poly, &plain), contact(&poly, &signed)) else {
                assert_eq!(intersects(&poly, &plain), intersects(&poly, &signed));
                continue;
            };
            checked += 1;
            assert!((a.depth - b.depth).abs() <= 1e-4 * (1.0 + a.depth), "step {step}: {a:?} vs {b:?}");
            let signed = Shape::from(signed.clone());
            assert!(
                pushed_apart_or_touching(&poly.clone().into(), &signed, &b, common::concave_slack(&signed, &b)),
                "step {step}: {b:?} does not separate"
            );
        }
    }
    assert!(checked > 40, "only {checked} overlapping placements");
}
