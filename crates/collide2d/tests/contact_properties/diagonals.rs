//! Flat shapes (points, segments, flat boxes) lying on the diagonals where a concave polygon's
//! convex pieces meet: they touch the pieces beside them and overlap neither, yet lie inside
//! the polygon, so only an exit onto the true boundary separates them.

use super::*;

/// Flat shapes inside the U, on the lines where its convex pieces meet, get a push that
/// separates them (they touch each piece only, yet lie inside the polygon).
fn check_flats_inside_the_u(flats: &[Shape]) {
    use collide2d::{contact, intersects, Polygon};
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    let u: Shape = Polygon::new(&outline.map(|(x, y)| Vec2::new(x, y))).unwrap().into();
    for flat in flats {
        let c = contact(&u, flat).expect("inside the U");
        assert!(c.depth > 0.1, "{flat:?}: {c:?}");
        let out = common::push_out_with_slack(&c);
        assert!(!intersects(&u, &common::moved(flat, out)), "{flat:?} moved by {out:?} still meets the U");
    }
}

#[test]
fn flat_shapes_lying_on_the_us_inner_diagonals_are_pushed_out_of_the_polygon() {
    // A segment or a point may lie along a diagonal between two convex pieces, in the
    // polygon's inside: only an exit onto the true boundary separates them. The U's pieces
    // meet along (0, 0)-(1, 1) and (2, 1)-(3, 0); a flat box lies on the notch's floor line.
    use collide2d::{Aabb, Segment};
    let v = Vec2::new;
    check_flats_inside_the_u(&[
        Segment::new(v(0.2, 0.2), v(0.8, 0.8)).unwrap().into(),
        Segment::new(v(0.0, 0.0), v(1.0, 1.0)).unwrap().into(),
        Segment::new(v(2.2, 0.8 + 1e-3), v(2.8, 0.2 + 1e-3)).unwrap().into(),
        Shape::Point(v(0.5, 0.5)),
        Shape::Point(v(2.5, 0.5)),
        Aabb::new(v(0.3, 1.0), v(0.7, 1.0)).unwrap().into(),
        // Not quite flat: a box 2e-8 thick along a diagonal, and a capsule as thin, overlap
        // the pieces beside them by less than rounding.
        collide2d::Obb::new(v(0.5, 0.5), v(0.3, 1e-8), std::f32::consts::FRAC_PI_4).unwrap().into(),
        collide2d::Capsule::new(v(2.3, 0.7), v(2.7, 0.3), 1e-8).unwrap().into(),
    ]);
}

#[test]
fn flat_shapes_exactly_on_the_diagonal_the_walk_slides_along_are_pushed_out_too() {
    // Found by the test above (stop 41). Slid along the diagonal, the segment touches both
    // pieces and overlaps neither, so the walk that confirmed a candidate found no stretch
    // (rounding puts the line a hair off the shared face) and confirmed an exit at 0. A slide
    // along a face that other regions cover (from a diagonal) now counts as inside; along the
    // true boundary it does not, so points at the diagonals' ends still touch.
    use collide2d::{contact, Polygon, Segment};
    let v = Vec2::new;
    let on_diagonal: [(Shape, f32); 3] = [
        // Down or right by 0.8; the notch would take (−0.8, 0.8).
        (Segment::new(v(2.2, 0.8), v(2.8, 0.2)).unwrap().into(), 0.8),
        // To the notch's corner (2, 1).
        (Shape::Point(v(2.25, 0.75)), 0.25 * std::f32::consts::SQRT_2),
        (Shape::Point(v(0.6, 0.6)), 0.4 * std::f32::consts::SQRT_2),
    ];
    check_flats_inside_the_u(&on_diagonal.clone().map(|(s, _)| s));
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    let u: Shape = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap().into();
    for (flat, depth) in on_diagonal {
        let c = contact(&u, &flat).unwrap();
        assert!((c.depth - depth).abs() < 1e-4, "{flat:?}: {c:?}, expected depth {depth}");
    }
    // The diagonals' ends lie on the boundary: touching.
    for end in [v(0.0, 0.0), v(1.0, 1.0), v(2.0, 1.0), v(3.0, 0.0)] {
        let c = contact(&u, &Shape::Point(end));
        assert!(c.is_none_or(|c| c.depth == 0.0), "{end}: {c:?}");
    }
}

