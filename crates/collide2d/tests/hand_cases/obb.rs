//! Oriented boxes against oriented boxes, capsules and convex polygons.

use std::f32::consts::FRAC_PI_2;

use super::*;

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
