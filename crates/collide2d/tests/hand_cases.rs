//! Hand-made overlap and containment cases for every pair of the seven convex kinds, with the
//! answers worked out on paper (not by calling the library). Each `check` asserts `intersects`
//! both ways (symmetry), `contains` both ways, and the same four answers through the run-time
//! `Shape` enum.
//!
//! Exact contacts sit at representable coordinates (axis-aligned edges at integer or dyadic
//! positions, 3-4-5 triangles for round contacts, 45° edges through points with equal
//! coordinates); rotated contacts keep a clear margin instead.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};
use std::fmt::Debug;

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::query::intersects::{segment_intersection, SegmentIntersection};
use collide2d::tiered::{collide, collide_verdict, Level, RectObject};
use collide2d::{
    contains, intersects, Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, ShapeError, ShapeLike, Transform,
    Vec2,
};

/// 45 degrees.
const Q: f32 = FRAC_PI_4;
/// A tiny size, 2^-10 (about 1e-3), exactly representable with its halves and doublings.
const T: f32 = 1.0 / 1024.0;
/// A huge size, exactly representable (as are its doubles and halves).
const H: f32 = 100_000.0;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn seg(ax: f32, ay: f32, bx: f32, by: f32) -> Segment {
    Segment::new(v(ax, ay), v(bx, by)).unwrap()
}

fn aabb(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(v(x0, y0), v(x1, y1)).unwrap()
}

fn circle(x: f32, y: f32, r: f32) -> Circle {
    Circle::new(v(x, y), r).unwrap()
}

fn obb(x: f32, y: f32, hx: f32, hy: f32, rotation: f32) -> Obb {
    Obb::new(v(x, y), v(hx, hy), rotation).unwrap()
}

fn cap(ax: f32, ay: f32, bx: f32, by: f32, r: f32) -> Capsule {
    Capsule::new(v(ax, ay), v(bx, by), r).unwrap()
}

fn poly(points: &[(f32, f32)]) -> ConvexPolygon {
    ConvexPolygon::new(&points.iter().map(|&(x, y)| v(x, y)).collect::<Vec<_>>()).unwrap()
}

/// The square turned by 45°: vertices `r` away from the centre along the axes.
fn diamond(cx: f32, cy: f32, r: f32) -> ConvexPolygon {
    poly(&[(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)])
}

/// The right triangle (0,0), (s,0), (0,s): its hypotenuse is the 45° edge x + y = s.
fn tri(s: f32) -> ConvexPolygon {
    poly(&[(0.0, 0.0), (s, 0.0), (0.0, s)])
}

/// A thin vertical bar polygon of half width `w` and half height `h` around the origin.
fn vbar(w: f32, h: f32) -> ConvexPolygon {
    poly(&[(-w, -h), (w, -h), (w, h), (-w, h)])
}

/// A triangle with a sloped edge from (0,0) to (2,6) whose midpoint (1,3) is exactly representable;
/// the triangle lies on the side y ≥ 3x of that edge's line.
fn sloped() -> ConvexPolygon {
    poly(&[(0.0, 0.0), (2.0, 6.0), (-2.0, 4.0)])
}

/// How two shapes relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rel {
    /// No common point.
    Apart,
    /// They share a point, neither holds the other.
    Meet,
    /// `a` holds all of `b` (and not the reverse).
    AHoldsB,
    /// `b` holds all of `a` (and not the reverse).
    BHoldsA,
    /// Each holds the other: the same set.
    Same,
}
use Rel::*;

#[track_caller]
fn check<A, B>(a: &A, b: &B, rel: Rel)
where
    A: ShapeLike + Clone + Debug + Into<Shape>,
    B: ShapeLike + Clone + Debug + Into<Shape>,
{
    let hit = rel != Apart;
    let want = (hit, hit, matches!(rel, AHoldsB | Same), matches!(rel, BHoldsA | Same));
    let got = (intersects(a, b), intersects(b, a), contains(a, b), contains(b, a));
    assert_eq!(
        got, want,
        "(intersects(a,b), intersects(b,a), contains(a,b), contains(b,a)), expected {rel:?}\n  a = {a:?}\n  b = {b:?}"
    );
    let (sa, sb): (Shape, Shape) = (a.clone().into(), b.clone().into());
    let dynamic = (intersects(&sa, &sb), intersects(&sb, &sa), contains(&sa, &sb), contains(&sb, &sa));
    assert_eq!(dynamic, want, "through the Shape enum, expected {rel:?}\n  a = {a:?}\n  b = {b:?}");
}

// ---------------------------------------------------------------- point / point

#[test]
fn point_point_equal_points_touch_and_contain_each_other() {
    check(&v(1.5, -2.25), &v(1.5, -2.25), Same);
    check(&v(-H, H), &v(-H, H), Same);
}

#[test]
fn point_point_one_ulp_apart_do_not_touch_at_huge_and_tiny_scale() {
    let next = f32::from_bits(H.to_bits() + 1);
    check(&v(H, H), &v(next, H), Apart);
    check(&v(T, 0.0), &v(T + T / 1024.0, 0.0), Apart);
}

#[test]
fn point_with_nan_or_infinity_touches_and_contains_nothing_not_even_itself() {
    let nan = v(f32::NAN, 0.0);
    check(&nan, &nan, Apart);
    check(&nan, &v(0.0, 0.0), Apart);
    let inf = v(f32::INFINITY, 0.0);
    check(&inf, &inf, Apart);
}

// ---------------------------------------------------------------- point / segment

#[test]
fn point_segment_point_inside_a_sloped_segment_and_its_end_lie_on_it() {
    let s = seg(0.0, 0.0, 4.0, 2.0);
    check(&v(2.0, 1.0), &s, BHoldsA);
    check(&v(4.0, 2.0), &s, BHoldsA);
    check(&v(0.0, 0.0), &s, BHoldsA);
}

#[test]
fn point_segment_point_on_the_line_beyond_either_end_is_apart() {
    let s = seg(0.0, 0.0, 4.0, 2.0);
    check(&v(6.0, 3.0), &s, Apart);
    check(&v(-2.0, -1.0), &s, Apart);
}

#[test]
fn point_segment_point_a_tiny_step_off_the_line_is_apart() {
    check(&v(2.0, 1.0 + T), &seg(0.0, 0.0, 4.0, 2.0), Apart);
    check(&v(2.0, 1.0 - T), &seg(0.0, 0.0, 4.0, 2.0), Apart);
}

#[test]
fn point_segment_huge_and_tiny_diagonals_hold_points_exactly_on_them() {
    let big = seg(-H, -H, H, H);
    check(&v(12345.0, 12345.0), &big, BHoldsA);
    check(&v(12345.0, 12346.0), &big, Apart);
    let small = seg(0.0, 0.0, T, T);
    check(&v(T / 2.0, T / 2.0), &small, BHoldsA);
    check(&v(T / 2.0, T / 2.0 + T / 1024.0), &small, Apart);
}

#[test]
fn point_segment_nan_point_is_not_on_a_segment() {
    check(&v(1.0, f32::NAN), &seg(0.0, 0.0, 4.0, 2.0), Apart);
}

// ---------------------------------------------------------------- point / aabb

#[test]
fn point_aabb_corner_edge_and_inside_points_are_held() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&v(2.0, 2.0), &b, BHoldsA);
    check(&v(1.0, 0.0), &b, BHoldsA);
    check(&v(1.0, 1.0), &b, BHoldsA);
}

#[test]
fn point_aabb_points_just_outside_an_edge_are_apart() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&v(2.002, 1.0), &b, Apart);
    check(&v(1.0, -0.002), &b, Apart);
}

#[test]
fn point_aabb_zero_size_box_at_the_point_is_the_same_set_and_a_flat_box_holds_it() {
    check(&v(3.0, 4.0), &aabb(3.0, 4.0, 3.0, 4.0), Same);
    check(&v(1.0, 1.0), &aabb(0.0, 1.0, 2.0, 1.0), BHoldsA);
    check(&v(1.0, 1.0 + T), &aabb(0.0, 1.0, 2.0, 1.0), Apart);
}

#[test]
fn point_aabb_huge_and_tiny_boxes_hold_their_edge_points_only() {
    check(&v(H, 0.0), &aabb(-H, -H, H, H), BHoldsA);
    check(&v(H + 100.0, 0.0), &aabb(-H, -H, H, H), Apart);
    check(&v(T, T), &aabb(0.0, 0.0, T, T), BHoldsA);
    check(&v(T, T + T / 512.0), &aabb(0.0, 0.0, T, T), Apart);
}

