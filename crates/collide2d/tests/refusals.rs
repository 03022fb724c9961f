//! Constructors and transforms that refuse (issue 23, item 12): they refuse exactly what they
//! cannot build, and say what is wrong, never clamping or blaming the wrong thing.

use collide2d::{Capsule, Circle, ConvexPolygon, Obb, Polygon, Segment, Shape, ShapeError, Transform, Vec2};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn says(result: Result<impl std::fmt::Debug, ShapeError>, words: &[&str]) {
    let e = result.expect_err("refused").to_string();
    assert!(words.iter().all(|w| e.contains(w)), "{e:?} should say {words:?}");
}

#[test]
fn an_even_1e20_scale_keeps_a_disc_a_disc() {
    // The f32 determinant of a 1e20 scale overflows, so the even scale was judged uneven.
    for (scale, radius) in [(1e20f32, 1e20f32), (1e-25, 1e-25), (-3e18, 3e18)] {
        let t = Transform::from_translation_rotation_scale(v(1.0, 2.0), 0.5, Vec2::splat(scale));
        let moved = Circle::new(Vec2::ZERO, 1.0).unwrap().transformed(&t);
        let Ok(Shape::Circle(c)) = moved else { panic!("scale {scale}: {moved:?}") };
        assert!((c.radius() / radius - 1.0).abs() < 1e-5, "scale {scale}: {c:?}");
        let pill = Capsule::new(Vec2::ZERO, Vec2::X, 1.0).unwrap().transformed(&t);
        assert!(matches!(pill, Ok(Shape::Capsule(_))), "scale {scale}: {pill:?}");
    }
}

#[test]
fn a_scale_that_overflows_says_so() {
    let t = Transform::from_scale(Vec2::splat(1e20));
    says(Circle::new(Vec2::ZERO, 1e20).unwrap().transformed(&t), &["Circle", "transform", "too large for f32"]);
    says(Capsule::new(Vec2::ZERO, v(1e20, 0.0), 1.0).unwrap().transformed(&t), &["Capsule", "too large for f32"]);
    says(Segment::new(Vec2::ZERO, v(1e20, 0.0)).unwrap().transformed(&t), &["Segment", "too large for f32"]);
    let square = ConvexPolygon::new(&[v(0.0, 0.0), v(1e20, 0.0), v(1e20, 1e20), v(0.0, 1e20)]).unwrap();
    says(square.transformed(&t), &["ConvexPolygon", "too large for f32"]);
    says(Polygon::new(square.vertices()).unwrap().transformed(&t), &["Polygon", "too large for f32"]);
    // Still a disc, and not flattened: the scale is even.
    let e = Circle::new(Vec2::ZERO, 1e20).unwrap().transformed(&t).unwrap_err().to_string();
    assert!(!e.contains("unevenly") && !e.contains("zero size"), "{e}");
}

#[test]
fn a_scale_that_flattens_says_so() {
    let t = Transform::from_scale(Vec2::splat(1e-30));
    says(Circle::new(Vec2::ZERO, 1e-20).unwrap().transformed(&t), &["Circle", "flattens", "zero size"]);
    says(Circle::new(Vec2::ZERO, 1.0).unwrap().transformed(&Transform::from_scale(Vec2::ZERO)), &["flattens"]);
}

#[test]
fn boxes_scaled_by_1e20_or_1e_minus_20_stay_boxes() {
    // Their half extents were measured in f32, which overflowed (or underflowed) to a refusal.
    for scale in [1e20f32, 1e-20] {
        let t = Transform::from_translation_rotation_scale(Vec2::ZERO, 0.3, Vec2::splat(scale));
        let moved = Obb::new(v(1.0, 1.0), v(2.0, 1.0), 0.2).unwrap().transformed(&t);
        let Ok(Shape::Obb(o)) = moved else { panic!("scale {scale}: {moved:?}") };
        assert!((o.half_extents() / scale - v(2.0, 1.0)).length() < 1e-5, "scale {scale}: {o:?}");
    }
}

#[test]
fn curve_segment_counts_out_of_range_are_refused_not_clamped() {
    use collide2d::polygon::CurveDetail::{MaxChordError, Segments};
    let disc: Shape = Circle::new(Vec2::ZERO, 10.0).unwrap().into();
    // Segments(0) became a triangle and Segments(usize::MAX) a 4096-gon, silently.
    says(Polygon::from_shape(&disc, Segments(0)), &["Polygon", "curve segments", "at least 3", "got 0"]);
    says(Polygon::from_shape(&disc, Segments(2)), &["curve segments", "at least 3", "got 2"]);
    let most = usize::MAX.to_string();
    says(Polygon::from_shape(&disc, Segments(usize::MAX)), &["curve segments", "at most 4096", &most]);
    says(Polygon::from_shape(&disc, Segments(4097)), &["at most 4096", "got 4097"]);
    assert_eq!(Polygon::from_shape(&disc, Segments(3)).unwrap().outline().len(), 3);
    assert_eq!(Polygon::from_shape(&disc, Segments(4096)).unwrap().outline().len(), 4096);
    // A chord error needing more than 4096 segments got 4096, straying further than asked.
    says(Polygon::from_shape(&disc, MaxChordError(1e-9)), &["max chord error", "at most 4096 segments"]);
    says(Polygon::from_shape(&disc, MaxChordError(0.0)), &["max chord error", "positive"]);
    let pill: Shape = Capsule::new(Vec2::ZERO, Vec2::X, 1.0).unwrap().into();
    says(Polygon::from_shape(&pill, Segments(1)), &["curve segments", "at least 3"]);
    // A chord error larger than the disc is met by a triangle.
    assert_eq!(Polygon::from_shape(&disc, MaxChordError(50.0)).unwrap().outline().len(), 3);
}

#[test]
fn a_regular_polygon_with_too_many_sides_says_so() {
    // A million sides was refused as "not convex at vertex …", blaming a vertex the caller
    // never gave; usize::MAX sides tried to allocate them all.
    let many = ConvexPolygon::regular(1_000_000, Vec2::ZERO, 1.0, 0.0);
    says(many, &["ConvexPolygon", "sides", "at most 4096", "got 1000000"]);
    says(ConvexPolygon::regular(usize::MAX, Vec2::ZERO, 1.0, 0.0), &["sides", "at most 4096"]);
    says(ConvexPolygon::regular(2, Vec2::ZERO, 1.0, 0.0), &["sides", "at least 3", "got 2"]);
    // Within the limit, a small circle far out cannot hold that many distinct convex corners.
    says(ConvexPolygon::regular(4096, v(100.0, 100.0), 1.0, 0.0), &["sides", "strictly convex", "rounded to f32"]);
    assert_eq!(ConvexPolygon::regular(4096, v(100.0, 100.0), 1000.0, 0.0).unwrap().vertices().len(), 4096);
    // A circle reaching past the f32 range names the radius.
    says(ConvexPolygon::regular(6, v(3e38, 0.0), 3e38, 0.0), &["radius", "finite size"]);
}
