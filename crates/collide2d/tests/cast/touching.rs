//! Casts that start touching within rounding, corners that meet corners, and hits out of reach:
//! the cases a character controller meets every frame, where a late hit or a wrong normal lets it
//! sink into the floor.

use super::*;
use collide2d::{closest_points, contact, ConvexPolygon};
use common::core_of;

/// Shapes that start within rounding of touching and move into each other touch at once: the
/// cast's time must not be later than the first time `intersects` says they overlap.
fn assert_hits_by(a: &Shape, b: &Shape, motion_b: Vec2, overlapping_at: f32) {
    assert!(intersects(a, &moved(b, motion_b * overlapping_at)), "the case is not what it claims");
    let hit = cast_shape(a, Vec2::ZERO, b, motion_b, 1.0);
    let hit = hit.unwrap_or_else(|| panic!("no hit, though they overlap at {overlapping_at}: {a:?} {b:?} {motion_b}"));
    assert!(hit.time <= overlapping_at, "hit at {}, though they overlap at {overlapping_at}", hit.time);
}

#[test]
fn discs_within_rounding_of_touching_moving_together_hit_at_once() {
    // From the issue: 9e-8 apart, touching after 1.6e-9 of the time; the cast said None.
    let a = Circle::new(v(-4.0263405, 2.756343), 0.6573345).unwrap();
    let b = Circle::new(v(-3.9363086, 1.9755119), 0.12866983).unwrap();
    let motion = v(24.062433, 58.37786);
    assert_hits_by(&a.into(), &b.into(), motion, 1.7e-6);
}

#[test]
fn a_segment_swept_across_one_it_starts_touching_hits_it_at_once() {
    // From the issue: the still segment's end lies on the moving one within rounding.
    let still = Segment::new(v(0.9582181, -1.4256938), v(0.7849002, -1.67578)).unwrap();
    let moving = Segment::new(v(-2.1849718, -4.0731826), v(3.8751097, 1.0311856)).unwrap();
    let motion = v(-51.376293, -46.5863);
    assert_hits_by(&still.into(), &moving.into(), motion, 1e-3);
}

#[test]
fn a_point_on_a_turned_boxs_face_far_from_the_origin_is_hit_at_once() {
    // Found by the touching property in CI. The point lies on the face of a box turned 45°, 12
    // from the origin, so the difference's vertex near it (0.65 out) was rounded as 12 is, and
    // read the start as inside the face's line by 3.6e-7, beyond a slack reckoned from 0.65
    // (3.1e-7): the ray into the box was passed over, and the cast said None.
    let point = Shape::Point(v(4.4355717, -11.645481));
    let turned: Shape =
        Obb::new(v(5.9086065, -9.634555), v(2.4635322, 0.5435345), std::f32::consts::FRAC_PI_4).unwrap().into();
    assert!(!intersects(&point, &turned));
    assert_hits_by(&point, &turned, v(-0.7071064, -0.7071072), 1e-6);
}

/// f32 rounding of where two shapes lie: a few units in the last place of their largest
/// coordinate.
fn rounding_of(a: &Shape, b: &Shape) -> f32 {
    let far = |s: &Shape| s.aabb().min().abs().max(s.aabb().max().abs()).max_element();
    8.0 * f32::EPSILON * far(a).max(far(b))
}

/// `b` moved to touch `a` (out by the contact, or by the closest points), then thrown at it with
/// a sideways part along `spin`, as the touching property below does: the hit comes no later
/// than the first of 1e-3, 1e-2 or 0.1 at which they overlap.
fn assert_touching_then_thrown_hits_in_time(a: &Shape, b: &Shape, spin: Vec2) {
    let (b, into_a) = match contact(a, b) {
        Some(c) => (moved(b, c.normal * c.depth), -c.normal),
        None => {
            let c = closest_points(a, b).unwrap();
            (moved(b, c.point_a - c.point_b), (c.point_a - c.point_b).normalize())
        }
    };
    let motion = into_a + spin.normalize() * 0.7;
    assert!(!intersects(a, &b), "the case is not what it claims");
    let overlapping_at = [1e-3, 1e-2, 0.1].into_iter().find(|t| intersects(a, &moved(&b, motion * *t))).unwrap();
    assert_hits_by(a, &b, motion, overlapping_at);
}