// ---------------------------------------------------------------- point / circle

#[test]
fn point_circle_rim_point_of_a_3_4_5_triangle_touches_and_one_just_beyond_does_not() {
    let c = circle(0.0, 0.0, 5.0);
    check(&v(3.0, 4.0), &c, BHoldsA);
    check(&v(-5.0, 0.0), &c, BHoldsA);
    check(&v(0.0, 0.0), &c, BHoldsA);
    check(&v(3.0, 4.01), &c, Apart);
}

#[test]
fn point_circle_tiny_and_huge_circles_hold_rim_points_exactly() {
    check(&v(T, 0.0), &circle(0.0, 0.0, T), BHoldsA);
    check(&v(T + T / 1024.0, 0.0), &circle(0.0, 0.0, T), Apart);
    check(&v(0.0, H), &circle(H, H, H), BHoldsA);
    check(&v(-100.0, H), &circle(H, H, H), Apart);
}

// ---------------------------------------------------------------- point / obb

#[test]
fn point_obb_axis_aligned_box_holds_its_corner_and_edge_but_not_a_point_just_off() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&v(2.0, 1.0), &o, BHoldsA);
    check(&v(-2.0, -1.0), &o, BHoldsA);
    check(&v(0.0, -1.0), &o, BHoldsA);
    check(&v(0.0, -1.002), &o, Apart);
}

#[test]
fn point_obb_45_degree_diamond_holds_points_near_its_tip_but_not_in_its_bounding_box_corner() {
    let d = obb(0.0, 0.0, 1.0, 1.0, Q); // tips at ±√2 ≈ 1.41421 on the axes
    check(&v(1.41, 0.0), &d, BHoldsA);
    check(&v(1.42, 0.0), &d, Apart);
    check(&v(0.7, 0.7), &d, BHoldsA); // |x|+|y| = 1.4 ≤ √2
    check(&v(0.75, 0.75), &d, Apart); // 1.5 > √2, though inside the bounding box
}

#[test]
fn point_obb_huge_box_corner_and_tiny_diamond_tip() {
    check(&v(2.0 * H, 0.0), &obb(H, -H, H, H, 0.0), BHoldsA);
    check(&v(2.0 * H + 100.0, 0.0), &obb(H, -H, H, H, 0.0), Apart);
    check(&v(1.41 * T, 0.0), &obb(0.0, 0.0, T, T, Q), BHoldsA);
    check(&v(1.42 * T, 0.0), &obb(0.0, 0.0, T, T, Q), Apart);
}

// ---------------------------------------------------------------- point / capsule

#[test]
fn point_capsule_side_and_rounded_end_points_at_the_radius_are_held() {
    let k = cap(0.0, 0.0, 10.0, 0.0, 5.0);
    check(&v(5.0, 5.0), &k, BHoldsA);
    check(&v(13.0, 4.0), &k, BHoldsA); // (3,4) from the end (10,0)
    check(&v(-3.0, -4.0), &k, BHoldsA);
    check(&v(5.0, 0.0), &k, BHoldsA);
    check(&v(13.0, 4.01), &k, Apart);
}

#[test]
fn point_capsule_point_in_the_bounding_box_corner_beyond_the_rounded_end_is_apart() {
    check(&v(14.0, 4.0), &cap(0.0, 0.0, 10.0, 0.0, 5.0), Apart); // 4√2 > 5 from (10,0)
}

#[test]
fn point_capsule_with_equal_ends_behaves_as_a_disc() {
    let k = cap(1.0, 1.0, 1.0, 1.0, 2.0);
    check(&v(3.0, 1.0), &k, BHoldsA);
    check(&v(1.0, 3.002), &k, Apart);
}

#[test]
fn point_capsule_huge_and_tiny_capsules_hold_side_points_at_the_radius() {
    check(&v(0.0, H), &cap(-H, 0.0, H, 0.0, H), BHoldsA);
    check(&v(0.0, H + 100.0), &cap(-H, 0.0, H, 0.0, H), Apart);
    check(&v(T / 2.0, T), &cap(0.0, 0.0, T, 0.0, T), BHoldsA);
    check(&v(T / 2.0, T + T / 512.0), &cap(0.0, 0.0, T, 0.0, T), Apart);
}

// ---------------------------------------------------------------- point / convex polygon

#[test]
fn point_polygon_point_on_a_45_degree_edge_a_vertex_and_inside_are_held() {
    let t = tri(4.0);
    check(&v(2.0, 2.0), &t, BHoldsA);
    check(&v(4.0, 0.0), &t, BHoldsA);
    check(&v(1.0, 1.0), &t, BHoldsA);
}

#[test]
fn point_polygon_points_just_outside_an_edge_are_apart() {
    let t = tri(4.0);
    check(&v(2.002, 2.0), &t, Apart);
    check(&v(-0.002, 1.0), &t, Apart);
    check(&v(3.0, 3.0), &t, Apart); // inside the bounding box
}

#[test]
fn point_polygon_huge_diamond_and_tiny_triangle_hold_points_on_their_slanted_edges() {
    check(&v(H / 2.0, H / 2.0), &diamond(0.0, 0.0, H), BHoldsA);
    check(&v(H / 2.0 + 100.0, H / 2.0), &diamond(0.0, 0.0, H), Apart);
    check(&v(T / 2.0, T / 2.0), &tri(T), BHoldsA);
    check(&v(T / 2.0 + T / 512.0, T / 2.0), &tri(T), Apart);
}

#[test]

fn point_polygon_integer_midpoint_of_a_sloped_edge_is_held() {
    check(&v(1.0, 3.0), &sloped(), BHoldsA);
}

// ---------------------------------------------------------------- segment / segment

#[test]
fn segment_segment_crossing_x_collides_without_containment() {
    check(&seg(0.0, 0.0, 2.0, 2.0), &seg(0.0, 2.0, 2.0, 0.0), Meet);
}

#[test]
fn segment_segment_t_junction_touches_and_a_tiny_gap_separates() {
    check(&seg(0.0, 0.0, 4.0, 0.0), &seg(2.0, 0.0, 2.0, 3.0), Meet);
    check(&seg(0.0, 0.0, 4.0, 0.0), &seg(2.0, T, 2.0, 3.0), Apart);
}

#[test]
fn segment_segment_collinear_end_to_end_touch_and_just_apart_do_not() {
    check(&seg(0.0, 0.0, 2.0, 0.0), &seg(2.0, 0.0, 5.0, 0.0), Meet);
    check(&seg(0.0, 0.0, 2.0, 0.0), &seg(2.002, 0.0, 5.0, 0.0), Apart);
    check(&seg(0.0, 0.0, 4.0, 0.0), &seg(3.0, 0.0, 9.0, 0.0), Meet);
}

#[test]
fn segment_segment_collinear_sub_segment_is_held_and_a_reversed_copy_is_the_same() {
    check(&seg(0.0, 0.0, 4.0, 4.0), &seg(1.0, 1.0, 3.0, 3.0), AHoldsB);
    check(&seg(0.0, 0.0, 4.0, 4.0), &seg(4.0, 4.0, 0.0, 0.0), Same);
}

#[test]
fn segment_segment_parallel_a_tiny_distance_apart_do_not_touch() {
    check(&seg(0.0, 0.0, 4.0, 0.0), &seg(0.0, T, 4.0, T), Apart);
    check(&seg(0.0, 0.0, 4.0, 4.0), &seg(0.0, T, 4.0, 4.0 + T), Apart);
}

#[test]
fn segment_segment_huge_and_tiny_crossings_collide() {
    check(&seg(-H, -H, H, H), &seg(-H, H, H, -H), Meet);
    check(&seg(0.0, 0.0, T, T), &seg(0.0, T, T, 0.0), Meet);
}

// ---------------------------------------------------------------- segment / aabb

#[test]
fn segment_aabb_segment_through_the_box_with_both_ends_outside_collides() {
    check(&seg(-1.0, 1.0, 3.0, 1.0), &aabb(0.0, 0.0, 2.0, 2.0), Meet);
    check(&seg(1.0, -1.0, 1.0, 3.0), &aabb(0.0, 0.0, 2.0, 2.0), Meet);
}

#[test]
fn segment_aabb_diagonal_through_the_corner_touches_and_shifted_a_little_misses() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&seg(1.0, -1.0, 3.0, 1.0), &b, Meet); // passes through the corner (2, 0)
    check(&seg(1.0078125, -1.0, 3.0078125, 1.0), &b, Apart);
}

