//! Unit tests of building polygons: validation, winding, pieces and their flags, from other
//! shapes, point membership and equality.

use super::*;

pub(super) fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The square with corner `(x0, y0)` and side `s`, counter-clockwise.
pub(super) fn square(x0: f32, y0: f32, s: f32) -> Vec<Vec2> {
    vec![v(x0, y0), v(x0 + s, y0), v(x0 + s, y0 + s), v(x0, y0 + s)]
}

/// A 3 × 3 square with a 1 × 2 notch cut down from the middle of its top.
fn u_shape() -> Polygon {
    Polygon::new(&[
        v(0.0, 0.0),
        v(3.0, 0.0),
        v(3.0, 3.0),
        v(2.0, 3.0),
        v(2.0, 1.0),
        v(1.0, 1.0),
        v(1.0, 3.0),
        v(0.0, 3.0),
    ])
    .unwrap()
}

fn parts_area(p: &Polygon) -> f32 {
    p.convex_parts().iter().map(|c| c.area()).sum()
}

#[test]
fn u_shape_is_concave_and_its_pieces_cover_it_exactly() {
    let u = u_shape();
    assert_eq!(u.area(), 7.0);
    assert!((parts_area(&u) - 7.0).abs() < 1e-5);
    assert!(u.convex_parts().len() >= 3);
    assert!(u.contains_point(v(0.5, 2.5)) && !u.contains_point(v(1.5, 2.0)) && u.contains_point(v(1.5, 1.0)));
}

#[test]
fn the_hull_is_the_outlines_whether_one_piece_or_many() {
    let u = u_shape();
    let mut corners = u.hull().expect("a hull").vertices().to_vec();
    corners.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    assert_eq!(corners, [v(0.0, 0.0), v(0.0, 3.0), v(3.0, 0.0), v(3.0, 3.0)]);
    // One convex piece is its own hull, stored once.
    let square = Polygon::new(&square(1.0, 2.0, 3.0)).unwrap();
    assert_eq!(square.convex_parts().len(), 1);
    assert_eq!(square.hull().expect("a hull").vertices(), square.convex_parts()[0].vertices());
    assert!(square.derived().hull.is_none());
}

#[test]
fn winding_is_normalised_and_straight_and_repeated_vertices_dropped() {
    let cw = Polygon::new(&[v(0.0, 0.0), v(0.0, 2.0), v(0.0, 2.0), v(2.0, 2.0), v(2.0, 1.0), v(2.0, 0.0), v(1.0, 0.0)])
        .unwrap();
    assert_eq!(cw.outline().len(), 4);
    assert_eq!(cw.area(), 4.0);
    let frame = Polygon::with_holes(&square(0.0, 0.0, 4.0), &[square(1.0, 1.0, 2.0)]).unwrap();
    // The hole is stored clockwise: its signed area is negative.
    assert!(crate::shape::twice_signed_area(frame.holes()[0].iter().copied()) < 0.0);
    assert_eq!(frame.area(), 12.0);
    assert!((parts_area(&frame) - 12.0).abs() < 1e-5);
    assert_eq!(frame.centroid(), v(2.0, 2.0));
}

#[test]
fn bow_tie_is_refused_naming_the_crossing_edges() {
    let e = Polygon::new(&[v(0.0, 0.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 2.0)]).unwrap_err();
    let ShapeError::SelfIntersecting { first, second } = e else { panic!("{e}") };
    let mut edges = [first.edge, second.edge];
    edges.sort();
    assert_eq!(edges, [0, 2], "{e}");
    assert!(e.to_string().contains("outline edge"), "{e}");
}

#[test]
fn holes_must_lie_inside_the_outline_and_apart() {
    let outline = square(0.0, 0.0, 10.0);
    let e = Polygon::with_holes(&outline, &[square(20.0, 0.0, 1.0)]).unwrap_err();
    assert_eq!(e, ShapeError::HoleOutside { hole: 0 });
    let crossing = Polygon::with_holes(&outline, &[square(8.0, 2.0, 4.0)]).unwrap_err();
    assert!(matches!(crossing, ShapeError::SelfIntersecting { .. }), "{crossing}");
    assert!(crossing.to_string().contains("hole 0"), "{crossing}");
    let nested = Polygon::with_holes(&outline, &[square(1.0, 1.0, 8.0), square(4.0, 4.0, 1.0)]).unwrap_err();
    assert_eq!(nested, ShapeError::NestedHole { hole: 1, container: 0 });
    let touching = Polygon::with_holes(&outline, &[square(0.0, 4.0, 2.0)]).unwrap_err();
    assert!(matches!(touching, ShapeError::SelfIntersecting { .. }), "{touching}");
}

