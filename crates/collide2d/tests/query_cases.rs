//! Hand-made cases with known answers for contacts, distances, ray casts and point queries.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use collide2d::{
    cast_ray, closest_point, closest_points, contact, contains, distance, intersects, signed_distance, Aabb, Capsule,
    Circle, Contact, ConvexPolygon, Obb, Polygon, Ray, Segment, Shape, Vec2,
};
use common::{moved, push_out_with_slack, try_moved};

const EPS: f32 = 1e-5;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn close(a: Vec2, b: Vec2) -> bool {
    (a - b).length() <= EPS * (1.0 + b.length())
}

fn square(x0: f32, y0: f32, side: f32) -> Aabb {
    Aabb::from_xywh(x0, y0, side, side).unwrap()
}

fn assert_contact(c: Option<Contact>, normal: Vec2, depth: f32) -> Contact {
    let c = c.expect("expected a contact");
    assert!(close(c.normal, normal), "normal {:?} != {normal:?}", c.normal);
    assert!((c.depth - depth).abs() <= EPS * (1.0 + depth), "depth {} != {depth}", c.depth);
    c
}

// ---- contacts ----

#[test]
fn unit_circles_one_and_a_half_apart_overlap_by_half_along_the_centre_line() {
    let a = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    let b = Circle::new(v(1.5, 0.0), 1.0).unwrap();
    let c = assert_contact(contact(&a, &b), Vec2::X, 0.5);
    let p = c.points()[0];
    assert!(close(p.point_a, v(1.0, 0.0)) && close(p.point_b, v(0.5, 0.0)), "{p:?}");
    assert_eq!(contact(&b, &a).unwrap().normal, -Vec2::X);
}

#[test]
fn square_and_triangle_overlapping_by_ten_on_x_push_apart_by_ten() {
    let sq = ConvexPolygon::new(&[v(0.0, 0.0), v(100.0, 0.0), v(100.0, 100.0), v(0.0, 100.0)]).unwrap();
    let tri = ConvexPolygon::new(&[v(90.0, 50.0), v(150.0, 0.0), v(150.0, 100.0)]).unwrap();
    let c = assert_contact(contact(&sq, &tri), Vec2::X, 10.0);
    assert_eq!(c.points().len(), 1);
    let p = c.points()[0];
    assert!(close(p.point_a, v(100.0, 50.0)) && close(p.point_b, v(90.0, 50.0)), "{p:?}");
    assert!(close(c.push_out_b(), v(10.0, 0.0)));
}

#[test]
fn circle_at_a_square_corner_is_pushed_out_diagonally() {
    let sq = square(0.0, 0.0, 10.0);
    let ball = Circle::new(v(11.0, 11.0), 2.0).unwrap();
    let c = assert_contact(contact(&sq, &ball), Vec2::ONE.normalize(), 2.0 - 2f32.sqrt());
    assert!(close(c.points()[0].point_a, v(10.0, 10.0)), "{:?}", c.points());
}

#[test]
fn box_resting_on_box_gives_two_points_at_the_ends_of_the_shared_stretch() {
    let floor = square(0.0, 0.0, 10.0);
    let crate_ = Aabb::from_xywh(2.0, 9.0, 6.0, 3.0).unwrap();
    let c = assert_contact(contact(&floor, &crate_), Vec2::Y, 1.0);
    let xs: Vec<f32> = c.points().iter().map(|p| p.point_a.x).collect();
    assert_eq!(xs, [2.0, 8.0]);
    // The same boxes as oriented boxes and as polygons agree.
    let (fo, co) = (Obb::from_aabb(&floor).unwrap(), Obb::from_aabb(&crate_).unwrap());
    let c2 = assert_contact(contact(&fo, &co), Vec2::Y, 1.0);
    assert_eq!(c2.points().len(), 2);
}

/// `contact(a, b)` has a normal within half a degree of `expected`, and moving `b` by its push-out
/// vector (plus the property tests' slack) separates the shapes.
fn assert_push_out_along(a: &Shape, b: &Shape, expected: Vec2) {
    let c = contact(a, b).expect("expected a contact");
    let degrees = c.normal.angle_to(expected).to_degrees().abs();
    assert!(degrees <= 0.5, "normal {:?} is {degrees}° off {expected:?}", c.normal);
    assert!(!intersects(a, &moved(b, push_out_with_slack(&c))), "push-out {:?} leaves them meeting", c.push_out_b());
}

// Found by the soak test: cores a hair apart (1e-5 at coordinates near 10), where the normal taken
// from the difference of the rounded closest points was several degrees off and the push-out too
// short. The true normal is the perpendicular of the closest edge.

#[test]
fn capsule_end_a_hair_beside_a_long_segment_is_pushed_out_along_the_segments_perpendicular() {
    let seg = Segment::new(v(12.519348, 16.03488), v(-5.656552, -18.630508)).unwrap();
    let pill = Capsule::new(v(1.761408, -4.482755), v(-3.211656, -8.041326), 3.6821027).unwrap();
    // The capsule's end lies 4.3e-5 to the right of the segment (seen from its first end).
    let right = -(seg.b() - seg.a()).perp().normalize();
    assert_push_out_along(&seg.into(), &pill.into(), right);
}