#[test]
fn segment_aabb_segment_along_an_edge_or_corner_to_corner_is_held() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&seg(0.0, 2.0, 2.0, 2.0), &b, BHoldsA);
    check(&seg(0.0, 0.0, 2.0, 2.0), &b, BHoldsA);
    check(&seg(0.5, 0.5, 1.5, 1.0), &b, BHoldsA);
}

#[test]
fn segment_aabb_flat_box_on_the_segment_is_held_and_an_identical_flat_box_is_the_same() {
    check(&seg(0.0, 0.0, 4.0, 0.0), &aabb(1.0, 0.0, 3.0, 0.0), AHoldsB);
    check(&seg(1.0, 0.0, 3.0, 0.0), &aabb(1.0, 0.0, 3.0, 0.0), Same);
    check(&seg(0.0, T, 4.0, T), &aabb(1.0, 0.0, 3.0, 0.0), Apart);
}

#[test]
fn segment_aabb_segment_ending_on_an_edge_touches_and_just_off_does_not() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&seg(2.0, 1.0, 3.0, 5.0), &b, Meet);
    check(&seg(2.002, 1.0, 3.0, 5.0), &b, Apart);
}

#[test]
fn segment_aabb_huge_crossing_and_tiny_box_cut_by_a_diagonal() {
    check(&seg(-2.0 * H, 0.0, 2.0 * H, 0.0), &aabb(-H, -H, H, H), Meet);
    check(&seg(-T, 2.0 * T, 2.0 * T, -T), &aabb(0.0, 0.0, T, T), Meet);
    check(&seg(T + T / 512.0, -T, T + T / 512.0, 2.0 * T), &aabb(0.0, 0.0, T, T), Apart);
}

// ---------------------------------------------------------------- segment / circle

#[test]
fn segment_circle_tangent_line_touches_and_just_above_it_misses() {
    let c = circle(0.0, 0.0, 1.0);
    check(&seg(-2.0, 1.0, 2.0, 1.0), &c, Meet);
    check(&seg(-2.0, 1.002, 2.0, 1.002), &c, Apart);
}

#[test]
fn segment_circle_chord_with_both_ends_outside_collides() {
    check(&seg(-2.0, 0.0, 2.0, 0.0), &circle(0.0, 0.0, 1.0), Meet);
    check(&seg(-6.0, 4.0, 6.0, 4.0), &circle(0.0, 0.0, 5.0), Meet);
}

#[test]
fn segment_circle_chord_ending_on_the_rim_is_held_and_one_poking_out_is_not() {
    let c = circle(0.0, 0.0, 5.0);
    check(&seg(-3.0, 4.0, 3.0, 4.0), &c, BHoldsA);
    check(&seg(-1.0, 0.0, 1.0, 0.0), &c, BHoldsA);
    check(&seg(-3.0, 4.0, 3.01, 4.0), &c, Meet);
}

#[test]
fn segment_circle_45_degree_segment_misses_a_small_circle_and_cuts_a_larger_one() {
    // The line x + y = 2 passes √2 ≈ 1.41421 from the origin.
    check(&seg(2.0, 0.0, 0.0, 2.0), &circle(0.0, 0.0, 1.4), Apart);
    check(&seg(2.0, 0.0, 0.0, 2.0), &circle(0.0, 0.0, 1.42), Meet);
}

#[test]
fn segment_circle_huge_and_tiny_tangents_touch() {
    check(&seg(-2.0 * H, H, 2.0 * H, H), &circle(0.0, 0.0, H), Meet);
    check(&seg(-2.0 * H, H + 100.0, 2.0 * H, H + 100.0), &circle(0.0, 0.0, H), Apart);
    check(&seg(-T, T, T, T), &circle(0.0, 0.0, T), Meet);
    check(&seg(-T, T + T / 512.0, T, T + T / 512.0), &circle(0.0, 0.0, T), Apart);
}

// ---------------------------------------------------------------- segment / obb

#[test]
fn segment_obb_segment_through_the_box_the_long_way_collides() {
    check(&seg(-3.0, 0.0, 3.0, 0.0), &obb(0.0, 0.0, 2.0, 1.0, 0.0), Meet);
}

#[test]
fn segment_obb_segments_along_an_edge_and_corner_to_corner_are_held() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&seg(-1.0, 1.0, 1.0, 1.0), &o, BHoldsA);
    check(&seg(-2.0, -1.0, 2.0, 1.0), &o, BHoldsA);
}

#[test]
fn segment_obb_segment_from_a_corner_touches_and_one_beside_an_edge_misses() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&seg(2.0, 1.0, 3.0, 2.0), &o, Meet);
    check(&seg(2.002, -1.0, 2.002, 1.0), &o, Apart);
}

#[test]
fn segment_obb_horizontal_segment_near_the_top_tip_of_a_45_degree_diamond() {
    let d = obb(0.0, 0.0, 1.0, 1.0, Q); // top tip at y = √2
    check(&seg(-2.0, 1.5, 2.0, 1.5), &d, Apart);
    check(&seg(-2.0, 1.4, 2.0, 1.4), &d, Meet);
    check(&seg(-0.5, 0.0, 0.5, 0.0), &d, BHoldsA);
}

#[test]
fn segment_obb_huge_edge_overlap_and_tiny_diamond_tip() {
    check(&seg(H, -2.0 * H, H, 2.0 * H), &obb(0.0, 0.0, H, H, 0.0), Meet);
    check(&seg(H + 100.0, -2.0 * H, H + 100.0, 2.0 * H), &obb(0.0, 0.0, H, H, 0.0), Apart);
    check(&seg(-2.0 * T, 1.4 * T, 2.0 * T, 1.4 * T), &obb(0.0, 0.0, T, T, Q), Meet);
    check(&seg(-2.0 * T, 1.5 * T, 2.0 * T, 1.5 * T), &obb(0.0, 0.0, T, T, Q), Apart);
}

// ---------------------------------------------------------------- segment / capsule

#[test]
fn segment_capsule_segment_crossing_the_capsule_with_both_ends_outside_collides() {
    check(&seg(2.0, -3.0, 2.0, 3.0), &cap(0.0, 0.0, 4.0, 0.0, 1.0), Meet);
}

#[test]
fn segment_capsule_tangent_along_the_side_and_inner_segment_are_held() {
    let k = cap(0.0, 0.0, 4.0, 0.0, 1.0);
    check(&seg(0.0, 1.0, 4.0, 1.0), &k, BHoldsA);
    check(&seg(1.0, 0.5, 3.0, -0.5), &k, BHoldsA);
    check(&seg(-1.0, 0.0, 5.0, 0.0), &k, BHoldsA); // tip to tip
}

#[test]
fn segment_capsule_segment_tangent_to_the_rounded_end_touches_and_just_beyond_misses() {
    let k = cap(0.0, 0.0, 4.0, 0.0, 1.0);
    check(&seg(5.0, -1.0, 5.0, 1.0), &k, Meet);
    check(&seg(5.002, -1.0, 5.002, 1.0), &k, Apart);
}

#[test]
fn segment_capsule_parallel_to_a_45_degree_capsule_near_and_far() {
    let k = cap(0.0, 0.0, 4.0, 4.0, 1.0);
    check(&seg(0.0, 1.3, 4.0, 5.3), &k, Meet); // 1.3/√2 ≈ 0.92 from the axis
    check(&seg(0.0, 1.5, 4.0, 5.5), &k, Apart); // 1.5/√2 ≈ 1.06
}

#[test]
fn segment_capsule_huge_tangent_is_held_and_tiny_end_cap_is_touched() {
    check(&seg(-H, H, H, H), &cap(-H, 0.0, H, 0.0, H), BHoldsA);
    check(&seg(-H, H + 100.0, H, H + 100.0), &cap(-H, 0.0, H, 0.0, H), Apart);
    check(&seg(2.0 * T, -T, 2.0 * T, T), &cap(0.0, 0.0, T, 0.0, T), Meet);
}

// ---------------------------------------------------------------- segment / convex polygon

#[test]
fn segment_polygon_segment_through_a_triangle_with_both_ends_outside_collides() {
    check(&seg(-1.0, 1.0, 5.0, 1.0), &tri(4.0), Meet);
    check(&seg(-3.0, 1.0, 3.0, 1.0), &diamond(0.0, 0.0, 2.0), Meet);
}

#[test]
fn segment_polygon_whole_45_degree_edge_is_held_and_a_parallel_just_outside_misses() {
    check(&seg(0.0, 4.0, 4.0, 0.0), &tri(4.0), BHoldsA);
    check(&seg(0.0, 4.0078125, 4.0078125, 0.0), &tri(4.0), Apart);
}