#[test]
fn degenerate_outlines_are_refused() {
    assert!(Polygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]).is_err());
    assert!(Polygon::new(&[v(0.0, 0.0), v(1.0, 0.0)]).is_err());
    let e = Polygon::new(&[v(0.0, 0.0), v(1.0, f32::NAN), v(0.0, 1.0)]).unwrap_err();
    assert!(e.to_string().contains("outline vertex 1"), "{e}");
}

#[test]
fn boundary_points_are_inside_and_hole_interiors_are_not() {
    let frame = Polygon::with_holes(&square(0.0, 0.0, 4.0), &[square(1.0, 1.0, 2.0)]).unwrap();
    for p in [v(0.0, 0.0), v(4.0, 2.0), v(1.0, 2.0), v(2.0, 3.0), v(0.5, 0.5)] {
        assert!(frame.contains_point(p), "{p}");
    }
    for p in [v(2.0, 2.0), v(-0.1, 2.0), v(5.0, 5.0), v(f32::NAN, 1.0)] {
        assert!(!frame.contains_point(p), "{p}");
    }
}

#[test]
fn a_200_point_star_decomposes_into_pieces_covering_it() {
    let star: Vec<Vec2> = (0..200)
        .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / 200.0) * if i % 2 == 0 { 10.0 } else { 4.0 })
        .collect();
    let p = Polygon::new(&star).unwrap();
    assert!((parts_area(&p) - p.area()).abs() < 1e-3 * p.area());
    assert!(p.convex_parts().len() <= 200);
}

/// Hertel–Mehlhorn keeps a diagonal only where removing it would open a reflex corner: no two
/// pieces that share an edge make a convex union. Checked with the exact orientation test at
/// both ends of every shared edge; returns how many shared edges there were.
fn assert_no_two_pieces_could_be_one(p: &Polygon) -> usize {
    let key = |a: Vec2, b: Vec2| (a.x.to_bits(), a.y.to_bits(), b.x.to_bits(), b.y.to_bits());
    // Each piece's directed edge a → b, with the piece and the vertices before a and after b.
    let mut edges = std::collections::HashMap::new();
    for (i, piece) in p.convex_parts().iter().enumerate() {
        let (vs, n) = (piece.vertices(), piece.vertices().len());
        for k in 0..n {
            edges.insert(key(vs[k], vs[(k + 1) % n]), (i, vs[(k + n - 1) % n], vs[(k + 2) % n]));
        }
    }
    let mut shared = 0;
    for piece in p.convex_parts() {
        let (vs, n) = (piece.vertices(), piece.vertices().len());
        for k in 0..n {
            let (a, b, before_a, after_b) = (vs[k], vs[(k + 1) % n], vs[(k + n - 1) % n], vs[(k + 2) % n]);
            let Some(&(_, before_b, after_a)) = edges.get(&key(b, a)) else { continue };
            shared += 1;
            // The union's corners at a and b, where the two pieces meet.
            let convex_at_a = orient2d(before_a, a, after_a) >= 0.0;
            let convex_at_b = orient2d(before_b, b, after_b) >= 0.0;
            assert!(!(convex_at_a && convex_at_b), "the pieces on either side of {a} → {b} make one convex piece");
        }
    }
    shared / 2
}