#[test]
fn polygon_edge_a_hair_from_a_discs_centre_is_pushed_out_along_the_edges_normal() {
    let disc = Circle::new(v(-8.622097, -7.5161223), 11.861981).unwrap();
    let (p, q) = (v(-3.0874767, -9.263729), v(-19.976597, -3.9308767));
    let outline = [v(-23.087076, -9.521193), v(-2.8077354, -14.009552), v(-2.695181, -12.316543)];
    let hull = ConvexPolygon::new(&[outline[0], outline[1], outline[2], v(-2.8353052, -10.492589), p, q]).unwrap();
    // The centre is 1.28e-5 outside the edge p → q, so b is pushed against its outward normal.
    let outward = -(q - p).perp().normalize();
    assert_push_out_along(&disc.into(), &hull.into(), -outward);
}

#[test]
fn translating_a_polygon_with_a_nearly_straight_run_keeps_it_valid() {
    // The first three vertices bend a hair left of one line (strictly convex in f32); moved by
    // `by`, the middle one rounds to a hair right of it. Its neighbours are the true corners.
    let outline = [v(-12.828, -6.016), v(-12.826, -6.018), v(-12.824, -6.02), v(3.353, 3.904), v(-9.893, 10.997)];
    let poly = ConvexPolygon::new(&outline).unwrap();
    assert_eq!(poly.vertices().len(), 5);
    let by = v(1.91, -17.49);
    let Shape::ConvexPolygon(m) = try_moved(&poly.into(), by).expect("a translation keeps a polygon valid") else {
        panic!("a translated polygon stays a polygon")
    };
    let corners = [outline[0], outline[2], outline[3], outline[4]].map(|p| p + by);
    assert!(corners.iter().all(|c| m.vertices().contains(c)), "{:?}", m.vertices());
    assert!(m.vertices().iter().all(|p| outline.iter().any(|q| *q + by == *p)), "{:?}", m.vertices());
}

#[test]
fn touching_boxes_have_a_contact_of_depth_zero() {
    let c = assert_contact(contact(&square(0.0, 0.0, 1.0), &square(1.0, 0.0, 1.0)), Vec2::X, 0.0);
    assert!(c.points().iter().all(|p| p.depth == 0.0));
}

#[test]
fn small_circle_inside_a_box_leaves_through_the_nearest_face_in_either_order() {
    let room = square(0.0, 0.0, 10.0);
    let ball = Circle::new(v(5.0, 8.0), 1.0).unwrap();
    let c = assert_contact(contact(&room, &ball), Vec2::Y, 3.0);
    assert!(close(c.push_out_b(), v(0.0, 3.0)));
    // Seen from the ball: the normal still points from a (ball) to b (room).
    let c = assert_contact(contact(&ball, &room), -Vec2::Y, 3.0);
    assert!(close(c.push_out_a(), v(0.0, 3.0)));
}

#[test]
fn box_inside_a_box_pushes_out_by_the_travel_to_clear_not_the_overlap() {
    let big = square(0.0, 0.0, 20.0);
    let small = Aabb::from_xywh(16.0, 5.0, 2.0, 2.0).unwrap();
    // Clearing to the right takes 20 - 16 = 4.
    assert_contact(contact(&big, &small), Vec2::X, 4.0);
}

#[test]
fn diamond_corner_into_a_box_face_gives_one_point() {
    let floor = square(-5.0, -10.0, 10.0); // top face at y = 0
    let diamond = Obb::new(v(0.0, 1.0), Vec2::splat(2f32.sqrt()), std::f32::consts::FRAC_PI_4).unwrap(); // tip at y = -1
    let c = assert_contact(contact(&floor, &diamond), Vec2::Y, 1.0);
    assert_eq!(c.points().len(), 1);
    assert!(close(c.points()[0].point_b, v(0.0, -1.0)), "{:?}", c.points());
}

#[test]
fn rotated_boxes_face_on_face_give_two_points_in_the_rotated_frame() {
    // Two unit-half boxes turned by 30° together, b 1.5 along their shared x axis: depth 0.5.
    let turn = 30f32.to_radians();
    let axis = Vec2::from_angle(turn);
    let a = Obb::new(v(3.0, -2.0), Vec2::ONE, turn).unwrap();
    let b = Obb::new(v(3.0, -2.0) + axis * 1.5, Vec2::ONE, turn).unwrap();
    let c = assert_contact(contact(&a, &b), axis, 0.5);
    assert_eq!(c.points().len(), 2);
    for p in c.points() {
        // Every point of a lies on a's right face, every point of b on b's left face.
        assert!((a.to_local(p.point_a).x - 1.0).abs() < 1e-5, "{p:?}");
        assert!((b.to_local(p.point_b).x + 1.0).abs() < 1e-5, "{p:?}");
        assert!((p.depth - 0.5).abs() < 1e-5, "{p:?}");
    }
    assert_contact(contact(&b, &a), -axis, 0.5);
}

