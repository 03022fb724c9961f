//! Segments against segments, boxes, circles, oriented boxes, capsules and convex polygons.

use super::*;

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