/// The pieces tile the polygon: of `samples` points spread over its bounds (from a fixed
/// generator), each one not within a thousandth of its size of a piece's edge lies in exactly
/// one piece if the polygon holds it, and in none if not.
fn assert_pieces_tile(p: &Polygon, samples: usize) {
    let (lo, size) = (p.aabb().min(), p.aabb().max() - p.aabb().min());
    let gap = 1e-3 * size.length();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut unit = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    for _ in 0..samples {
        let q = lo + size * v(unit(), unit());
        let edges = || {
            p.convex_parts().iter().flat_map(|c| {
                let vs = c.vertices();
                (0..vs.len()).map(move |i| (vs[i], vs[(i + 1) % vs.len()]))
            })
        };
        let near = |(a, b): (Vec2, Vec2)| {
            let t = ((q - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            (a + (b - a) * t).distance(q) < gap
        };
        if edges().any(near) {
            continue;
        }
        let holding =
            p.convex_parts().iter().filter(|c| c.normals().iter().zip(c.vertices()).all(|(n, a)| n.dot(q - *a) < 0.0));
        assert_eq!(holding.count(), usize::from(p.contains_point(q)), "{q}");
    }
}

#[test]
fn an_l_that_hertel_mehlhorn_leaves_in_three_pieces_is_cut_into_two() {
    // Removing its triangulation's diagonals longest first leaves two small triangles beside a
    // large one, none of which joins a neighbour convexly; the three together are cut in two
    // by one diagonal from the reflex corner.
    let l = Polygon::new(&[v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 0.0), v(0.0, 0.0), v(0.0, 1.0), v(-1.0, 1.0)]).unwrap();
    assert_eq!(l.convex_parts().len(), 2);
    assert_pieces_tile(&l, 2000);
}

#[test]
fn pieces_are_merged_until_every_diagonal_left_holds_a_reflex_corner() {
    // One reflex corner: two pieces. Two (the U): three, the fewest possible.
    let l_shape =
        Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 1.0), v(1.0, 1.0), v(1.0, 4.0), v(0.0, 4.0)]).unwrap();
    assert_eq!(l_shape.convex_parts().len(), 2);
    assert_eq!(assert_no_two_pieces_could_be_one(&l_shape), 1);
    assert_eq!(u_shape().convex_parts().len(), 3);
    assert_eq!(assert_no_two_pieces_could_be_one(&u_shape()), 2);
    let star: Vec<Vec2> = (0..40)
        .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / 40.0) * if i % 2 == 0 { 10.0 } else { 4.0 })
        .collect();
    let star = Polygon::new(&star).unwrap();
    assert!(assert_no_two_pieces_could_be_one(&star) > 0);
    // A square frame with a square hole: its pieces meet at eight diagonals or fewer.
    let frame = Polygon::with_holes(&square(0.0, 0.0, 6.0), &[square(2.0, 2.0, 2.0)]).unwrap();
    assert!(frame.convex_parts().len() <= 8, "{}", frame.convex_parts().len());
    assert!(assert_no_two_pieces_could_be_one(&frame) > 0);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 128, ..Default::default() })]

    /// On star-shaped outlines of random radii, with or without a hole at the centre.
    #[test]
    fn no_two_pieces_sharing_an_edge_could_be_one(
        radii in proptest::collection::vec(2.0f32..10.0, 5..40),
        hole in proptest::bool::ANY,
    ) {
        let n = radii.len();
        let outline: Vec<Vec2> =
            radii.iter().enumerate().map(|(i, r)| Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * *r).collect();
        let holes = if hole { vec![square(-0.5, -0.5, 1.0)] } else { Vec::new() };
        let p = Polygon::with_holes(&outline, &holes).unwrap();
        proptest::prop_assert!((parts_area(&p) - p.area()).abs() < 1e-3 * p.area());
        assert_no_two_pieces_could_be_one(&p);
        assert_pieces_tile(&p, 300);
    }
}

#[test]
fn a_move_that_keeps_every_vertex_apart_maps_the_polygon_without_rebuilding_it() {
    let moved = u_shape().transformed(&Transform::from_translation_rotation_scale(v(3.0, -2.0), 0.7, Vec2::splat(2.0)));
    assert!(moved.unwrap().data.source.is_some(), "rebuilt from scratch");
}