#[test]
fn segment_polygon_segment_from_a_vertex_touches_and_inner_segment_is_held() {
    check(&seg(4.0, 0.0, 6.0, -2.0), &tri(4.0), Meet);
    check(&seg(1.0, 1.0, 2.0, 1.0), &tri(4.0), BHoldsA);
    check(&seg(4.002, 0.0, 6.0, -2.0), &tri(4.0), Apart);
}

#[test]
fn segment_polygon_huge_crossing_and_tiny_hypotenuse() {
    check(&seg(-H, H / 2.0, H, H / 2.0), &tri(H), Meet);
    check(&seg(0.0, T, T, 0.0), &tri(T), BHoldsA);
    check(&seg(0.0, T + T / 512.0, T + T / 512.0, 0.0), &tri(T), Apart);
}

#[test]

fn segment_polygon_own_sloped_edge_is_held() {
    check(&seg(0.0, 0.0, 2.0, 6.0), &sloped(), BHoldsA);
    check(&seg(0.0, 0.0, 1.0, 3.0), &sloped(), BHoldsA);
}

#[test]

fn segment_polygon_segment_starting_on_a_sloped_edge_touches() {
    check(&seg(1.0, 3.0, 4.0, 3.0), &sloped(), Meet);
}

// ---------------------------------------------------------------- aabb / aabb

#[test]
fn aabb_aabb_sharing_an_edge_collide_and_just_apart_do_not() {
    check(&aabb(0.0, 0.0, 2.0, 2.0), &aabb(2.0, 0.0, 4.0, 2.0), Meet);
    check(&aabb(0.0, 0.0, 1.0, 1.0), &aabb(1.001, 0.0, 2.0, 1.0), Apart);
}

#[test]
fn aabb_aabb_sharing_only_a_corner_collide() {
    check(&aabb(0.0, 0.0, 2.0, 2.0), &aabb(2.0, 2.0, 4.0, 4.0), Meet);
    check(&aabb(0.0, 0.0, 2.0, 2.0), &aabb(2.0, 2.002, 4.0, 4.0), Apart);
}

#[test]
fn aabb_aabb_plus_sign_collides_with_no_corner_inside_either() {
    check(&aabb(-3.0, -1.0, 3.0, 1.0), &aabb(-1.0, -3.0, 1.0, 3.0), Meet);
    check(&aabb(1.0, 0.0, 1.0, 2.0), &aabb(0.0, 1.0, 2.0, 1.0), Meet); // flat boxes
}

#[test]
fn aabb_aabb_inner_box_is_held_also_when_sharing_an_edge_and_equal_boxes_are_the_same() {
    check(&aabb(0.0, 0.0, 4.0, 4.0), &aabb(1.0, 1.0, 3.0, 3.0), AHoldsB);
    check(&aabb(0.0, 0.0, 4.0, 4.0), &aabb(0.0, 0.0, 2.0, 4.0), AHoldsB);
    check(&aabb(0.0, 0.0, 4.0, 4.0), &aabb(0.0, 0.0, 4.0, 4.0), Same);
}

#[test]
fn aabb_aabb_huge_and_tiny_boxes_touch_exactly() {
    check(&aabb(0.0, 0.0, H, H), &aabb(H, 0.0, 2.0 * H, H), Meet);
    check(&aabb(0.0, 0.0, H, H), &aabb(H + 100.0, 0.0, 2.0 * H, H), Apart);
    check(&aabb(0.0, 0.0, T, T), &aabb(T, T, 2.0 * T, 2.0 * T), Meet);
    check(&aabb(0.0, 0.0, T, T), &aabb(T + T / 512.0, T, 2.0 * T, 2.0 * T), Apart);
}

// ---------------------------------------------------------------- aabb / circle

#[test]
fn aabb_circle_resting_on_an_edge_touches_and_just_off_does_not() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &circle(3.0, 1.0, 1.0), Meet);
    check(&b, &circle(3.002, 1.0, 1.0), Apart);
}

#[test]
fn aabb_circle_touching_only_the_corner_along_a_3_4_5_diagonal() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &circle(5.0, 6.0, 5.0), Meet);
    check(&b, &circle(5.0, 6.01, 5.0), Apart);
    check(&b, &circle(3.0, 3.0, 1.0), Apart); // √2 from the corner, bounding boxes touch
}

#[test]
fn aabb_circle_box_holds_a_circle_touching_all_four_walls() {
    let b = aabb(0.0, 0.0, 10.0, 10.0);
    check(&b, &circle(5.0, 5.0, 5.0), AHoldsB);
    check(&b, &circle(5.0, 5.0, 5.001), Meet);
}

#[test]
fn aabb_circle_circle_holds_a_box_with_corners_on_its_rim() {
    let b = aabb(-3.0, -4.0, 3.0, 4.0);
    check(&b, &circle(0.0, 0.0, 5.0), BHoldsA);
    check(&b, &circle(0.0, 0.0, 4.99), Meet);
}

#[test]
fn aabb_circle_thin_box_through_a_circle_collides_without_containment() {
    check(&aabb(-3.0, -0.5, 3.0, 0.5), &circle(0.0, 0.0, 1.0), Meet);
}

#[test]
fn aabb_circle_huge_and_tiny_edge_contacts() {
    check(&aabb(0.0, 0.0, H, H), &circle(2.0 * H, H / 2.0, H), Meet);
    check(&aabb(0.0, 0.0, H, H), &circle(2.0 * H + 100.0, H / 2.0, H), Apart);
    check(&aabb(0.0, 0.0, T, T), &circle(2.0 * T, T / 2.0, T), Meet);
    check(&aabb(0.0, 0.0, T, T), &circle(2.0 * T + T / 512.0, T / 2.0, T), Apart);
}

// ---------------------------------------------------------------- aabb / obb

#[test]
fn aabb_obb_unrotated_boxes_sharing_an_edge_collide_and_just_apart_do_not() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &obb(3.0, 1.0, 1.0, 1.0, 0.0), Meet);
    check(&b, &obb(3.002, 1.0, 1.0, 1.0, 0.0), Apart);
    check(&b, &obb(1.0, 1.0, 1.0, 1.0, 0.0), Same);
}

#[test]
fn aabb_obb_45_degree_diamond_in_the_bounding_box_corner_is_apart_until_moved_closer() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &obb(3.2, 3.2, 1.0, 1.0, Q), Apart); // corner (2,2): |dx|+|dy| = 2.4 > √2
    check(&b, &obb(2.6, 2.6, 1.0, 1.0, Q), Meet); // 1.2 < √2: the corner is inside
}

#[test]
fn aabb_obb_box_holds_a_rotated_box_and_a_rotated_box_holds_a_box() {
    check(&aabb(0.0, 0.0, 10.0, 10.0), &obb(5.0, 5.0, 2.0, 1.0, Q), AHoldsB);
    check(&aabb(-2.0, -2.0, 2.0, 2.0), &obb(0.0, 0.0, 4.0, 4.0, Q), BHoldsA);
}

#[test]
fn aabb_obb_rotated_thin_bar_crossing_a_flat_bar_collides_with_no_corner_inside() {
    check(&aabb(-3.0, -0.5, 3.0, 0.5), &obb(0.0, 0.0, 3.0, 0.5, Q), Meet);
    check(&aabb(-3.0, -1.0, 3.0, 1.0), &obb(0.0, 0.0, 1.0, 3.0, 0.0), Meet);
}

#[test]
fn aabb_obb_huge_edge_contact_and_tiny_diamond() {
    check(&aabb(0.0, 0.0, H, H), &obb(1.5 * H, H / 2.0, H / 2.0, H / 2.0, 0.0), Meet);
    check(&aabb(0.0, 0.0, H, H), &obb(1.5 * H + 100.0, H / 2.0, H / 2.0, H / 2.0, 0.0), Apart);
    check(&aabb(0.0, 0.0, 2.0 * T, 2.0 * T), &obb(3.2 * T, 3.2 * T, T, T, Q), Apart);
    check(&aabb(0.0, 0.0, 2.0 * T, 2.0 * T), &obb(2.6 * T, 2.6 * T, T, T, Q), Meet);
}

// ---------------------------------------------------------------- aabb / capsule

#[test]
fn aabb_capsule_lying_along_the_top_edge_touches_and_just_above_does_not() {
    let b = aabb(0.0, 0.0, 4.0, 2.0);
    check(&b, &cap(0.0, 3.0, 4.0, 3.0, 1.0), Meet);
    check(&b, &cap(0.0, 3.002, 4.0, 3.002, 1.0), Apart);
}