#[test]
fn box_corner_at_45_degrees_into_an_oriented_box_takes_the_face_of_least_penetration() {
    // b's own face is the reference here: a diamond's face against a square's corner.
    let square_box = Obb::new(v(0.0, 0.0), Vec2::ONE, 0.0).unwrap();
    let diamond = Obb::new(v(2.3, 0.0), Vec2::ONE, std::f32::consts::FRAC_PI_4).unwrap();
    // The diamond's left corner is at x = 2.3 - sqrt 2 ≈ 0.886: 0.114 inside the square along x;
    // along the diamond's faces the square's corner (1, ±1) reaches further in, so x wins.
    let depth = 1.0 - (2.3 - 2f32.sqrt());
    let c = assert_contact(contact(&square_box, &diamond), Vec2::X, depth);
    assert_eq!(c.points().len(), 1);
    assert!(close(c.points()[0].point_b, v(2.3 - 2f32.sqrt(), 0.0)), "{:?}", c.points());
    // The same as an axis-aligned box against the oriented one, either order.
    let aabb = square(-1.0, -1.0, 2.0);
    assert_contact(contact(&aabb, &diamond), Vec2::X, depth);
    assert_contact(contact(&diamond, &aabb), -Vec2::X, depth);
}

#[test]
fn tiny_and_huge_oriented_boxes_keep_their_depth() {
    for scale in [1e-3f32, 1e4] {
        let a = Obb::new(v(1.0, 1.0) * scale, Vec2::ONE * scale, 0.3).unwrap();
        let b = Obb::new((v(1.0, 1.0) + Vec2::from_angle(0.3) * 1.9) * scale, Vec2::ONE * scale, 0.3).unwrap();
        assert_contact(contact(&a, &b), Vec2::from_angle(0.3), 0.1 * scale);
    }
}

#[test]
fn flat_box_inside_a_box_pushes_out_through_the_nearest_face_with_points_on_both() {
    // Found by the property test: a zero-width box (a vertical stick) deep inside a big box. Its
    // zero-length end "faces" tie with the big box's face; the contact points must stay on the stick.
    let stick = Aabb::new(v(10.193426, 7.545396), v(10.193426, 8.545396)).unwrap();
    let room = Obb::new(v(9.595339, 0.0), v(10.054113, 11.8892355), 0.0).unwrap();
    let c = assert_contact(contact(&stick, &room), -Vec2::Y, 11.8892355 - 7.545396);
    for p in c.points() {
        assert!((p.point_a.x - 10.193426).abs() < 1e-4 && p.point_a.y >= 7.5 && p.point_a.y <= 8.6, "{p:?}");
        assert!((p.point_b.y - 11.8892355).abs() < 1e-4, "{p:?}");
    }
}

#[test]
fn parallel_capsules_touch_along_a_stretch() {
    let a = Capsule::new(v(0.0, 0.0), v(10.0, 0.0), 1.0).unwrap();
    let b = Capsule::new(v(4.0, 1.5), v(20.0, 1.5), 1.0).unwrap();
    let c = assert_contact(contact(&a, &b), Vec2::Y, 0.5);
    assert_eq!(c.points().len(), 2, "{:?}", c.points());
    let xs: Vec<f32> = c.points().iter().map(|p| p.point_a.x).collect();
    assert!(xs.contains(&4.0) && xs.contains(&10.0), "{xs:?}");
}

#[test]
fn concentric_circles_pick_a_fallback_axis_instead_of_nan() {
    let a = Circle::new(v(3.0, 3.0), 2.0).unwrap();
    let b = Circle::new(v(3.0, 3.0), 1.0).unwrap();
    let c = assert_contact(contact(&a, &b), Vec2::X, 3.0);
    assert!(c.normal.is_finite());
}

#[test]
fn apart_shapes_have_no_contact_and_a_nan_point_has_none() {
    assert!(contact(&square(0.0, 0.0, 1.0), &square(1.5, 0.0, 1.0)).is_none());
    assert!(contact(&square(0.0, 0.0, 1.0), &v(f32::NAN, 0.5)).is_none());
}

#[test]
fn contact_through_the_shape_enum_matches_the_typed_call() {
    let a: Shape = Circle::new(v(0.0, 0.0), 1.0).unwrap().into();
    let b: Shape = Obb::new(v(1.5, 0.0), v(1.0, 1.0), 0.3).unwrap().into();
    let (Shape::Circle(ca), Shape::Obb(ob)) = (&a, &b) else { unreachable!() };
    assert_eq!(contact(&a, &b), contact(ca, ob));
}

// ---- distance and closest points ----

#[test]
fn diagonal_boxes_are_as_far_apart_as_their_nearest_corners() {
    let a = square(0.0, 0.0, 1.0);
    let b = square(4.0, 5.0, 1.0);
    assert_eq!(distance(&a, &b), 5.0);
    let c = closest_points(&a, &b).unwrap();
    assert_eq!((c.point_a, c.point_b), (v(1.0, 1.0), v(4.0, 5.0)));
}