#[test]
fn placed_pieces_keep_unit_outward_normals_at_every_scale() {
    // The normals are mapped, not recomputed: check them against their edges, under a plain
    // move, a shrink, a mirror and scales whose squares overflow or underflow f32.
    let u = u_shape();
    let moves = [
        Transform::from_translation(v(5.0, -3.0)),
        Transform::from_scale(Vec2::splat(0.5)),
        Transform::from_translation_rotation_scale(v(1.0, 2.0), 0.3, Vec2::splat(1e20)),
        Transform::from_translation_rotation_scale(Vec2::ZERO, -1.1, Vec2::splat(1e-20)),
        Transform::from_scale(v(-3.0, 3.0)),
    ];
    for t in &moves {
        let moved = u.transformed(t).unwrap();
        assert!(moved.data.source.is_some(), "{t:?} rebuilt the polygon");
        assert_eq!(moved.convex_parts().len(), u.convex_parts().len());
        for piece in moved.convex_parts() {
            let vertices = piece.vertices();
            for (k, normal) in piece.normals().iter().enumerate() {
                let edge = (vertices[(k + 1) % vertices.len()] - vertices[k]).as_dvec2().normalize();
                let expected = glam::DVec2::new(edge.y, -edge.x);
                assert!((normal.as_dvec2() - expected).length() < 1e-5, "{t:?}: normal {normal} of edge {edge}");
            }
        }
    }
}

#[test]
fn placed_pieces_keep_their_exact_normals_where_the_placed_corners_round() {
    // Scaled 1e20 and moved 1e24 out (or 1e-20 and 1e-16), the corners round to about 1e-3 of
    // the edges' length, and so would a normal taken from a placed edge. The mapped normal is
    // the source's turned by 0.3, to f32 precision, at any size: the map is rescaled to entries
    // near 1 before it is applied, where its own entries would overflow or underflow f32.
    let (turn, u) = (0.3f64, u_shape());
    let (sin, cos) = (turn as f32 as f64).sin_cos();
    for (scale, out) in [(1e20f32, 1e24f32), (1e-20, 1e-16)] {
        let t = Transform::from_translation_rotation_scale(v(out, -out), turn as f32, Vec2::splat(scale));
        let moved = u.transformed(&t).unwrap();
        assert!(moved.data.source.is_some(), "{t:?} rebuilt the polygon");
        for (placed, piece) in moved.convex_parts().iter().zip(u.convex_parts()) {
            assert_eq!(placed.normals().len(), piece.normals().len());
            for (mapped, normal) in placed.normals().iter().zip(piece.normals()) {
                let n = normal.as_dvec2();
                let expected = glam::DVec2::new(cos * n.x - sin * n.y, sin * n.x + cos * n.y);
                assert!((mapped.as_dvec2() - expected).length() < 1e-6, "{t:?}: normal {mapped}, expected {expected}");
            }
        }
    }
}

#[test]
fn a_piece_that_loses_a_corner_to_rounding_keeps_one_flag_per_vertex() {
    // The bottom edge bends down by a hair at x = 3: a convex corner so flat that rotating it
    // rounds it straight or reflex at some angles, and the placed piece drops it.
    let bent = Polygon::new(&[
        v(0.0, 0.0),
        v(3.0, -1e-6),
        v(6.0, 0.0),
        v(6.0, 3.0),
        v(4.0, 3.0),
        v(4.0, 1.0),
        v(2.0, 1.0),
        v(2.0, 3.0),
        v(0.0, 3.0),
    ])
    .unwrap();
    let corners = |p: &Polygon| p.convex_parts().iter().map(|c| c.vertices().len()).sum::<usize>();
    let (mut dropped, mut straight) = (0, 0);
    for k in 0..200 {
        let t = Transform::from_translation_rotation_scale(v(1000.0, 1000.0), k as f32 * 0.0314, Vec2::ONE);
        let moved = bent.transformed(&t).unwrap();
        let bend = moved.outline()[0..3].to_vec();
        straight += usize::from(orient2d(bend[0], bend[1], bend[2]) == 0.0);
        assert_eq!(moved.part_flags().len(), corners(&moved), "at angle {k}");
        dropped += usize::from(corners(&moved) < corners(&bent));
        // Every piece is kept, strictly convex, and they still cover the polygon.
        assert_eq!(moved.convex_parts().len(), bent.convex_parts().len(), "at angle {k}");
        for piece in moved.convex_parts() {
            let ring = piece.vertices();
            let n = ring.len();
            assert!((0..n).all(|i| orient2d(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]) > 0.0), "at angle {k}");
        }
        assert!((parts_area(&moved) - bent.area()).abs() < 1e-4 * bent.area(), "at angle {k}");
    }
    assert!(dropped > 0, "no angle rounded the corner away: the test checks nothing");
    assert!(straight > 0, "no angle rounded the corner exactly straight: the test checks nothing");
}