#[test]
fn aabb_capsule_rounded_end_touching_only_the_corner_along_a_3_4_5_diagonal() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &cap(5.0, 6.0, 10.0, 6.0, 5.0), Meet);
    check(&b, &cap(5.0, 6.01, 10.0, 6.01, 5.0), Apart);
}

#[test]
fn aabb_capsule_thin_capsule_through_a_box_collides_with_no_end_inside() {
    check(&aabb(-1.0, -1.0, 1.0, 1.0), &cap(-3.0, 0.0, 3.0, 0.0, 0.5), Meet);
}

#[test]
fn aabb_capsule_box_holds_a_capsule_touching_its_walls_and_a_capsule_holds_a_box() {
    check(&aabb(0.0, 0.0, 10.0, 4.0), &cap(2.0, 2.0, 8.0, 2.0, 2.0), AHoldsB);
    check(&aabb(-3.0, -4.0, 13.0, 4.0), &cap(0.0, 0.0, 10.0, 0.0, 5.0), BHoldsA);
    check(&aabb(0.0, 0.0, 10.0, 4.0), &cap(2.0, 2.0, 8.0, 2.0, 2.002), Meet);
}

#[test]
fn aabb_capsule_45_degree_capsule_in_the_bounding_box_misses_a_low_box_but_hits_a_closer_one() {
    let k = cap(0.0, 0.0, 4.0, 4.0, 1.0);
    check(&aabb(3.0, 0.0, 5.0, 1.0), &k, Apart); // corner (3,1) is √2 from the axis y = x
    check(&aabb(2.0, 0.0, 4.0, 1.0), &k, Meet); // corner (2,1) is √2/2 from it
}

#[test]
fn aabb_capsule_huge_capsule_along_an_edge_touches() {
    check(&aabb(0.0, 0.0, H, H), &cap(1.5 * H, -H, 1.5 * H, 2.0 * H, H / 2.0), Meet);
    check(&aabb(0.0, 0.0, H, H), &cap(1.5 * H + 100.0, -H, 1.5 * H + 100.0, 2.0 * H, H / 2.0), Apart);
}

// ---------------------------------------------------------------- aabb / convex polygon

#[test]
fn aabb_polygon_sharing_an_edge_collide_and_just_apart_do_not() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &poly(&[(2.0, 0.0), (4.0, 1.0), (2.0, 2.0)]), Meet);
    check(&b, &poly(&[(2.002, 0.0), (4.0, 1.0), (2.002, 2.0)]), Apart);
}

#[test]
fn aabb_polygon_diamond_vertex_on_the_box_corner_touches_and_a_farther_diamond_misses() {
    let b = aabb(0.0, 0.0, 2.0, 2.0);
    check(&b, &diamond(3.0, 2.0, 1.0), Meet); // vertex (2,2), edges leave outward
    check(&b, &diamond(3.5, 3.5, 2.0), Apart); // bounding boxes overlap, shapes do not
}

#[test]
fn aabb_polygon_box_holds_its_half_triangle_and_a_big_triangle_holds_the_box() {
    check(&aabb(0.0, 0.0, 4.0, 4.0), &tri(4.0), AHoldsB);
    check(&aabb(0.0, 0.0, 4.0, 4.0), &tri(8.0), BHoldsA); // corner (4,4) on the hypotenuse
}

#[test]
fn aabb_polygon_diagonal_bar_crossing_a_flat_box_collides_with_no_vertex_inside() {
    let bar = poly(&[(-2.0, -3.0), (-3.0, -2.0), (2.0, 3.0), (3.0, 2.0)]); // |x - y| ≤ 1
    check(&aabb(-3.0, -0.5, 3.0, 0.5), &bar, Meet);
}

#[test]
fn aabb_polygon_huge_shared_edge_and_tiny_shared_corner() {
    check(&aabb(0.0, 0.0, H, H), &poly(&[(H, 0.0), (2.0 * H, 0.0), (H, H)]), Meet);
    check(&aabb(0.0, 0.0, H, H), &poly(&[(H + 100.0, 0.0), (2.0 * H, 0.0), (H + 100.0, H)]), Apart);
    check(&aabb(0.0, 0.0, T, T), &poly(&[(T, T), (2.0 * T, T), (T, 2.0 * T)]), Meet);
}

#[test]

fn aabb_polygon_box_corner_exactly_on_a_sloped_edge_touches() {
    // The box [1,4]×[0,3] has y ≤ 3 ≤ 3x: it meets y ≥ 3x only at (1,3).
    check(&aabb(1.0, 0.0, 4.0, 3.0), &sloped(), Meet);
}

// ---------------------------------------------------------------- circle / circle

#[test]
fn circle_circle_touching_on_the_axis_collide_and_just_apart_do_not() {
    check(&circle(0.0, 0.0, 1.0), &circle(2.0, 0.0, 1.0), Meet);
    check(&circle(0.0, 0.0, 1.0), &circle(2.002, 0.0, 1.0), Apart);
}

#[test]
fn circle_circle_touching_along_a_3_4_5_diagonal() {
    check(&circle(0.0, 0.0, 2.0), &circle(6.0, 8.0, 8.0), Meet);
    check(&circle(0.0, 0.0, 2.0), &circle(6.0, 8.0, 7.99), Apart);
}

#[test]
fn circle_circle_inner_touching_circle_is_held_and_equal_circles_are_the_same() {
    check(&circle(0.0, 0.0, 3.0), &circle(1.0, 0.0, 2.0), AHoldsB);
    check(&circle(0.0, 0.0, 3.0), &circle(0.0, 0.0, 3.0), Same);
    check(&circle(0.0, 0.0, 2.0), &circle(3.0, 0.0, 2.0), Meet);
    check(&circle(0.0, 0.0, 3.0), &circle(1.002, 0.0, 2.0), Meet);
}

#[test]
fn circle_circle_huge_and_tiny_touch_exactly() {
    check(&circle(0.0, 0.0, H), &circle(2.0 * H, 0.0, H), Meet);
    check(&circle(0.0, 0.0, H), &circle(2.0 * H + 200.0, 0.0, H), Apart);
    check(&circle(0.0, 0.0, T), &circle(2.0 * T, 0.0, T), Meet);
    check(&circle(0.0, 0.0, T), &circle(2.0 * T + T / 256.0, 0.0, T), Apart);
}

// ---------------------------------------------------------------- circle / obb

#[test]
fn circle_obb_resting_on_an_edge_touches_and_just_off_does_not() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&circle(0.0, 2.0, 1.0), &o, Meet);
    check(&circle(0.0, 2.002, 1.0), &o, Apart);
}

#[test]
fn circle_obb_touching_only_the_corner_along_a_3_4_5_diagonal() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&circle(5.0, 5.0, 5.0), &o, Meet);
    check(&circle(5.0, 5.01, 5.0), &o, Apart);
}

#[test]
fn circle_obb_near_the_tip_and_in_the_bounding_box_corner_of_a_45_degree_diamond() {
    let d = obb(0.0, 0.0, 1.0, 1.0, Q);
    check(&circle(2.5, 0.0, 1.0), &d, Apart); // 2.5 - 1 = 1.5 > √2
    check(&circle(2.3, 0.0, 1.0), &d, Meet);
    check(&circle(1.2, 1.2, 0.2), &d, Apart); // ≈0.70 from the edge
}

#[test]
fn circle_obb_box_holds_a_circle_touching_three_walls_and_a_rotated_one_holds_a_smaller_circle() {
    check(&circle(1.0, 0.0, 2.0), &obb(0.0, 0.0, 3.0, 2.0, 0.0), BHoldsA);
    check(&circle(0.0, 0.0, 1.9), &obb(0.0, 0.0, 3.0, 2.0, Q), BHoldsA);
    check(&circle(0.0, 0.0, 2.1), &obb(0.0, 0.0, 3.0, 2.0, Q), Meet);
}

#[test]
fn circle_obb_circle_holds_a_box_with_corners_on_its_rim() {
    check(&circle(0.0, 0.0, 5.0), &obb(0.0, 0.0, 3.0, 4.0, 0.0), AHoldsB);
    check(&circle(0.0, 0.0, 5.0), &obb(0.0, 0.0, 3.0, 4.01, 0.0), Meet);
}