#[test]
fn rotated_box_to_circle_distance_uses_the_nearest_corner() {
    let diamond = Obb::new(v(0.0, 0.0), Vec2::splat(1.0), std::f32::consts::FRAC_PI_4).unwrap();
    let ball = Circle::new(v(5.0, 0.0), 1.0).unwrap();
    assert!((distance(&diamond, &ball) - (4.0 - 2f32.sqrt())).abs() < 1e-5);
}

#[test]
fn octagons_apart_measure_between_facing_edges() {
    let r = 2.0;
    let a = ConvexPolygon::regular(8, v(0.0, 0.0), r, std::f32::consts::PI / 8.0).unwrap();
    let b = ConvexPolygon::regular(8, v(10.0, 0.0), r, std::f32::consts::PI / 8.0).unwrap();
    let apothem = r * (std::f32::consts::PI / 8.0).cos();
    assert!((distance(&a, &b) - (10.0 - 2.0 * apothem)).abs() < 1e-4, "{}", distance(&a, &b));
}

#[test]
fn intersecting_shapes_are_at_distance_zero_without_closest_points() {
    let a = square(0.0, 0.0, 2.0);
    assert_eq!(distance(&a, &Circle::new(v(1.0, 1.0), 5.0).unwrap()), 0.0);
    assert!(closest_points(&a, &square(2.0, 0.0, 1.0)).is_none());
    assert!(distance(&a, &v(f32::NAN, 0.0)).is_nan());
}

#[test]
fn boxes_side_by_side_are_measured_across_the_middle_of_the_span_they_share() {
    // The facing sides overlap in y from 1 to 4: of all the nearest pairs, the middle one.
    let a = Aabb::new(v(0.0, 0.0), v(1.0, 4.0)).unwrap();
    let b = Aabb::new(v(3.0, 1.0), v(4.0, 5.0)).unwrap();
    let c = closest_points(&a, &b).unwrap();
    assert_eq!((c.point_a, c.point_b, c.distance), (v(1.0, 2.5), v(3.0, 2.5), 2.0));
}

#[test]
fn a_point_that_is_not_finite_has_no_closest_points_to_anything() {
    let l = Polygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(6.0, 2.0), v(2.0, 2.0), v(2.0, 6.0), v(0.0, 6.0)]).unwrap();
    let shapes: Vec<Shape> = vec![
        Circle::new(v(0.0, 0.0), 1.0).unwrap().into(),
        square(0.0, 0.0, 1.0).into(),
        Obb::new(v(0.0, 0.0), v(1.0, 2.0), 0.3).unwrap().into(),
        Capsule::new(v(0.0, 0.0), v(3.0, 1.0), 0.5).unwrap().into(),
        Shape::Point(v(1.0, 1.0)),
        l.into(),
    ];
    for s in &shapes {
        for p in [v(f32::INFINITY, 0.0), v(0.0, f32::NEG_INFINITY), v(f32::NAN, 2.0)] {
            assert_eq!(closest_points(s, &p), None, "{s:?} and {p}");
            assert_eq!(closest_points(&p, s), None, "{p} and {s:?}");
            assert!(distance(s, &p).is_nan(), "{s:?} and {p}");
        }
    }
}

#[test]
fn discs_further_apart_than_1e18_subtract_both_radii() {
    // The squared gap (1e40) is beyond f32, so the distance is worked in f64.
    let (a, b) = (Circle::new(v(-5e19, 0.0), 1e19).unwrap(), Circle::new(v(5e19, 0.0), 2e19).unwrap());
    let c = closest_points(&a, &b).unwrap();
    assert!((c.distance / 7e19 - 1.0).abs() < 1e-6, "{c:?}");
    assert!((c.point_a - v(-4e19, 0.0)).length() < 1e13 && (c.point_b - v(3e19, 0.0)).length() < 1e13, "{c:?}");
}

#[test]
fn boxes_further_apart_than_2_to_the_60_are_measured_between_their_facing_sides() {
    // Beyond 2^60 the corners' squared distances leave f32: the boxes are scaled down, measured
    // and scaled back.
    let a = Obb::new(v(-1e20, 0.0), v(1e19, 1e19), 0.0).unwrap();
    let b = Obb::new(v(1e20, 5e18), v(1e19, 1e19), 0.0).unwrap();
    let c = closest_points(&a, &b).unwrap();
    assert!((c.distance / 1.8e20 - 1.0).abs() < 1e-6, "{c:?}");
    assert!((c.point_a.x / -9e19 - 1.0).abs() < 1e-6 && (c.point_b.x / 9e19 - 1.0).abs() < 1e-6, "{c:?}");
    assert!((-5e18..=1e19).contains(&c.point_a.y) && c.point_a.y == c.point_b.y, "{c:?}");
}