#[test]
fn a_move_that_spreads_the_vertices_past_f32s_range_is_refused() {
    // Every vertex lands at ±3e38, finite, but the polygon spans 6e38, which f32 cannot hold.
    let centred = Polygon::new(&square(-1.0, -1.0, 2.0)).unwrap();
    let e = centred.transformed(&Transform::from_scale(Vec2::splat(3e38))).unwrap_err();
    assert_eq!(e, crate::shape::overflowed(NAME));
}

#[test]
fn transformed_polygon_keeps_its_shape_and_mirroring_rewinds() {
    let u = Polygon::with_holes(&square(0.0, 0.0, 4.0), &[square(1.0, 1.0, 2.0)]).unwrap();
    let m = u.transformed(&Transform::from_scale(v(-2.0, 1.0))).unwrap();
    assert_eq!(m.area(), 24.0);
    assert!(m.contains_point(v(-1.0, 2.0)) && !m.contains_point(v(-4.0, 2.0)));
    assert!(u.transformed(&Transform::from_scale(v(0.0, 1.0))).is_err());
}

#[test]
fn a_chord_error_gives_the_fewest_segments_that_meet_it_up_to_the_limit() {
    // 10 (1 − cos(π / 22)) > 0.1 ≥ 10 (1 − cos(π / 23)).
    assert_eq!(CurveDetail::MaxChordError(0.1).segments(10.0), Ok(23));
    assert_eq!(CurveDetail::MaxChordError(0.1).segments(1000.0), Ok(223));
    assert_eq!(CurveDetail::MaxChordError(7.0).segments(10.0), Ok(3), "a triangle strays less than 7");
    // Just under the error of 4096 segments is allowed; just under that of 4097 is not.
    let just_under = |n: f64| (1.0 - (std::f64::consts::PI / (n - 0.5)).cos()) as f32;
    assert_eq!(CurveDetail::MaxChordError(just_under(4096.0)).segments(1.0), Ok(4096));
    let e = CurveDetail::MaxChordError(just_under(4097.0)).segments(1.0).unwrap_err();
    assert!(e.to_string().contains("4096 segments"), "{e}");
    assert_eq!(CurveDetail::Segments(4096).segments(1.0), Ok(4096));
    assert!(CurveDetail::Segments(4097).segments(1.0).is_err() && CurveDetail::Segments(2).segments(1.0).is_err());
}

#[test]
fn a_disc_becomes_a_regular_polygon_with_its_vertices_on_the_circle() {
    let centre = v(5.0, -3.0);
    let disc = crate::shape::Circle::new(centre, 2.0).unwrap();
    // An odd count, so that a polygon turned half a turn is told apart.
    let p = Polygon::from_shape(&disc.into(), CurveDetail::Segments(5)).unwrap();
    assert_eq!(p.outline().len(), 5);
    let step = std::f32::consts::TAU / 5.0;
    for q in p.outline() {
        let d = *q - centre;
        assert!((d.length() - 2.0).abs() < 1e-5, "{q} is off the circle");
        // A vertex every 72°, starting on the +x axis.
        let turns = d.y.atan2(d.x) / step;
        assert!((turns - turns.round()).abs() < 1e-5, "{q} is not at a multiple of 72°");
    }
    // Five triangles of two radii and the angle between them.
    let expected = 5.0 * 0.5 * 4.0 * step.sin();
    assert!((p.area() - expected).abs() < 1e-4, "{} against {expected}", p.area());
}

#[test]
fn a_capsule_becomes_its_two_half_discs_joined_along_its_sides() {
    let (a, b, r) = (v(1.0, 1.0), v(7.0, 9.0), 2.0);
    let capsule = crate::shape::Capsule::new(a, b, r).unwrap();
    // 8 segments a full turn: 4 on each end's half circle, so 5 vertices each.
    let p = Polygon::from_shape(&capsule.into(), CurveDetail::Segments(8)).unwrap();
    assert_eq!(p.outline().len(), 10);
    let axis = (b - a).normalize();
    for q in p.outline() {
        let around_b = ((*q - b).length() - r).abs() < 1e-5 && (*q - b).dot(axis) > -1e-5;
        let around_a = ((*q - a).length() - r).abs() < 1e-5 && (*q - a).dot(axis) < 1e-5;
        assert!(around_b || around_a, "{q} is on neither end's outer half circle");
    }
    // The 2r × 10 body and two half octagons (4 triangles of angle 45° each).
    let expected = 2.0 * r * 10.0 + 2.0 * 4.0 * 0.5 * r * r * std::f32::consts::FRAC_PI_4.sin();
    assert!((p.area() - expected).abs() < 1e-3, "{} against {expected}", p.area());
    // A zero-length capsule is a disc, started on the +x axis like one.
    let dot = crate::shape::Capsule::new(a, a, r).unwrap();
    let p = Polygon::from_shape(&dot.into(), CurveDetail::Segments(6)).unwrap();
    assert_eq!(p.outline().len(), 6);
    assert!(p.outline().iter().any(|q| (*q - (a + v(r, 0.0))).length() < 1e-5), "{:?}", p.outline());
}

