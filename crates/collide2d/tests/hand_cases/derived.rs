//! Shapes computed from shapes: `Aabb::intersection`, `segment_intersection` and `Shape::transformed`.

use std::f32::consts::FRAC_PI_2;

use collide2d::query::intersects::{segment_intersection, SegmentIntersection};
use collide2d::{ShapeError, Transform};

use super::*;

// ---------------------------------------------------------------- Aabb::intersection

#[test]
fn aabb_intersection_of_overlapping_boxes_is_the_overlap_rectangle_either_way() {
    let (a, b) = (aabb(0.0, 0.0, 4.0, 4.0), aabb(2.0, 3.0, 9.0, 9.0));
    assert_eq!(a.intersection(&b), Some(aabb(2.0, 3.0, 4.0, 4.0)));
    assert_eq!(b.intersection(&a), Some(aabb(2.0, 3.0, 4.0, 4.0)));
    let inner = aabb(1.0, 1.0, 2.0, 3.0);
    assert_eq!(a.intersection(&inner), Some(inner));
}

#[test]
fn aabb_intersection_of_boxes_touching_along_an_edge_is_a_zero_width_box() {
    let got = aabb(0.0, 0.0, 1.0, 1.0).intersection(&aabb(1.0, -2.0, 2.0, 0.5)).unwrap();
    assert_eq!(got, aabb(1.0, 0.0, 1.0, 0.5));
    assert_eq!(got.width(), 0.0);
}

#[test]
fn aabb_intersection_of_boxes_touching_at_a_corner_is_a_single_point_box() {
    let got = aabb(0.0, 0.0, 1.0, 1.0).intersection(&aabb(1.0, 1.0, 2.0, 2.0)).unwrap();
    assert_eq!((got.min(), got.max()), (v(1.0, 1.0), v(1.0, 1.0)));
}

#[test]
fn aabb_intersection_is_none_when_apart_on_either_axis() {
    assert_eq!(aabb(0.0, 0.0, 1.0, 1.0).intersection(&aabb(1.001, 0.0, 2.0, 1.0)), None);
    assert_eq!(aabb(0.0, 0.0, 2.0, 2.0).intersection(&aabb(1.0, 3.0, 3.0, 5.0)), None);
}

// ---------------------------------------------------------------- segment_intersection

/// Whether `s` runs between `a` and `b` (in either direction).
fn is_segment(s: &Segment, a: Vec2, b: Vec2) -> bool {
    (s.a(), s.b()) == (a, b) || (s.a(), s.b()) == (b, a)
}

#[test]
fn segment_intersection_of_crossing_segments_is_the_crossing_point() {
    let got = segment_intersection(&seg(0.0, 0.0, 4.0, 4.0), &seg(0.0, 4.0, 4.0, 0.0));
    assert_eq!(got, SegmentIntersection::Point(v(2.0, 2.0)));
    // y = 0 is met by (1,-1)–(3,3) a quarter of the way along, at x = 1.5.
    let got = segment_intersection(&seg(0.0, 0.0, 6.0, 0.0), &seg(1.0, -1.0, 3.0, 3.0));
    assert_eq!(got, SegmentIntersection::Point(v(1.5, 0.0)));
    // Both sloped and away from the origin, so the bounds cannot pin the point: y = 1 + (x-1)/2
    // meets y = 4 - (x-1) at x = 3.
    let got = segment_intersection(&seg(1.0, 1.0, 5.0, 3.0), &seg(1.0, 4.0, 5.0, 0.0));
    assert_eq!(got, SegmentIntersection::Point(v(3.0, 2.0)));
}

#[test]
fn segment_intersection_of_overlapping_collinear_segments_is_the_shared_stretch() {
    match segment_intersection(&seg(0.0, 0.0, 4.0, 0.0), &seg(9.0, 0.0, 3.0, 0.0)) {
        SegmentIntersection::Overlap(s) => assert!(is_segment(&s, v(3.0, 0.0), v(4.0, 0.0)), "{s:?}"),
        other => panic!("expected an overlap, got {other:?}"),
    }
    match segment_intersection(&seg(0.0, 0.0, 4.0, 4.0), &seg(1.0, 1.0, 3.0, 3.0)) {
        SegmentIntersection::Overlap(s) => assert!(is_segment(&s, v(1.0, 1.0), v(3.0, 3.0)), "{s:?}"),
        other => panic!("expected an overlap, got {other:?}"),
    }
}

#[test]
fn segment_intersection_of_segments_sharing_only_an_end_is_that_point() {
    let collinear = segment_intersection(&seg(0.0, 0.0, 2.0, 0.0), &seg(2.0, 0.0, 5.0, 0.0));
    assert_eq!(collinear, SegmentIntersection::Point(v(2.0, 0.0)));
    let corner = segment_intersection(&seg(0.0, 0.0, 2.0, 0.0), &seg(2.0, 0.0, 2.0, 3.0));
    assert_eq!(corner, SegmentIntersection::Point(v(2.0, 0.0)));
    let tee = segment_intersection(&seg(0.0, 0.0, 4.0, 0.0), &seg(1.0, 0.0, 1.0, 3.0));
    assert_eq!(tee, SegmentIntersection::Point(v(1.0, 0.0)));
}