#[test]
fn circle_obb_huge_and_tiny_edge_contacts() {
    check(&circle(3.0 * H, 0.0, H), &obb(0.0, 0.0, 2.0 * H, H, 0.0), Meet);
    check(&circle(3.0 * H + 200.0, 0.0, H), &obb(0.0, 0.0, 2.0 * H, H, 0.0), Apart);
    check(&circle(0.0, 0.0, T), &obb(2.0 * T, 0.0, T, T, 0.0), Meet);
    check(&circle(0.0, 0.0, T), &obb(2.0 * T + T / 256.0, 0.0, T, T, 0.0), Apart);
}

// ---------------------------------------------------------------- circle / capsule

#[test]
fn circle_capsule_touching_the_side_and_just_apart() {
    let k = cap(0.0, 0.0, 4.0, 0.0, 1.0);
    check(&circle(2.0, 3.0, 2.0), &k, Meet);
    check(&circle(2.0, 3.003, 2.0), &k, Apart);
}

#[test]
fn circle_capsule_touching_the_rounded_end_along_a_3_4_5_diagonal() {
    let k = cap(0.0, 0.0, 4.0, 0.0, 1.0);
    check(&circle(10.0, 8.0, 9.0), &k, Meet);
    check(&circle(10.0, 8.0, 8.99), &k, Apart);
}

#[test]
fn circle_capsule_capsule_holds_circles_touching_it_from_inside() {
    let k = cap(0.0, 0.0, 4.0, 0.0, 2.0);
    check(&circle(4.0, 1.0, 1.0), &k, BHoldsA);
    check(&circle(3.0, 0.0, 2.0), &k, BHoldsA);
    check(&circle(4.0, 1.002, 1.0), &k, Meet);
}

#[test]
fn circle_capsule_circle_holds_a_capsule_touching_its_rim_at_both_ends() {
    check(&circle(2.0, 0.0, 3.0), &cap(0.0, 0.0, 4.0, 0.0, 1.0), AHoldsB);
    check(&circle(2.0, 0.0, 2.99), &cap(0.0, 0.0, 4.0, 0.0, 1.0), Meet);
}

#[test]
fn circle_capsule_capsule_with_equal_ends_is_the_same_as_the_circle() {
    check(&circle(1.0, 2.0, 1.5), &cap(1.0, 2.0, 1.0, 2.0, 1.5), Same);
}

#[test]
fn circle_capsule_huge_and_tiny_side_contacts() {
    check(&circle(0.0, 2.0 * H, H), &cap(-H, 0.0, H, 0.0, H), Meet);
    check(&circle(0.0, 2.0 * H + 200.0, H), &cap(-H, 0.0, H, 0.0, H), Apart);
    check(&circle(0.0, 2.0 * T, T), &cap(-T, 0.0, T, 0.0, T), Meet);
    check(&circle(0.0, 2.0 * T + T / 256.0, T), &cap(-T, 0.0, T, 0.0, T), Apart);
}

// ---------------------------------------------------------------- circle / convex polygon

#[test]
fn circle_polygon_resting_on_an_edge_touches_and_just_off_does_not() {
    check(&circle(2.0, -1.0, 1.0), &tri(4.0), Meet);
    check(&circle(2.0, -1.002, 1.0), &tri(4.0), Apart);
}

#[test]
fn circle_polygon_touching_only_a_vertex_on_a_3_4_5_rim_point() {
    let p = poly(&[(3.0, 4.0), (6.0, 4.0), (3.0, 8.0)]);
    check(&circle(0.0, 0.0, 5.0), &p, Meet);
    check(&circle(0.0, 0.0, 4.99), &p, Apart);
}

#[test]
fn circle_polygon_near_a_45_degree_edge_misses_then_hits() {
    // (3,3) lies √2 ≈ 1.41421 from the hypotenuse x + y = 4.
    check(&circle(3.0, 3.0, 1.4), &tri(4.0), Apart);
    check(&circle(3.0, 3.0, 1.42), &tri(4.0), Meet);
}

#[test]
fn circle_polygon_house_holds_a_circle_touching_three_walls_and_a_circle_holds_its_inscribed_triangle() {
    let house = poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 6.0), (0.0, 4.0)]);
    check(&circle(2.0, 2.0, 2.0), &house, BHoldsA);
    check(&circle(2.0, 2.0, 2.002), &house, Meet);
    check(&circle(0.0, 0.0, 5.0), &poly(&[(5.0, 0.0), (-3.0, 4.0), (-3.0, -4.0)]), AHoldsB);
}

#[test]
fn circle_polygon_huge_vertex_contact_and_tiny_edge_contact() {
    let p = poly(&[(H, 0.0), (2.0 * H, -H), (2.0 * H, H)]);
    check(&circle(0.0, 0.0, H), &p, Meet);
    check(&circle(-200.0, 0.0, H), &p, Apart);
    check(&circle(T / 2.0, -T / 2.0, T / 2.0), &tri(T), Meet);
    check(&circle(T / 2.0, -T / 2.0 - T / 256.0, T / 2.0), &tri(T), Apart);
}

// ---------------------------------------------------------------- obb / obb

#[test]
fn obb_obb_unrotated_boxes_sharing_an_edge_collide_and_just_apart_do_not() {
    check(&obb(0.0, 0.0, 1.0, 1.0, 0.0), &obb(2.0, 0.0, 1.0, 1.0, 0.0), Meet);
    check(&obb(0.0, 0.0, 1.0, 1.0, 0.0), &obb(2.002, 0.0, 1.0, 1.0, 0.0), Apart);
}

#[test]
fn obb_obb_crossing_plus_sign_without_corner_inside_collides() {
    check(&obb(0.0, 0.0, 3.0, 1.0, 0.0), &obb(0.0, 0.0, 1.0, 3.0, 0.0), Meet);
    check(&obb(0.0, 0.0, 3.0, 1.0, 0.0), &obb(0.0, 0.0, 3.0, 1.0, FRAC_PI_2), Meet);
    check(&obb(0.0, 0.0, 3.0, 0.5, Q), &obb(0.0, 0.0, 3.0, 0.5, -Q), Meet);
}

#[test]
fn obb_obb_45_degree_squares_with_overlapping_bounding_boxes_are_apart_until_moved_closer() {
    let d = obb(0.0, 0.0, 1.0, 1.0, Q);
    check(&d, &obb(2.2, 2.2, 1.0, 1.0, Q), Apart);
    check(&d, &obb(1.3, 1.3, 1.0, 1.0, Q), Meet);
}

#[test]
fn obb_obb_big_diamond_holds_a_small_square_and_equal_unrotated_boxes_are_the_same() {
    check(&obb(0.0, 0.0, 4.0, 4.0, Q), &obb(0.0, 0.0, 1.0, 1.0, 0.0), AHoldsB);
    check(&obb(1.0, 2.0, 3.0, 1.0, 0.0), &obb(1.0, 2.0, 3.0, 1.0, 0.0), Same);
}

#[test]
fn obb_obb_huge_corner_contact_and_tiny_diamonds() {
    check(&obb(0.0, 0.0, H, H, 0.0), &obb(2.0 * H, 2.0 * H, H, H, 0.0), Meet);
    check(&obb(0.0, 0.0, H, H, 0.0), &obb(2.0 * H + 200.0, 2.0 * H, H, H, 0.0), Apart);
    check(&obb(0.0, 0.0, T, T, Q), &obb(3.0 * T, 0.0, T, T, Q), Apart);
    check(&obb(0.0, 0.0, T, T, Q), &obb(2.5 * T, 0.0, T, T, Q), Meet);
}

// ---------------------------------------------------------------- obb / capsule

#[test]
fn obb_capsule_lying_along_an_edge_touches_and_just_off_does_not() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&o, &cap(-2.0, 2.0, 2.0, 2.0, 1.0), Meet);
    check(&o, &cap(-2.0, 2.002, 2.0, 2.002, 1.0), Apart);
}

#[test]
fn obb_capsule_rounded_end_touching_only_the_corner_along_a_3_4_5_diagonal() {
    let o = obb(0.0, 0.0, 2.0, 1.0, 0.0);
    check(&o, &cap(5.0, 5.0, 5.0, 9.0, 5.0), Meet);
    check(&o, &cap(5.0, 5.01, 5.0, 9.0, 5.0), Apart);
}

#[test]
fn obb_capsule_vertical_capsule_beside_the_tip_of_a_45_degree_diamond() {
    let d = obb(0.0, 0.0, 1.0, 1.0, Q); // right tip at x = √2
    check(&d, &cap(1.6, -3.0, 1.6, 3.0, 0.1), Apart);
    check(&d, &cap(1.6, -3.0, 1.6, 3.0, 0.25), Meet);
}