#[test]
fn polygons_are_equal_when_their_rings_are() {
    let a = Polygon::new(&square(0.0, 0.0, 1.0)).unwrap();
    assert_eq!(a, a.clone());
    assert_eq!(a, Polygon::new(&square(0.0, 0.0, 1.0)).unwrap(), "built twice from the same vertices");
    assert_ne!(a, Polygon::new(&square(0.0, 0.0, 2.0)).unwrap());
    let frame = Polygon::with_holes(&square(0.0, 0.0, 4.0), &[square(1.0, 1.0, 1.0)]).unwrap();
    assert_ne!(frame, Polygon::new(&square(0.0, 0.0, 4.0)).unwrap(), "the same outline without the hole");
}

/// The U shape's pieces' flags checked against the rings: an edge is on the
/// boundary if it is one of the polygon's edges, a corner convex if the ring turns left there.
#[test]
fn each_pieces_flags_say_which_edges_are_boundary_and_which_corners_convex() {
    let u = u_shape();
    let frame = Polygon::with_holes(&square(0.0, 0.0, 4.0), &[vec![v(1.0, 1.0), v(2.0, 3.0), v(3.0, 1.0)]]).unwrap();
    let mirror = Transform::from_scale(v(-1.0, 2.0));
    for p in [u.transformed(&mirror).unwrap(), frame.transformed(&mirror).unwrap(), u, frame] {
        let rings: Vec<Vec<Vec2>> = std::iter::once(p.outline().to_vec()).chain(p.holes().iter().cloned()).collect();
        let convex_at = |q: Vec2| {
            rings.iter().find_map(|ring| {
                let n = ring.len();
                let i = ring.iter().position(|x| *x == q)?;
                Some(orient2d(ring[(i + n - 1) % n], q, ring[(i + 1) % n]) > 0.0)
            })
        };
        let flags = p.part_flags();
        assert_eq!(flags.len(), p.convex_parts().iter().map(|c| c.vertices().len()).sum::<usize>());
        let mut k = 0;
        for piece in p.convex_parts() {
            let vs = piece.vertices();
            for (i, &q) in vs.iter().enumerate() {
                let edge = (q, vs[(i + 1) % vs.len()]);
                assert_eq!(flags[k] & ON_BOUNDARY != 0, p.edges().contains(&edge), "edge {edge:?} of {vs:?}");
                assert_eq!(Some(flags[k] & CONVEX_CORNER != 0), convex_at(q), "corner {q} of {vs:?}");
                k += 1;
            }
        }
    }
}

#[test]
fn the_interior_point_is_inside_wherever_the_polygon_is_placed() {
    // Built away from the origin, where a default point would be outside.
    let u = Polygon::new(&u_shape().outline().iter().map(|p| *p + v(100.0, 50.0)).collect::<Vec<_>>()).unwrap();
    let frame = Polygon::with_holes(&square(-40.0, 7.0, 4.0), &[square(-39.0, 8.0, 2.0)]).unwrap();
    let turn = Transform::from_translation_rotation_scale(v(-30.0, 20.0), 0.5, Vec2::splat(3.0));
    for p in [u.transformed(&turn).unwrap(), frame.transformed(&turn).unwrap(), u, frame] {
        let q = p.interior_point();
        assert!(p.contains_point(q), "{q} is not in {:?}", p.outline());
        assert!(!p.edges().iter().any(|&(a, b)| point_on_segment(q, a, b)), "{q} is on the boundary");
    }
}

