//! Axis-aligned boxes against boxes, circles, oriented boxes, capsules and convex polygons.

use super::*;

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
