//! The disc–polygon path held to the general path bit for bit, and hand cases at the edges.

use glam::Vec2;

use super::*;
use crate::query::contact::contact;
use crate::test_rng::signed_uniform;

/// Every bit of a contact, the unused point slot and the sign of zero included.
fn bits(c: Option<Contact>) -> String {
    format!("{c:?}")
}

#[test]
fn the_direct_path_is_the_general_path_bit_for_bit_at_every_scale() {
    let mut r = signed_uniform(0x6a09_e667_f3bc_c908);
    // Pairs the direct path answered itself: [apart, inside, outside within the radius].
    let mut answered = [0u32; 3];
    for scale in [1e-12f32, 1e-3, 1.0, 7.5, 1e4, 1e12] {
        for i in 0..12_000 {
            let v = |r: &mut dyn FnMut() -> f32| Vec2::new(r(), r()) * 3.0 * scale;
            let centre = v(&mut r);
            let gon = if i % 3 == 0 {
                // An irregular hull of a few points (a sliver now and then).
                let points: Vec<Vec2> = (0..3 + i % 7).map(|_| centre + v(&mut r)).collect();
                match ConvexPolygon::from_hull(&points) {
                    Ok(gon) => gon,
                    Err(_) => continue,
                }
            } else {
                ConvexPolygon::regular(3 + i % 10, centre, (1.2 + r()) * scale, r() * 3.2).unwrap()
            };
            let radius = (0.8 + 0.7 * r()) * scale * if i % 17 == 0 { 1e-6 } else { 1.0 };
            let vertices = gon.vertices();
            let k = i % vertices.len();
            let (v1, v2, n) = (vertices[k], vertices[(k + 1) % vertices.len()], gon.normals()[k]);
            let on_edge = v1 + (v2 - v1) * (0.5 + 0.5 * r());
            let corner_out = (n + gon.normals()[(k + vertices.len() - 1) % vertices.len()]).normalize();
            let at = match i % 7 {
                // Resting on a face, within a hair of touching either way.
                0 => on_edge + n * (radius + r() * 1e-6 * scale),
                // Within the radius of a face, or of a corner along its outward bisector.
                1 => on_edge + n * radius * (0.5 + 0.45 * r()),
                2 => v1 + corner_out * radius * (0.5 + 0.45 * r()),
                // A hair off the corner's reach.
                3 => v1 + corner_out * (radius + r() * 1e-6 * scale),
                // Just inside a face.
                4 => on_edge - n * (r().abs() * 0.2 * scale),
                // On a face's line to within rounding, either side: the exact test's to decide.
                5 => on_edge + n * (r() * 1e-7 * scale),
                _ => centre + v(&mut r) * 1.5,
            };
            let disc = Circle::new(at, radius).unwrap();
            let general = contact_general(ShapeRef::Circle(&disc), ShapeRef::ConvexPolygon(&gon));
            let swapped = contact_general(ShapeRef::ConvexPolygon(&gon), ShapeRef::Circle(&disc));
            let (fast, fast_swapped) = (disc_polygon(&disc, &gon, true), disc_polygon(&disc, &gon, false));
            assert_eq!(bits(fast), bits(general), "disc {disc:?}\npolygon {gon:?}");
            assert_eq!(bits(fast_swapped), bits(swapped), "swapped: disc {disc:?}\npolygon {gon:?}");
            match disc_polygon_directly(&disc, &gon) {
                Some(None) => answered[0] += 1,
                Some(Some(_)) if crate::query::contains::contains(&gon, &disc.center()) => answered[1] += 1,
                Some(Some(_)) => answered[2] += 1,
                None => {}
            }
        }
    }
    // The direct path answered most pairs of each kind itself: the comparison cannot pass by
    // leaving them all to the general path.
    assert!(answered.iter().all(|&n| n > 8_000), "{answered:?}");
}

/// The square `[-half, half]²`, its corners exact.
fn square(half: f32) -> ConvexPolygon {
    let corners = [Vec2::new(-half, -half), Vec2::new(half, -half), Vec2::new(half, half), Vec2::new(-half, half)];
    ConvexPolygon::new(&corners).unwrap()
}

#[test]
fn a_ball_resting_on_a_face_touches_and_a_hair_above_it_does_not() {
    // The ball on the top face of the square [-1, 1]².
    let floor = square(1.0);
    let resting = Circle::new(Vec2::new(0.25, 1.5), 0.5).unwrap();
    let c = contact(&resting, &floor).expect("touching is contact");
    assert_eq!((c.normal, c.depth), (Vec2::NEG_Y, 0.0));
    let above = Circle::new(Vec2::new(0.25, 1.5001), 0.5).unwrap();
    assert_eq!(contact(&above, &floor), None);
    // Sunk by a quarter: pushed out by a quarter, the point on the ball the deepest.
    let sunk = Circle::new(Vec2::new(0.25, 1.25), 0.5).unwrap();
    let c = contact(&sunk, &floor).unwrap();
    assert_eq!(contact_circle_polygon(&sunk, &floor), Some(c), "the pair's own function");
    assert_eq!((c.normal, c.depth, c.points()[0].point_a), (Vec2::NEG_Y, 0.25, Vec2::new(0.25, 0.75)));
}

#[test]
fn a_ball_off_a_corner_is_pushed_along_the_line_from_the_corner() {
    let block = square(1.0);
    let ball = Circle::new(Vec2::new(1.5, 1.5), 1.0).unwrap();
    let c = contact(&ball, &block).unwrap();
    let gap = std::f32::consts::SQRT_2 * 0.5;
    assert!((c.depth - (1.0 - gap)).abs() < 1e-6, "{c:?}");
    assert!(c.normal.distance(Vec2::new(-1.0, -1.0).normalize()) < 1e-6, "{c:?}");
    assert_eq!(c.points()[0].point_b, Vec2::ONE, "the corner itself");
    // Beyond its reach along the diagonal: none.
    assert_eq!(contact(&Circle::new(Vec2::new(1.8, 1.8), 1.0).unwrap(), &block), None);
}

#[test]
fn a_ball_whose_centre_is_inside_leaves_through_the_nearest_face() {
    let block = square(1.0);
    let ball = Circle::new(Vec2::new(0.7, -0.2), 0.5).unwrap();
    let c = contact(&ball, &block).unwrap();
    assert_eq!(c.normal, Vec2::NEG_X, "out through +x, the polygon pushed the other way");
    assert!((c.depth - 0.8).abs() < 1e-6, "{c:?}");
    // The other order is the same contact flipped.
    let d = contact(&block, &ball).unwrap();
    assert_eq!((d.normal, d.depth, d.points()[0].point_a), (Vec2::X, c.depth, c.points()[0].point_b));
}

#[test]
fn the_answers_scale_with_the_shapes_from_tiny_to_huge() {
    for scale in [1e-12f32, 1e12] {
        let block = ConvexPolygon::new(&[Vec2::ZERO, Vec2::X * scale, Vec2::new(1.0, 1.0) * scale]).unwrap();
        let ball = Circle::new(Vec2::new(0.5, -0.25) * scale, 0.5 * scale).unwrap();
        let c = contact(&ball, &block).expect("a quarter deep");
        assert_eq!(c.normal, Vec2::Y);
        assert!((c.depth / scale - 0.25).abs() < 1e-6, "{c:?}");
    }
}