#[test]
fn boxes_touching_far_from_the_origin_are_hit_at_once() {
    // Found by the touching property: boxes 10 to 20 from the origin, touching, the gap between
    // their centres rounded as the centres are, beyond a slack reckoned from that gap and their
    // sizes: the cast said None, or a hit after they overlap.
    let turned = |c: Vec2, h: Vec2, r: f32| -> Shape { Obb::new(c, h, r).unwrap().into() };
    assert_touching_then_thrown_hits_in_time(
        &turned(v(17.974531, -11.434707), v(9.629464, 4.8995214), 1.412157),
        &turned(v(8.401611, 3.3647242), v(2.4590774, 1.3756901), 1.5707964),
        v(42.647144, 28.61937),
    );
    assert_touching_then_thrown_hits_in_time(
        &Aabb::new(v(-19.093649, -10.10849), v(-5.6399856, -10.10849)).unwrap().into(),
        &Aabb::new(v(3.2259645, 2.4481883), v(14.9030485, 11.187674)).unwrap().into(),
        v(30.135256, -20.76872),
    );
}

#[test]
fn small_boxes_touching_far_from_the_origin_are_hit_at_once() {
    // Boxes a hundredth across, 10 to 20 out: their rounding is the place's, not their size's
    // (a slack reckoned from the product of the two was 100 times too narrow: hits 1.5e-3 late).
    let turned = |c: Vec2, h: Vec2, r: f32| -> Shape { Obb::new(c, h, r).unwrap().into() };
    let cases = [
        (
            turned(v(-11.634082, -14.867056), v(0.0032577533, 0.009355806), 1.8053585),
            turned(v(-11.650359, -14.877312), v(0.003034636, 0.008824576), 4.9354987),
            v(-0.1537677, 0.6451614),
        ),
        (
            turned(v(8.579327, 12.524416), v(0.015410791, 0.014603591), 2.8134801),
            turned(v(8.54129, 12.496888), v(0.023257997, 0.012603358), 0.28687078),
            v(0.65117097, -0.22145781),
        ),
        // An axis the motion nearly follows: the shadows' exit read before the entry (None)
        // unless it is put a rounding over that axis's speed later, not a rounding times it.
        (
            turned(v(-12.107751, -8.707293), v(0.0005898675, 0.0005319898), 1.7873335),
            turned(v(-12.108563, -8.7060995), v(0.0006314115, 0.0004045318), 1.2241783),
            v(0.45282328, 0.09963828),
        ),
    ];
    for (a, b, motion) in cases {
        assert!(!intersects(&a, &b));
        assert_hits_by(&a, &b, motion, 1e-3);
    }
}

#[test]
fn small_shapes_touching_a_wide_capsule_are_hit_at_once() {
    // A capsule of radius 13 to 20 about 10 out: the start's slack counts the radius with the
    // coordinates, as the edge pushed out by it is rounded as both are.
    let capsule = |a: Vec2, b: Vec2, r: f32| -> Shape { Capsule::new(a, b, r).unwrap().into() };
    let cases: [(Shape, Shape, Vec2); 2] = [
        (
            capsule(v(6.9930773, -3.9935837), v(-1.1294994, 6.758938), 13.475643),
            Circle::new(v(-7.665399, -7.031226), 0.051655464).unwrap().into(),
            v(1.4749438, 0.42487606),
        ),
        (
            capsule(v(0.64027524, 10.68453), v(-9.492201, -6.6772003), 20.102158),
            Shape::Point(v(11.143573, -11.19969)),
            v(-0.21269488, 0.76139134),
        ),
    ];
    for (a, b, motion) in cases {
        assert!(!intersects(&a, &b));
        assert_hits_by(&a, &b, motion, 1e-3);
    }
}

