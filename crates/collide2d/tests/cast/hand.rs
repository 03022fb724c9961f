//! Hand cases at the edges: flat landings, corners, tunnelling, scales from 2^-70 to 2^70, starts
//! within ulps of touching, bad numbers, concave notches.

use super::*;
use collide2d::ConvexPolygon;

#[test]
fn a_box_falls_onto_a_floor_flat() {
    let player = Aabb::from_xywh(0.0, 5.0, 1.0, 2.0).unwrap();
    let floor = Aabb::from_xywh(-10.0, 0.0, 20.0, 1.0).unwrap();
    // 4 units to fall, moving 8 per unit of time.
    assert_hit(cast_shape(&player, v(0.0, -8.0), &floor, Vec2::ZERO, 1.0), 0.5, Vec2::NEG_Y, None);
    // Not far enough in the time given.
    assert_eq!(cast_shape(&player, v(0.0, -8.0), &floor, Vec2::ZERO, 0.49), None);
    // Moving away or sideways: never.
    assert_eq!(cast_shape(&player, v(0.0, 8.0), &floor, Vec2::ZERO, f32::INFINITY), None);
    assert_eq!(cast_shape(&player, v(8.0, 0.0), &floor, Vec2::ZERO, 100.0), None);
    // An infinite time reaches it too.
    assert_hit(cast_shape(&player, v(0.0, -8.0), &floor, Vec2::ZERO, f32::INFINITY), 0.5, Vec2::NEG_Y, None);
}

#[test]
fn a_diamond_lands_on_its_corner_at_45_degrees() {
    let diamond = Obb::new(v(0.0, 10.0), v(1.0, 1.0), std::f32::consts::FRAC_PI_4).unwrap();
    let floor = Aabb::from_xywh(-10.0, -1.0, 20.0, 1.0).unwrap();
    let gap = 10.0 - 2f32.sqrt();
    assert_hit(sweep(&diamond, v(0.0, -20.0), &floor), gap / 20.0, Vec2::NEG_Y, Some(v(0.0, 0.0)));
    // Both moving: the floor rises at 5, the diamond falls at 15.
    assert_hit(cast_shape(&diamond, v(0.0, -15.0), &floor, v(0.0, 5.0), 1.0), gap / 20.0, Vec2::NEG_Y, None);
}

#[test]
fn two_diamonds_meet_edge_to_edge() {
    let a = Obb::new(v(0.0, 0.0), v(1.0, 1.0), std::f32::consts::FRAC_PI_4).unwrap();
    // Offset so that their facing edges are parallel at 45° and meet along a stretch.
    let b = Obb::new(v(5.0, 5.0), v(1.0, 1.0), std::f32::consts::FRAC_PI_4).unwrap();
    let hit = cast_shape(&a, Vec2::ZERO, &b, v(-1.0, -1.0), 10.0).expect("a hit");
    // The edges are √2·… : centres 5√2 apart along the diagonal, each half 1 wide across it.
    let expected = (5.0 * 2f32.sqrt() - 2.0) / 2f32.sqrt();
    assert!(close(hit.time, expected, 1e-5), "{hit:?}");
    assert!((hit.normal - Vec2::ONE.normalize()).length() < 1e-4, "{hit:?}");
}