/// Rays to +x through vertices count as one crossing, or none, as they pass through or touch.
#[test]
fn a_point_whose_ray_runs_through_vertices_is_told_inside_or_out() {
    let diamond = Polygon::new(&[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]).unwrap();
    for p in [v(-0.5, 0.0), v(0.5, 0.0), v(0.0, 0.0), v(0.0, 0.5), v(0.0, -0.5)] {
        assert!(diamond.contains_point(p), "{p}");
    }
    for p in [v(-2.0, 0.0), v(2.0, 0.0), v(-2.0, 1.0), v(-2.0, -1.0), v(0.9, 0.9)] {
        assert!(!diamond.contains_point(p), "{p}");
    }
    // A zigzag top: rays through a peak (touching) and a valley (passing) of it.
    let zigzag = Polygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(6.0, 2.0), v(4.0, 4.0), v(2.0, 2.0), v(0.0, 4.0)]).unwrap();
    for (p, inside) in [
        (v(-1.0, 4.0), false),
        (v(1.0, 2.0), true),
        (v(-1.0, 2.0), false),
        (v(3.0, 3.0), true),
        (v(1.0, 2.5), true),
        (v(0.2, 3.5), true),
    ] {
        assert_eq!(zigzag.contains_point(p), inside, "{p}");
    }
}

#[test]
fn a_ring_closed_by_repeating_its_first_vertex_and_spikes_are_cleaned_away() {
    let mut closed = square(0.0, 0.0, 2.0);
    closed.push(closed[0]);
    assert_eq!(Polygon::new(&closed).unwrap().outline().len(), 4);
    // A zero-width spike at the first corner: dropping its tip leaves the corner twice.
    let spiked = [v(0.0, 0.0), v(-1.0, -1.0), v(0.0, 0.0), v(4.0, 0.0), v(0.0, 4.0)];
    assert_eq!(Polygon::new(&spiked).unwrap().outline().len(), 3);
    // Spikes at every vertex of a straight line: the tips go, then the repeats, then the line.
    let line = [(0.0, -1.0), (1.0, 1.0), (3.0, 1.0)]
        .into_iter()
        .enumerate()
        .flat_map(|(i, (tip_x, tip_y))| [v(i as f32, 0.0), v(tip_x, tip_y), v(i as f32, 0.0)])
        .collect::<Vec<_>>();
    let e = Polygon::new(&line).unwrap_err();
    assert!(matches!(e, ShapeError::Collinear { .. }), "{e}");
    // Three spikes from one point: one pass drops the three tips and leaves that point three
    // times, so a further pass is still needed to find that nothing encloses an area.
    let (hub, tips) = (v(0.0, 1.0), [v(1.0, 0.0), v(0.0, 2.0), v(2.0, 1.0)]);
    let star = tips.iter().flat_map(|&tip| [hub, tip]).collect::<Vec<_>>();
    assert_eq!(Polygon::new(&star).unwrap_err(), ShapeError::Collinear { shape: NAME, count: 6 });
}

#[test]
fn too_few_and_collinear_vertices_are_told_apart() {
    let p = v(1.0, 2.0);
    let none = ShapeError::TooFewVertices { shape: NAME, found: 1, needed: 3 };
    assert_eq!(Polygon::new(&[p, p, p, p]).unwrap_err(), none);
    let two = ShapeError::TooFewVertices { shape: NAME, found: 2, needed: 3 };
    assert_eq!(Polygon::new(&[p, v(3.0, 2.0), p]).unwrap_err(), two);
    assert_eq!(
        Polygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(3.0, 3.0)]).unwrap_err(),
        ShapeError::Collinear { shape: NAME, count: 3 }
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 256, ..Default::default() })]

    /// Any capsule, long, zero-length or with an axis at rounding scale, becomes a polygon whose
    /// vertices lie on its curve and whose area lies between its body plus two half squares and
    /// the capsule's own.
    #[test]
    fn every_capsule_becomes_a_polygon_on_its_curve(
        a in proptest::array::uniform2(-100.0f32..100.0),
        direction in 0.0f32..std::f32::consts::TAU,
        length in proptest::prop_oneof![proptest::strategy::Just(0.0f32), 1e-6f32..1e-4, 0.0f32..100.0],
        r in 0.01f32..50.0,
        segments in 3usize..64,
    ) {
        let a = Vec2::from(a);
        let b = a + Vec2::from_angle(direction) * length;
        let capsule = crate::shape::Capsule::new(a, b, r).unwrap();
        let p = Polygon::from_shape(&capsule.into(), CurveDetail::Segments(segments));
        proptest::prop_assert!(p.is_ok(), "{p:?}");
        let p = p.unwrap();
        let length = (b - a).length();
        let tolerance = 1e-5 * (r + a.abs().max_element() + length);
        for q in p.outline() {
            let t = if a == b { 0.0 } else { ((*q - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0) };
            let off = a + (b - a) * t - *q;
            proptest::prop_assert!((off.length() - r).abs() <= tolerance, "{q} is {} from the axis", off.length());
        }
        let slack = 1e-4 * (r + length) * (r + a.abs().max_element());
        proptest::prop_assert!(p.area() <= std::f32::consts::PI * r * r + 2.0 * r * length + slack, "{}", p.area());
        proptest::prop_assert!(p.area() >= 2.0 * r * r + 2.0 * r * length - slack, "{}", p.area());
        proptest::prop_assert!(p.contains_point(a) && p.contains_point(b));
    }
}