#[test]
fn the_shape_like_methods_answer_as_the_free_functions() {
    use collide2d::ShapeLike;
    let room = Aabb::new(v(0.0, 0.0), v(10.0, 10.0)).unwrap();
    let (inside, across, away) = (square(1.0, 1.0, 2.0), square(9.0, 1.0, 2.0), square(20.0, 1.0, 2.0));
    assert!(room.contains(&inside) && !room.contains(&across) && !room.contains(&away));
    assert!(room.intersects(&inside) && room.intersects(&across) && !room.intersects(&away));
}

#[test]
fn polygons_and_a_segment_a_millionth_apart_have_no_contact() {
    // Within the band where f32 separations are not trusted (1e-5 of the sizes): the exact
    // test decides, and they are apart.
    let a = ConvexPolygon::new(&square(0.0, 0.0, 1.0).corners()).unwrap();
    let b = ConvexPolygon::new(&square(1.000001, 0.25, 1.0).corners()).unwrap();
    let s = Segment::new(v(1.000001, 0.5), v(2.0, 0.75)).unwrap();
    for other in [Shape::from(b), Shape::from(s)] {
        assert!(!intersects(&a, &other), "{other:?}");
        assert_eq!(contact(&a, &other), None, "{other:?}");
        assert_eq!(contact(&other, &a), None, "{other:?}");
    }
}

#[test]
fn a_corner_resting_on_a_face_far_out_touches_at_every_slope() {
    // A triangle's corner exactly at the midpoint of another's face, 3e8 out: every coordinate
    // a multiple of 64, so the midpoint is exact. The faces' f32 separations round by tens of
    // units there, either way; only the exact test may say whether they touch (they do).
    for (dx, dy) in [(150_000, 50_000), (150_001, -70_003), (-90_017, 130_021), (11, 160_000), (123_457, 98_765)] {
        let p = v(3e8, -1e8);
        let d = v(64.0 * dx as f32, 64.0 * dy as f32);
        let q = p + d;
        let m = (p + q) * 0.5;
        assert_eq!(collide2d::math::orient2d(p, q, m), 0.0, "the midpoint lies on the face");
        let a = ConvexPolygon::new(&[p, q, m + d.perp()]).unwrap();
        let b = ConvexPolygon::new(&[m, m - d.perp() + d * 0.25, m - d.perp() - d * 0.25]).unwrap();
        assert!(intersects(&a, &b), "{dx}, {dy}");
        let c = contact(&a, &b).unwrap_or_else(|| panic!("{dx}, {dy}: no contact"));
        assert!(c.depth <= 1e-6 * 3e8, "{dx}, {dy}: {c:?}");
    }
}

// ---- ray casts ----

fn ray(o: Vec2, d: Vec2) -> Ray {
    Ray::new(o, d).unwrap()
}

#[test]
fn ray_along_a_box_edge_hits_the_corner_it_reaches() {
    let b = square(0.0, 0.0, 4.0);
    let hit = cast_ray(&b, &ray(v(-3.0, 4.0), Vec2::X), 100.0).unwrap();
    assert_eq!((hit.distance, hit.point, hit.normal), (3.0, v(0.0, 4.0), Vec2::NEG_X));
    let poly = ConvexPolygon::new(&b.corners()).unwrap();
    let hit = cast_ray(&poly, &ray(v(-3.0, 4.0), Vec2::X), 100.0).unwrap();
    assert_eq!((hit.distance, hit.point), (3.0, v(0.0, 4.0)));
}

#[test]
fn ray_through_a_corner_hits_at_the_corner() {
    let b = square(0.0, 0.0, 4.0);
    let hit = cast_ray(&b, &ray(v(-1.0, -1.0), v(1.0, 1.0)), 100.0).unwrap();
    assert!(close(hit.point, v(0.0, 0.0)) && (hit.distance - 2f32.sqrt()).abs() < 1e-6);
    assert!(hit.normal == Vec2::NEG_X || hit.normal == Vec2::NEG_Y, "{:?}", hit.normal);
}

#[test]
fn ray_grazing_a_polygons_corner_touches_it_and_one_leaving_its_face_hits_at_zero() {
    // The line y = x + 1 meets the unit square only at its corner (0, 1): the ray enters
    // through the left face exactly where it leaves through the top one.
    let unit = ConvexPolygon::new(&square(0.0, 0.0, 1.0).corners()).unwrap();
    let hit = cast_ray(&unit, &ray(v(-1.0, 0.0), v(1.0, 1.0)), 100.0).expect("touches the corner");
    assert!(close(hit.point, v(0.0, 1.0)) && (hit.distance - 2f32.sqrt()).abs() < 1e-6, "{hit:?}");
    assert_eq!(hit.normal, Vec2::NEG_X);
    // From a point of its top face, heading out: a hit at once, not a miss.
    let hit = cast_ray(&unit, &ray(v(0.5, 1.0), Vec2::Y), 100.0).expect("starts on the boundary");
    assert_eq!((hit.distance, hit.point), (0.0, v(0.5, 1.0)));
}