#[test]
fn a_rod_crossing_a_post_with_no_corner_inside_is_hit_by_its_end() {
    // A horizontal rod sliding right into a tall thin post: they first touch where the rod's
    // right end meets the post's left face, which no corner of the post is near.
    let rod = Aabb::from_xywh(-10.0, -0.1, 8.0, 0.2).unwrap();
    let post = Aabb::from_xywh(0.0, -5.0, 0.2, 10.0).unwrap();
    assert_hit(sweep(&rod, v(10.0, 0.0), &post), 0.2, Vec2::X, Some(v(0.0, 0.0)));
    // A segment swept sideways across another that crosses its path.
    let wiper = Segment::new(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let bar = Segment::new(v(-3.0, 2.0), v(3.0, 4.0)).unwrap();
    let hit = sweep(&wiper, v(0.0, 10.0), &bar).expect("a hit");
    // The bar rises to the right: the wiper's left end meets it first, at y = 2 + 2/6·2 = 8/3.
    assert!(close(hit.time, (8.0 / 3.0) / 10.0, 1e-5), "{hit:?}");
    assert!((hit.point - v(-1.0, 8.0 / 3.0)).length() < 1e-5, "{hit:?}");
}

#[test]
fn a_point_running_along_a_segment_hits_its_end() {
    let seg = Segment::new(v(2.0, 0.0), v(5.0, 0.0)).unwrap();
    let hit = sweep(&Vec2::ZERO, v(10.0, 0.0), &seg).expect("a hit");
    assert!(close(hit.time, 0.2, 1e-6), "{hit:?}");
    assert_eq!(hit.normal, Vec2::X);
    // From the other side, and either shape moving: the near end, whichever the walk meets first.
    let hit = sweep(&v(7.0, 0.0), v(-10.0, 0.0), &seg).expect("a hit");
    assert!(close(hit.time, 0.2, 1e-6) && hit.normal == Vec2::NEG_X, "{hit:?}");
    let hit = sweep(&seg, v(-10.0, 0.0), &Vec2::ZERO).expect("a hit");
    assert!(close(hit.time, 0.2, 1e-6) && hit.normal == Vec2::NEG_X, "{hit:?}");
    let hit = sweep(&seg, v(10.0, 0.0), &v(7.0, 0.0)).expect("a hit");
    assert!(close(hit.time, 0.2, 1e-6) && hit.normal == Vec2::X, "{hit:?}");
}

#[test]
fn a_capsule_meets_a_corner_on_its_round() {
    // A capsule moving right whose round end meets the box's corner (3, 1) on a 45° line.
    let pill = Capsule::new(v(-5.0, 1.0 + 0.5f32.sqrt()), v(-2.0, 1.0 + 0.5f32.sqrt()), 1.0).unwrap();
    let block = Aabb::from_xywh(3.0, -4.0, 2.0, 5.0).unwrap();
    let hit = sweep(&pill, v(10.0, 0.0), &block).expect("a hit");
    // The end's centre must reach (3 − √½, 1 + √½): 5 − √½ to go.
    assert!(close(hit.time, (5.0 - 0.5f32.sqrt()) / 10.0, 1e-5), "{hit:?}");
    let diagonal = v(1.0, -1.0).normalize();
    assert!((hit.normal - diagonal).length() < 1e-4, "{hit:?}");
    assert!((hit.point - v(3.0, 1.0)).length() < 1e-4, "{hit:?}");
}

#[test]
fn shapes_that_start_touching_or_inside_hit_at_once() {
    let a = Aabb::from_xywh(0.0, 0.0, 2.0, 2.0).unwrap();
    let touching = Aabb::from_xywh(2.0, 0.0, 2.0, 2.0).unwrap();
    let inside = Circle::new(v(1.0, 1.0), 0.25).unwrap();
    for other in [Shape::from(touching), Shape::from(inside)] {
        // Whichever way they move, even apart.
        for motion in [v(5.0, 0.0), v(-5.0, 0.0), Vec2::ZERO] {
            let hit = cast_shape(&a, Vec2::ZERO, &other, motion, 1.0).expect("a hit at 0");
            assert!(hit.started_overlapping && hit.time == 0.0, "{hit:?}");
            assert!((hit.normal.length() - 1.0).abs() < 1e-5, "{hit:?}");
        }
    }
}

#[test]
fn a_cast_is_the_same_at_every_scale() {
    for scale in [1e-3f32, 1.0, 1e4] {
        let ball = Circle::new(Vec2::ZERO, 0.5 * scale).unwrap();
        let wall = Aabb::from_xywh(50.0 * scale, -10.0 * scale, 1.0 * scale, 20.0 * scale).unwrap();
        let hit = cast_shape(&ball, v(1000.0 * scale, 0.0), &wall, Vec2::ZERO, 1.0).expect("a hit");
        assert!(close(hit.time, 49.5 / 1000.0, 1e-5), "scale {scale}: {hit:?}");
        assert_eq!(hit.normal, Vec2::X, "scale {scale}");
    }
}

#[test]
fn large_discs_overlapping_by_a_hair_start_overlapping() {
    // Discs of radius 500 (and 5e4) overlapping by a millionth of their size, their centres
    // apart along (0.6, 0.8): the walk's start gap is then within its band of doubt, which
    // grows with the radii as well as the coordinates, so the exact test decides. Whichever way
    // they move, the cast starts overlapping.
    for (radius, overlap) in [(500f32, 1e-3f32), (5e4, 0.1)] {
        let a = Circle::new(Vec2::ZERO, radius).unwrap();
        let b = Circle::new(v(0.6, 0.8) * (2.0 * radius - overlap), radius).unwrap();
        assert!(intersects(&a, &b), "{b:?}");
        for motion in [v(0.6, 0.8), v(-0.6, -0.8), v(1.0, 0.0), Vec2::ZERO] {
            let hit = cast_shape(&a, Vec2::ZERO, &b, motion * radius, 1.0).expect("a hit at 0");
            assert!(hit.started_overlapping && hit.time == 0.0, "radius {radius}, moving {motion}: {hit:?}");
        }
    }
}

#[test]
fn a_cast_beyond_2_to_the_60_is_the_one_at_scale_1_scaled_exactly() {
    // Past 2^60 the walk's squares would overflow (or underflow), so it runs on the shapes
    // scaled by a power of two and scales the answer back; both steps are exact, so time and
    // normal are those at scale 1, and the point is scaled by the factor.
    let at = |s: f32| {
        let ball = Circle::new(v(-3.0, 1.0) * s, 0.75 * s).unwrap();
        let wedge = ConvexPolygon::new(&[v(4.0, -1.0) * s, v(7.0, 0.5) * s, v(5.0, 3.0) * s]).unwrap();
        (cast_shape(&ball, v(12.0, 2.0) * s, &wedge, v(-1.0, 0.5) * s, 1.0), sweep(&wedge, v(-9.0, -1.5) * s, &ball))
    };
    let (moving, obstacle) = at(1.0);
    let (moving, obstacle) = (moving.expect("a hit"), obstacle.expect("a hit"));
    for s in [2f32.powi(70), 2f32.powi(-70)] {
        let (m, o) = at(s);
        for (got, unit) in [(m.expect("a hit"), moving), (o.expect("a hit"), obstacle)] {
            assert_eq!((got.time, got.normal, got.point), (unit.time, unit.normal, unit.point * s), "scale {s}");
        }
    }
}

#[test]
fn a_point_running_diagonally_along_a_segment_hits_its_end() {
    let seg = Segment::new(v(2.0, 2.0), v(5.0, 5.0)).unwrap();
    let hit = sweep(&Vec2::ZERO, v(10.0, 10.0), &seg).expect("a hit");
    assert!(close(hit.time, 0.2, 1e-6), "{hit:?}");
    assert!((hit.normal - v(1.0, 1.0).normalize()).length() < 1e-6, "{hit:?}");
}

#[test]
fn specks_too_small_to_square_meet_head_on_with_the_normal_along_the_motion() {
    // Radii of 1e-30 square to 0 in f32: only a head-on path meets, and the arc's offset over
    // the radius comes out 0, so the normal falls back to the direction of approach.
    let speck = Circle::new(v(0.0, 0.0), 1e-30).unwrap();
    let other = Circle::new(v(5.0, 5.0), 1e-30).unwrap();
    let diagonal = v(1.0, 1.0).normalize();
    assert_hit(sweep(&speck, v(10.0, 10.0), &other), 0.5, diagonal, Some(v(5.0, 5.0)));
    assert_hit(cast_shape(&speck, Vec2::ZERO, &other, v(-10.0, -10.0), 1.0), 0.5, diagonal, Some(v(0.0, 0.0)));
}

#[test]
fn polygons_sliding_level_with_a_face_meet_at_the_corner() {
    // Boxes as polygons take the general cast: moving along x level with the post's top or its
    // bottom, the sum is met exactly at a vertex, where one edge runs along the motion.
    let square = |x0: f32, y0: f32| {
        ConvexPolygon::new(&[v(x0, y0), v(x0 + 1.0, y0), v(x0 + 1.0, y0 + 1.0), v(x0, y0 + 1.0)]).unwrap()
    };
    let post = square(0.0, 0.0);
    for y in [1.0, -1.0] {
        let slider = square(3.0, y);
        assert_hit(sweep(&slider, v(-10.0, 0.0), &post), 0.2, Vec2::NEG_X, Some(v(1.0, y.max(0.0))));
        assert_hit(sweep(&post, v(10.0, 0.0), &slider), 0.2, Vec2::X, Some(v(3.0, y.max(0.0))));
    }
}

#[test]
fn a_cast_starting_within_ulps_of_touching_starts_overlapping_exactly_when_the_shapes_intersect() {
    // The walk's start gap is off by about an ulp of the coordinates: near touching only the
    // exact test may decide, at sizes 1e-3 to 1e3 and far from the origin, sharp and rounded,
    // and at 2^±70, where the walk runs on the shapes scaled into range.
    let mut decided = [0usize; 2];
    for (size, offset) in [
        (1e-3f32, 0.0f32),
        (1.0, 0.0),
        (1.0, 700.0),
        (1e3, 0.0),
        (1e3, -3e4),
        (2f32.powi(-70), 0.0),
        (2f32.powi(70), 0.0),
    ] {
        let (p, q) = (v(0.3, 0.1) * size + offset, v(1.7, 0.9) * size + offset);
        let a = ConvexPolygon::new(&[p, q, v(0.2, 1.5) * size + offset]).unwrap();
        // The edge's directions at scale 1 (at 2^-70 their squares would underflow).
        let (outward, along) = (v(0.8, -1.4).normalize(), v(1.4, 0.8).normalize());
        for t in [0.31f32, 0.5, 0.77] {
            let on = p + (q - p) * t;
            for (kx, ky) in (-3i32..=3).flat_map(|kx| (-3i32..=3).map(move |ky| (kx, ky))) {
                let nudge = |x: f32, k: i32| f32::from_bits((x.to_bits() as i32 + k * x.signum() as i32) as u32);
                let tip = v(nudge(on.x, kx), nudge(on.y, ky));
                let back = tip + outward * size;
                let wedge = ConvexPolygon::new(&[tip, back + along * 0.3 * size, back - along * 0.3 * size]).unwrap();
                // A capsule of radius 2 whose round end reaches the tip from outside.
                let pill =
                    Capsule::new(tip + outward * (2.0 * size), tip + outward * (5.0 * size), 2.0 * size).unwrap();
                for b in [Shape::from(wedge), Shape::from(pill)] {
                    let touching = intersects(&a, &b);
                    decided[touching as usize] += 1;
                    let away = outward * size;
                    let hit = cast_shape(&a, Vec2::ZERO, &b, away, 1.0);
                    assert_eq!(hit.is_some_and(|h| h.started_overlapping), touching, "size {size}, {b:?}");
                    assert_eq!(hit.is_some(), touching, "size {size}, {b:?}: {hit:?}");
                }
            }
        }
    }
    assert!(decided[0] > 50 && decided[1] > 50, "{decided:?}");
}

#[test]
fn discs_meeting_a_hair_off_head_on_touch_along_the_line_of_centres() {
    for k in 0..40 {
        let off = 1e-6 * (1 + 7 * k) as f32;
        let a = Circle::new(v(0.0, 0.0), 1.0).unwrap();
        let b = Circle::new(v(5.0, off), 1.0).unwrap();
        let hit = sweep(&a, v(10.0, 0.0), &b).expect("a hit");
        // The centres are 2 apart at the touch, `off` across: the normal joins them.
        assert!((hit.normal - v(2.0, off).normalize()).length() < 1e-6, "{hit:?}");
        assert!(close(hit.time, 0.3, 1e-5), "{hit:?}");
    }
}

#[test]
fn head_on_discs_meet_halfway() {
    let a = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    let b = Circle::new(v(10.0, 0.0), 2.0).unwrap();
    assert_hit(cast_shape(&a, v(3.5, 0.0), &b, v(-3.5, 0.0), 5.0), 1.0, Vec2::X, Some(v(4.5, 0.0)));
}

#[test]
fn bad_motions_and_times_find_nothing_and_do_not_panic() {
    let a = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    let b = Circle::new(v(10.0, 0.0), 1.0).unwrap();
    for motion in [v(f32::NAN, 0.0), v(f32::INFINITY, 0.0), v(0.0, f32::NEG_INFINITY)] {
        assert_eq!(cast_shape(&a, motion, &b, Vec2::ZERO, 1.0), None);
        assert_eq!(cast_shape(&a, Vec2::ZERO, &b, motion, 1.0), None);
    }
    for time in [f32::NAN, -1.0, f32::NEG_INFINITY] {
        assert_eq!(cast_shape(&a, v(100.0, 0.0), &b, Vec2::ZERO, time), None);
    }
    assert_eq!(sweep(&v(f32::NAN, 0.0), v(100.0, 0.0), &b), None);
    // Nor do they report shapes that already overlap as hit at once.
    let overlapping = Circle::new(v(0.5, 0.0), 1.0).unwrap();
    for motion in [v(f32::NAN, 0.0), v(f32::INFINITY, 0.0)] {
        assert_eq!(cast_shape(&a, motion, &overlapping, Vec2::ZERO, 1.0), None);
        assert_eq!(cast_shape(&a, Vec2::ZERO, &overlapping, motion, 1.0), None);
    }
    for time in [f32::NAN, -1.0] {
        assert_eq!(cast_shape(&a, Vec2::ZERO, &overlapping, Vec2::ZERO, time), None);
    }
    // Motions whose difference overflows still answer.
    let far = Circle::new(v(3e38, 0.0), 1.0).unwrap();
    let hit = cast_shape(&a, v(3e38, 0.0), &far, v(-3e38, 0.0), 1.0).expect("a hit");
    assert!(close(hit.time, 0.5, 1e-5), "{hit:?}");
    // Huge but finite motions still answer.
    let hit = cast_shape(&a, v(1e30, 0.0), &b, Vec2::ZERO, 1.0).expect("a hit");
    assert!(hit.time > 0.0 && hit.time < 1e-28, "{hit:?}");
}

fn u_shape() -> Polygon {
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap()
}

#[test]
fn a_disc_drops_into_a_concave_notch_and_a_wide_box_lands_on_its_arms() {
    let u = u_shape();
    // The notch is 1 wide: a disc of radius 0.4 falls to its floor at y = 1.
    let disc = Circle::new(v(1.5, 6.0), 0.4).unwrap();
    assert_hit(sweep(&disc, v(0.0, -10.0), &u), (6.0 - 1.4) / 10.0, Vec2::NEG_Y, Some(v(1.5, 1.0)));
    // The same disc falling over an arm lands on its top at y = 3.
    let over_arm = Circle::new(v(0.5, 6.0), 0.4).unwrap();
    assert_hit(sweep(&over_arm, v(0.0, -10.0), &u), (6.0 - 3.4) / 10.0, Vec2::NEG_Y, None);
    // A box 2 wide cannot enter: it rests on both arms.
    let wide = Aabb::from_xywh(0.5, 5.0, 2.0, 1.0).unwrap();
    assert_hit(sweep(&wide, v(0.0, -10.0), &u), 0.2, Vec2::NEG_Y, None);
    // The polygon moving instead, and as the second shape: the normal points from a to b.
    assert_hit(cast_shape(&wide, Vec2::ZERO, &u, v(0.0, 10.0), 1.0), 0.2, Vec2::NEG_Y, None);
    // Two U's: one falls onto the other's arms (the arms meet the arms).
    let upper = u.transformed(&collide2d::Transform::from_translation(v(0.0, 5.0))).unwrap();
    assert_hit(sweep(&upper, v(0.0, -4.0), &u), 0.5, Vec2::NEG_Y, None);
}

#[test]
fn a_cast_over_more_than_one_unit_of_time_finds_a_late_hit_in_a_notch() {
    // The pieces are pruned by the box each sweeps in the time allowed: 10 units here, so the
    // disc, moving 1 a unit, reaches the notch's floor at 4.6.
    let u = u_shape();
    let disc = Circle::new(v(1.5, 6.0), 0.4).unwrap();
    assert_hit(cast_shape(&disc, v(0.0, -1.0), &u, Vec2::ZERO, 10.0), 4.6, Vec2::NEG_Y, Some(v(1.5, 1.0)));
    assert_eq!(cast_shape(&disc, v(0.0, -1.0), &u, Vec2::ZERO, 4.5), None);
}

#[test]
fn a_box_sliding_level_with_anothers_top_meets_its_corner_and_one_above_passes() {
    // Moving along x only, the boxes' shadows on y stand still: level with the top face they
    // touch for good, so the hit comes when the x shadows meet; 0.5 above, never.
    let post = Aabb::new(v(0.0, 0.0), v(1.0, 1.0)).unwrap();
    let level = Aabb::new(v(3.0, 1.0), v(4.0, 2.0)).unwrap();
    assert_hit(sweep(&level, v(-10.0, 0.0), &post), 0.2, Vec2::NEG_X, Some(v(1.0, 1.0)));
    let above = Aabb::new(v(3.0, 1.5), v(4.0, 2.5)).unwrap();
    assert_eq!(sweep(&above, v(-10.0, 0.0), &post), None);
    assert_eq!(cast_shape(&post, Vec2::ZERO, &above, v(-10.0, 0.0), 1.0), None);
}

#[test]
fn bullets_never_tunnel_through_thin_walls() {
    // Small fast discs and boxes fired at a wall 0.05 thick from many angles and speeds: every
    // one that the straight path crosses the wall is stopped at or before its near face.
    let wall = Aabb::from_xywh(10.0, -50.0, 0.05, 100.0).unwrap();
    let mut next = common::uniform(0x2545_F491_4F6C_DD1Du64);
    let mut hits = 0;
    for _ in 0..5000 {
        let angle = (next() - 0.5) * 2.0;
        let speed = 50.0 + next() * 1e5;
        let motion = v(angle.cos(), angle.sin()) * speed;
        let size = 0.01 + next() * 0.2;
        let bullets: [Shape; 2] = [
            Circle::new(Vec2::ZERO, size).unwrap().into(),
            Obb::new(Vec2::ZERO, v(size, size * 0.5), next() * 6.0).unwrap().into(),
        ];
        for bullet in &bullets {
            let hit = cast_shape(bullet, motion, &wall, Vec2::ZERO, 1.0).expect("every path crosses the wall");
            hits += 1;
            let at = moved(bullet, motion * hit.time);
            // At the reported time the bullet touches the wall and has not passed its near face.
            assert!(distance_to(&wall.into(), hit.point) < 1e-3, "{hit:?}");
            assert!(at.aabb().max().x <= 10.0 + 1e-3 * (1.0 + size), "{bullet:?} {motion} {hit:?}");
            assert!(at.aabb().max().x >= 10.0 - 1e-3, "stopped short: {bullet:?} {motion} {hit:?}");
        }
    }
    assert_eq!(hits, 10_000);
}