#[test]
fn obb_capsule_box_holds_a_capsule_touching_all_sides_and_a_capsule_holds_a_box() {
    check(&obb(0.0, 0.0, 3.0, 1.0, 0.0), &cap(-2.0, 0.0, 2.0, 0.0, 1.0), AHoldsB);
    check(&obb(0.0, 0.0, 5.0, 4.0, 0.0), &cap(-2.0, 0.0, 2.0, 0.0, 5.0), BHoldsA);
    check(&obb(0.0, 0.0, 5.0, 4.01, 0.0), &cap(-2.0, 0.0, 2.0, 0.0, 5.0), Meet);
}

#[test]
fn obb_capsule_rotated_thin_bar_crossing_a_capsule_collides_with_no_corner_or_end_inside() {
    check(&obb(0.0, 0.0, 3.0, 0.5, Q), &cap(-3.0, 0.0, 3.0, 0.0, 0.25), Meet);
}

#[test]
fn obb_capsule_huge_edge_contact() {
    check(&obb(0.0, 0.0, H, H, 0.0), &cap(2.0 * H, -H, 2.0 * H, H, H), Meet);
    check(&obb(0.0, 0.0, H, H, 0.0), &cap(2.0 * H + 200.0, -H, 2.0 * H + 200.0, H, H), Apart);
}

// ---------------------------------------------------------------- obb / convex polygon

#[test]
fn obb_polygon_sharing_an_edge_collide_and_just_apart_do_not() {
    let o = obb(0.0, 0.0, 1.0, 1.0, 0.0);
    check(&o, &poly(&[(1.0, -1.0), (3.0, 0.0), (1.0, 1.0)]), Meet);
    check(&o, &poly(&[(1.002, -1.0), (3.0, 0.0), (1.002, 1.0)]), Apart);
}

#[test]
fn obb_polygon_triangle_in_the_bounding_box_corner_of_a_45_degree_diamond() {
    let d = obb(0.0, 0.0, 1.0, 1.0, Q); // |x| + |y| ≤ √2
    check(&d, &poly(&[(1.0, 1.0), (2.0, 1.0), (1.0, 2.0)]), Apart);
    check(&d, &poly(&[(0.6, 0.6), (2.0, 0.6), (0.6, 2.0)]), Meet);
}

#[test]
fn obb_polygon_box_holds_a_triangle_and_a_diamond_holds_boxes() {
    check(&obb(0.0, 0.0, 2.0, 2.0, 0.0), &poly(&[(-2.0, -2.0), (2.0, -2.0), (0.0, 2.0)]), AHoldsB);
    check(&obb(0.0, 0.0, 1.0, 1.0, 0.0), &diamond(0.0, 0.0, 2.0), BHoldsA); // corners on its edges
    check(&obb(0.0, 0.0, 1.0, 1.0, Q), &diamond(0.0, 0.0, 2.0), BHoldsA);
    check(&obb(0.0, 0.0, 1.0, 1.002, 0.0), &diamond(0.0, 0.0, 2.0), Meet);
}

#[test]
fn obb_polygon_plus_sign_of_a_box_and_a_polygon_bar_collides() {
    check(&obb(0.0, 0.0, 3.0, 0.5, 0.0), &vbar(0.5, 3.0), Meet);
    check(&obb(0.0, 0.0, 3.0, 0.25, Q), &vbar(0.25, 3.0), Meet);
}

#[test]
fn obb_polygon_huge_shared_edge() {
    let o = obb(0.0, 0.0, H, H, 0.0);
    check(&o, &poly(&[(H, -H), (3.0 * H, 0.0), (H, H)]), Meet);
    check(&o, &poly(&[(H + 100.0, -H), (3.0 * H, 0.0), (H + 100.0, H)]), Apart);
}

// ---------------------------------------------------------------- capsule / capsule

#[test]
fn capsule_capsule_parallel_sides_touch_and_just_apart_do_not() {
    check(&cap(0.0, 0.0, 4.0, 0.0, 1.0), &cap(0.0, 2.0, 4.0, 2.0, 1.0), Meet);
    check(&cap(0.0, 0.0, 4.0, 0.0, 1.0), &cap(0.0, 2.002, 4.0, 2.002, 1.0), Apart);
}

#[test]
fn capsule_capsule_rounded_ends_touch_end_to_end_and_along_a_3_4_5_diagonal() {
    check(&cap(0.0, 0.0, 4.0, 0.0, 1.0), &cap(6.0, 0.0, 9.0, 0.0, 1.0), Meet);
    check(&cap(0.0, 0.0, 4.0, 0.0, 2.0), &cap(7.0, 4.0, 7.0, 10.0, 3.0), Meet);
    check(&cap(0.0, 0.0, 4.0, 0.0, 2.0), &cap(7.0, 4.01, 7.0, 10.0, 3.0), Apart);
}

#[test]
fn capsule_capsule_crossing_x_collides_with_no_end_inside_the_other() {
    check(&cap(0.0, 0.0, 4.0, 4.0, 0.1), &cap(0.0, 4.0, 4.0, 0.0, 0.1), Meet);
}

#[test]
fn capsule_capsule_fat_capsule_holds_a_thin_one_touching_its_side_and_equal_ones_are_the_same() {
    check(&cap(0.0, 0.0, 10.0, 0.0, 2.0), &cap(1.0, 1.0, 9.0, 1.0, 1.0), AHoldsB);
    check(&cap(0.0, 0.0, 10.0, 0.0, 2.0), &cap(1.0, 1.002, 9.0, 1.002, 1.0), Meet);
    check(&cap(1.0, 2.0, 5.0, 7.0, 1.5), &cap(1.0, 2.0, 5.0, 7.0, 1.5), Same);
}

#[test]
fn capsule_capsule_parallel_45_degree_capsules_far_and_near() {
    let k = cap(0.0, 0.0, 4.0, 4.0, 0.5);
    check(&k, &cap(3.0, 0.0, 5.0, 2.0, 0.5), Apart); // axes 3/√2 ≈ 2.12 apart
    check(&k, &cap(2.0, 0.0, 4.0, 2.0, 1.0), Meet); // √2 < 1.5
}

#[test]
fn capsule_capsule_huge_and_tiny_contacts() {
    check(&cap(-H, 0.0, H, 0.0, H), &cap(-H, 2.0 * H, H, 2.0 * H, H), Meet);
    check(&cap(-H, 0.0, H, 0.0, H), &cap(-H, 2.0 * H + 200.0, H, 2.0 * H + 200.0, H), Apart);
    check(&cap(0.0, 0.0, T, 0.0, T), &cap(3.0 * T, 0.0, 4.0 * T, 0.0, T), Meet);
    check(&cap(0.0, 0.0, T, 0.0, T), &cap(3.0 * T + T / 256.0, 0.0, 4.0 * T, 0.0, T), Apart);
}

// ---------------------------------------------------------------- capsule / convex polygon

#[test]
fn capsule_polygon_lying_along_an_edge_touches_and_just_off_does_not() {
    check(&cap(0.0, -1.0, 4.0, -1.0, 1.0), &tri(4.0), Meet);
    check(&cap(0.0, -1.002, 4.0, -1.002, 1.0), &tri(4.0), Apart);
}

#[test]
fn capsule_polygon_rounded_end_touching_only_a_vertex_along_a_3_4_5_diagonal() {
    check(&cap(7.0, -4.0, 10.0, -4.0, 5.0), &tri(4.0), Meet);
    check(&cap(7.0, -4.01, 10.0, -4.01, 5.0), &tri(4.0), Apart);
}

#[test]
fn capsule_polygon_square_holds_a_capsule_touching_two_walls_and_a_capsule_holds_a_triangle() {
    let square = poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]);
    check(&cap(1.0, 2.0, 3.0, 2.0, 1.0), &square, BHoldsA);
    check(&cap(1.0, 2.0, 3.002, 2.0, 1.0), &square, Meet);
    check(&cap(0.0, 0.0, 10.0, 0.0, 5.0), &poly(&[(0.0, 5.0), (10.0, 5.0), (5.0, -5.0)]), AHoldsB);
}

#[test]
fn capsule_polygon_capsule_crossing_a_bar_collides_with_no_end_or_vertex_inside() {
    check(&cap(-3.0, 0.0, 3.0, 0.0, 0.5), &vbar(0.5, 3.0), Meet);
}