#[test]
fn ray_starting_inside_hits_at_zero_against_its_direction() {
    let hit = cast_ray(&Circle::new(v(0.0, 0.0), 2.0).unwrap(), &ray(v(0.5, 0.0), Vec2::Y), 10.0).unwrap();
    assert_eq!((hit.distance, hit.point, hit.normal), (0.0, v(0.5, 0.0), Vec2::NEG_Y));
}

#[test]
fn ray_tangent_to_a_circle_grazes_it_and_a_ray_pointing_away_misses() {
    let c = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    let hit = cast_ray(&c, &ray(v(-5.0, 1.0), Vec2::X), 10.0).unwrap();
    assert!(close(hit.point, v(0.0, 1.0)) && close(hit.normal, Vec2::Y), "{hit:?}");
    assert!(cast_ray(&c, &ray(v(-5.0, 0.0), Vec2::NEG_X), 10.0).is_none());
    assert!(cast_ray(&c, &ray(v(-5.0, 1.001), Vec2::X), 10.0).is_none());
}

#[test]
fn ray_hits_a_capsule_side_and_its_round_end() {
    let k = Capsule::new(v(0.0, 0.0), v(10.0, 0.0), 1.0).unwrap();
    let side = cast_ray(&k, &ray(v(5.0, 5.0), Vec2::NEG_Y), 10.0).unwrap();
    assert_eq!((side.distance, side.point, side.normal), (4.0, v(5.0, 1.0), Vec2::Y));
    let end = cast_ray(&k, &ray(v(15.0, 0.0), Vec2::NEG_X), 10.0).unwrap();
    assert!(close(end.point, v(11.0, 0.0)) && close(end.normal, Vec2::X), "{end:?}");
}

#[test]
fn ray_along_a_segment_hits_its_near_end_and_across_hits_its_face() {
    let s = collide2d::Segment::new(v(2.0, 0.0), v(6.0, 0.0)).unwrap();
    let along = cast_ray(&s, &ray(v(0.0, 0.0), Vec2::X), 10.0).unwrap();
    assert_eq!((along.distance, along.normal), (2.0, Vec2::NEG_X));
    let across = cast_ray(&s, &ray(v(3.0, -2.0), Vec2::Y), 10.0).unwrap();
    assert_eq!((across.distance, across.point, across.normal), (2.0, v(3.0, 0.0), Vec2::NEG_Y));
}

#[test]
fn ray_with_a_zero_or_nan_direction_is_refused() {
    assert!(Ray::new(Vec2::ZERO, Vec2::ZERO).is_err());
    assert!(Ray::new(Vec2::ZERO, v(f32::NAN, 1.0)).is_err());
    assert!(Ray::new(v(f32::INFINITY, 0.0), Vec2::X).is_err());
}

// ---- point queries ----

#[test]
fn signed_distance_is_negative_inside_and_zero_on_the_boundary() {
    let b = square(0.0, 0.0, 10.0);
    assert_eq!(signed_distance(&b, v(2.0, 5.0)), -2.0);
    assert_eq!(signed_distance(&b, v(10.0, 5.0)), 0.0);
    assert_eq!(signed_distance(&b, v(13.0, 14.0)), 5.0);
    let k = Capsule::new(v(0.0, 0.0), v(4.0, 0.0), 1.0).unwrap();
    assert_eq!(signed_distance(&k, v(2.0, 0.25)), -0.75);
    assert_eq!(closest_point(&k, v(2.0, 3.0)), v(2.0, 1.0));
    assert!(signed_distance(&k, v(f32::NAN, 0.0)).is_nan());
}

#[test]
fn ray_at_a_diamond_hits_its_corner_and_its_rotated_faces() {
    let diamond = Obb::new(v(0.0, 0.0), Vec2::ONE, std::f32::consts::FRAC_PI_4).unwrap();
    let tip = cast_ray(&diamond, &ray(v(-5.0, 0.0), Vec2::X), 10.0).unwrap();
    assert!(close(tip.point, v(-(2f32.sqrt()), 0.0)), "{tip:?}");
    // Straight down onto the upper-left face, whose outward normal is (-1, 1) / sqrt 2.
    let face = cast_ray(&diamond, &ray(v(-0.5, 5.0), Vec2::NEG_Y), 10.0).unwrap();
    assert!(close(face.point, v(-0.5, 2f32.sqrt() - 0.5)), "{face:?}");
    assert!(close(face.normal, v(-1.0, 1.0).normalize()), "{face:?}");
    // Parallel to a face, just outside it: a miss; from inside: at once.
    let along = Vec2::new(1.0, 1.0).normalize();
    assert!(cast_ray(&diamond, &ray(v(-2.0, 0.0) + v(-1.0, 1.0) * 0.01, along), 10.0).is_none());
    assert_eq!(cast_ray(&diamond, &ray(v(0.1, 0.2), Vec2::X), 10.0).unwrap().distance, 0.0);
}