#[test]
fn a_box_resting_in_a_combs_notch_hits_its_floor_at_once() {
    // A comb of notches 1 wide; a box exactly on a notch's floor, pressed down or down and
    // sideways, hits the floor at time 0 whatever rounding the placement has.
    let mut outline = vec![v(0.0, 0.0), v(40.0, 0.0)];
    for k in (0..20).rev() {
        let x = 2.0 * k as f32;
        outline.extend([v(x + 2.0, 3.0), v(x + 1.5, 3.0), v(x + 1.5, 1.0), v(x + 0.5, 1.0), v(x + 0.5, 3.0)]);
    }
    outline.dedup();
    outline.pop();
    let comb = Polygon::new(&outline).unwrap();
    let mut checked = 0;
    for k in 0..20 {
        for dx in [0.0f32, 0.013, 0.1, 0.317] {
            let x = 2.0 * k as f32 + 0.6 + dx * 0.5;
            // Floors at 1 + a few ulps of rounding from a sum, as a mover's position has.
            let y = (0.1f32 + 0.2 + 0.7) * (1.0 + k as f32 * 1e-7);
            let Ok(b) = Aabb::from_xywh(x, y, 0.3, 0.5) else { continue };
            let b = Shape::from(b);
            for motion in [v(0.0, -3.0), v(1.0, -3.0), v(-2.0, -1.0)] {
                if intersects(&comb, &moved(&b, motion * 1e-3)) {
                    assert_hits_by(&Shape::from(comb.clone()), &b, motion, 1e-3);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 200, "{checked}");
}

/// The largest `n · x` over a convex shape (its core's vertices pushed out by its radius).
fn support(s: &Shape, n: Vec2) -> f64 {
    let (core, radius) = core_of(s);
    let n = n.as_dvec2();
    core.iter().map(|p| p.dot(n)).fold(f64::NEG_INFINITY, f64::max) + radius
}

/// The plane through the hit's point with its normal separates the shapes at the hit time: a
/// lies behind it and b in front, within `tol`.
fn assert_plane_separates(a: &Shape, b: &Shape, motion_b: Vec2, hit: &ShapeCastHit, tol: f64) {
    let b_then = moved(b, motion_b * hit.time);
    let plane = hit.normal.as_dvec2().dot(hit.point.as_dvec2());
    let (a_front, b_back) = (support(a, hit.normal) - plane, -support(&b_then, -hit.normal) - plane);
    assert!(a_front <= tol && b_back >= -tol, "{a:?} {b:?} {motion_b} {hit:?}: a {a_front} past, b {b_back}");
}

#[test]
fn a_corner_meeting_a_corner_gives_a_normal_that_separates_the_shapes() {
    // From the issue: the box's corner meets the pentagon's corner within 1e-6 rad; the normal
    // was -v/|v|, whose plane cuts 2 units into the shapes.
    let a = Aabb::new(v(-0.99336135, -2.7027063), v(-0.39214146, -1.6796235)).unwrap();
    let b = ConvexPolygon::new(&[
        v(50.257053, -85.16217),
        v(50.37788, -85.368095),
        v(50.56027, -85.48453),
        v(50.996033, -84.918274),
        v(50.292137, -84.68463),
    ])
    .unwrap();
    let (ma, mb) = (v(8.149582, 1.9185057), v(-43.95047, 86.74011));
    let hit = cast_shape(&a, ma, &b, mb, 1.0).expect("a hit");
    let a_then = moved(&a.into(), ma * hit.time);
    let b_then = moved(&b.clone().into(), mb * hit.time);
    assert_plane_separates(&a_then, &b_then, Vec2::ZERO, &hit, 1e-3);
}

#[test]
fn corners_meeting_corners_head_on_give_normals_that_separate_for_every_polygonal_pair() {
    // A corner of b aimed at a corner of a, within a hair: the normal must be one of the faces
    // about the corner (any of them), never the reversed motion.
    let mut next = common::uniform(0x5DEE_CE66_D1CE_4E5Bu64);
    let mut checked = 0;
    for _ in 0..4000 {
        let shape = |next: &mut dyn FnMut() -> f32, at: Vec2| -> Shape {
            let half = v(0.2 + next() * 3.0, 0.2 + next() * 3.0);
            match (next() * 3.0) as u32 {
                0 => Aabb::from_center_half_extents(at, half).unwrap().into(),
                1 => Obb::new(at, half, next() * 7.0).unwrap().into(),
                _ => {
                    let pts: Vec<Vec2> =
                        (0..6).map(|_| at + Vec2::from_angle(next() * 7.0) * half * (0.5 + next())).collect();
                    match ConvexPolygon::from_hull(&pts) {
                        Ok(p) => p.into(),
                        Err(_) => Aabb::from_center_half_extents(at, half).unwrap().into(),
                    }
                }
            }
        };
        let at = v(next() - 0.5, next() - 0.5) * 20.0;
        let a = shape(&mut next, at);
        let b0 = shape(&mut next, Vec2::ZERO);
        let d = Vec2::from_angle(next() * 7.0);
        // a's corner furthest along d, b's furthest against it; b placed 30 along d, a hair off.
        let corner = |s: &Shape, n: Vec2| {
            let (core, _) = core_of(s);
            core.into_iter().max_by(|p, q| p.dot(n.as_dvec2()).total_cmp(&q.dot(n.as_dvec2()))).unwrap().as_vec2()
        };
        // Aimed at a's corner from a direction off `d` (so the reversed motion is not itself a
        // face's normal), or else through a face first.
        let w = Vec2::from_angle((next() - 0.5) * 1.2).rotate(d);
        let hair = w.perp() * (next() - 0.5) * 1e-5;
        let b = moved(&b0, corner(&a, d) + w * 30.0 + hair - corner(&b0, -d));
        let motion = -w * (31.0 + next() * 20.0);
        let Some(hit) = cast_shape(&a, Vec2::ZERO, &b, motion, 1.0) else { continue };
        assert!(!hit.started_overlapping);
        assert_plane_separates(&a, &b, motion, &hit, 1e-3);
        checked += 1;
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn shapes_placed_touching_and_moved_together_hit_no_later_than_they_overlap() {
    // Every pair of kinds: b moved to touch a (by the closest points, or out by the contact),
    // then thrown at a. The exact `intersects` at small times is the oracle.
    let checked = AtomicUsize::new(0);
    for_every_moving_pair(150, |a, b, spin, aim| {
        let (b, into_a) = if let Some(c) = contact(a, b) {
            (moved(b, c.normal * c.depth), -c.normal)
        } else if let Some(c) = closest_points(a, b) {
            let (pa, pb) = (c.point_a, c.point_b);
            (moved(b, pa - pb), (pa - pb).normalize_or_zero())
        } else {
            return Ok(());
        };
        prop_assume!(into_a != Vec2::ZERO);
        // Mostly into a, partly sideways: a real approach, so that rounding cannot fake it.
        let speed = 1.0 + aim.length();
        let motion = into_a * speed + spin.normalize_or_zero() * speed * 0.7;
        let hit = cast_shape(a, Vec2::ZERO, &b, motion, 1.0);
        if intersects(a, &b) {
            prop_assert!(hit.is_some_and(|h| h.started_overlapping && h.time == 0.0), "{hit:?}");
            return Ok(());
        }
        for travel in [1e-3f32, 1e-2, 0.1] {
            let t = travel / speed;
            if intersects(a, &moved(&b, motion * t)) {
                let h = hit.ok_or_else(|| TestCaseError::fail(format!("no hit; they overlap at {t}")))?;
                // Later only where they meet sliding along each other, closing at a speed near 0
                // across a gap of rounding: then a late hit leaves them overlapping by rounding.
                let late = contact(a, &moved(&b, motion * h.time)).map_or(0.0, |c| c.depth);
                prop_assert!(h.time <= t || late <= rounding_of(a, &b), "{h:?}, though they overlap at {t}");
                checked.fetch_add(1, Relaxed);
                break;
            }
        }
        Ok(())
    });
    let checked = checked.into_inner();
    assert!(checked > 2000, "only {checked} checked");
}

#[test]
fn hits_beyond_reach_are_not_reported() {
    let disc = Circle::new(Vec2::ZERO, 1.0).unwrap();
    let wall = Aabb::from_xywh(10.0, -5.0, 1.0, 10.0).unwrap();
    // A speed of 1e-45 reaches the wall only at a time beyond f32's range.
    for max_time in [f32::INFINITY, f32::MAX] {
        assert_eq!(cast_shape(&disc, v(1e-45, 0.0), &wall, Vec2::ZERO, max_time), None);
        assert_eq!(cast_shape(&wall, Vec2::ZERO, &disc, v(1e-45, -1e-45), max_time), None);
    }
    // Slow but within range: found, with finite numbers.
    let hit = cast_shape(&disc, v(1e-30, 0.0), &wall, Vec2::ZERO, f32::INFINITY).expect("a hit");
    assert!(close(hit.time, 9e30, 1e-5) && hit.point.is_finite(), "{hit:?}");
    // A point at infinity intersects nothing, so it hits nothing either.
    for p in [v(f32::INFINITY, 0.0), v(0.0, f32::NEG_INFINITY), v(f32::NAN, 0.0)] {
        for max_time in [1.0, f32::MAX, f32::INFINITY] {
            assert_eq!(cast_shape(&p, v(-1.0, 0.0), &wall, Vec2::ZERO, max_time), None);
            assert_eq!(cast_shape(&wall, v(1.0, 0.0), &p, Vec2::ZERO, max_time), None);
        }
    }
}

#[test]
fn past_the_start_a_disc_on_a_notchs_floor_slides_to_its_wall_and_one_moving_away_finds_nothing() {
    use collide2d::query::cast::{cast_shape_with, CastOptions};
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    let u = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
    let past = CastOptions { stop_at_start: false, ..CastOptions::default() };
    // Resting on the notch's floor at y = 1, sliding right: the floor is passed, the wall met.
    let disc = Circle::new(v(1.5, 1.4), 0.4).unwrap();
    assert!(cast_shape(&u, Vec2::ZERO, &disc, v(1.0, 0.0), 1.0).is_some_and(|h| h.started_overlapping));
    assert_hit(cast_shape_with(&u, Vec2::ZERO, &disc, v(1.0, 0.0), &past), 0.1, Vec2::NEG_X, Some(v(2.0, 1.4)));
    // Lifting off: nothing; pressing down: the start, at once.
    assert_eq!(cast_shape_with(&u, Vec2::ZERO, &disc, v(0.0, 1.0), &past), None);
    let pressed = cast_shape_with(&u, Vec2::ZERO, &disc, v(0.3, -1.0), &past).expect("a hit");
    assert!(pressed.started_overlapping && pressed.time == 0.0 && pressed.normal == Vec2::Y, "{pressed:?}");
    // The time limit holds past the start too.
    assert_eq!(cast_shape_with(&u, Vec2::ZERO, &disc, v(1.0, 0.0), &CastOptions { max_time: 0.05, ..past }), None);
}

#[test]
fn past_the_start_convex_shapes_moving_apart_or_along_find_nothing_and_pressing_in_is_a_hit() {
    use collide2d::query::cast::{cast_shape_with, CastOptions};
    let past = CastOptions { stop_at_start: false, ..CastOptions::default() };
    let checked = AtomicUsize::new(0);
    for_every_moving_pair(60, |a, b, spin, _| {
        let Some(c) = contact(a, b) else { return Ok(()) };
        prop_assume!(c.depth > 1e-3);
        let m = spin.normalize_or_zero() * 5.0;
        prop_assume!(m.dot(c.normal).abs() > 0.1 * m.length());
        let hit = cast_shape_with(a, Vec2::ZERO, b, m, &past);
        let plain = cast_shape(a, Vec2::ZERO, b, m, 1.0).expect("they overlap");
        if m.dot(c.normal) < 0.0 {
            prop_assert_eq!(hit, Some(plain));
        } else {
            prop_assert_eq!(hit, None);
        }
        // The witnesses of a start lie on their shapes, `b`'s inside `a`.
        prop_assert!(distance_to(a, plain.point_a) <= 1e-3 && distance_to(b, plain.point_b) <= 1e-3, "{plain:?}");
        checked.fetch_add(1, Relaxed);
        Ok(())
    });
    assert!(checked.into_inner() > 300);
}

#[test]
fn turned_boxes_whose_corner_starts_within_ulps_of_a_face_hit_at_once() {
    // The boxes' own cast (four axes) rounds the shadows too: a corner nudged by a few ulps
    // about a face, then pressed in, must hit no later than `intersects` says they overlap.
    let mut next = common::uniform(0x0DDB_1A5E_5BAD_5EEDu64);
    let mut checked = 0;
    for _ in 0..3000 {
        let a = Obb::new(v(next() - 0.5, next() - 0.5) * 20.0, v(0.5 + next() * 4.0, 0.5 + next() * 4.0), next() * 7.0)
            .unwrap();
        let quarter = (next() * 4.0).floor();
        let side = Vec2::from_angle(a.rotation() + quarter * std::f32::consts::FRAC_PI_2);
        let h = a.half_extents();
        let (reach, width) = if quarter % 2.0 == 0.0 { (h.x, h.y) } else { (h.y, h.x) };
        let on_face = a.center() + side * reach + side.perp() * (next() - 0.5) * width;
        let nudge = |x: f32, k: i32| f32::from_bits((x.to_bits() as i32 + k) as u32);
        let tip = v(nudge(on_face.x, (next() * 7.0) as i32 - 3), nudge(on_face.y, (next() * 7.0) as i32 - 3));
        let (half, turn) = (v(0.3 + next() * 3.0, 0.3 + next() * 3.0), next() * 7.0);
        // b's corner nearest to a at the tip: its centre out along the face's normal.
        let corner = Vec2::from_angle(turn).rotate(half);
        let outward = if corner.dot(side) < 0.0 { -corner } else { corner };
        let Ok(b) = Obb::new(tip + outward, half, turn) else { continue };
        let (a, b) = (Shape::from(a), Shape::from(b));
        let motion = -side * (1.0 + next() * 20.0) + side.perp() * (next() - 0.5) * 5.0;
        if intersects(&a, &b) {
            continue;
        }
        let t = 1e-3 / motion.length();
        if intersects(&a, &moved(&b, motion * t)) {
            assert_hits_by(&a, &b, motion, t);
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn a_cast_that_starts_touching_gives_a_positive_zero_time_on_every_build() {
    // From issue 73: `(offset / approach).max(0.0)` gave -0.0 in a debug build and 0.0 in a
    // release one, as Rust leaves open which zero `max` returns.
    let a = Capsule::new(v(0.5, 0.5), v(1.5, 0.5), 0.5).unwrap();
    let b = Obb::from_axis(v(0.0, 1.5), v(0.5, 1.5), collide2d::math::unit_vector(1.5707964)).unwrap();
    let hit = cast_shape(&a, v(0.0, 1.0), &b, v(1.5, 1.0), f32::INFINITY).expect("touching at the start");
    assert_eq!(hit.time.to_bits(), 0.0f32.to_bits(), "{hit:?}");
}