/// Whether a ring edge from either end of `[a, b]` lies in line with it (within 1e-3 rad).
fn continues_a_boundary_edge(p: &collide2d::Polygon, a: Vec2, b: Vec2) -> bool {
    let along = (b - a).normalize();
    std::iter::once(p.outline()).chain(p.holes().iter().map(|h| h.as_slice())).any(|ring| {
        (0..ring.len()).any(|k| {
            let (from, to) = (ring[k], ring[(k + 1) % ring.len()]);
            let ends = [a, b];
            let touches = ends.contains(&from) || ends.contains(&to);
            touches && (to - from).normalize().perp_dot(along).abs() < 1e-3
        })
    })
}

/// The f64 distance from `p` to the nearest edge of the polygon's rings.
fn distance_to_rings(p: &collide2d::Polygon, at: Vec2) -> f64 {
    let at = at.as_dvec2();
    std::iter::once(p.outline())
        .chain(p.holes().iter().map(|h| h.as_slice()))
        .flat_map(|ring| (0..ring.len()).map(move |k| (ring[k].as_dvec2(), ring[(k + 1) % ring.len()].as_dvec2())))
        .map(|(a, b)| {
            let t = ((at - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            (a + (b - a) * t).distance(at)
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn points_on_the_diagonals_between_pieces_are_pushed_to_the_nearest_boundary() {
    // A point on a diagonal touches the two pieces beside it and overlaps neither, yet lies
    // inside the polygon: its push is its distance to the rings. Points are taken at a few
    // fractions along every piece edge whose midpoint is inside the polygon (a diagonal).
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config { cases: 150, ..Config::with_source_file(file!()) });
    let totals = std::cell::Cell::new((0, 0));
    let result = runner.run(&common::polygons::random_polygon(), |p| {
        let (mut checked, mut segments) = (0, 0);
        for piece in p.convex_parts() {
            let v = piece.vertices();
            for k in 0..v.len() {
                let (a, b) = (v[k], v[(k + 1) % v.len()]);
                if distance_to_rings(&p, (a + b) * 0.5) < 1e-3 {
                    continue;
                }
                // The walk's tolerance (1e-4 of the scene's size, see `contact/concave`): a way
                // out narrower than it is passed over by design, so that a push a hair longer
                // than the depth still separates.
                let pinch = 2e-4 * (1.0 + p.aabb().half_extents().length());
                for f in [0.25f32, 0.5, 0.75] {
                    let at = a.lerp(b, f);
                    let expected = distance_to_rings(&p, at);
                    if expected < 1e-2 || !p.contains_point(at) {
                        continue;
                    }
                    let c = contact(&p, &Shape::Point(at));
                    prop_assert!(c.is_some(), "no contact for {:?} in {:?}", at, p);
                    let c = c.unwrap();
                    prop_assert!(
                        (c.depth as f64 - expected).abs() < (pinch * (1.0 + c.depth)) as f64,
                        "depth {} for {:?}, expected {}\np = {:?}",
                        c.depth,
                        at,
                        expected,
                        p
                    );
                    checked += 1;
                }
                // The middle third of the diagonal as a segment: pushed clear, and no move 1 %
                // shorter in any of 360 directions clears it.
                let (from, to) = (a.lerp(b, 1.0 / 3.0), a.lerp(b, 2.0 / 3.0));
                let flat: Shape = match collide2d::Segment::new(from, to) {
                    Ok(s) => s.into(),
                    Err(_) => continue,
                };
                // Nearly flat too: a capsule or a box on it 1e-8 thick overlaps the pieces beside
                // it by less than rounding, so it is pushed out as the segment is.
                let along = to - from;
                let thin: [Option<Shape>; 2] = [
                    collide2d::Capsule::new(from, to, 5e-9).ok().map(Shape::from),
                    collide2d::Obb::new((from + to) * 0.5, Vec2::new(along.length() * 0.5, 5e-9), along.to_angle())
                        .ok()
                        .map(Shape::from),
                ];
                for thin in thin.iter().flatten() {
                    if let Some(c) = contact(&p, thin) {
                        // Half the walk's tolerance, as for the segment below. Slid along its
                        // diagonal where that nearly follows a side (a hole's, less than a degree
                        // off), it may end touching that side within rounding, which no slack
                        // this small moves it off: then it overlaps no piece by more than a hair.
                        let slack = 5e-5 * thin.aabb().half_extents().length();
                        prop_assert!(
                            common::pushed_apart_or_touching(&p.clone().into(), thin, &c, slack),
                            "{:?} pushed by {:?} stays in {:?}",
                            thin,
                            c,
                            p
                        );
                    }
                }
                let Some(c) = contact(&p, &flat) else { continue };
                // A push longer by less than the walk's tolerance (1e-4 of the other shape's size
                // and the deepest piece pair's depth, which is 0 on a diagonal, so at least 1e-4
                // of the segment's size) separates: the exit it reports is clear for that long.
                // Half of that: a way out as narrow as the tolerance (a segment that just fits
                // into a hole) is a right answer, and a longer push may meet the hole's far side.
                let slack = 5e-5 * flat.aabb().half_extents().length();
                let out = c.push_out_b() + c.normal * slack;
                prop_assert!(!intersects(&p, &moved(&flat, out)), "{:?} pushed by {:?} stays in {:?}", flat, c, p);
                // A diagonal that continues a boundary edge (one ends at a hole's corner, in line
                // with the hole's side): pushed along itself past that corner, the segment slides
                // along the side, touching it within rounding, where any slack lands on either
                // side. Not a case for a strict check.
                if continues_a_boundary_edge(&p, a, b) {
                    continue;
                }
                // A shorter way out through a pinch must re-enter within twice the tolerance.
                let pinch = pinch * (1.0 + c.depth);
                if c.depth > 0.05 {
                    for i in 0..360 {
                        let d = Vec2::from_angle((i as f32).to_radians());
                        let shorter = d * c.depth * MINIMAL_FRACTION;
                        let clears = !intersects(&p, &moved(&flat, shorter));
                        let through_a_pinch = intersects(&p, &moved(&flat, shorter + d * pinch));
                        prop_assert!(
                            !clears || through_a_pinch,
                            "{:?} moved by {:?} clears {:?} pushed by {:?}",
                            flat,
                            shorter,
                            p,
                            c
                        );
                    }
                }
                segments += 1;
            }
        }
        totals.set((totals.get().0 + checked, totals.get().1 + segments));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // Most random polygons have a few diagonals (150 cases checked about 1,000 points and 350
    // segments).
    let (points, segments) = totals.get();
    assert!(points >= 300 && segments >= 100, "only {points} points and {segments} segments checked");
}

#[test]
fn a_segment_on_a_diagonal_that_barely_fits_into_the_hole_gets_the_shortest_push_wider_than_a_pinch() {
    // Found by the property above. The segment only just fits into the polygon's hole: along
    // (-0.846, 0.533) it clears between 1.59695 and 1.59745 (a pinch, narrower than the walk's
    // tolerance, rightly passed over), but along (-0.809, 0.588) it clears from 1.6105 to 1.6166,
    // a way out 6e-3 wide. The answer was 1.6267 along (0.967, -0.254), longer than both: the
    // search tried directions only 1, 4 and 16 tolerances to either side of the pinch, short of
    // where the sliver of free space into the hole widens. It then stepped on, four times
    // further each time, and answered about 1.6005. Since the tolerance follows the segment
    // (issue 54), not the polygon, that pinch is no longer narrower than it: the push goes
    // through it, at 1.59627 along (-0.849, 0.529), clear from there for about 2e-4.
    let v = Vec2::new;
    let outline = [
        v(2.9658556, 0.0),
        v(1.770912, 0.9294464),
        v(1.1361294, 1.6459677),
        v(0.24107337, 1.9854177),
        v(-0.7092099, 1.8700324),
        v(-1.4970216, 1.3262453),
        v(-1.9418837, 0.47863135),
        v(-1.9418836, -0.4786317),
        v(-1.4970213, -1.3262455),
        v(-0.70921004, -1.8700324),
        v(0.4305022, -3.5455027),
        v(2.4995317, -3.6211953),
        v(2.5886872, -1.358648),
    ];
    let hole =
        [v(0.22862983, -0.7390976), v(-0.34143305, -0.10561764), v(-0.12079064, 0.39048314), v(0.7156471, 0.2213756)];
    let p = collide2d::Polygon::with_holes(&outline, &[hole]).unwrap();
    let flat: Shape = collide2d::Segment::new(v(1.0153157, -0.94561434), v(1.8020014, -1.1521311)).unwrap().into();
    let into_the_hole = v(-0.80901706, 0.5877852) * 1.6135;
    assert!(!intersects(&p, &moved(&flat, into_the_hole)));
    let c = contact(&p, &flat).unwrap();
    assert!(c.depth > 1.596 && c.depth <= 1.6135, "{c:?}");
    // Lengthened by half the walk's tolerance (1e-4 of the segment's size, the deepest piece
    // pair's depth being 0 on the diagonal), it still separates.
    let out = c.push_out_b() + c.normal * 5e-5 * flat.aabb().half_extents().length();
    assert!(!intersects(&p, &moved(&flat, out)), "{c:?}");
}

#[test]
fn a_segment_that_just_fits_into_the_hole_is_pushed_in_and_left_clear_for_the_tolerance() {
    // Found by the property above while its slack was 3e-4 · (1 + depth): the way out into the
    // hole along (-0.847, 0.532) is clear for about 5e-4 (the segment spans the hole, between
    // its corner at (0.374, -0.255) and its far side), more than the walk's tolerance here,
    // so it is a right answer; a push 1e-3 longer meets the far side.
    let v = Vec2::new;
    let outline = [
        v(3.6780462, 0.0),
        v(2.905272, 1.5248045),
        v(1.1361294, 1.6459677),
        v(0.24107337, 1.9854177),
        v(-0.7092099, 1.8700324),
        v(-1.4970216, 1.3262453),
        v(-1.9418837, 0.47863135),
        v(-1.9418836, -0.4786317),
        v(-4.0171833, -3.558915),
        v(-1.1606014, -3.060253),
        v(0.55840045, -4.598839),
        v(2.7521493, -3.9871747),
        v(3.3949587, -1.7818118),
    ];
    let hole = [
        v(0.37438, -0.2548091),
        v(0.064853646, -0.8562049),
        v(-0.5731246, -0.5326365),
        v(-0.7657375, 0.114789486),
        v(-0.15020798, 0.25968745),
        v(0.10937864, 0.2793498),
        v(0.28660098, 0.08865607),
    ];
    let p = collide2d::Polygon::with_holes(&outline, &[hole.to_vec()]).unwrap();
    let flat: Shape = collide2d::Segment::new(v(1.1748887, -1.1647406), v(2.2849238, -1.4732761)).unwrap().into();
    let c = contact(&p, &flat).unwrap();
    // Bisecting the first clear move along each of 3,600 directions finds none shorter than
    // 2.26520 (along (-0.845, 0.534)); between them, along (-0.847, 0.532), a way out clear for
    // about 5e-5 starts at 2.26456, wider than the tolerance since it follows the segment
    // (issue 54).
    assert!(c.depth > 2.26 && c.depth <= 2.2652, "{c:?}");
    assert!(c.normal.dot(v(-0.847, 0.532)) > 0.999, "{c:?}");
    let slack = 5e-5 * flat.aabb().half_extents().length();
    assert!(!intersects(&p, &moved(&flat, c.push_out_b() + c.normal * slack)), "{c:?}");
}

/// The contact of the polygon (`outline`, `hole`) with segment `[a, b]`, checked to separate
/// them when lengthened by half the walk's tolerance.
fn pushed_clear_by_half_the_tolerance(outline: &[Vec2], hole: [Vec2; 3], a: Vec2, b: Vec2) -> collide2d::Contact {
    use collide2d::{contact, intersects};
    let p = collide2d::Polygon::with_holes(outline, &[hole]).unwrap();
    let flat: Shape = collide2d::Segment::new(a, b).unwrap().into();
    let c = contact(&p, &flat).unwrap();
    let slack = 5e-5 * flat.aabb().half_extents().length();
    assert!(!intersects(&p, &moved(&flat, c.push_out_b() + c.normal * slack)), "{c:?}");
    c
}

#[test]
fn a_segment_on_a_diagonal_that_a_holes_side_nearly_continues_is_pushed_out_cleanly() {
    // Found by the property above (issue 54). The segment, the middle third of the diagonal from
    // the hole's corner (0.406, 7.327) to the outline's (1.567, 8.516), leaves by sliding along
    // it two thirds of its length either way. Into the hole it ends at the corner, and the
    // hole's side from there runs 4e-4 rad off the diagonal: a push longer by half the walk's
    // tolerance (1.4e-5) clears that side by 6e-9, touching within rounding. That way was taken
    // (the two tie); a walk that leaves a region grazing a face now leaves it only where it
    // clears it by the margin, so the clean way out past the outline's corner is taken.
    let v = Vec2::new;
    let outline = [
        v(5.7486053, 7.2013006),
        v(1.5667136, 8.515929),
        v(0.91596407, 12.395993),
        v(-1.0000001, 8.9333515),
        v(-1.8793854, 7.8853407),
        v(-1.8793851, 6.5172596),
        v(-0.9999998, 5.4692497),
        v(0.34729725, 5.231685),
        v(3.370493, 4.3731227),
    ];
    let hole = [v(-0.0862224, 6.822136), v(-0.22007889, 7.405176), v(0.40611187, 7.3269258)];
    let c = pushed_clear_by_half_the_tolerance(&outline, hole, v(1.1798463, 8.119595), v(0.7929791, 7.72326));
    // Two thirds of the diagonal either way (1.10770).
    assert!((c.depth - 1.1077).abs() < 1e-4, "{c:?}");
    // The same, 1.6 degrees off: the push past the hole's corner by 1.1e-5 cleared its side by
    // 3e-7, below the rounding of coordinates near 8 (1e-6), though above the margin (3e-7 is
    // a millionth of the segment's size and of a hundredth of its coordinates): the clearance a
    // grazing walk must leave is at least that rounding.
    let outline = [
        v(2.0, 7.969242),
        v(1.7320508, 8.969242),
        v(0.99999994, 9.701293),
        v(-1.6977368e-7, 11.853211),
        v(-1.6059957, 10.750908),
        v(-1.7594295, 8.985048),
        v(-3.608589, 7.9692416),
        v(-1.7320505, 6.9692416),
        v(-0.9999998, 6.237191),
        v(2.3849761e-8, 5.969242),
        v(1.0000007, 6.2371917),
        v(1.7320511, 6.9692426),
    ];
    let hole = [v(-0.06652198, 7.67671), v(-0.5475238, 8.476455), v(0.4240773, 8.100425)];
    let c = pushed_clear_by_half_the_tolerance(&outline, hole, v(-1.3554609, 8.815516), v(-0.9514923, 8.645986));
    // Again two thirds of the diagonal either way, now past the outline's corner.
    assert!((c.depth - 0.8762).abs() < 1e-4, "{c:?}");
}

#[test]
fn a_point_near_the_origin_on_a_diagonal_is_pushed_to_the_boundary_an_exit_away() {
    // Found by the property above. The walk's tolerance is relative to the other shape (here a
    // point 0.06 from the origin: 5e-8), which vanished when added to an exit near 1 (whose
    // last place is 1.2e-7): the region starting exactly where the walk left the last one
    // (across a diagonal between pieces) did not count as entered, and the point was pushed
    // 1.005 onto that diagonal instead of 1.172 onto the hole's side.
    use collide2d::Polygon;
    let v = Vec2::new;
    let outline = [
        v(3.205205, 1.366943),
        v(0.70268214, 2.2347105),
        v(0.14772403, 2.930606),
        v(-0.6542136, 3.3167987),
        v(-1.5442975, 3.3167987),
        v(-2.3462355, 2.930606),
        v(-2.9011931, 2.2347107),
        v(-3.0992556, 1.3669429),
        v(-2.9011931, 0.4991755),
        v(-3.4761567, -1.6135982),
        v(-2.0104976, -2.6254764),
        v(-0.48407364, -1.328338),
        v(2.1785567, -2.7433052),
        v(3.0075998, -0.61081445),
    ];
    let hole = [
        v(-0.67643785, 0.9752555),
        v(-1.2609912, 0.6557073),
        v(-1.3858565, 1.2782869),
        v(-1.3193345, 1.5708187),
        v(-1.0327334, 1.6594747),
        v(-0.8126546, 1.4555991),
    ];
    // Scaled by 8 (exactly, in f32) the tolerance still vanishes beside an exit near 9.4, whose
    // last place is 8 times larger too: the floor must grow with the exit, not shrink.
    for scale in [1.0, 8.0] {
        let grown = |ring: &[Vec2]| ring.iter().map(|q| *q * scale).collect::<Vec<_>>();
        let p = Polygon::with_holes(&grown(&outline), &[grown(&hole)]).unwrap();
        let at = v(0.03731078, 0.045615315) * scale;
        let expected = distance_to_rings(&p, at);
        let c = contact(&p, &Shape::Point(at)).unwrap();
        assert!((c.depth as f64 - expected).abs() < 1e-5 * scale as f64, "{c:?}, expected depth {expected}");
        assert!(!intersects(&p, &Shape::Point(at + c.push_out_b() * 1.0001)));
    }
}