#[test]
fn ray_in_a_capsules_band_beyond_its_end_hits_only_that_end() {
    let k = Capsule::new(v(0.0, 0.0), v(10.0, 0.0), 1.0).unwrap();
    // Starting in the band |y| <= 1 left of the capsule, aimed at it: the left end disc.
    let hit = cast_ray(&k, &ray(v(-5.0, 0.6), Vec2::X), 20.0).unwrap();
    assert!(close(hit.point, v(-0.8, 0.6)) && close(hit.normal, v(-0.8, 0.6)), "{hit:?}");
    // Parallel to the band just outside it: a miss, however long the ray.
    assert!(cast_ray(&k, &ray(v(-5.0, 1.001), Vec2::X), 100.0).is_none());
    // Entering the band beyond the right end, steeply: the right end disc, not the side line.
    let down = cast_ray(&k, &ray(v(10.5, 5.0), Vec2::NEG_Y), 20.0).unwrap();
    assert!(close(down.point, v(10.5, 0.75f32.sqrt())), "{down:?}");
    // A rotated capsule's side normal is rotated with it.
    let tilted = Capsule::new(v(0.0, 0.0), v(0.0, 10.0), 1.0).unwrap();
    let side = cast_ray(&tilted, &ray(v(5.0, 5.0), Vec2::NEG_X), 20.0).unwrap();
    assert_eq!((side.point, side.normal), (v(1.0, 5.0), Vec2::X));
}

#[test]
fn disc_and_box_distances_are_zero_inside_and_measured_to_the_face_outside() {
    let room = Obb::new(v(0.0, 0.0), v(2.0, 1.0), 0.5).unwrap();
    let inside = Circle::new(room.to_world(v(0.5, 0.0)), 0.1).unwrap();
    assert_eq!(distance(&room, &inside), 0.0);
    let outside = Circle::new(room.to_world(v(5.0, 0.0)), 1.0).unwrap();
    let c = closest_points(&outside, &room).unwrap();
    assert!((c.distance - 2.0).abs() < 1e-5, "{c:?}");
    assert!(close(c.point_b, room.to_world(v(2.0, 0.0))), "{c:?}");
    let flat = Aabb::new(v(3.0, -1.0), v(3.0, 1.0)).unwrap(); // zero width
    assert!((distance(&flat, &Circle::new(v(0.0, 0.0), 1.0).unwrap()) - 2.0).abs() < 1e-6);
}

#[test]
fn a_disc_resting_exactly_on_a_box_gets_a_contact_of_depth_zero() {
    // A disc of radius 0.1 centred 0.1 above a box's top edge touches it. Worked from the box's
    // centre, 0.1 + 0.5 rounds up and the disc seemed 2e-8 clear: intersects said touching while
    // contact said nothing (found by the character mover, which then fell through the floor).
    let floor = Aabb::from_xywh(-1e4, -1.0, 2e4, 1.0).unwrap();
    let disc = Circle::new(v(0.0, 0.1), 0.1).unwrap();
    assert!(intersects(&disc, &floor));
    let c = contact(&disc, &floor).expect("touching gives a contact");
    assert_eq!((c.normal, c.depth), (Vec2::NEG_Y, 0.0));
    assert_eq!(c.points()[0].point_b, v(0.0, 0.0));
    let c = contact(&floor, &disc).expect("either way round");
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.0));
}

#[test]
fn every_shape_contains_itself_at_any_rotation() {
    // A turned box's corners, computed from its rotation, used to round a hair outside its own
    // edges: contains(&o, &o) was false at 0.1, 0.3, 0.7, 1.0 and π/2 (issue 23).
    for k in 0..64 {
        let turn = k as f32 * 0.1;
        let shapes: Vec<Shape> = vec![
            Obb::new(v(0.3, -0.2), v(1.0, 0.5), turn).unwrap().into(),
            Obb::new(v(1e4, -3e3), v(7.0, 0.01), turn).unwrap().into(),
            ConvexPolygon::regular(7, v(-2.0, 5.0), 3.3, turn).unwrap().into(),
            Capsule::new(v(0.1, 0.2), v(0.1, 0.2) + Vec2::from_angle(turn) * 3.0, 0.7).unwrap().into(),
            Segment::new(v(0.1, 0.2), v(0.1, 0.2) + Vec2::from_angle(turn) * 3.0).unwrap().into(),
            Circle::new(v(0.1, 0.2), 0.3 + turn).unwrap().into(),
            Aabb::from_xywh(-turn, 0.1, 0.3 + turn, 0.7).unwrap().into(),
            Shape::Point(v(turn, -turn)),
            Polygon::new(&[v(0.0, 0.0), v(3.0, 0.0), v(3.0, 1.0), v(1.0, 1.0), v(1.0, 3.0), v(0.0, 3.0)])
                .unwrap()
                .transformed(&collide2d::Transform::from_rotation(turn))
                .unwrap()
                .into(),
        ];
        for s in &shapes {
            assert!(contains(s, s), "{s:?} does not contain itself");
            assert!(contains(s, &s.clone()), "{s:?} does not contain its copy");
        }
    }
    // A point that is not a number contains nothing, not even itself.
    let nan = Shape::Point(v(f32::NAN, 0.0));
    assert!(!contains(&nan, &nan));
}