#[test]
fn capsule_polygon_45_degree_capsule_off_a_diamond_edge_misses_then_hits() {
    // (2,2) lies √2 from the diamond's edge x + y = 2.
    check(&cap(2.0, 2.0, 4.0, 4.0, 1.0), &diamond(0.0, 0.0, 2.0), Apart);
    check(&cap(2.0, 2.0, 4.0, 4.0, 1.5), &diamond(0.0, 0.0, 2.0), Meet);
}

#[test]
fn capsule_polygon_huge_edge_contact() {
    check(&cap(0.0, -H, H, -H, H), &tri(H), Meet);
    check(&cap(0.0, -H - 200.0, H, -H - 200.0, H), &tri(H), Apart);
}

// ---------------------------------------------------------------- convex polygon / convex polygon

#[test]
fn polygon_polygon_triangles_sharing_a_45_degree_edge_collide() {
    let upper = poly(&[(4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]);
    check(&tri(4.0), &upper, Meet);
    let moved = poly(&[(4.0078125, 0.0), (4.0078125, 4.0), (0.0078125, 4.0)]);
    check(&tri(4.0), &moved, Apart);
}

#[test]
fn polygon_polygon_diamonds_sharing_a_vertex_touch() {
    check(&diamond(0.0, 0.0, 1.0), &diamond(2.0, 0.0, 1.0), Meet);
    check(&diamond(0.0, 0.0, 1.0), &diamond(2.002, 0.0, 1.0), Apart);
}

#[test]
fn polygon_polygon_square_holds_its_half_triangle_and_equal_diamonds_are_the_same() {
    let square = poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]);
    check(&square, &tri(4.0), AHoldsB);
    check(&diamond(1.0, 1.0, 3.0), &diamond(1.0, 1.0, 3.0), Same);
    check(&diamond(0.0, 0.0, 2.0), &diamond(0.0, 0.0, 1.0), AHoldsB);
}

#[test]
fn polygon_polygon_crossing_plus_sign_of_bars_collides_with_no_vertex_inside() {
    let horizontal = poly(&[(-3.0, -0.5), (3.0, -0.5), (3.0, 0.5), (-3.0, 0.5)]);
    check(&horizontal, &vbar(0.5, 3.0), Meet);
}

#[test]
fn polygon_polygon_diagonal_diamonds_with_overlapping_bounding_boxes_apart_then_sharing_an_edge() {
    let d = diamond(0.0, 0.0, 1.0);
    check(&d, &diamond(1.2, 1.2, 1.0), Apart); // edges x + y = 1 and x + y = 1.4
    check(&d, &diamond(1.0, 1.0, 1.0), Meet); // both have the edge from (1,0) to (0,1)
}

#[test]
fn polygon_polygon_huge_and_tiny_vertex_contacts() {
    check(&diamond(0.0, 0.0, H), &diamond(2.0 * H, 0.0, H), Meet);
    check(&diamond(0.0, 0.0, H), &diamond(2.0 * H + 200.0, 0.0, H), Apart);
    check(&diamond(0.0, 0.0, T), &diamond(2.0 * T, 0.0, T), Meet);
    check(&diamond(0.0, 0.0, T), &diamond(2.0 * T + T / 256.0, 0.0, T), Apart);
}

#[test]

fn polygon_polygon_vertex_exactly_on_a_sloped_edge_touches() {
    // (1,3) is the midpoint of the edge (0,0)–(2,6); the other triangle lies in y ≤ 3 ≤ 3x.
    check(&sloped(), &poly(&[(1.0, 3.0), (4.0, 3.0), (4.0, 0.0)]), Meet);
}

#[test]

fn polygon_polygon_triangle_with_sloped_edges_contains_itself() {
    check(&sloped(), &sloped(), Same);
}

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

// ---------------------------------------------------------------- tiered

struct Sprite {
    local: Aabb,
    transform: Transform,
}

impl RectObject for Sprite {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        self.local
    }
}

fn sprite(local: Aabb, at: Vec2, rotation: f32) -> Sprite {
    Sprite { local, transform: Transform::from_translation_rotation_scale(at, rotation, Vec2::ONE) }
}

fn levels(a: &Sprite, b: &Sprite) -> [bool; 4] {
    [Level::Aabb, Level::Corners, Level::Sat, Level::Maximum].map(|l| collide(a, b, l))
}

#[test]
fn tiered_bounding_box_level_says_two_45_degree_squares_collide_when_only_their_boxes_overlap() {
    let unit = aabb(-1.0, -1.0, 1.0, 1.0);
    let (a, b) = (sprite(unit, v(0.0, 0.0), Q), sprite(unit, v(2.2, 2.2), Q));
    // World boxes [-√2, √2]² and [2.2 - √2, 2.2 + √2]² overlap; the diamonds are ≈1.11 apart.
    assert_eq!(levels(&a, &b), [true, false, false, false]);
    assert_eq!(levels(&b, &a), [true, false, false, false]);
    assert_eq!(collide_verdict(&a, &b, Level::Maximum).decided_by, Level::Sat);
}

#[test]
fn tiered_corner_level_says_a_plus_sign_is_apart_while_sat_and_maximum_see_it_collide() {
    let bar = aabb(-3.0, -1.0, 3.0, 1.0);
    let (a, b) = (sprite(bar, v(0.0, 0.0), 0.0), sprite(bar, v(0.0, 0.0), FRAC_PI_2));
    assert_eq!(levels(&a, &b), [true, false, true, true]);
    assert_eq!(levels(&b, &a), [true, false, true, true]);
    let verdict = collide_verdict(&a, &b, Level::Maximum);
    assert!(verdict.colliding);
    assert_eq!(verdict.decided_by, Level::Sat);
}

#[test]
fn tiered_corner_inside_or_on_an_edge_settles_a_collision_at_the_corner_level() {
    let sq = aabb(0.0, 0.0, 2.0, 2.0);
    let a = sprite(sq, v(0.0, 0.0), 0.0);
    for at in [v(1.0, 1.0), v(2.0, 0.0), v(2.0, 2.0)] {
        let b = sprite(sq, at, 0.0);
        assert_eq!(levels(&a, &b), [true; 4], "at {at:?}");
        let verdict = collide_verdict(&a, &b, Level::Maximum);
        assert!(verdict.colliding && verdict.decided_by == Level::Corners, "{verdict:?} at {at:?}");
    }
}

#[test]
fn tiered_boxes_apart_settle_every_level_at_the_bounding_box_level() {
    let sq = aabb(0.0, 0.0, 2.0, 2.0);
    let (a, b) = (sprite(sq, v(0.0, 0.0), 0.0), sprite(sq, v(2.002, 0.0), 0.0));
    assert_eq!(levels(&a, &b), [false; 4]);
    assert_eq!(collide_verdict(&a, &b, Level::Maximum).decided_by, Level::Aabb);
}

// ---------------------------------------------------------------- detectors

fn verdicts(a: &Shape, b: &Shape) -> [bool; 3] {
    let detectors: [&dyn Detector; 3] = [&BoundingBoxes, &BoundingCircles, &Exact];
    detectors.map(|d| d.detect(a, b))
}

#[test]
fn detectors_bounding_boxes_alone_see_a_ball_off_a_diamond_tip_as_colliding() {
    let diamond: Shape = obb(0.0, 0.0, 1.0, 1.0, Q).into();
    // Ball 0.84 from the diamond's edge; bounding circles √2 + 0.3 < 1.3√2 apart; boxes overlap.
    let ball: Shape = circle(1.3, 1.3, 0.3).into();
    assert_eq!(verdicts(&diamond, &ball), [true, false, false]);
    assert_eq!(verdicts(&ball, &diamond), [true, false, false]);
}

#[test]
fn detectors_bounding_circles_alone_see_a_short_segment_above_a_long_one_as_colliding() {
    let long: Shape = seg(-10.0, 0.0, 10.0, 0.0).into(); // circle of radius 10 around the origin
    let short: Shape = seg(0.0, 5.0, 1.0, 5.0).into();
    assert_eq!(verdicts(&long, &short), [false, true, false]);
    assert_eq!(verdicts(&short, &long), [false, true, false]);
}

#[test]
fn detectors_all_agree_on_a_circle_resting_on_a_box() {
    let b: Shape = aabb(0.0, 0.0, 2.0, 2.0).into();
    let c: Shape = circle(3.0, 1.0, 1.0).into();
    assert_eq!(verdicts(&b, &c), [true, true, true]);
    let far: Shape = circle(3.002, 1.0, 1.0).into();
    // Bounding circle of the box: radius √2 around (1,1), so 2.002 < √2 + 1 still overlaps.
    assert_eq!(verdicts(&b, &far), [false, true, false]);
}
