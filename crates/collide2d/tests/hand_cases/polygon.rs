//! Convex polygons against convex polygons.

use super::*;

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