#[test]
fn segment_intersection_of_parallel_or_collinear_apart_segments_is_none() {
    assert_eq!(segment_intersection(&seg(0.0, 0.0, 4.0, 0.0), &seg(0.0, 1.0, 4.0, 1.0)), SegmentIntersection::None);
    assert_eq!(segment_intersection(&seg(0.0, 0.0, 1.0, 0.0), &seg(1.001, 0.0, 2.0, 0.0)), SegmentIntersection::None);
    assert_eq!(segment_intersection(&seg(0.0, 0.0, 4.0, 4.0), &seg(0.0, T, 4.0, 4.0 + T)), SegmentIntersection::None);
}

// ---------------------------------------------------------------- Shape::transformed

fn near(a: Vec2, b: Vec2) -> bool {
    (a - b).length() <= 1e-5 * (1.0 + b.length())
}

#[test]
fn transformed_aabb_under_translation_and_axis_scale_stays_an_exact_aabb() {
    let t = Transform::from_translation_rotation_scale(v(10.0, 20.0), 0.0, v(3.0, -2.0));
    let got = Shape::from(aabb(0.0, 0.0, 2.0, 1.0)).transformed(&t).unwrap();
    // (0,0) → (10,20), (2,1) → (16,18).
    assert_eq!(got, Shape::Aabb(aabb(10.0, 18.0, 16.0, 20.0)));
}

#[test]
fn transformed_aabb_under_a_45_degree_rotation_becomes_an_obb_with_the_same_extents() {
    let got = Shape::from(aabb(0.0, 0.0, 4.0, 2.0)).transformed(&Transform::from_rotation(Q)).unwrap();
    let Shape::Obb(o) = got else { panic!("expected an Obb, got {got:?}") };
    let k = std::f32::consts::FRAC_1_SQRT_2;
    // The centre (2,1) turned by 45°: (2k - k, 2k + k).
    assert!(near(o.center(), v(k, 3.0 * k)), "{o:?}");
    assert!(near(o.half_extents(), v(2.0, 1.0)), "{o:?}");
    assert!((o.rotation() - Q).abs() < 1e-5, "{o:?}");
}

#[test]
fn transformed_aabb_under_an_uneven_parent_scale_of_a_rotated_child_becomes_a_parallelogram() {
    let world = Transform::from_scale(v(2.0, 1.0)).compose(&Transform::from_rotation(Q));
    let k = std::f32::consts::FRAC_1_SQRT_2;
    // The unit square's corners rotated by 45° then stretched twice along x.
    let want = [v(0.0, 0.0), v(2.0 * k, k), v(0.0, 2.0 * k), v(-2.0 * k, k)];
    for local in [Shape::from(aabb(0.0, 0.0, 1.0, 1.0)), Shape::from(obb(0.5, 0.5, 0.5, 0.5, 0.0))] {
        let got = local.transformed(&world).unwrap();
        let Shape::ConvexPolygon(p) = &got else { panic!("expected a ConvexPolygon, got {got:?}") };
        assert_eq!(p.vertices().len(), 4, "{p:?}");
        for w in want {
            assert!(p.vertices().iter().any(|q| near(*q, w)), "missing {w:?} in {p:?}");
        }
        assert!((p.area() - 2.0).abs() < 1e-5, "area {}", p.area());
        // Its centre is inside; (1,1), inside its bounding box, is not.
        assert!(contains(p, &v(0.0, k)));
        assert!(!contains(p, &v(1.0, 1.0)));
    }
}

#[test]
fn transformed_circle_under_uneven_scale_is_an_error_but_under_rotation_and_even_scale_stays_a_circle() {
    let c = Shape::from(circle(1.0, 0.0, 1.0));
    let uneven = Transform::from_scale(v(2.0, 1.0));
    assert!(matches!(c.transformed(&uneven), Err(ShapeError::BadTransform { .. })));
    let skew = uneven.compose(&Transform::from_rotation(Q));
    assert!(matches!(c.transformed(&skew), Err(ShapeError::BadTransform { .. })));
    let capsule = Shape::from(cap(0.0, 0.0, 1.0, 0.0, 0.5));
    assert!(matches!(capsule.transformed(&uneven), Err(ShapeError::BadTransform { .. })));
    let even = Transform::from_translation_rotation_scale(v(0.0, 0.0), FRAC_PI_2, v(3.0, 3.0));
    let Ok(Shape::Circle(moved)) = c.transformed(&even) else { panic!("expected a circle") };
    assert!(near(moved.center(), v(0.0, 3.0)), "{moved:?}");
    assert!((moved.radius() - 3.0).abs() < 1e-5, "{moved:?}");
}
