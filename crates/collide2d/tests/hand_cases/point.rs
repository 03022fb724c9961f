//! Points against every kind: point, segment, box, circle, oriented box, capsule and convex polygon.

use super::*;

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
