//! Capsules against capsules and convex polygons.

use super::*;

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