#[test]
fn a_transform_that_squashes_one_way_far_more_than_another_rebuilds_and_checks_the_polygon() {
    // Found by fuzzing: a star squashed about 1e41 times flat (one axis scaled by 1e-38, the
    // other by 2,000) rounded into a ring that crosses itself, and, mapped without a check, its
    // distance to a point on it came out 816. Now it is rebuilt, which refuses it or makes
    // a valid polygon; a 3 : 1 stretch still maps without rebuilding.
    let star: Vec<Vec2> = (0..26)
        .map(|i| {
            let r = if i % 2 == 0 { 39.0 } else { 7.0 };
            v(3.25, 2.0) + Vec2::from_angle(i as f32 * std::f32::consts::TAU / 26.0) * r
        })
        .collect();
    let star = Polygon::new(&star).unwrap();
    let squash = Transform::from_affine(glam::Affine2::from_mat2_translation(
        glam::Mat2::from_cols(v(1.1399402e-38, -2.869203e-39), v(506.81174, 2013.5726)),
        v(-6.0428065e-5, -0.0002400337),
    ));
    match star.transformed(&squash) {
        Err(e) => assert!(matches!(e, ShapeError::SelfIntersecting { .. }), "{e:?}"),
        Ok(p) => {
            assert!(p.data.source.is_none(), "mapped without a check");
            let o = p.outline();
            let nearest = (0..o.len())
                .map(|i| crate::query::core::point_segment_distance_squared(Vec2::ZERO, o[i], o[(i + 1) % o.len()]))
                .fold(f64::INFINITY, f64::min)
                .sqrt();
            let d = crate::query::distance::distance(&p, &Vec2::ZERO) as f64;
            assert!(d <= nearest * 1.001 + 1e-6, "distance {d}, nearest edge {nearest}");
        }
    }
    let stretch = Transform::from_translation_rotation_scale(v(1.0, 2.0), 0.4, v(3.0, 1.0));
    assert!(star.transformed(&stretch).unwrap().data.source.is_some(), "a 3 : 1 stretch rebuilt it");
    let flat = Transform::from_scale(v(1.0, 1e-3 / 2.0));
    assert!(star.transformed(&flat).map_or(true, |p| p.data.source.is_none()), "a 2,000 : 1 squash mapped it");
}

#[test]
fn a_transform_squashes_when_one_stretch_is_a_thousand_times_the_other() {
    // Either axis squashed, turned so that every entry of the matrix counts, mirrored or not,
    // at any size: 999 : 1 maps, 1,001 : 1 rebuilds.
    for (turn, mirror, size) in [(0.5f32, 1.0f32, 1.0f32), (2.0, -1.0, 1e-30), (-1.2, 1.0, 1e30)] {
        for (ratio, squashed) in [(999.0f32, false), (1001.0, true), (3.0, false), (1e30, true)] {
            for scale in [v(mirror, 1.0 / ratio), v(1.0 / ratio, mirror)] {
                let t = Transform::from_translation_rotation_scale(v(4.0, -1.0), turn, scale * size);
                assert_eq!(place::squashes(&t), squashed, "{ratio} : 1, {t:?}");
            }
        }
    }
    assert!(!place::squashes(&Transform::from_translation(v(1e30, -3.0))));
}
