//! Circles against circles, oriented boxes, capsules and convex polygons.

use super::*;

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