#[test]
fn contacts_with_zero_size_boxes_are_finite_unit_and_mirrored() {
    // A point against a zero-size box at the same place gave depth ∞ and normal (0, 0) one way
    // round, depth 0 and (0, −1) the other (issue 23).
    let dot = Aabb::new(Vec2::ZERO, Vec2::ZERO).unwrap();
    let line = Aabb::new(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let others: Vec<Shape> = vec![
        Shape::Point(Vec2::ZERO),
        Shape::Point(v(0.5, 0.0)),
        dot.into(),
        line.into(),
        Segment::new(v(-1.0, -1.0), v(1.0, 1.0)).unwrap().into(),
        Circle::new(v(0.2, 0.1), 0.5).unwrap().into(),
        Obb::new(v(0.1, 0.0), v(1.0, 0.5), 0.4).unwrap().into(),
        Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.2).unwrap().into(),
        ConvexPolygon::regular(5, Vec2::ZERO, 1.0, 0.2).unwrap().into(),
    ];
    for zero in [Shape::from(dot), Shape::from(line)] {
        for other in &others {
            let (ab, ba) = (contact(&zero, other), contact(other, &zero));
            assert_eq!(ab.is_some(), ba.is_some(), "{zero:?} {other:?}");
            assert_eq!(ab.is_some(), intersects(&zero, other), "{zero:?} {other:?}");
            let (Some(ab), Some(ba)) = (ab, ba) else { continue };
            for c in [ab, ba] {
                assert!(c.depth.is_finite() && c.depth >= 0.0, "{zero:?} {other:?}: {c:?}");
                assert!((c.normal.length() - 1.0).abs() < 1e-5, "{zero:?} {other:?}: {c:?}");
            }
            assert!((ab.depth - ba.depth).abs() <= 1e-5 * (1.0 + ab.depth), "{zero:?} {other:?}: {ab:?} {ba:?}");
            // Mirror images where a way out is defined: with the centres on top of each other
            // every direction is as short, and each call picks the same fixed one.
            if zero.aabb().center() != other.aabb().center() {
                assert!((ab.normal + ba.normal).length() < 1e-4, "not mirrored: {zero:?} {other:?}: {ab:?} {ba:?}");
            }
        }
    }
}

#[test]
fn a_capsule_or_disc_resting_exactly_on_a_long_floor_touches_it() {
    // The distance from the capsule's end to the floor's top edge, taken as the cross product
    // over the edge's length (20,000), rounded a hair past the radius: apart, while the contact
    // (and the motion test that found it) said touching.
    let floor = Aabb::from_xywh(-1e4, -1.0, 2e4, 1.0).unwrap();
    for size in [0.32603353f32, 0.1, 0.77, 1.3] {
        let lift = size * 1.5;
        let pill = Capsule::new(v(0.0, lift - size), v(0.0, lift + size), size * 0.5).unwrap();
        let disc = Circle::new(v(3.0, pill.a().y), pill.radius()).unwrap();
        for shape in [Shape::from(pill), Shape::from(disc)] {
            if shape.aabb().min().y == 0.0 {
                assert!(intersects(&shape, &floor) && contact(&shape, &floor).is_some(), "{shape:?}");
                assert_eq!(distance(&shape, &floor), 0.0, "{shape:?}");
            }
        }
    }
}

#[test]
fn capsules_and_discs_exactly_their_radii_apart_touch_at_depth_zero() {
    // The segments (or centre and segment) exactly the two radii apart: touching, in whatever
    // way the closest approach runs (side by side, an end against a side, end to end, 45°).
    let floor = Capsule::new(v(0.0, 0.0), v(4.0, 0.0), 0.5).unwrap();
    let cases = [
        (v(1.0, 1.0), v(3.0, 1.0), 2),    // side by side
        (v(1.0, 1.0), v(3.0, 2.0), 1),    // an end above the floor's side
        (v(5.0, 0.0), v(7.0, 0.0), 1),    // end to end along one line
        (v(4.0, 1.0), v(5.0, 2.0), 1),    // end above end, leaning away at 45°
        (v(0.0, -1.0), v(-2.0, -3.0), 1), // below the floor's end, leaning away
    ];
    for (a, b, points) in cases {
        let pill = Capsule::new(a, b, 0.5).unwrap();
        for (x, y) in [(&floor, &pill), (&pill, &floor)] {
            let c = contact(x, y).unwrap_or_else(|| panic!("{x:?} and {y:?} touch"));
            assert!(c.depth.abs() < 1e-6 && c.points().len() == points, "{x:?} {y:?}: {c:?}");
        }
        let disc = Circle::new(a, 0.5).unwrap();
        let c = contact(&disc, &floor).unwrap_or_else(|| panic!("{disc:?} touches"));
        assert!(c.depth.abs() < 1e-6, "{disc:?}: {c:?}");
    }
}
